// Issue 45, defect 1, on every driver, with the Wompi stand-in: a payment started before its package changed — its
// charge recomputed, or the package consolidated into a box — and approved after it is not applied to what the
// package no longer owes (the customer would pay twice): it is flagged for a refund, and the package owes what it
// owes now. A payment whose package still owes exactly what was paid settles as before.
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { deliveryWorld } from '../../../test/support/delivery.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import { eventsIntoWorld, onlinePayments as wompiStandIn } from '../../../test/support/pay-online.ts';
import { TEST_CARD_APPROVED } from '../../../test/support/wompi-stand-in.ts';
import type { PaymentStarted } from '../../shared/payments/api-types.ts';
import { onlinePayments, packages, settlements } from '../db/schema.ts';
import { FLAGS } from './apply.ts';

const BOX = { weightLb: '6', lengthIn: '12', widthIn: '10', heightIn: '8' };
const standIn = await wompiStandIn();

describe.each(drivers)('a payment approved after its package changed, on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'pago-viejo-admin@example.com',
    customer: 'Pablo Pagador',
    env: standIn.env,
  });
  eventsIntoWorld(standIn, world);
  const db = () => world.server.db;
  const client = () => world.customer.client;

  async function start(numbers: number[]): Promise<PaymentStarted> {
    const started = await client().post('/api/pagos', { packages: numbers });
    expect(started.status).toBe(200);
    return started.body;
  }
  /** The customer finishes the checkout started earlier with the approved card; the approval's event applied. */
  async function approve(started: PaymentStarted) {
    await standIn.checkout(started.checkoutUrl, { method: 'CARD', card: TEST_CARD_APPROVED });
    await expect
      .poll(async () => (await client().get(`/api/pagos/${started.reference}`)).body.state)
      .toBe('aprobado');
    const [row] = await db()
      .select()
      .from(onlinePayments)
      .where(eq(onlinePayments.paymentReference, started.reference));
    return row;
  }
  const inForce = (number: number) =>
    db()
      .select()
      .from(settlements)
      .where(and(eq(settlements.packageNumber, number), isNull(settlements.voidedAt)));
  const recompute = async (number: number, weightLb: string) => {
    await db().update(packages).set({ weightLb }).where(eq(packages.number, number));
    const done = await world.admin.post(`/api/admin/packages/${number}/charge`, {});
    expect(done.status).toBe(200);
  };
  const page = async (number: number) => (await client().get(`/api/packages/${number}`)).body;

  it("flags for a refund, and settles nothing, when 'Recalcular cobro' changed the charge meanwhile", async () => {
    const { number } = await receivedPackage(world.customer, world.admin, { weight: '4' });
    const started = await start([number]);
    // The warehouse corrects the weight and the admin recomputes while the customer is at the checkout.
    await recompute(number, '9');
    const owedNow = (await page(number)).toPay.cop;
    expect(owedNow).toBeGreaterThan(started.amountCop);

    const payment = await approve(started);
    expect(payment?.flag).toBe(FLAGS.noLongerOwed([number]));
    expect(await inForce(number)).toEqual([]);
    const after = await page(number);
    expect(after.paid).toBe(false);
    expect(after.toPay.cop).toBe(owedNow);
    // Staff see it among the payments to act on, refundable.
    const listed = await world.admin.get('/api/admin/pagos');
    expect(listed.body.payments).toContainEqual(
      expect.objectContaining({ reference: started.reference, state: 'aprobado', flag: payment?.flag }),
    );
  });

  it('flags it when its packages were consolidated into a box meanwhile', async () => {
    const first = (await receivedPackage(world.customer, world.admin)).number;
    const second = (await receivedPackage(world.customer, world.admin)).number;
    const started = await start([first, second]);
    const asked = await client().post('/api/requests', { kind: 'consolidar', numbers: [first, second] });
    expect(asked.status).toBe(201);
    const id: number = asked.body.request.id;
    expect((await world.admin.post(`/api/warehouse/requests/${id}/start`, {})).status).toBe(200);
    const done = await world.admin.post(`/api/warehouse/requests/${id}/complete`, {
      scanned: [String(first), String(second)],
      box: BOX,
    });
    expect(done.status).toBe(200);

    const payment = await approve(started);
    expect(payment?.flag).toBe(FLAGS.noLongerOwed([first, second]));
    expect(await inForce(first)).toEqual([]);
    expect(await inForce(second)).toEqual([]);
    expect((await page(done.body.newPackage)).paid).toBe(false);
  });

  it('settles as before when the package still owes exactly what was paid', async () => {
    const { number } = await receivedPackage(world.customer, world.admin, { weight: '4' });
    const started = await start([number]);
    // Recomputed with nothing changed: the same charge, the same amount.
    await recompute(number, '4');
    const payment = await approve(started);
    expect(payment?.flag).toBeNull();
    expect(await inForce(number)).toHaveLength(1);
    expect((await page(number)).paid).toBe(true);
  });
});
