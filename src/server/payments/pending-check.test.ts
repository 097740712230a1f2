// The check of payments left pending (issue 45, defect 2), on every driver, against the Wompi stand-in: it asks
// Wompi in rotation, so an approval whose event was lost is found behind any number of abandoned checkouts; one
// payment Wompi cannot be asked about does not stop the others; and a checkout abandoned past its expiry is
// 'expirado' (a later approval is still applied: the money was taken).
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { deliveryWorld } from '../../../test/support/delivery.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  eventsIntoWorld,
  wompiOf,
  onlinePayments as wompiStandIn,
} from '../../../test/support/pay-online.ts';
import { TEST_CARD_APPROVED } from '../../../test/support/wompi-stand-in.ts';
import { onlinePayments } from '../db/schema.ts';
import { checkPendingPayments, EXPIRES_AFTER_MS } from './pending-check.ts';
import type { PaymentProvider } from './port.ts';

const standIn = await wompiStandIn();
const MINUTE = 60_000;

describe.each(drivers)('checking payments left pending on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'pendientes-admin@example.com',
    customer: 'Pedro Pendiente',
    env: standIn.env,
  });
  eventsIntoWorld(standIn, world);
  const db = () => world.server.db;
  const provider = () => wompiOf(world);
  const check = (asking = provider()) => checkPendingPayments(db(), asking, world.server.config);
  const row = async (reference: string) =>
    (await db().select().from(onlinePayments).where(eq(onlinePayments.paymentReference, reference)))[0];
  const startedAt = (reference: string, msAgo: number) =>
    db()
      .update(onlinePayments)
      .set({ createdAt: new Date(Date.now() - msAgo) })
      .where(eq(onlinePayments.paymentReference, reference));
  /** A payment approved at Wompi whose event never arrived, started `msAgo`. */
  async function lostApproval(msAgo: number) {
    const number = (await receivedPackage(world.customer, world.admin)).number;
    const started = await world.customer.client.post('/api/pagos', { packages: [number] });
    standIn.silence(true);
    await standIn.checkout(started.body.checkoutUrl, { method: 'CARD', card: TEST_CARD_APPROVED });
    standIn.silence(false);
    await startedAt(started.body.reference, msAgo);
    return started.body.reference as string;
  }
  /** `count` checkouts the customer never paid, started `msAgo`: Wompi knows no transaction of theirs. */
  async function abandoned(count: number, msAgo: number) {
    const rows = await db()
      .insert(onlinePayments)
      .values(
        Array.from({ length: count }, () => ({
          userId: world.customer.record.id,
          amountCop: 50_000,
          createdAt: new Date(Date.now() - msAgo),
        })),
      )
      .returning({ id: onlinePayments.id, reference: onlinePayments.paymentReference });
    return rows;
  }
  const settleAll = async (rows: { id: number }[]) =>
    db()
      .update(onlinePayments)
      .set({ state: 'rechazado' })
      .where(
        inArray(
          onlinePayments.id,
          rows.map((one) => one.id),
        ),
      );

  it('finds an approval whose event was lost behind 100 abandoned checkouts, asking in rotation', async () => {
    const older = await abandoned(100, 30 * MINUTE);
    const reference = await lostApproval(11 * MINUTE);
    await check();
    await check();
    expect((await row(reference))?.state).toBe('aprobado');
    await settleAll(older);
  });

  it('asks about the others when Wompi cannot be asked about one, and says so in the log', async () => {
    const [broken] = await abandoned(1, 40 * MINUTE);
    const reference = await lostApproval(12 * MINUTE);
    const real = provider();
    const failing: PaymentProvider = {
      ...real,
      async transactionsOf(asked) {
        if (asked === broken?.reference) throw new Error('Wompi respondió 502 al buscar la referencia');
        return real.transactionsOf(asked);
      },
    };
    await expect(check(failing)).resolves.toBeGreaterThanOrEqual(1);
    expect((await row(reference))?.state).toBe('aprobado');
    const warned = world.server
      .log()
      .filter((line) => line.level === 'warn' && String(line.msg).includes(broken?.reference ?? '-'));
    expect(warned).toHaveLength(1);
    await settleAll(broken ? [broken] : []);
  });

  it('expires a checkout abandoned past its expiry, and still applies the approval that comes after', async () => {
    const number = (await receivedPackage(world.customer, world.admin)).number;
    const started = await world.customer.client.post('/api/pagos', { packages: [number] });
    const reference = started.body.reference as string;
    const young = await abandoned(1, 20 * MINUTE);
    await startedAt(reference, EXPIRES_AFTER_MS + MINUTE);
    await check();
    expect(await row(reference)).toMatchObject({ state: 'expirado' });
    expect((await world.customer.client.get(`/api/pagos/${reference}`)).body.state).toBe('expirado');
    // Not yet past its expiry: still pending, asked again later.
    expect((await row(young[0]?.reference ?? ''))?.state).toBe('pendiente');
    await standIn.checkout(started.body.checkoutUrl, { method: 'CARD', card: TEST_CARD_APPROVED });
    await expect.poll(async () => (await row(reference))?.state).toBe('aprobado');
    await settleAll(young);
  });
});
