// What became of a route's stops (delivered, a failed attempt, or nothing yet), the attempts each package has had,
// what the route collected by means ('Mi caja') and in all: a few grouped reads per route or per list of routes,
// never one per stop, so a 200-stop route reads as fast as a 2-stop one.
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { CashByMeans, StopOutcome } from '../../shared/delivery/api-types.ts';
import { FAILURE_REASON_LABELS } from '../../shared/delivery/door-choices.ts';
import { routeMoney } from '../collections/sums.ts';
import type { Database, Transaction } from '../db/open.ts';
import { collections, deliveries, deliveryAttempts, routeStops } from '../db/schema.ts';

type Reader = Database | Transaction;

export const PENDING: StopOutcome = { kind: 'pending' };

/** A stored delivery as its stop's outcome; its collection's amount and means, or 0 and null without one. */
export function deliveredOutcome(
  at: Date,
  collection: { amountCop: number | null; means: CashByMeans['means'] | null },
): StopOutcome {
  return {
    kind: 'delivered',
    at: at.toISOString(),
    collectedCop: collection.amountCop ?? 0,
    means: collection.means,
  };
}

export function failedOutcome(at: Date, reason: keyof typeof FAILURE_REASON_LABELS): StopOutcome {
  return { kind: 'failed', at: at.toISOString(), reason, reasonLabel: FAILURE_REASON_LABELS[reason] };
}

/** Stored deliveries with their collection's amount and means (null without one). */
export function deliveredRows(db: Reader, where: SQL) {
  return db
    .select({
      key: deliveries.key,
      number: deliveries.packageNumber,
      at: deliveries.at,
      amountCop: collections.amountCop,
      means: collections.means,
    })
    .from(deliveries)
    .leftJoin(collections, eq(collections.deliveryId, deliveries.id))
    .where(and(where, isNull(deliveries.voidedAt)));
}

export interface StopFacts {
  outcome: StopOutcome;
  /** Failed attempts of the package on every route. */
  attempts: number;
  /** Failed attempts of the package on other routes than this one. */
  earlierAttempts: number;
}

/** For each package of route `routeId`: its outcome on this route and its attempts (three grouped reads). */
export async function stopFacts(db: Reader, routeId: number): Promise<Map<number, StopFacts>> {
  const delivered = await deliveredRows(db, eq(deliveries.routeId, routeId));
  const routePackages = db
    .select({ number: routeStops.packageNumber })
    .from(routeStops)
    .where(eq(routeStops.routeId, routeId));
  const attempts = await db
    .select({
      number: deliveryAttempts.packageNumber,
      total: sql<number>`count(*)::int`,
      earlier: sql<number>`(count(*) filter (where ${deliveryAttempts.routeId} <> ${routeId}))::int`,
      at: sql<
        string | null
      >`max(${deliveryAttempts.at}) filter (where ${deliveryAttempts.routeId} = ${routeId})`,
      reason: sql<
        keyof typeof FAILURE_REASON_LABELS | null
      >`max(${deliveryAttempts.reason}) filter (where ${deliveryAttempts.routeId} = ${routeId})`,
    })
    .from(deliveryAttempts)
    .where(inArray(deliveryAttempts.packageNumber, routePackages))
    .groupBy(deliveryAttempts.packageNumber);
  const facts = new Map<number, StopFacts>();
  for (const row of attempts)
    facts.set(row.number, {
      outcome: row.at && row.reason ? failedOutcome(new Date(row.at), row.reason) : PENDING,
      attempts: row.total,
      earlierAttempts: row.earlier,
    });
  for (const row of delivered) {
    const known = facts.get(row.number);
    facts.set(row.number, {
      attempts: known?.attempts ?? 0,
      earlierAttempts: known?.earlierAttempts ?? 0,
      // The customer came back after a failed attempt: the delivery is what became of the stop.
      outcome: deliveredOutcome(row.at, row),
    });
  }
  return facts;
}

export const NO_FACTS: StopFacts = { outcome: PENDING, attempts: 0, earlierAttempts: 0 };

/** 'Mi caja': the route's money by means, as its close counts it. */
export async function cashOfRoute(db: Reader, routeId: number): Promise<CashByMeans[]> {
  return (await routeMoney(db, routeId)).byMeans;
}

/** Per route of `routeIds`: stops delivered and failed on it, and what its collections sum as its close counts them
 * (in force, not synced after the close): two grouped reads. */
export async function outcomeCounts(db: Reader, routeIds: number[]) {
  const counts = new Map<number, { delivered: number; failed: number; collectedCop: number }>();
  if (routeIds.length === 0) return counts;
  const rows = await db
    .select({
      routeId: routeStops.routeId,
      delivered: sql<number>`(count(${deliveries.id}))::int`,
      failed: sql<number>`(count(${deliveryAttempts.id}) filter (where ${deliveries.id} is null))::int`,
    })
    .from(routeStops)
    .leftJoin(
      deliveries,
      and(
        eq(deliveries.routeId, routeStops.routeId),
        eq(deliveries.packageNumber, routeStops.packageNumber),
        isNull(deliveries.voidedAt),
      ),
    )
    .leftJoin(
      deliveryAttempts,
      and(
        eq(deliveryAttempts.routeId, routeStops.routeId),
        eq(deliveryAttempts.packageNumber, routeStops.packageNumber),
      ),
    )
    .where(inArray(routeStops.routeId, routeIds))
    .groupBy(routeStops.routeId);
  const collected = await db
    .select({
      routeId: collections.routeId,
      amountCop: sql<string>`coalesce(sum(${collections.amountCop}), 0)::bigint`,
    })
    .from(collections)
    .where(
      and(
        inArray(collections.routeId, routeIds),
        isNull(collections.voidedAt),
        eq(collections.afterClose, false),
      ),
    )
    .groupBy(collections.routeId);
  const sums = new Map(collected.map((row) => [row.routeId, Number(row.amountCop)]));
  for (const row of rows)
    counts.set(row.routeId, {
      delivered: row.delivered,
      failed: row.failed,
      collectedCop: sums.get(row.routeId) ?? 0,
    });
  return counts;
}
