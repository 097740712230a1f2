// 'Reembolsar' (issue 32), on PGlite, against the Wompi stand-in: an admin voids a card payment through
// Wompi's API, records a Nequi one by hand with its reference, refunds the flagged double of a package; the package
// owes its 'Valor a pagar' again; customers and staff who are not admins get 403; all audited.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers, openTestDatabase } from '../../../test/support/database.ts';
import { deliveryWorld } from '../../../test/support/delivery.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import { filePqr } from '../../../test/support/pqr.ts';
import {
  type CheckoutChoice,
  eventsInto,
  startWompiStandIn,
  TEST_CARD_APPROVED,
  TEST_NEQUI_APPROVED,
} from '../../../test/support/wompi-stand-in.ts';
import { paymentMessages } from '../../shared/payments/forms.ts';
import { createBackup, restoreBackup } from '../db/backup.ts';
import { auditLog, onlinePayments, paymentEvents, settlements } from '../db/schema.ts';

const standIn = await startWompiStandIn();
afterAll(() => standIn.close());

describe.each(logicDrivers)('refunding online payments on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'reembolsos-admin@example.com',
    customer: 'Rita Reembolso',
    env: standIn.env,
  });
  beforeAll(() => {
    standIn.reset();
    standIn.setEvents(eventsInto(world.server));
  });
  const db = () => world.server.db;
  const row = async (reference: string) =>
    (await db().select().from(onlinePayments).where(eq(onlinePayments.paymentReference, reference)))[0];
  const inForce = (number: number) =>
    db()
      .select()
      .from(settlements)
      .where(and(eq(settlements.packageNumber, number), isNull(settlements.voidedAt)));
  async function paid(choice: CheckoutChoice, number?: number) {
    const pkg = number ?? (await receivedPackage(world.customer, world.admin)).number;
    const started = await world.customer.client.post('/api/pagos', { packages: [pkg] });
    const done = await standIn.checkout(started.body.checkoutUrl, choice);
    await expect.poll(async () => (await row(started.body.reference))?.state).toBe('aprobado');
    return { number: pkg, reference: started.body.reference as string, transaction: done.transaction };
  }
  const refund = (reference: string, body: Record<string, string>) =>
    world.admin.post(`/api/admin/pagos/${reference}/reembolso`, body);

  it('voids a card payment through Wompi: the package owes again and can be paid anew', async () => {
    const payment = await paid({ method: 'CARD', card: TEST_CARD_APPROVED });
    expect(
      (
        await world.customer.client.post(`/api/admin/pagos/${payment.reference}/reembolso`, {
          motivo: 'No llegó',
        })
      ).status,
    ).toBe(403);
    expect((await refund(payment.reference, { motivo: '' })).status).toBe(400);
    const answer = await refund(payment.reference, { motivo: 'Producto no recibido' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      how: 'anulada',
      message: paymentMessages.refunded(payment.reference),
    });
    expect(standIn.transactions.get(payment.transaction?.id ?? '')?.status).toBe('VOIDED');
    expect(await row(payment.reference)).toMatchObject({
      state: 'reembolsado',
      refundNote: 'Producto no recibido',
    });
    expect(await inForce(payment.number)).toEqual([]);
    expect((await world.customer.client.get(`/api/packages/${payment.number}`)).body).toMatchObject({
      paid: false,
    });
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, 'online_payment_refunded'));
    expect(audited.map((entry) => entry.detail)).toContainEqual(
      expect.objectContaining({ reference: payment.reference, how: 'anulada' }),
    );
    // Refunded once: a second refund is refused.
    expect((await refund(payment.reference, { motivo: 'Otra vez' })).status).toBe(409);
    // Wompi's VOIDED event changes nothing more; the package can be paid again.
    await paid({ method: 'CARD', card: TEST_CARD_APPROVED }, payment.number);
    expect(await inForce(payment.number)).toHaveLength(1);
  });

  it('records a Nequi refund by hand, asking for its reference first', async () => {
    const payment = await paid({ method: 'NEQUI', phone: TEST_NEQUI_APPROVED });
    const missing = await refund(payment.reference, { motivo: 'Cobro doble' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      field: 'referencia',
      message: paymentMessages.refundReference,
    });
    expect((await row(payment.reference))?.state).toBe('aprobado');
    const answer = await refund(payment.reference, { motivo: 'Cobro doble', referencia: 'NEQUI-778899' });
    expect(answer.body.how).toBe('manual');
    expect(await row(payment.reference)).toMatchObject({
      state: 'reembolsado',
      refundReference: 'NEQUI-778899',
    });
    expect(await inForce(payment.number)).toEqual([]);
  });

  it('refunds the flagged double of a package without touching the payment that was applied', async () => {
    const first = await paid({ method: 'CARD', card: TEST_CARD_APPROVED });
    const second = await world.customer.client.post('/api/pagos', { packages: [first.number] });
    expect(second.status).toBe(409);
    // A second payment made before the first was approved: both approved, the second flagged.
    const number = (await receivedPackage(world.customer, world.admin)).number;
    const a = await world.customer.client.post('/api/pagos', { packages: [number] });
    const b = await world.customer.client.post('/api/pagos', { packages: [number] });
    await standIn.checkout(a.body.checkoutUrl, { method: 'CARD', card: TEST_CARD_APPROVED });
    await expect.poll(async () => (await row(a.body.reference))?.state).toBe('aprobado');
    await standIn.checkout(b.body.checkoutUrl, { method: 'CARD', card: TEST_CARD_APPROVED });
    await expect.poll(async () => (await row(b.body.reference))?.flag).toBeTruthy();
    // 'Pagos en línea' on 'Recaudos' shows the double with why; customers cannot read it.
    const listed = await world.admin.get('/api/admin/pagos');
    expect(listed.body.payments).toContainEqual(
      expect.objectContaining({
        reference: b.body.reference,
        state: 'aprobado',
        packages: [number],
        flag: expect.stringMatching(/reembolsar/),
      }),
    );
    expect((await world.customer.client.get('/api/admin/pagos')).status).toBe(403);
    expect((await refund(b.body.reference, { motivo: 'Pago doble' })).status).toBe(200);
    expect(await inForce(number)).toHaveLength(1);
    expect((await row(a.body.reference))?.state).toBe('aprobado');
  });

  it('keeps every payment, its packages and its events in a backup, references and all', async () => {
    const payment = await paid({ method: 'CARD', card: TEST_CARD_APPROVED });
    const restored = await openTestDatabase(driver);
    try {
      await restoreBackup(restored.db, await createBackup(db()));
      const [copy] = await restored.db
        .select()
        .from(onlinePayments)
        .where(eq(onlinePayments.paymentReference, payment.reference));
      expect(copy).toMatchObject({ state: 'aprobado', transactionId: payment.transaction?.id });
      const events = await restored.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.reference, payment.reference));
      expect(events).toHaveLength(1);
      // The sequence continues after the restored ids: a new payment never reuses a reference.
      const [next] = await restored.db
        .insert(onlinePayments)
        .values({ userId: copy?.userId ?? '', amountCop: 5000 })
        .returning({ reference: onlinePayments.paymentReference });
      const all = await restored.db
        .select({ reference: onlinePayments.paymentReference })
        .from(onlinePayments);
      expect(all.filter((row) => row.reference === next?.reference)).toHaveLength(1);
    } finally {
      await restored.close();
    }
  });

  it("takes the customer's 'Reversión del pago' as a PQR of that type, for the paid package", async () => {
    const payment = await paid({ method: 'CARD', card: TEST_CARD_APPROVED });
    const radicado = await filePqr(world.customer, { type: 'reversion_pago', packageNumber: payment.number });
    const thread = await world.customer.client.get(`/api/pqr/${encodeURIComponent(radicado)}`);
    expect(thread.body).toMatchObject({ typeLabel: 'Reversión del pago', packageNumber: payment.number });
    // Staff see it beside the payment, on 'Pagos en línea'; another payment shows none.
    const listed = (await world.admin.get('/api/admin/pagos')).body.payments as Array<{
      reference: string;
      reversals: string[];
    }>;
    expect(listed.find((row) => row.reference === payment.reference)?.reversals).toEqual([radicado]);
    expect(listed.filter((row) => row.reversals.length > 0)).toHaveLength(1);
  });
});
