// The storage fee (design/requests.md 'The storage clock'): when a package leaves Miami in a dispatch, the days it
// counted in the warehouse past 'Días de bodega gratis' (of the rates of its receipt; a consolidated box's clock is
// its originals', from their earliest receipt) become an 'almacenaje' line, each
// day at 'Almacenaje por día (USD)' as in force that day, in integer cents. Our holds ('Retenido') and its requests
// while open ('Pendiente' in our queue or 'En proceso': it cannot leave) do not count. Read for the package's page
// too ('Almacenaje gratis hasta el …').
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { centsToCop } from '../../shared/charges/charge-lines.ts';
import { chargedDays, DAY_MS, freeUntil, type Pause } from '../../shared/requests/storage.ts';
import { consolidationOf } from '../../shared/requests/warehouse.ts';
import { ratesInForce } from '../charges/rates.ts';
import type { Reader } from '../collections/sums.ts';
import { anyInteger, insertRows } from '../db/lists.ts';
import type { Transaction } from '../db/open.ts';
import {
  packageChargeLines,
  packageEvents,
  packageRequestItems,
  packageRequests,
  packages,
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

/** Where a package's storage clock starts, and the stretches that do not count. */
export interface Clock {
  start: Date;
  pauses: Pause[];
}

/** How many consolidations into consolidations a clock follows back (each is two reads). */
const ORIGINS_DEPTH = 5;

/**
 * The storage clock of each received package of `rows`: from its receipt, paused by its holds and requests. A
 * consolidated box keeps its originals' clock (design/requests.md 'The storage clock'): from their earliest receipt,
 * with their pauses, so neither the days they counted nor the free days they used start again.
 */
export async function clocksOf(
  db: Reader,
  rows: Pick<PackageRow, 'number' | 'receivedAt' | 'guide'>[],
  depth = 0,
): Promise<Map<number, Clock>> {
  const clocks = new Map<number, Clock>();
  const pauses = await pausesOf(
    db,
    rows.map((row) => row.number),
  );
  for (const row of rows)
    if (row.receivedAt)
      clocks.set(row.number, { start: row.receivedAt, pauses: pauses.get(row.number) ?? [] });
  // A consolidated box names its request in its guide: its originals are that request's packages.
  const made = new Map<number, number>();
  for (const row of rows) {
    const request = consolidationOf(row.guide);
    if (request !== null && clocks.has(row.number)) made.set(request, row.number);
  }
  if (made.size === 0 || depth >= ORIGINS_DEPTH) return clocks;
  const originals = await db
    .select({
      result: packageRequests.resultPackageNumber,
      number: packages.number,
      receivedAt: packages.receivedAt,
      guide: packages.guide,
    })
    .from(packageRequestItems)
    .innerJoin(packageRequests, eq(packageRequests.id, packageRequestItems.requestId))
    .innerJoin(packages, eq(packages.number, packageRequestItems.packageNumber))
    .where(
      and(
        anyInteger(packageRequestItems.requestId, [...made.keys()]),
        eq(packageRequests.kind, 'consolidar'),
      ),
    );
  const theirs = await clocksOf(db, originals, depth + 1);
  for (const original of originals) {
    const clock = original.result === null ? undefined : clocks.get(original.result);
    const from = theirs.get(original.number);
    if (!clock || !from) continue;
    if (from.start < clock.start) clock.start = from.start;
    clock.pauses.push(...from.pauses);
  }
  return clocks;
}

/** Where the package's storage stands at `now`: when the free days end, and the days charged past them. */
export async function storageClock(
  db: Reader,
  row: Pick<PackageRow, 'number' | 'receivedAt' | 'guide'>,
  now = new Date(),
) {
  const clock = (await clocksOf(db, [row])).get(row.number);
  if (!clock) return null;
  const { start, pauses } = clock;
  const free = (await ratesInForce(db, start)).freeStorageDays;
  const current = await ratesInForce(db, now);
  return {
    start,
    freeDays: free,
    freeUntil: freeUntil(start, now, free, pauses),
    days: chargedDays(start, now, free, pauses),
    rateCents: current.storagePerDayCents,
  };
}

/** Days in the Miami warehouse, free days left and the clock, for the package's page while it waits there. */
export async function storageDays(
  db: Reader,
  row: Pick<PackageRow, 'number' | 'state' | 'heldFrom' | 'receivedAt' | 'guide'>,
) {
  const waiting = row.state === 'recibido' || (row.state === 'retenido' && row.heldFrom === 'recibido');
  if (!waiting || !row.receivedAt) return { daysInWarehouse: null, freeStorageDaysLeft: null, storage: null };
  // The clock reads the rates of the day it started once: its free days serve both figures.
  const clock = await storageClock(db, row);
  if (!clock) return { daysInWarehouse: null, freeStorageDaysLeft: null, storage: null };
  const { freeDays, start, ...shown } = clock;
  const days = Math.max(0, Math.floor((Date.now() - start.getTime()) / DAY_MS));
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
  const clocks = await clocksOf(tx, received);
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
    const clock = clocks.get(row.number);
    if (!clock || done.has(row.number)) continue;
    const { start: since, pauses } = clock;
    const free = inForce(since.getTime())?.freeStorageDays ?? departure.freeStorageDays;
    const days = chargedDays(since, at, free, pauses);
    if (days === 0) continue;
    const start = freeUntil(since, at, free, pauses).getTime();
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
