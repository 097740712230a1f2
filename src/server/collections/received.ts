// What the grouped sums of the 'Recaudos' range cannot tell: what reached us beyond them, the cashier's counts of the
// closed routes (each close's 'Efectivo entregado' is received, the rest of the route's cash is the shortfall,
// 'Faltante') and the deliveries synced after their route's close, pending until an admin counts them
// (collections/late.ts); and the packages whose two collections the sums count as two.
import { aliasedTable, and, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { RecaudosFigures } from '../../shared/collections/api-types.ts';
import type { CollectionSource } from '../../shared/collections/forms.ts';
import { colombiaDayRange } from '../../shared/dates.ts';
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

/** The cashier's counts of the closed routes that have collections in the range, by courier. */
export async function closesInRange(db: Reader, from: string, to: string) {
  const day = collectionDaySums;
  const routesInRange = db
    .selectDistinct({ routeId: day.routeId })
    .from(day)
    .where(and(eq(day.source, 'route'), gte(day.day, from), lte(day.day, to)));
  const rows = await db
    .select({ courierId: deliveryRoutes.courierId, countedCop: cashCloses.cashDeliveredCop })
    .from(cashCloses)
    .innerJoin(deliveryRoutes, eq(deliveryRoutes.id, cashCloses.routeId))
    .where(inArray(cashCloses.routeId, routesInRange));
  return rows;
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
