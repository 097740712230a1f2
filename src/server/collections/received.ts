// What of the 'Recaudos' range reached us beyond the grouped sums: the cashier's counts of the closed routes (each
// close's 'Efectivo entregado' is received, the rest of the route's cash is the shortfall, 'Faltante') and the
// deliveries synced after their route's close, pending until an admin counts them (collections/late.ts).
import { and, eq, gte, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { RecaudosFigures } from '../../shared/collections/api-types.ts';
import { colombiaDayRange } from '../../shared/dates.ts';
import type { CollectedMeans } from '../../shared/delivery/door-choices.ts';
import { cashCloses, collectionDaySums, collections, deliveryRoutes, lateCashCounts } from '../db/schema.ts';
import type { Reader } from './sums.ts';

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

/** A late delivery's money: the group put it with its closed route; it is pending until an admin counts it. */
export function settleLate(
  figures: RecaudosFigures,
  late: { means: CollectedMeans; amountCop: number; countedCop: number | null },
) {
  if (late.means === 'efectivo') figures.shortfallCop -= late.amountCop;
  else figures.receivedCop -= late.amountCop;
  if (late.countedCop === null) figures.pendingCop += late.amountCop;
  else {
    figures.receivedCop += late.countedCop;
    figures.shortfallCop += late.amountCop - late.countedCop;
  }
}
