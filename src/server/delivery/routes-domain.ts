// 'Rutas de reparto' (design/delivery.md 'Routes'): a route made for a courier, packages added by number or guide (only
// 'En bodega Colombia', and in no other open route: the refusal names it), its stops ordered and removed while
// 'En preparación', and 'Iniciar ruta', which moves every package to 'En reparto' in one transaction.
import { and, asc, eq, inArray, max, ne, or } from 'drizzle-orm';
import { deliveryMessages, ROUTE_STATE_LABELS } from '../../shared/delivery/route-forms.ts';
import { normalizeGuide } from '../../shared/packages/guides.ts';
import { STATE_LABELS } from '../../shared/packages/states.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Transaction } from '../db/open.ts';
import { deliveryRoutes, packages, routeStops, users } from '../db/schema.ts';
import { Conflict, Invalid, NotFound, type Refusal, Refused } from '../errors.ts';
import { type Actor, changeStates, type MailSettings } from '../packages/state-change.ts';
import { notifyRouteChange } from './live.ts';

type RouteRow = typeof deliveryRoutes.$inferSelect;

/** A change of route `id` in one transaction with the notice that tells the open screens. */
function changeRoute<T>(db: Database, id: number, apply: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await apply(tx);
    await notifyRouteChange(tx, id);
    return result;
  });
}

/** A new route 'En preparación' for a courier (someone with role reparto); its id. */
export async function createRoute(
  db: Database,
  form: { date: string; courierId: string; zone: string },
  createdBy: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [courier] = await tx
      .select({ role: users.role, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, form.courierId));
    if (courier?.role !== 'reparto' || courier.deletedAt)
      throw new Invalid('not_courier', deliveryMessages.notCourier, { field: 'courierId' });
    const [row] = await tx
      .insert(deliveryRoutes)
      .values({ date: form.date, courierId: form.courierId, zone: form.zone, createdBy })
      .returning({ id: deliveryRoutes.id });
    if (!row) throw new Error('insert returned nothing');
    await notifyRouteChange(tx, row.id);
    return row.id;
  });
}

/** The route, locked: its changes (adds, moves, the start) wait for each other. */
async function lockedRoute(tx: Transaction, id: number): Promise<RouteRow> {
  const [row] = await tx.select().from(deliveryRoutes).where(eq(deliveryRoutes.id, id)).for('update');
  if (!row) throw new NotFound(deliveryMessages.routeNotFound, 'route_not_found');
  return row;
}

/** The route, locked, while it is 'En preparación'; else a 409 whose message says what cannot be done. */
async function routeInPreparation(
  tx: Transaction,
  id: number,
  refusal: (label: string) => string = deliveryMessages.notInPreparation,
): Promise<RouteRow> {
  const route = await lockedRoute(tx, id);
  if (route.state !== 'en_preparacion')
    throw new Conflict('route_started', refusal(ROUTE_STATE_LABELS[route.state]));
  return route;
}

/** The package numbers `entries` name (a number, else a guide written any way); an Invalid lists the unknown. */
async function packagesNamed(tx: Transaction, entries: string[]): Promise<number[]> {
  const numbers = entries.filter((entry) => /^\d{1,9}$/.test(entry)).map(Number);
  const guides = entries.map(normalizeGuide);
  const rows = await tx
    .select({ number: packages.number, guide: packages.guide })
    .from(packages)
    .where(
      and(
        or(inArray(packages.number, numbers.length ? numbers : [0]), inArray(packages.guide, guides)),
        ne(packages.state, 'cancelado'),
      ),
    );
  const byNumber = new Map(rows.map((row) => [row.number, row.number]));
  const byGuide = new Map(rows.map((row) => [row.guide, row.number]));
  const found: number[] = [];
  const unknown: string[] = [];
  for (const entry of entries) {
    const number =
      (/^\d{1,9}$/.test(entry) && byNumber.get(Number(entry))) || byGuide.get(normalizeGuide(entry));
    if (number) found.push(number);
    else unknown.push(entry);
  }
  if (unknown.length > 0)
    throw new Invalid('unknown_packages', deliveryMessages.unknownPackages(unknown), {
      field: 'packages',
      details: { unknown },
    });
  return [...new Set(found)];
}

/**
 * Adds the packages `entries` name at the end of a route in preparation, all or none (a Refused lists each that
 * is not 'En bodega Colombia' or sits in another open route). The packages are locked first, so of two routes
 * taking one package at once the second reads the first's stop once it commits; the partial unique index of
 * route_stops backs that up. How many were added (those already in this route count as added).
 */
export async function addToRoute(db: Database, id: number, entries: string[]): Promise<number> {
  return changeRoute(db, id, async (tx) => {
    await routeInPreparation(tx, id);
    // Added in the order scanned (issue 47 item 6: the warehouse scans in the order it loads the van); locked in
    // number order, so two writers never deadlock.
    const named = await packagesNamed(tx, entries);
    const wanted = [...named].sort((a, b) => a - b);
    const rows = await tx
      .select({ number: packages.number, state: packages.state })
      .from(packages)
      .where(inArray(packages.number, wanted))
      .orderBy(packages.number)
      .for('update');
    // A statement of its own, after the locks: under READ COMMITTED it sees a stop committed while this waited.
    const stops = await tx
      .select({
        number: routeStops.packageNumber,
        routeId: routeStops.routeId,
        zone: deliveryRoutes.zone,
        courierName: users.name,
      })
      .from(routeStops)
      .innerJoin(deliveryRoutes, eq(deliveryRoutes.id, routeStops.routeId))
      .innerJoin(users, eq(users.id, deliveryRoutes.courierId))
      .where(and(inArray(routeStops.packageNumber, wanted), eq(routeStops.open, true)));
    const openStop = new Map(stops.map((stop) => [stop.number, stop]));
    const refused: Refusal[] = [];
    for (const row of rows) {
      const stop = openStop.get(row.number);
      if (stop && stop.routeId !== id)
        refused.push({
          number: row.number,
          reason: deliveryMessages.inOtherRoute(row.number, { id: stop.routeId, ...stop }),
        });
      else if (!stop && row.state !== 'en_bodega_colombia')
        refused.push({
          number: row.number,
          reason: deliveryMessages.notInWarehouse(row.number, STATE_LABELS[row.state]),
        });
    }
    if (refused.length > 0) throw new Refused(refused);
    const fresh = named.filter((number) => !openStop.has(number));
    if (fresh.length > 0) {
      const [last] = await tx
        .select({ position: max(routeStops.position) })
        .from(routeStops)
        .where(eq(routeStops.routeId, id));
      const start = (last?.position ?? 0) + 1;
      try {
        await tx
          .insert(routeStops)
          .values(
            fresh.map((packageNumber, index) => ({ routeId: id, packageNumber, position: start + index })),
          );
      } catch (error) {
        if (isUniqueViolation(error, 'route_stops_open_package_unique'))
          throw new Conflict('in_other_route', deliveryMessages.addedElsewhere);
        throw error;
      }
    }
    await tx.update(deliveryRoutes).set({ updatedAt: new Date() }).where(eq(deliveryRoutes.id, id));
    return wanted.length;
  });
}

/** The route's stops in order, for a move. */
async function orderedStops(tx: Transaction, id: number) {
  return tx
    .select({ number: routeStops.packageNumber, position: routeStops.position })
    .from(routeStops)
    .where(eq(routeStops.routeId, id))
    .orderBy(asc(routeStops.position), asc(routeStops.packageNumber));
}

/** Swaps a stop with the one before ('up') or after ('down'); at either end nothing moves. */
export async function moveStop(db: Database, id: number, number: number, direction: 'up' | 'down') {
  return changeRoute(db, id, async (tx) => {
    await routeInPreparation(tx, id);
    const stops = await orderedStops(tx, id);
    const index = stops.findIndex((stop) => stop.number === number);
    if (index < 0) throw new NotFound(deliveryMessages.stopNotFound, 'stop_not_found');
    const other = stops[direction === 'up' ? index - 1 : index + 1];
    const stop = stops[index];
    if (!other || !stop) return;
    // Positions may have gaps (removed stops) or ties: the swap writes each the other's place in the order.
    const [here, there] = [index + 1, direction === 'up' ? index : index + 2];
    await renumber(tx, id, stops);
    await setPosition(tx, id, stop.number, there);
    await setPosition(tx, id, other.number, here);
  });
}

async function renumber(tx: Transaction, id: number, stops: Array<{ number: number; position: number }>) {
  for (const [index, stop] of stops.entries())
    if (stop.position !== index + 1) await setPosition(tx, id, stop.number, index + 1);
}

async function setPosition(tx: Transaction, id: number, number: number, position: number) {
  await tx
    .update(routeStops)
    .set({ position })
    .where(and(eq(routeStops.routeId, id), eq(routeStops.packageNumber, number)));
}

/** Takes a stop out of a route in preparation (the package stays 'En bodega Colombia'). */
export async function removeStop(db: Database, id: number, number: number) {
  return changeRoute(db, id, async (tx) => {
    await routeInPreparation(tx, id);
    const removed = await tx
      .delete(routeStops)
      .where(and(eq(routeStops.routeId, id), eq(routeStops.packageNumber, number)))
      .returning({ number: routeStops.packageNumber });
    if (removed.length === 0) throw new NotFound(deliveryMessages.stopNotFound, 'stop_not_found');
  });
}

/**
 * 'Iniciar ruta': every package of the route to 'En reparto' with 'Mensajero: {name}' as the carrier and the route
 * as its guide (the customers mailed with the amount to pay, as every 'En reparto' is), all or none; the route
 * goes 'En curso'. How many packages left.
 */
export async function startRoute(
  db: Database,
  id: number,
  actor: Actor,
  mail: MailSettings,
): Promise<number> {
  return changeRoute(db, id, async (tx) => {
    const route = await routeInPreparation(tx, id, deliveryMessages.notStartable);
    const stops = await orderedStops(tx, id);
    if (stops.length === 0) throw new Conflict('empty_route', deliveryMessages.emptyRoute);
    const [courier] = await tx.select({ name: users.name }).from(users).where(eq(users.id, route.courierId));
    const { changed, refused } = await changeStates(
      tx,
      stops.map((stop) => stop.number),
      'en_reparto',
      actor,
      mail,
      { carrier: `Mensajero: ${courier?.name ?? ''}`, carrierGuide: String(id) },
    );
    if (refused.length > 0) throw new Refused(refused);
    await tx
      .update(deliveryRoutes)
      .set({ state: 'en_curso', updatedAt: new Date() })
      .where(eq(deliveryRoutes.id, id));
    return changed.length;
  });
}
