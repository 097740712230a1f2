// 'Recaudos' (DELIVERY.md 'Collections'): for a range of Colombia days, expected / collected / received / pending by
// courier and by carrier, by means; the cash of routes not yet closed; each carrier's delivered-not-remitted amounts
// with their age. Every figure is a sum of stored collections (their 'Valor cobrado' and the 'Valor a pagar' written
// on each with it), read in one grouped scan of the range plus two small reads, never a number kept apart.
import { and, asc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type {
  Recaudos,
  RecaudosCarrier,
  RecaudosCourier,
  RecaudosFigures,
  UnremittedByCarrier,
} from '../../shared/collections/api-types.ts';
import { daysInRange, MAX_UNREMITTED_LISTED } from '../../shared/collections/forms.ts';
import { isoDayInColombia } from '../../shared/dates.ts';
import type { PaymentMeans } from '../../shared/delivery/door-choices.ts';
import { collections, deliveryRoutes, packages, users } from '../db/schema.ts';
import { meansTotals, type Reader } from './sums.ts';

const DAY_MS = 86_400_000;

/** The instants a range of Colombia days covers (Colombia keeps UTC−5 all year). */
export function rangeInstants(from: string, to: string): { start: Date; end: Date } {
  return {
    start: new Date(Date.parse(`${from}T05:00:00Z`)),
    end: new Date(Date.parse(`${to}T05:00:00Z`) + DAY_MS),
  };
}

const emptyFigures = (): RecaudosFigures => ({
  deliveries: 0,
  expectedCop: 0,
  collectedCop: 0,
  receivedCop: 0,
  pendingCop: 0,
});

function add(
  figures: RecaudosFigures,
  row: { count: number; expectedCop: number; amountCop: number },
  received: boolean,
) {
  figures.deliveries += row.count;
  figures.expectedCop += row.expectedCop;
  figures.collectedCop += row.amountCop;
  if (received) figures.receivedCop += row.amountCop;
  else figures.pendingCop += row.amountCop;
}

/** The range's collections grouped by who holds them, means and whether they reached us: one scan. */
function rangeGroups(db: Reader, start: Date, end: Date) {
  const closed = sql<boolean>`coalesce(${deliveryRoutes.state} = 'cerrada', false)`;
  const remitted = sql<boolean>`${collections.remittedAt} is not null`;
  return db
    .select({
      source: collections.source,
      courierId: collections.courierId,
      carrier: collections.carrier,
      means: collections.means,
      closed,
      remitted,
      count: sql<number>`count(*)::int`,
      amountCop: sql<string>`sum(${collections.amountCop})`,
      expectedCop: sql<string>`sum(${collections.toPayCop})`,
    })
    .from(collections)
    .leftJoin(deliveryRoutes, eq(deliveryRoutes.id, collections.routeId))
    .where(and(gte(collections.collectedAt, start), lt(collections.collectedAt, end)))
    .groupBy(
      collections.source,
      collections.courierId,
      collections.carrier,
      collections.means,
      closed,
      remitted,
    );
}

/** Cash and collections of routes not closed yet, whatever their day: each open route's own collections summed on
 * their route index (a lateral sum per route, never a scan of every collection). */
async function unclosedCash(db: Reader) {
  const sums = db
    .select({
      cashCop:
        sql<string>`coalesce(sum(${collections.amountCop}) filter (where ${collections.means} = 'efectivo'), 0)`.as(
          'cash_cop',
        ),
      collectedCop: sql<string>`coalesce(sum(${collections.amountCop}), 0)`.as('collected_cop'),
      deliveries: sql<number>`count(*)::int`.as('deliveries'),
    })
    .from(collections)
    .where(and(eq(collections.routeId, deliveryRoutes.id), eq(collections.source, 'route')))
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

/** Each carrier's collections not remitted yet (whatever their day), the oldest first, with their age in days; the
 * first MAX_UNREMITTED_LISTED of each carrier read in order on the partial index of unremitted collections. */
async function unremitted(db: Reader, today: string): Promise<UnremittedByCarrier[]> {
  const pending = and(eq(collections.source, 'carrier'), isNull(collections.remittedAt));
  const totals = await db
    .select({
      carrier: collections.carrier,
      count: sql<number>`count(*)::int`,
      totalCop: sql<string>`sum(${collections.amountCop})`,
      oldest: sql<string>`min(${collections.collectedAt})`,
    })
    .from(collections)
    .where(pending)
    .groupBy(collections.carrier)
    .orderBy(asc(collections.carrier));
  const listedOf = (carrier: string) =>
    db
      .select({
        collectionId: collections.id,
        packageNumber: collections.packageNumber,
        guide: packages.guide,
        carrierGuide: collections.carrierGuide,
        amountCop: collections.amountCop,
        collectedAt: collections.collectedAt,
      })
      .from(collections)
      .innerJoin(packages, eq(packages.number, collections.packageNumber))
      .where(and(pending, eq(collections.carrier, carrier)))
      .orderBy(asc(collections.collectedAt), asc(collections.id))
      .limit(MAX_UNREMITTED_LISTED);
  const ageOf = (at: Date | string) => daysInRange(isoDayInColombia(new Date(at)), today) - 1;
  const owed: UnremittedByCarrier[] = [];
  for (const total of totals)
    owed.push({
      carrier: total.carrier,
      count: total.count,
      totalCop: Number(total.totalCop),
      oldestAgeDays: ageOf(total.oldest),
      packages: (await listedOf(total.carrier)).map(({ collectedAt, ...row }) => ({
        ...row,
        deliveredAt: collectedAt.toISOString(),
        ageDays: ageOf(collectedAt),
      })),
    });
  return owed;
}

/** GET /api/admin/recaudos for days `from` to `to` (checked by recaudosQuerySchema). */
export async function recaudos(db: Reader, from: string, to: string, now = new Date()): Promise<Recaudos> {
  const { start, end } = rangeInstants(from, to);
  const groups = await rangeGroups(db, start, end);
  const totals = emptyFigures();
  const couriers = new Map<string, RecaudosCourier>();
  const carriers = new Map<string, RecaudosCarrier>();
  const means: Array<{ means: PaymentMeans; amountCop: number; count: number }> = [];
  const courierMeans = new Map<string, typeof means>();
  for (const group of groups) {
    const row = {
      count: group.count,
      amountCop: Number(group.amountCop),
      expectedCop: Number(group.expectedCop),
    };
    const received = group.source === 'route' ? group.closed : group.remitted;
    add(totals, row, received);
    means.push({ means: group.means, amountCop: row.amountCop, count: row.count });
    if (group.source === 'route') {
      const id = group.courierId ?? '';
      const courier = couriers.get(id) ?? { courierId: id, courierName: '', byMeans: [], ...emptyFigures() };
      add(courier, row, received);
      couriers.set(id, courier);
      courierMeans.set(id, [
        ...(courierMeans.get(id) ?? []),
        { means: group.means, amountCop: row.amountCop, count: row.count },
      ]);
    } else {
      const carrier = carriers.get(group.carrier) ?? { carrier: group.carrier, ...emptyFigures() };
      add(carrier, row, received);
      carriers.set(group.carrier, carrier);
    }
  }
  const names = couriers.size
    ? new Map(
        (
          await db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(sql`${users.id} in ${[...couriers.keys()]}`)
        ).map((user) => [user.id, user.name]),
      )
    : new Map<string, string>();
  for (const [id, courier] of couriers) {
    courier.courierName = names.get(id) ?? '';
    courier.byMeans = meansTotals(courierMeans.get(id) ?? []);
  }
  const cash = await unclosedCash(db);
  const carriersOwe = await unremitted(db, isoDayInColombia(now));
  return {
    from,
    to,
    totals,
    byMeans: meansTotals(means),
    byCourier: [...couriers.values()].sort((a, b) => a.courierName.localeCompare(b.courierName, 'es')),
    byCarrier: [...carriers.values()].sort((a, b) => a.carrier.localeCompare(b.carrier, 'es')),
    unclosedCash: cash,
    unclosedCashCop: cash.reduce((sum, row) => sum + row.cashCop, 0),
    unremitted: carriersOwe,
    unremittedCop: carriersOwe.reduce((sum, row) => sum + row.totalCop, 0),
  };
}
