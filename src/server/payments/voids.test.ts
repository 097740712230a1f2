// What undoes an online payment (issue 45, defects 4 and 10), on every driver, against the Wompi stand-in: Wompi's
// VOIDED (or DECLINED) verdict for the transaction that paid undoes what it settled, and flags a package already
// handed over; a refund records its intent before Wompi voids, so a database step that fails after the void is
// finished by Wompi's event, by the retry or by the check of payments left pending; and the refund of a payment
// approved twice voids the duplicate.
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { deliveryBody, deliveryWorld, startedRoute } from '../../../test/support/delivery.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  eventsIntoWorld,
  payOnline,
  wompiOf,
  onlinePayments as wompiStandIn,
} from '../../../test/support/pay-online.ts';
import { eventsInto, signedEvent, WOMPI_TEST_KEYS } from '../../../test/support/wompi-stand-in.ts';
import type { Database } from '../db/open.ts';
import { onlinePayments, settlements, users } from '../db/schema.ts';
import { FLAGS } from './apply.ts';
import { checkPendingPayments } from './pending-check.ts';
import type { PaymentProvider } from './port.ts';
import { refundPayment } from './refunds.ts';

const standIn = await wompiStandIn();

describe.each(drivers)('undoing online payments on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'anulaciones-admin@example.com',
    customer: 'Ana Anulada',
    couriers: ['Rocío Reparto'],
    env: standIn.env,
  });
  eventsIntoWorld(standIn, world);
  const db = () => world.server.db;
  const provider = () => wompiOf(world);
  const row = async (reference: string) =>
    (await db().select().from(onlinePayments).where(eq(onlinePayments.paymentReference, reference)))[0];
  const inForce = (number: number) =>
    db()
      .select()
      .from(settlements)
      .where(and(eq(settlements.packageNumber, number), isNull(settlements.voidedAt)));
  const paid = async () => {
    const number = (await receivedPackage(world.customer, world.admin)).number;
    const payment = await payOnline(standIn, world, number);
    const transactionId = (await row(payment.reference))?.transactionId ?? '';
    return { number, reference: payment.reference, transactionId };
  };
  const owes = async (number: number) =>
    (await world.customer.client.get(`/api/packages/${number}`)).body.paid === false;

  it('undoes what a payment settled when Wompi voids the transaction that paid it: the package owes again', async () => {
    const payment = await paid();
    expect(await inForce(payment.number)).toHaveLength(1);
    expect(await provider().void(payment.transactionId)).toBe(true);
    await expect.poll(async () => (await row(payment.reference))?.state).toBe('anulado');
    expect(await inForce(payment.number)).toEqual([]);
    expect(await owes(payment.number)).toBe(true);
    expect((await row(payment.reference))?.flag).toBeNull();
  });

  it('undoes it on a DECLINED verdict of that transaction too', async () => {
    const payment = await paid();
    const transaction = standIn.transactions.get(payment.transactionId);
    if (!transaction) throw new Error('no transaction');
    const event = signedEvent({ ...transaction, status: 'DECLINED' }, WOMPI_TEST_KEYS.WOMPI_EVENTS_SECRET);
    const answer = await eventsInto(world.server)(JSON.stringify(event), {
      'content-type': 'application/json',
      'x-event-checksum': event.signature.checksum,
    });
    expect(answer.status).toBe(200);
    expect((await row(payment.reference))?.state).toBe('rechazado');
    expect(await inForce(payment.number)).toEqual([]);
  });

  it('flags for staff a package already handed over when Wompi voids the transaction that paid it', async () => {
    const { admin, customer, courier } = world;
    const route = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = route.numbers;
    const payment = await payOnline(standIn, world, number);
    const delivered = await courier.client.post(
      `/api/delivery/stops/${number}/deliver`,
      deliveryBody(0, { means: undefined }),
    );
    expect(delivered.status).toBe(200);
    const transactionId = (await row(payment.reference))?.transactionId ?? '';
    expect(await provider().void(transactionId)).toBe(true);
    await expect.poll(async () => (await row(payment.reference))?.state).toBe('anulado');
    expect(await inForce(number)).toEqual([]);
    expect((await row(payment.reference))?.flag).toBe(FLAGS.voidedAfterDelivery([number]));
    const listed = await admin.get('/api/admin/pagos');
    expect(listed.body.payments).toContainEqual(
      expect.objectContaining({
        reference: payment.reference,
        state: 'anulado',
        flag: FLAGS.voidedAfterDelivery([number]),
      }),
    );
  });

  /** The admin, as refundPayment's actor. */
  const adminId = async () =>
    (
      await db().select({ id: users.id }).from(users).where(eq(users.email, 'anulaciones-admin@example.com'))
    )[0]?.id ?? '';
  /**
   * 'Reembolsar' of card payment `reference` whose database step fails once Wompi has voided: Wompi's adapter lets
   * the void through, then every transaction of the database fails.
   */
  async function refundLosingTheDatabase(reference: string, motivo: string) {
    const real = provider();
    let voided = false;
    const failing: Database = new Proxy(db(), {
      get(target, property, receiver) {
        if (property === 'transaction' && voided)
          return () => Promise.reject(new Error('la base de datos no respondió'));
        return Reflect.get(target, property, receiver);
      },
    });
    const voidingFirst: PaymentProvider = {
      ...real,
      async void(id) {
        const done = await real.void(id);
        voided = true;
        return done;
      },
    };
    await expect(
      refundPayment(failing, voidingFirst, { id: await adminId() }, reference, { motivo, referencia: '' }),
    ).rejects.toThrow('la base de datos no respondió');
  }

  it("finishes a refund whose database step failed after Wompi's void when Wompi's VOIDED event arrives", async () => {
    const payment = await paid();
    await refundLosingTheDatabase(payment.reference, 'Producto no recibido');
    expect(standIn.transactions.get(payment.transactionId)?.status).toBe('VOIDED');
    await expect.poll(async () => (await row(payment.reference))?.state).toBe('reembolsado');
    expect(await row(payment.reference)).toMatchObject({
      refundNote: 'Producto no recibido',
      refundReference: payment.transactionId,
    });
    expect(await inForce(payment.number)).toEqual([]);
    expect(await owes(payment.number)).toBe(true);
  });

  it('finishes a refund whose database step failed when the admin tries again and Wompi refuses a second void', async () => {
    const payment = await paid();
    standIn.silence(true);
    try {
      await refundLosingTheDatabase(payment.reference, 'Cobro duplicado');
      expect((await row(payment.reference))?.state).toBe('aprobado');
      const again = await world.admin.post(`/api/admin/pagos/${payment.reference}/reembolso`, {
        motivo: 'Cobro duplicado',
      });
      expect(again.status).toBe(200);
      expect(again.body.how).toBe('anulada');
    } finally {
      standIn.silence(false);
    }
    expect((await row(payment.reference))?.state).toBe('reembolsado');
    expect(await inForce(payment.number)).toEqual([]);
  });

  it('finishes such a refund at the check of payments left pending when its VOIDED event is lost', async () => {
    const payment = await paid();
    standIn.silence(true);
    try {
      await refundLosingTheDatabase(payment.reference, 'Devuelto a la tienda');
    } finally {
      standIn.silence(false);
    }
    await db()
      .update(onlinePayments)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(onlinePayments.paymentReference, payment.reference));
    await checkPendingPayments(db(), provider(), world.server.config);
    expect(await row(payment.reference)).toMatchObject({
      state: 'reembolsado',
      refundNote: 'Devuelto a la tienda',
      refundIntent: null,
    });
    expect(await inForce(payment.number)).toEqual([]);
  });

  it("refunds the duplicate of a payment flagged 'Otra transacción aprobada', not the transaction that paid", async () => {
    const payment = await paid();
    const first = standIn.transactions.get(payment.transactionId);
    if (!first) throw new Error('no transaction');
    // The customer paid the same checkout twice: Wompi approved a second transaction with this reference.
    const duplicate = { ...first, id: `${first.id}-2` };
    standIn.transactions.set(duplicate.id, duplicate);
    const event = signedEvent(duplicate, WOMPI_TEST_KEYS.WOMPI_EVENTS_SECRET);
    await eventsInto(world.server)(JSON.stringify(event), {
      'content-type': 'application/json',
      'x-event-checksum': event.signature.checksum,
    });
    expect(await row(payment.reference)).toMatchObject({
      state: 'aprobado',
      flag: FLAGS.otherTransaction,
      duplicateTransactionId: duplicate.id,
    });
    const answer = await world.admin.post(`/api/admin/pagos/${payment.reference}/reembolso`, {
      motivo: 'Pagó dos veces',
    });
    expect(answer.status).toBe(200);
    expect(standIn.transactions.get(duplicate.id)?.status).toBe('VOIDED');
    expect(standIn.transactions.get(payment.transactionId)?.status).toBe('APPROVED');
    // The duplicate's VOIDED event changes nothing more: the package stays paid by the first transaction.
    await expect
      .poll(() => standIn.deliveries.some((one) => one.id === duplicate.id && one.status === 'VOIDED'))
      .toBe(true);
    expect(await row(payment.reference)).toMatchObject({
      state: 'aprobado',
      transactionId: payment.transactionId,
      flag: null,
      refundReference: duplicate.id,
    });
    expect(await inForce(payment.number)).toHaveLength(1);
    expect(await owes(payment.number)).toBe(false);
  });
});
