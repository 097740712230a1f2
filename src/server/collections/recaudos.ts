// 'Recaudos' (design/delivery.md 'Collections'): for a range of Colombia days, expected / collected / received /
// pending by courier and by carrier, by means; the cash of routes not yet closed; each carrier's delivered-not-remitted
// amounts with their age. Every figure is a sum of stored collections (their 'Valor cobrado' and the 'Valor a pagar'
// written on each with it): the range's and the carriers' totals read from their day sums (collection_day_sums, which
// the collections' triggers keep equal to the grouped collections in the transaction of every write), the open routes'
// cash from the open routes' day sums, and each carrier's first owed packages from the collections on their index.
import { and, asc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type {
  Recaudos,
  RecaudosCarrier,
  RecaudosCourier,
  RecaudosFigures,
  UnremittedByCarrier,
} from '../../shared/collections/api-types.ts';
import { daysInRange, MAX_UNREMITTED_LISTED } from '../../shared/collections/forms.ts';
import { isoDayInColombia } from '../../shared/dates.ts';
import type { CollectedMeans } from '../../shared/delivery/door-choices.ts';
import type { Database } from '../db/open.ts';
import { collectionDaySums, collections, deliveryRoutes, packages, users } from '../db/schema.ts';
import {
  closesInRange,
  count,
  type Held,
  held,
  lateInRange,
  put,
  settleLate,
  twiceInRange,
} from './received.ts';
import { meansTotals, type Reader } from './sums.ts';

const emptyFigures = (): RecaudosFigures => ({
  deliveries: 0,
  expectedCop: 0,
  collectedCop: 0,
  receivedCop: 0,
  pendingCop: 0,
  shortfallCop: 0,
});

function add(
  figures: RecaudosFigures,
  row: { count: number; expectedCop: number; amountCop: number },
  place: Held,
) {
  figures.deliveries += row.count;
  figures.expectedCop += row.expectedCop;
  figures.collectedCop += row.amountCop;
  put(figures, row.amountCop, place);
}

/** The range's collections grouped by who holds them, means and whether they reached us: their day sums (a few rows
 * a day, kept by the collections' triggers), the route's state and the courier's name read beside them. */
function rangeGroups(db: Reader, from: string, to: string) {
  const sums = collectionDaySums;
  const closed = sql<boolean>`coalesce(${deliveryRoutes.state} = 'cerrada', false)`;
  return db
    .select({
      source: sums.source,
      courierId: sums.courierId,
      courierName: users.name,
      carrier: sums.carrier,
      means: sums.means,
      closed,
      remitted: sums.remitted,
      count: sql<number>`sum(${sums.count})::int`,
      amountCop: sql<string>`sum(${sums.amountCop})`,
      expectedCop: sql<string>`sum(${sums.toPayCop})`,
    })
    .from(sums)
    .leftJoin(deliveryRoutes, eq(deliveryRoutes.id, sums.routeId))
    .leftJoin(users, eq(users.id, sums.courierId))
    .where(and(gte(sums.day, from), lte(sums.day, to)))
    .groupBy(sums.source, sums.courierId, users.name, sums.carrier, sums.means, closed, sums.remitted);
}

/** Cash and collections of routes not closed yet, whatever their day: each open route's day sums, read on their
 * route index (a lateral sum per route, never a scan of the collections). */
async function unclosedCash(db: Reader) {
  const day = collectionDaySums;
  const sums = db
    .select({
      cashCop: sql<string>`coalesce(sum(${day.amountCop}) filter (where ${day.means} = 'efectivo'), 0)`.as(
        'cash_cop',
      ),
      collectedCop: sql<string>`coalesce(sum(${day.amountCop}), 0)`.as('collected_cop'),
      deliveries: sql<number>`coalesce(sum(${day.count}), 0)::int`.as('deliveries'),
    })
    .from(day)
    .where(and(eq(day.routeId, deliveryRoutes.id), eq(day.source, 'route')))
    .as('sums');
  const rows = await db
    .select({
      routeId: deliveryRoutes.id,
      date: deliveryRoutes.date,
      zone: deliveryRoutes.zone,
      courierName: users.name,
      cashCop: sums.cashCop,
      collectedCop: sums.collectedCop,
      deliveries: sums.deliveries,
    })
    .from(deliveryRoutes)
    .innerJoin(users, eq(users.id, deliveryRoutes.courierId))
    .innerJoinLateral(sums, sql`true`)
    .where(and(ne(deliveryRoutes.state, 'cerrada'), sql`${sums.deliveries} > 0`))
    .orderBy(asc(deliveryRoutes.date), asc(deliveryRoutes.id));
  return rows.map((row) => ({
    ...row,
    cashCop: Number(row.cashCop),
    collectedCop: Number(row.collectedCop),
  }));
}

/** Each carrier's collections not remitted yet (whatever their day), the oldest first, with their age in days: the
 * count, total and oldest day from the day sums, then in one more read the first MAX_UNREMITTED_LISTED of each
 * carrier, in order on the partial index of unremitted collections. */
async function unremitted(db: Reader, today: string): Promise<UnremittedByCarrier[]> {
  const day = collectionDaySums;
  const owedDays = and(eq(day.source, 'carrier'), eq(day.remitted, false));
  const totals = await db
    .select({
      carrier: day.carrier,
      count: sql<number>`sum(${day.count})::int`,
      totalCop: sql<string>`sum(${day.amountCop})`,
      oldest: sql<string>`to_char(min(${day.day}), 'YYYY-MM-DD')`,
    })
    .from(day)
    .where(owedDays)
    .groupBy(day.carrier)
    .orderBy(asc(day.carrier));
  if (totals.length === 0) return [];
  const owedCarriers = db.selectDistinct({ carrier: day.carrier }).from(day).where(owedDays).as('owed');
  const first = db
    .select({
      collectionId: collections.id,
      packageNumber: collections.packageNumber,
      carrierGuide: collections.carrierGuide,
      amountCop: collections.amountCop,
      collectedAt: collections.collectedAt,
    })
    .from(collections)
    .where(
      and(
        eq(collections.source, 'carrier'),
        isNull(collections.remittedAt),
        isNull(collections.voidedAt),
        eq(collections.carrier, owedCarriers.carrier),
      ),
    )
    .orderBy(asc(collections.collectedAt), asc(collections.id))
    .limit(MAX_UNREMITTED_LISTED)
    .as('first');
  const listed = await db
    .select({
      carrier: owedCarriers.carrier,
      collectionId: first.collectionId,
      packageNumber: first.packageNumber,
      guide: packages.guide,
      carrierGuide: first.carrierGuide,
      amountCop: first.amountCop,
      collectedAt: first.collectedAt,
    })
    .from(owedCarriers)
    .innerJoinLateral(first, sql`true`)
    .innerJoin(packages, eq(packages.number, first.packageNumber))
    .orderBy(asc(owedCarriers.carrier), asc(first.collectedAt), asc(first.collectionId));
  const ageOf = (isoDay: string) => daysInRange(isoDay, today) - 1;
  return totals.map((total) => ({
    carrier: total.carrier,
    count: total.count,
    totalCop: Number(total.totalCop),
    oldestAgeDays: ageOf(total.oldest),
    packages: listed
      .filter((row) => row.carrier === total.carrier)
      .map(({ carrier: _carrier, collectedAt, ...row }) => ({
        ...row,
        deliveredAt: new Date(collectedAt).toISOString(),
        ageDays: ageOf(isoDayInColombia(new Date(collectedAt))),
      })),
  }));
}

/** GET /api/admin/recaudos for days `from` to `to` (checked by recaudosQuerySchema). */
export async function recaudos(db: Database, from: string, to: string, now = new Date()): Promise<Recaudos> {
  // Independent reads, each on a connection of its own.
  const [groups, cash, carriersOwe, closes, late, twice] = await Promise.all([
    rangeGroups(db, from, to),
    unclosedCash(db),
    unremitted(db, isoDayInColombia(now)),
    closesInRange(db, from, to),
    lateInRange(db, from, to),
    twiceInRange(db, from, to),
  ]);
  const totals = emptyFigures();
  const couriers = new Map<string, RecaudosCourier>();
  const carriers = new Map<string, RecaudosCarrier>();
  // Paid online (Wompi), settled before the door.
  const online = emptyFigures();
  const means: Array<{ means: CollectedMeans; amountCop: number; count: number }> = [];
  const courierMeans = new Map<string, typeof means>();
  for (const group of groups) {
    const row = {
      count: group.count,
      amountCop: Number(group.amountCop),
      expectedCop: Number(group.expectedCop),
    };
    const place = held({ ...group, routeClosed: group.closed });
    add(totals, row, place);
    means.push({ means: group.means, amountCop: row.amountCop, count: row.count });
    if (group.source === 'online') add(online, row, place);
    else if (group.source === 'route') {
      const id = group.courierId ?? '';
      const courier = couriers.get(id) ?? {
        courierId: id,
        courierName: group.courierName ?? '',
        byMeans: [],
        ...emptyFigures(),
      };
      add(courier, row, place);
      couriers.set(id, courier);
      courierMeans.set(id, [
        ...(courierMeans.get(id) ?? []),
        { means: group.means, amountCop: row.amountCop, count: row.count },
      ]);
    } else {
      const carrier = carriers.get(group.carrier) ?? { carrier: group.carrier, ...emptyFigures() };
      add(carrier, row, place);
      carriers.set(group.carrier, carrier);
    }
  }
  for (const close of closes) {
    count(totals, close.countedCop);
    const courier = couriers.get(close.courierId);
    if (courier) count(courier, close.countedCop);
  }
  for (const row of late) {
    settleLate(totals, row);
    const courier = couriers.get(row.courierId ?? '');
    if (courier) settleLate(courier, row);
  }
  // 'Entregas' counts packages: one with its charge's and its balance's collections is one, in the totals and, when
  // both were paid online, in the online figures; every amount still sums both rows.
  for (const pair of twice) {
    totals.deliveries -= pair.count;
    if (pair.bothOnline) online.deliveries -= pair.count;
  }
  for (const [id, courier] of couriers) courier.byMeans = meansTotals(courierMeans.get(id) ?? []);
  return {
    from,
    to,
    totals,
    byMeans: meansTotals(means),
    byCourier: [...couriers.values()].sort((a, b) => a.courierName.localeCompare(b.courierName, 'es')),
    byCarrier: [...carriers.values()].sort((a, b) => a.carrier.localeCompare(b.carrier, 'es')),
    online,
    unclosedCash: cash,
    unclosedCashCop: cash.reduce((sum, row) => sum + row.cashCop, 0),
    unremitted: carriersOwe,
    unremittedCop: carriersOwe.reduce((sum, row) => sum + row.totalCop, 0),
  };
}
