// The storage fee (design/requests.md 'The storage clock'): when a package leaves Miami in a dispatch, the days it
// counted in the warehouse past 'Días de bodega gratis' (of the rates of its receipt) become an 'almacenaje' line, each
// day at 'Almacenaje por día (USD)' as in force that day, in integer cents. Our holds ('Retenido') and its requests
// while open ('Pendiente' in our queue or 'En proceso': it cannot leave) do not count. Read for the package's page
// too ('Almacenaje gratis hasta el …').
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { centsToCop } from '../../shared/charges/charge-lines.ts';
import { chargedDays, DAY_MS, freeUntil, type Pause } from '../../shared/requests/storage.ts';
import { ratesInForce } from '../charges/rates.ts';
import type { Reader } from '../collections/sums.ts';
import { anyInteger, insertRows } from '../db/lists.ts';
import type { Transaction } from '../db/open.ts';
import {
  packageChargeLines,
  packageEvents,
  packageRequestItems,
  packageRequests,
  type packages,
  rateSettings,
} from '../db/schema.ts';

type PackageRow = typeof packages.$inferSelect;

/** The stretches that do not count, by package: its holds, and its requests from asked to closed. */
export async function pausesOf(db: Reader, numbers: number[]): Promise<Map<number, Pause[]>> {
  const pauses = new Map<number, Pause[]>();
  if (numbers.length === 0) return pauses;
  const add = (number: number, pause: Pause) => pauses.set(number, [...(pauses.get(number) ?? []), pause]);
  const events = await db
    .select({ number: packageEvents.packageNumber, state: packageEvents.state, at: packageEvents.at })
    .from(packageEvents)
    .where(and(anyInteger(packageEvents.packageNumber, numbers), eq(packageEvents.kind, 'state')))
    .orderBy(asc(packageEvents.packageNumber), asc(packageEvents.id));
  events.forEach((event, index) => {
    if (event.state !== 'retenido') return;
    const next = events[index + 1];
    add(event.number, { from: event.at, to: next && next.number === event.number ? next.at : null });
  });
  // A request holds its package from the moment it is asked ('Pendiente' waits in our queue, and the package cannot
  // leave) until it is completed, refused or cancelled (design/requests.md 'The storage clock').
  const held = await db
    .select({
      number: packageRequestItems.packageNumber,
      from: packageRequests.createdAt,
      to: packageRequests.finishedAt,
    })
    .from(packageRequestItems)
    .innerJoin(packageRequests, eq(packageRequests.id, packageRequestItems.requestId))
    .where(anyInteger(packageRequestItems.packageNumber, numbers));
  for (const { number, from, to } of held) add(number, { from, to });
  return pauses;
}

/** Where the package's storage stands at `now`: when the free days end, and the days charged past them. */
export async function storageClock(
  db: Reader,
  row: Pick<PackageRow, 'number' | 'receivedAt'>,
  now = new Date(),
) {
  if (!row.receivedAt) return null;
  const free = (await ratesInForce(db, row.receivedAt)).freeStorageDays;
  const pauses = (await pausesOf(db, [row.number])).get(row.number) ?? [];
  const current = await ratesInForce(db, now);
  return {
    freeDays: free,
    freeUntil: freeUntil(row.receivedAt, now, free, pauses),
    days: chargedDays(row.receivedAt, now, free, pauses),
    rateCents: current.storagePerDayCents,
  };
}

/** Days in the Miami warehouse, free days left and the clock, for the package's page while it waits there. */
export async function storageDays(
  db: Reader,
  row: Pick<PackageRow, 'number' | 'state' | 'heldFrom' | 'receivedAt'>,
) {
  const waiting = row.state === 'recibido' || (row.state === 'retenido' && row.heldFrom === 'recibido');
  if (!waiting || !row.receivedAt) return { daysInWarehouse: null, freeStorageDaysLeft: null, storage: null };
  const days = Math.max(0, Math.floor((Date.now() - row.receivedAt.getTime()) / DAY_MS));
  // The clock reads the rates of the day of receipt once: its free days serve both figures.
  const clock = await storageClock(db, row);
  if (!clock) return { daysInWarehouse: null, freeStorageDaysLeft: null, storage: null };
  const { freeDays, ...shown } = clock;
  return {
    daysInWarehouse: days,
    freeStorageDaysLeft: Math.max(0, freeDays - days),
    storage: { ...shown, freeUntil: clock.freeUntil.toISOString() },
  };
}

/**
 * Adds the storage line of each package of `rows` leaving Miami at `at` (in the caller's transaction), once: a
 * package that already has one in force is left as it is.
 */
export async function chargeStorage(tx: Transaction, rows: PackageRow[], at: Date, createdBy: string | null) {
  const received = rows.filter((row) => row.receivedAt && row.userId);
  if (received.length === 0) return;
  const numbers = received.map((row) => row.number);
  const charged = await tx
    .select({ number: packageChargeLines.packageNumber })
    .from(packageChargeLines)
    .where(
      and(
        anyInteger(packageChargeLines.packageNumber, numbers),
        eq(packageChargeLines.kind, 'almacenaje'),
        isNull(packageChargeLines.annulledAt),
      ),
    );
  const done = new Set(charged.map((row) => row.number));
  const pauses = await pausesOf(tx, numbers);
  // Every set of rates, newest first: each charged day takes the one in force that day.
  const history = await tx
    .select()
    .from(rateSettings)
    .orderBy(desc(rateSettings.effectiveFrom), desc(rateSettings.id));
  const inForce = (instant: number) => history.find((rates) => rates.effectiveFrom.getTime() <= instant);
  const departure = inForce(at.getTime());
  if (!departure) return;
  const lines = [];
  for (const row of received) {
    const receivedAt = row.receivedAt;
    if (!receivedAt || done.has(row.number)) continue;
    const own = pauses.get(row.number) ?? [];
    const free = inForce(receivedAt.getTime())?.freeStorageDays ?? departure.freeStorageDays;
    const days = chargedDays(receivedAt, at, free, own);
    if (days === 0) continue;
    const start = freeUntil(receivedAt, at, free, own).getTime();
    let amountCents = 0;
    for (let day = 0; day < days; day++)
      amountCents += inForce(start + day * DAY_MS)?.storagePerDayCents ?? departure.storagePerDayCents;
    lines.push({
      packageNumber: row.number,
      kind: 'almacenaje' as const,
      amountCents,
      amountCop: centsToCop(amountCents, departure.trmHundredths),
      rateSettingsId: departure.id,
      rateCents: departure.storagePerDayCents,
      quantity: days,
      trmHundredths: departure.trmHundredths,
      createdBy,
    });
  }
  await insertRows(tx, packageChargeLines, lines);
}
