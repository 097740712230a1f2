// What the staff read of 'Rutas de reparto': the couriers to choose from, the day's routes with their progress, and
// one route with its stops in order (the route sheet's columns); and a courier's own route in course and its stops.
import { type AnyColumn, and, asc, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type {
  Courier,
  MyRoute,
  MyRouteStop,
  MyStop,
  RouteDetail,
  RouteProgress,
  RouteStop,
  RouteSummary,
  StaffRouteStop,
  StopOutcome,
} from '../../shared/delivery/api-types.ts';
import { ROUTE_STATE_LABELS } from '../../shared/delivery/route-forms.ts';
import { dueSql } from '../charges/charge-lines.ts';
import { settledWithBalance, settlementInForce } from '../collections/balance.ts';
import type { Database, Transaction } from '../db/open.ts';
import { deliveryRoutes, packageCharges, packages, routeStops, settlements, users } from '../db/schema.ts';
import { cashOfRoute, NO_FACTS, outcomeCounts, stopFacts } from './outcomes.ts';

type Reader = Database | Transaction;

/** Everyone with role reparto, by name. */
export async function listCouriers(db: Reader): Promise<Courier[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'reparto'), isNull(users.deletedAt)))
    .orderBy(asc(users.name));
}

const routeColumns = {
  id: deliveryRoutes.id,
  date: deliveryRoutes.date,
  zone: deliveryRoutes.zone,
  state: deliveryRoutes.state,
  createdAt: deliveryRoutes.createdAt,
  courierId: users.id,
  courierName: users.name,
  courierEmail: users.email,
};

type RouteRow = { [K in keyof typeof routeColumns]: (typeof routeColumns)[K]['_']['data'] };

function summary(row: RouteRow, progress: RouteProgress): RouteSummary {
  return {
    id: row.id,
    date: row.date,
    zone: row.zone,
    state: row.state,
    stateLabel: ROUTE_STATE_LABELS[row.state],
    courier: { id: row.courierId, name: row.courierName, email: row.courierEmail },
    createdAt: row.createdAt.toISOString(),
    progress,
  };
}

const NO_PROGRESS: RouteProgress = {
  stops: 0,
  delivered: 0,
  failed: 0,
  pending: 0,
  valueToCollectCop: 0,
  collectedCop: 0,
};

/** The charge's settlement in force paid online ('En línea') of the package numbered `packageNumber`. */
const paidOnline = (packageNumber: AnyColumn) =>
  and(
    settlementInForce('charge', eq(settlements.packageNumber, packageNumber)),
    eq(settlements.source, 'online'),
  );

/**
 * 'Valor a pagar' at the door of each stop of `rows`, the one rule the route's page, the routes list and the
 * courier's screen share: its charge's, or for a package paid online (`paidOnlineId`, from paidOnline) only its
 * 'Saldo pendiente', 0 when none ('Pagado: no cobrar').
 */
async function atTheDoor<
  T extends { number: number; valueToPayCop: number | null; paidOnlineId: number | null },
>(db: Reader, rows: T[]) {
  const settled = await settledWithBalance(
    db,
    rows.filter((row) => row.paidOnlineId !== null).map((row) => row.number),
  );
  return rows.map(({ paidOnlineId, ...row }) => ({
    ...row,
    valueToPayCop: paidOnlineId === null ? row.valueToPayCop : (settled.get(row.number)?.balance.cop ?? 0),
    paidOnline: paidOnlineId !== null,
  }));
}

/** 'Valor a cobrar' of stops valued by atTheDoor: the sum of their values at the door. */
const toCollect = (stops: ReadonlyArray<{ valueToPayCop: number | null }>) =>
  stops.reduce((total, stop) => total + (stop.valueToPayCop ?? 0), 0);

/** The routes of one day, oldest first, each with its counts (a few reads for all of them). */
export async function listRoutes(db: Reader, date: string): Promise<RouteSummary[]> {
  const rows = await db
    .select(routeColumns)
    .from(deliveryRoutes)
    .innerJoin(users, eq(users.id, deliveryRoutes.courierId))
    .where(eq(deliveryRoutes.date, date))
    .orderBy(asc(deliveryRoutes.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // Each stop's value at the door as the route's page counts it (atTheDoor), summed here per route: a sum of the
  // charges would count a package paid online in full as money still to collect.
  const stops = await atTheDoor(
    db,
    await db
      .select({
        routeId: routeStops.routeId,
        number: routeStops.packageNumber,
        valueToPayCop: dueSql(routeStops.packageNumber, 'cop'),
        paidOnlineId: settlements.id,
      })
      .from(routeStops)
      .leftJoin(packageCharges, eq(packageCharges.packageNumber, routeStops.packageNumber))
      .leftJoin(settlements, paidOnline(routeStops.packageNumber))
      .where(inArray(routeStops.routeId, ids)),
  );
  const outcomes = await outcomeCounts(db, ids);
  return rows.map((row) => {
    const own = stops.filter((stop) => stop.routeId === row.id);
    const { delivered, failed, collectedCop } = outcomes.get(row.id) ?? NO_PROGRESS;
    return summary(row, {
      stops: own.length,
      delivered,
      failed,
      pending: own.length - delivered - failed,
      valueToCollectCop: toCollect(own),
      collectedCop,
    });
  });
}

/** A route's stops in order, with what the courier needs at each door. */
export async function routeStopsOf(db: Reader, routeId: number): Promise<RouteStop[]> {
  const rows = await db
    .select({
      position: routeStops.position,
      number: packages.number,
      guide: packages.guide,
      state: packages.state,
      customerName: users.name,
      phone: users.telefono,
      address: packages.deliveryAddress,
      instructions: packages.instructions,
      valueToPayCop: dueSql(packages.number, 'cop'),
      paidOnlineId: settlements.id,
    })
    .from(routeStops)
    .innerJoin(packages, eq(packages.number, routeStops.packageNumber))
    .leftJoin(users, eq(users.id, packages.userId))
    .leftJoin(packageCharges, eq(packageCharges.packageNumber, packages.number))
    .leftJoin(settlements, paidOnline(packages.number))
    .where(eq(routeStops.routeId, routeId))
    .orderBy(asc(routeStops.position));
  return (await atTheDoor(db, rows)).map((row, index) => ({
    ...row,
    position: index + 1,
    customerName: row.customerName ?? '',
    phone: row.phone ?? '',
  }));
}

function progressOf(stops: Array<RouteStop & { outcome: StopOutcome }>, collectedCop: number): RouteProgress {
  const delivered = stops.filter((stop) => stop.outcome.kind === 'delivered').length;
  const failed = stops.filter((stop) => stop.outcome.kind === 'failed').length;
  return {
    stops: stops.length,
    delivered,
    failed,
    pending: stops.length - delivered - failed,
    valueToCollectCop: toCollect(stops),
    collectedCop,
  };
}

/** One route with its stops, what became of each and their attempts; null when there is none with that id. */
export async function routeDetail(db: Reader, id: number): Promise<RouteDetail | null> {
  const [row] = await db
    .select(routeColumns)
    .from(deliveryRoutes)
    .innerJoin(users, eq(users.id, deliveryRoutes.courierId))
    .where(eq(deliveryRoutes.id, id));
  if (!row) return null;
  const facts = await stopFacts(db, id);
  const stops: StaffRouteStop[] = (await routeStopsOf(db, id)).map((stop) => {
    const { outcome, attempts } = facts.get(stop.number) ?? NO_FACTS;
    return { ...stop, outcome, attempts };
  });
  const collected = (await outcomeCounts(db, [id])).get(id)?.collectedCop ?? 0;
  return { ...summary(row, progressOf(stops, collected)), stops };
}

/** The courier's route 'En curso' of `today` or before (the newest), with its stops, counters and 'Mi caja'; or null. */
export async function courierRoute(db: Reader, courierId: string, today: string): Promise<MyRoute | null> {
  // Not today's only: a route still 'En curso' after midnight in Bogotá stays on the courier's screen until it is
  // closed (issue 30); today's, when there is one, comes first.
  const [route] = await db
    .select()
    .from(deliveryRoutes)
    .where(
      and(
        eq(deliveryRoutes.courierId, courierId),
        lte(deliveryRoutes.date, today),
        eq(deliveryRoutes.state, 'en_curso'),
      ),
    )
    .orderBy(desc(deliveryRoutes.date), desc(deliveryRoutes.id))
    .limit(1);
  if (!route) return null;
  const facts = await stopFacts(db, route.id);
  const stops: MyRouteStop[] = (await routeStopsOf(db, route.id)).map((stop) => {
    const { outcome, earlierAttempts } = facts.get(stop.number) ?? NO_FACTS;
    return { ...stop, outcome, earlierAttempts };
  });
  const cash = await cashOfRoute(db, route.id);
  const progress = progressOf(
    stops,
    cash.reduce((total, means) => total + means.amountCop, 0),
  );
  const { id, date, zone } = route;
  return {
    id,
    date,
    zone,
    stateLabel: ROUTE_STATE_LABELS[route.state],
    progress,
    counters: { delivered: progress.delivered, pending: progress.pending, failed: progress.failed, cash },
    stops,
  };
}
/** A stop of one of the courier's routes 'En curso'; null for any other (another courier's is never told apart). */
export async function courierStop(db: Reader, courierId: string, number: number): Promise<MyStop | null> {
  const [held] = await db
    .select({ routeId: routeStops.routeId })
    .from(routeStops)
    .innerJoin(deliveryRoutes, eq(deliveryRoutes.id, routeStops.routeId))
    .where(
      and(
        eq(routeStops.packageNumber, number),
        eq(routeStops.open, true),
        eq(deliveryRoutes.courierId, courierId),
        eq(deliveryRoutes.state, 'en_curso'),
      ),
    );
  if (!held) return null;
  const stop = (await routeStopsOf(db, held.routeId)).find((each) => each.number === number);
  return stop ? { routeId: held.routeId, stop } : null;
}
