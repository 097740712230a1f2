// Paying a package online in server tests, through the Wompi stand-in as a customer does: 'Pagar en línea', the
// checkout with the approved test card, and the event applied (the approval, not the redirect, settles it); and the
// storage fee that, stored after the payment, leaves it a 'Saldo pendiente'.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { packageChargeLines, packages } from '../../src/server/db/schema.ts';
import { wompiProvider } from '../../src/server/payments/wompi.ts';
import { chargeStorage } from '../../src/server/requests/storage.ts';
import { DAY_MS } from '../../src/shared/requests/storage.ts';
import type { DeliveryWorld } from './delivery.ts';
import type { TestServer } from './server.ts';
import { eventsInto, startWompiStandIn, TEST_CARD_APPROVED } from './wompi-stand-in.ts';

/** A Wompi stand-in for the file (its env goes to deliveryWorld's `env`), closed after it. */
export async function onlinePayments() {
  const standIn = await startWompiStandIn({ retryMs: [20, 40, 80] });
  afterAll(() => standIn.close());
  return standIn;
}

type StandIn = Awaited<ReturnType<typeof onlinePayments>>;

/** Sends the stand-in's events into `world`'s server, from the block's beforeAll on. */
export function eventsIntoWorld(standIn: StandIn, world: DeliveryWorld) {
  beforeAll(() => {
    standIn.reset();
    standIn.silence(false);
    standIn.setEvents(eventsInto(world.server));
  });
}

/** `world`'s customer pays package `number` online (its charge, or its 'Saldo pendiente') with the approved card. */
export async function payOnline(standIn: StandIn, world: DeliveryWorld, number: number) {
  const client = world.customer.client;
  const started = await client.post('/api/pagos', { packages: [number] });
  expect(started.status).toBe(200);
  await standIn.checkout(started.body.checkoutUrl, { method: 'CARD', card: TEST_CARD_APPROVED });
  await expect
    .poll(async () => (await client.get(`/api/pagos/${started.body.reference}`)).body.state)
    .toBe('aprobado');
  return started.body as { reference: string; amountCop: number };
}

/** The storage fee stored when package `number`, paid online, leaves Miami 40 days after its receipt: its
 * 'Saldo pendiente', one line, as stored. */
export async function storageAfterPayment(db: TestServer['db'], number: number) {
  const [row] = await db.select().from(packages).where(eq(packages.number, number));
  if (!row?.receivedAt) throw new Error('not received');
  const leftAt = new Date(row.receivedAt.getTime() + 40 * DAY_MS);
  await db.transaction((tx) => chargeStorage(tx, [row], leftAt, null));
  const lines = await db
    .select()
    .from(packageChargeLines)
    .where(eq(packageChargeLines.packageNumber, number));
  expect(lines).toHaveLength(1);
  const [line] = lines;
  if (line?.kind !== 'almacenaje' || line.amountCop <= 0) throw new Error('no storage line');
  return line;
}

/** The real Wompi client of `world`'s server, talking to the stand-in its configuration names. */
export function wompiOf(world: DeliveryWorld) {
  const config = world.server.config.wompi;
  if (!config) throw new Error('Wompi should be on');
  return wompiProvider(config);
}
