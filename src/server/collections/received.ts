// What the grouped sums of the 'Recaudos' range cannot tell: what reached us beyond them, the cashier's counts of the
// closed routes (each close's 'Efectivo entregado' is received, the rest of the route's cash is the shortfall,
// 'Faltante'; a route past midnight splits its count over its days) and the deliveries synced after their route's close, pending until an admin counts them
// (collections/late.ts); and the packages whose two collections the sums count as two.
import { aliasedTable, and, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { RecaudosFigures } from '../../shared/collections/api-types.ts';
import type { CollectionSource } from '../../shared/collections/forms.ts';
import { colombiaDayRange, isoDayInColombia } from '../../shared/dates.ts';
import type { CollectedMeans } from '../../shared/delivery/door-choices.ts';
import { cashCloses, collectionDaySums, collections, deliveryRoutes, lateCashCounts } from '../db/schema.ts';
import type { Reader } from './sums.ts';

/** Where a collection's money is: reached us, still out, or a closed route's cash that the cashier's count settles
 * (what was counted is received, the rest is 'Faltante'). */
export type Held = 'received' | 'pending' | 'counted';

/** What says where a collection's money is. `late`: synced after its route's close, counted by an admin or waiting
 * (unknown to the day sums, which settleLate corrects). */
export interface HeldFacts {
  source: CollectionSource;
  means: CollectedMeans;
  remitted: boolean;
  routeClosed: boolean;
  late?: 'counted' | 'waiting';
}

/**
 * The one rule of 'Recibido' (design/delivery.md 'Collections'), for the screen's figures and the CSV's column: an
 * online payment reached us when Wompi approved it; a carrier's once remitted; a route's once the route closed, its
 * cash through the close's count; a delivery synced after the close once an admin counted it.
 */
export function held(facts: HeldFacts): Held {
  if (facts.source === 'online') return 'received';
  if (facts.source === 'carrier') return facts.remitted ? 'received' : 'pending';
  if (!facts.routeClosed || facts.late === 'waiting') return 'pending';
  return facts.means === 'efectivo' || facts.late === 'counted' ? 'counted' : 'received';
}

/** The figure that holds an amount of each place. */
const FIGURE = { received: 'receivedCop', pending: 'pendingCop', counted: 'shortfallCop' } as const;

/** Adds `amountCop` (negative: takes it away) to the figure of `place`; a count then moves it out of 'counted'. */
export function put(figures: RecaudosFigures, amountCop: number, place: Held) {
  figures[FIGURE[place]] += amountCop;
}

/** The counts that settle closed routes' cash: each close's 'Efectivo entregado' moves from shortfall to received. */
export function count(figures: RecaudosFigures, countedCop: number) {
  figures.receivedCop += countedCop;
  figures.shortfallCop -= countedCop;
}

/**
 * A close's count over the Colombia days of its route's collections, in order (design/delivery.md 'Collections'):
 * each day takes at most its own cash, the last day the rest (what the count missed, or found over). The parts sum
 * to the count.
 */
export function countByDay(countedCop: number, cashByDay: ReadonlyMap<string, number>): Map<string, number> {
  const days = [...cashByDay.keys()].sort();
  const parts = new Map<string, number>();
  let left = countedCop;
  for (const [index, day] of days.entries()) {
    const part = index === days.length - 1 ? left : Math.min(left, cashByDay.get(day) ?? 0);
    parts.set(day, part);
    left -= part;
  }
  return parts;
}

/** The cashier's counts of the closed routes that have collections in the range, by courier: of each, the part
 * countByDay gives the range's days. A route's days are read from its day sums; only a route whose collections
 * span days (past midnight) has its own collections read, for the cash of each day. */
export async function closesInRange(db: Reader, from: string, to: string) {
  const day = collectionDaySums;
  const routesInRange = db
    .selectDistinct({ routeId: day.routeId })
    .from(day)
    .where(and(eq(day.source, 'route'), gte(day.day, from), lte(day.day, to)));
  const closes = await db
    .select({
      routeId: cashCloses.routeId,
      courierId: deliveryRoutes.courierId,
      countedCop: cashCloses.cashDeliveredCop,
    })
    .from(cashCloses)
    .innerJoin(deliveryRoutes, eq(deliveryRoutes.id, cashCloses.routeId))
    .where(inArray(cashCloses.routeId, routesInRange));
  if (closes.length === 0) return [];
  const routeDays = await db
    .selectDistinct({ routeId: day.routeId, day: day.day })
    .from(day)
    .where(
      and(
        eq(day.source, 'route'),
        inArray(
          day.routeId,
          closes.map((close) => close.routeId),
        ),
      ),
    );
  // Each route's days with their cash; the days of a route on one day need no cash (the whole count is that day's).
  const cashByRoute = new Map<number, Map<string, number>>();
  for (const row of routeDays) {
    const days = cashByRoute.get(row.routeId) ?? new Map<string, number>();
    cashByRoute.set(row.routeId, days.set(row.day, 0));
  }
  const spanning = [...cashByRoute].flatMap(([routeId, days]) => (days.size > 1 ? [routeId] : []));
  if (spanning.length > 0) {
    // The close's own collections (not those synced after it) of the routes past midnight, by day.
    const own = await db
      .select({
        routeId: collections.routeId,
        at: collections.collectedAt,
        means: collections.means,
        amountCop: collections.amountCop,
      })
      .from(collections)
      .where(
        and(
          inArray(collections.routeId, spanning),
          eq(collections.afterClose, false),
          isNull(collections.voidedAt),
        ),
      );
    const ownDays = new Map<number, Map<string, number>>();
    for (const row of own) {
      const days = ownDays.get(row.routeId ?? 0) ?? new Map<string, number>();
      const onDay = isoDayInColombia(row.at);
      const cash = row.means === 'efectivo' ? row.amountCop : 0;
      ownDays.set(row.routeId ?? 0, days.set(onDay, (days.get(onDay) ?? 0) + cash));
    }
    for (const [routeId, days] of ownDays) cashByRoute.set(routeId, days);
  }
  return closes.map((close) => {
    let countedCop = 0;
    const days = cashByRoute.get(close.routeId) ?? new Map<string, number>();
    for (const [onDay, part] of countByDay(close.countedCop, days))
      if (onDay >= from && onDay <= to) countedCop += part;
    return { courierId: close.courierId, countedCop };
  });
}

/** The range's deliveries synced after their route's close, with what an admin counted for each (null: waiting). */
export function lateInRange(db: Reader, from: string, to: string) {
  const { start, end } = colombiaDayRange(from, to);
  return db
    .select({
      courierId: collections.courierId,
      means: collections.means,
      amountCop: collections.amountCop,
      countedCop: lateCashCounts.countedCop,
    })
    .from(collections)
    .leftJoin(lateCashCounts, eq(lateCashCounts.collectionId, collections.id))
    .where(
      and(
        eq(collections.afterClose, true),
        isNull(collections.voidedAt),
        gte(collections.collectedAt, start),
        lt(collections.collectedAt, end),
      ),
    );
}

/** A late delivery's money: the day sums put it with its closed route; it moves to where it is (pending until an
 * admin counts it, then its count is received and the rest short). */
export function settleLate(
  figures: RecaudosFigures,
  late: { means: CollectedMeans; amountCop: number; countedCop: number | null },
) {
  const facts = { source: 'route', means: late.means, remitted: false, routeClosed: true } as const;
  put(figures, -late.amountCop, held(facts));
  put(figures, late.amountCop, held({ ...facts, late: late.countedCop === null ? 'waiting' : 'counted' }));
  if (late.countedCop !== null) count(figures, late.countedCop);
}

const others = aliasedTable(collections, 'others');

/**
 * The packages with both their collections in force in the range (the charge's and its 'Saldo pendiente''s,
 * design/payments.md), which the day sums count as two rows where 'Entregas' counts one package; by whether both
 * were paid online. One of the two is always an online payment (a balance arises only from lines stored after the
 * charge was paid online), so the pairs are read from the range's online collections, on their index, never from
 * all the range's collections; a pair of two online rows is taken once, from its charge.
 */
export function twiceInRange(db: Reader, from: string, to: string) {
  const { start, end } = colombiaDayRange(from, to);
  const inRange = (table: typeof collections) =>
    and(isNull(table.voidedAt), gte(table.collectedAt, start), lt(table.collectedAt, end));
  const bothOnline = sql<boolean>`${others.source} = 'online'`;
  return db
    .select({ bothOnline, count: sql<number>`count(*)::int` })
    .from(collections)
    .innerJoin(
      others,
      and(
        eq(others.packageNumber, collections.packageNumber),
        ne(others.part, collections.part),
        inRange(others),
      ),
    )
    .where(
      and(
        eq(collections.source, 'online'),
        inRange(collections),
        or(ne(others.source, 'online'), eq(collections.part, 'charge')),
      ),
    )
    .groupBy(bothOnline);
}
