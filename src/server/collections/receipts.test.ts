// 'Comprobante de pago' on every driver: a number of its own from a sequence, assigned once per package; our name and
// NIT from COMPANY_*; 'Valor a pagar' in USD and pesos, 'Valor pagado', means, reference, date and time; the PDF's
// text holds the package, the amount and the number; only the owner and staff open it (anyone else: 404); the
// 'Entregado' mail links its page.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { attemptBody, deliveryWorld, startedRoute } from '../../../test/support/delivery.ts';
import { carrierDelivered, deliveredRoute } from '../../../test/support/money.ts';
import { signedUpCustomer, TEST_APP_URL } from '../../../test/support/server.ts';
import { collectionMessages } from '../../shared/collections/forms.ts';
import { formatCop } from '../../shared/money.ts';
import { paths } from '../../shared/paths.ts';
import { outbox, paymentReceipts } from '../db/schema.ts';

/** The text an uncompressed pdfkit PDF draws: its TJ arrays' hex strings, decoded as WinAnsi, one per line. */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const [, array = ''] of source.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, part = '']) => part).join('');
    lines.push(new TextDecoder('windows-1252').decode(Buffer.from(hex, 'hex')));
  }
  return lines.join('\n');
}

describe.each(drivers)("'Comprobante de pago' on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'comprobante-admin@example.com',
    customer: 'Elena Cliente',
    couriers: ['Iván Mensajero'],
    env: {
      COMPANY_NAME: 'Casillero Pruebas S.A.S.',
      COMPANY_NIT: '900.123.456-8',
    },
  });

  it('gives the owner and staff one numbered receipt, as JSON and as a PDF', async () => {
    const { server, admin, customer, courier } = world;
    const route = await deliveredRoute(server, admin, customer, courier, ['nequi']);
    const [number = 0] = route.numbers;
    const [toPay = 0] = route.toPay;
    const path = `/api/packages/${number}/receipt`;

    const first = await customer.client.get(path);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      company: { name: 'Casillero Pruebas S.A.S.', nit: '900.123.456-8' },
      customer: { name: 'Elena Cliente' },
      package: { number },
      valueToPayCop: toPay,
      paidCop: toPay,
      means: 'nequi',
      meansLabel: 'Nequi',
      reference: 'REF0',
      receivedBy: 'Marta Gómez',
      pdfPath: `${path}.pdf`,
    });
    expect(first.body.valueToPayCents).toBeGreaterThan(0);
    expect(first.body.receiptCode).toBe(`CP-${String(first.body.receiptNumber).padStart(6, '0')}`);
    const [staffView, twice] = await Promise.all([admin.get(path), customer.client.get(path)]);
    expect(staffView.body.receiptNumber).toBe(first.body.receiptNumber);
    expect(twice.body.receiptNumber).toBe(first.body.receiptNumber);
    const stored = await server.db
      .select()
      .from(paymentReceipts)
      .where(eq(paymentReceipts.packageNumber, number));
    expect(stored).toHaveLength(1);

    const pdf = await server.app.request(`${TEST_APP_URL}${path}.pdf`, {
      headers: { cookie: [...customer.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain(collectionMessages.receiptTitle);
    expect(text).toContain('Casillero Pruebas S.A.S.');
    expect(text).toContain('NIT 900.123.456-8');
    expect(text).toContain(String(number));
    expect(text).toContain(formatCop(toPay));
    expect(text).toContain(first.body.receiptCode);

    // A second package gets the next number.
    const other = await carrierDelivered(server, admin, customer);
    const next = await customer.client.get(`/api/packages/${other.number}/receipt`);
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ paidCop: other.toPay, meansLabel: 'Efectivo', receivedBy: '' });
    expect(next.body.receiptNumber).toBeGreaterThan(first.body.receiptNumber);

    // The 'Entregado' mail links the receipt's page.
    const [mail] = await server.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(eq(outbox.toAddress, customer.record.email))
      .orderBy(desc(outbox.id));
    expect(mail?.text).toContain(`${TEST_APP_URL}${paths.receipt(other.number)}`);
  });

  it("answers 404 for another customer's receipt, a courier's, and a package without a payment", async () => {
    const { server, admin, customer, courier } = world;
    const route = await deliveredRoute(server, admin, customer, courier, ['efectivo']);
    const path = `/api/packages/${route.numbers[0]}/receipt`;
    const stranger = await signedUpCustomer(server);
    for (const who of [stranger.client, courier.client]) {
      expect((await who.get(path)).status).toBe(404);
      expect((await who.get(`${path}.pdf`)).status).toBe(404);
    }
    const notPaid = await startedRoute(admin, customer, courier.record.id, 1);
    await courier.client.post(`/api/delivery/stops/${notPaid.numbers[0]}/attempt`, attemptBody());
    const none = await customer.client.get(`/api/packages/${notPaid.numbers[0]}/receipt`);
    expect(none.status).toBe(404);
    expect(none.body.error).toMatchObject({ code: 'no_receipt', message: collectionMessages.noReceipt });
  });
});
