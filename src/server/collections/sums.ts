// A route's money as sums of stored rows (design/delivery.md 'Collections and the cash close'): what its delivered
// packages should have brought ('Valor a pagar'), what its collections hold by means, and the collections themselves
// with their corrections. Nothing here is kept apart: the close and 'Recaudos' read these sums every time.
import { aliasedTable, and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { CollectionEntry, MeansTotal } from '../../shared/collections/api-types.ts';
import { collectionMessages } from '../../shared/collections/forms.ts';
import {
  COLLECTED_MEANS,
  COLLECTED_MEANS_LABELS,
  type CollectedMeans,
} from '../../shared/delivery/door-choices.ts';
import type { Database, Transaction } from '../db/open.ts';
import {
  collectionCorrections,
  collections,
  deliveries,
  deliveryRoutes,
  lateCashCounts,
  packages,
  settlements,
  users,
} from '../db/schema.ts';
import { NotFound } from '../errors.ts';

export type Reader = Database | Transaction;

/** Amounts by means in the order of COLLECTED_MEANS, only the means that have any. */
export function meansTotals(
  rows: ReadonlyArray<{ means: CollectedMeans; amountCop: number; count: number }>,
) {
  const byMeans = new Map<CollectedMeans, MeansTotal>();
  for (const row of rows) {
    const total = byMeans.get(row.means) ?? {
      means: row.means,
      label: COLLECTED_MEANS_LABELS[row.means],
      amountCop: 0,
      count: 0,
    };
    total.amountCop += row.amountCop;
    total.count += row.count;
    byMeans.set(row.means, total);
  }
  return COLLECTED_MEANS.flatMap((means) => byMeans.get(means) ?? []);
}

/** The collections in force of route `routeId` that its close counts (not those synced after it). */
export const closedByRoute = (routeId: number) =>
  and(eq(collections.routeId, routeId), isNull(collections.voidedAt), eq(collections.afterClose, false));

/**
 * The one sum of a route's money, for its close, 'Mi caja' and the routes' screens: its packages delivered
 * ('Entregados', each proof of delivery in force, those paid online included), the frozen 'Valor a pagar' of its
 * settlements, and its collections by means, leaving out what was voided and what was synced after the close
 * (listed apart, lateDeliveries). Three grouped reads.
 */
export async function routeMoney(db: Reader, routeId: number) {
  const [delivered] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(deliveries)
    .where(
      and(eq(deliveries.routeId, routeId), isNull(deliveries.voidedAt), eq(deliveries.afterClose, false)),
    );
  // A package paid online in full has no settlement of the route: it adds nothing expected.
  const [expected] = await db
    .select({ cop: sql<number>`coalesce(sum(${settlements.dueCop}), 0)::bigint` })
    .from(settlements)
    .where(
      and(eq(settlements.routeId, routeId), isNull(settlements.voidedAt), eq(settlements.afterClose, false)),
    );
  const rows = await db
    .select({
      means: collections.means,
      amountCop: sql<number>`coalesce(sum(${collections.amountCop}), 0)::bigint`,
      count: sql<number>`count(*)::int`,
    })
    .from(collections)
    .where(closedByRoute(routeId))
    .groupBy(collections.means);
  return {
    delivered: delivered?.count ?? 0,
    expectedCop: Number(expected?.cop ?? 0),
    byMeans: meansTotals(rows.map((row) => ({ ...row, amountCop: Number(row.amountCop) }))),
  };
}

const correctors = aliasedTable(users, 'correctors');
const couriers = aliasedTable(users, 'couriers');
const owners = aliasedTable(users, 'owners');

/** The collections `where` selects, with their package, courier, route state and corrections (oldest first). */
export async function collectionEntries(db: Reader, where: SQL): Promise<CollectionEntry[]> {
  const rows = await db
    .select({
      row: collections,
      guide: packages.guide,
      customerName: owners.name,
      courierName: couriers.name,
      routeState: deliveryRoutes.state,
      lateCountedCop: lateCashCounts.countedCop,
    })
    .from(collections)
    .innerJoin(packages, eq(packages.number, collections.packageNumber))
    .leftJoin(owners, eq(owners.id, packages.userId))
    .leftJoin(couriers, eq(couriers.id, collections.courierId))
    .leftJoin(deliveryRoutes, eq(deliveryRoutes.id, collections.routeId))
    .leftJoin(lateCashCounts, eq(lateCashCounts.collectionId, collections.id))
    .where(and(where, isNull(collections.voidedAt)))
    .orderBy(asc(collections.collectedAt), asc(collections.id));
  const ids = rows.map(({ row }) => row.id);
  const corrections = ids.length
    ? await db
        .select({ correction: collectionCorrections, byName: correctors.name })
        .from(collectionCorrections)
        .leftJoin(correctors, eq(correctors.id, collectionCorrections.correctedBy))
        .where(inArray(collectionCorrections.collectionId, ids))
        .orderBy(asc(collectionCorrections.id))
    : [];
  const correctionsOf = new Map<number, CollectionEntry['corrections']>();
  for (const { correction: fix, byName } of corrections) {
    const list = correctionsOf.get(fix.collectionId) ?? [];
    list.push({
      id: fix.id,
      at: fix.correctedAt.toISOString(),
      byName: byName ?? '',
      note: fix.note,
      before: { amountCop: fix.beforeAmountCop, means: fix.beforeMeans, reference: fix.beforeReference },
      after: { amountCop: fix.afterAmountCop, means: fix.afterMeans, reference: fix.afterReference },
    });
    correctionsOf.set(fix.collectionId, list);
  }
  return rows.map(({ row, guide, customerName, courierName, routeState, lateCountedCop }) => ({
    id: row.id,
    packageNumber: row.packageNumber,
    guide,
    customerName: customerName ?? '',
    source: row.source,
    routeId: row.routeId,
    courierName: courierName ?? null,
    carrier: row.carrier,
    valueToPayCop: row.toPayCop,
    amountCop: row.amountCop,
    means: row.means,
    meansLabel: COLLECTED_MEANS_LABELS[row.means],
    reference: row.reference,
    collectedAt: row.collectedAt.toISOString(),
    locked: row.source === 'carrier' || routeState === 'cerrada',
    remittedAt: row.remittedAt?.toISOString() ?? null,
    afterClose: row.afterClose,
    lateCountedCop: lateCountedCop ?? null,
    corrections: correctionsOf.get(row.id) ?? [],
  }));
}

/** Collection `id` as 'Recaudos' shows it; NotFound when there is none. */
export async function collectionEntry(db: Reader, id: number): Promise<CollectionEntry> {
  const [entry] = await collectionEntries(db, eq(collections.id, id));
  if (!entry) throw new NotFound(collectionMessages.collectionNotFound, 'collection_not_found');
  return entry;
}
