// An invoice is due with every settlement (issue 33 item 2), on PGlite: written in the settlement's own
// transaction, one line per charge line with its dated tax, the customs taxes apart, never two for one settlement,
// and a customer's missing document never stops the sale.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers, logicDrivers } from '../../../test/support/database.ts';
import { deliveryBody, deliveryWorld, startedRoute, valueToPay } from '../../../test/support/delivery.ts';
import { carrierDelivered } from '../../../test/support/money.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import { signedUpCustomer } from '../../../test/support/server.ts';
import { invoiceMailLine } from '../../shared/einvoice/labels.ts';
import { DAY_MS } from '../../shared/requests/storage.ts';
import {
  einvoices,
  invoiceTaxRates,
  outbox,
  packageCharges,
  packages,
  rateSettings,
  settlementLines,
  settlements,
  users,
} from '../db/schema.ts';

describe.each(logicDrivers)('invoices due on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'facturas-due-admin@example.com',
    customer: 'Camila Factura',
    couriers: ['Beto Mensajero'],
  });
  const db = () => world.server.db;
  const invoicesOf = (number: number) =>
    db().select().from(einvoices).where(eq(einvoices.packageNumber, number));

  it("writes a settlement's invoice with its lines and taxes, customs apart, adding up to what was paid", async () => {
    const { admin, customer, courier } = world;
    const route = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = route.numbers;
    const toPay = await valueToPay(courier.client, number);
    expect(
      (await courier.client.post(`/api/delivery/stops/${number}/deliver`, deliveryBody(toPay))).status,
    ).toBe(200);
    const [invoice] = await invoicesOf(number);
    const [settlement] = await db().select().from(settlements).where(eq(settlements.packageNumber, number));
    const [charge] = await db().select().from(packageCharges).where(eq(packageCharges.packageNumber, number));
    expect(invoice).toMatchObject({ settlementId: settlement?.id, kind: 'invoice', state: 'pending' });
    expect(invoice?.userId).toBe(customer.record.id);
    const kinds = invoice?.lines.map((line) => [line.description, line.excluded, line.vatBasisPoints]);
    expect(kinds?.[0]).toEqual(['Flete internacional', true, 0]);
    if ((charge?.insuranceCents ?? 0) > 0) expect(kinds?.[1]).toEqual(['Seguro', false, 1900]);
    for (const line of invoice?.lines ?? [])
      expect(line.baseCop + line.vatCop).toBe(line.grossCop - line.discountCop);
    expect((invoice?.totalCop ?? 0) + (invoice?.customsCop ?? 0)).toBe(toPay);
    if ((charge?.tariffCents ?? 0) + (charge?.vatCents ?? 0) > 0)
      expect(invoice?.customsCop).toBeGreaterThan(0);
  });

  it('takes the tax setting in force when the package was settled, and a carrier settlement is invoiced too', async () => {
    await db()
      .insert(invoiceTaxRates)
      .values({
        kind: 'seguro',
        effectiveFrom: new Date(Date.now() + 86_400_000),
        vatBasisPoints: 500,
        excluded: false,
      });
    const delivered = await carrierDelivered(world.server, world.admin, world.customer);
    const [invoice] = await invoicesOf(delivered.number);
    expect(invoice?.state).toBe('pending');
    const mails = await db().select().from(outbox).where(eq(outbox.toAddress, world.customer.form.email));
    const deliveredMail = mails.find(
      (mail) => mail.text.includes(`Tu paquete ${delivered.number} (`) && mail.text.includes('fue entregado'),
    );
    expect(deliveredMail?.text).toContain(
      invoiceMailLine(`http://localhost:3000/paquetes/${delivered.number}`),
    );
    const insurance = invoice?.lines.find((line) => line.kind === 'seguro');
    if (insurance) expect(insurance.vatBasisPoints).toBe(1900);
  });

  it('never writes two invoices for one settlement', async () => {
    const delivered = await carrierDelivered(world.server, world.admin, world.customer);
    const [invoice] = await invoicesOf(delivered.number);
    const again = await db()
      .insert(einvoices)
      .values({ ...invoice, id: undefined } as typeof einvoices.$inferInsert)
      .onConflictDoNothing()
      .returning();
    expect(again).toEqual([]);
    expect(await invoicesOf(delivered.number)).toHaveLength(1);
  });

  it('settles the package of a customer with no document: the invoice waits, the sale stands', async () => {
    const nobody = await signedUpCustomer(world.server, { name: 'Sin Documento' });
    await db().update(users).set({ cedula: '' }).where(eq(users.id, nobody.record.id));
    const delivered = await carrierDelivered(world.server, world.admin, nobody);
    const [settlement] = await db()
      .select()
      .from(settlements)
      .where(eq(settlements.packageNumber, delivered.number));
    expect(settlement?.voidedAt).toBeNull();
    expect((await invoicesOf(delivered.number))[0]?.state).toBe('pending');
  });
});

// Issue 45 defect 3: a fee line is invoiced in the pesos it was charged in, never re-converted at the charge's TRM.
describe.each(drivers)('invoice of fee lines at their own TRM on %s', (driver) => {
  const world = deliveryWorld(driver, { admin: 'facturas-trm-admin@example.com', customer: 'Tomás Trm' });
  const db = () => world.server.db;

  it('invoices a storage line at the TRM of its day: invoice plus customs is what the settlement says was paid', async () => {
    const { admin, customer } = world;
    // Charged at receipt with the seeded TRM; 40 days in Miami, so 10 days of storage when it leaves.
    const { number } = await receivedPackage(customer, admin, { value: '350', weight: '7.3' });
    await db()
      .update(packages)
      .set({ receivedAt: new Date(Date.now() - 40 * DAY_MS) })
      .where(eq(packages.number, number));
    // The TRM changed since (and not to a round figure): the storage line takes the TRM of the departure day.
    const [current] = await db()
      .select()
      .from(rateSettings)
      .orderBy(desc(rateSettings.effectiveFrom))
      .limit(1);
    if (!current) throw new Error('no rates');
    const { id: _id, createdAt: _at, ...copy } = current;
    await db()
      .insert(rateSettings)
      .values({ ...copy, effectiveFrom: new Date(Date.now() - 60_000), trmHundredths: 413_723 });
    for (const state of ['en_transito', 'en_bodega_colombia'])
      expect((await admin.post('/api/admin/packages/state', { numbers: [number], state })).status).toBe(200);
    for (const state of ['en_reparto', 'entregado'])
      expect(
        (
          await admin.post('/api/admin/packages/state', {
            numbers: [number],
            state,
            carrier: 'Servientrega',
            carrierGuide: 'SV987654321',
            receivedBy: 'Portería',
          })
        ).status,
      ).toBe(200);
    const [settlement] = await db().select().from(settlements).where(eq(settlements.packageNumber, number));
    const frozen = await db()
      .select()
      .from(settlementLines)
      .where(eq(settlementLines.settlementId, settlement?.id ?? 0));
    const [charge] = await db().select().from(packageCharges).where(eq(packageCharges.packageNumber, number));
    expect(frozen.map((line) => line.kind)).toEqual(['almacenaje']);
    expect(charge?.tariffCents).toBeGreaterThan(0);
    expect(settlement?.paidCop).toBe((charge?.totalCop ?? 0) + (frozen[0]?.amountCop ?? 0));
    const [invoice] = await db().select().from(einvoices).where(eq(einvoices.packageNumber, number));
    const storage = invoice?.lines.find((line) => line.kind === 'almacenaje');
    expect(storage?.grossCop).toBe(frozen[0]?.amountCop);
    expect((invoice?.totalCop ?? 0) + (invoice?.customsCop ?? 0)).toBe(settlement?.paidCop);
  });
});
