// What 'Entregar' and 'No entregado' share: the courier as the actor, the stop the action is for (only on the
// caller's own route 'En curso'), the phone's key applied once, and the photos re-encoded like the warehouse's.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { StopOutcome } from '../../shared/delivery/api-types.ts';
import { doorMessages } from '../../shared/delivery/door-choices.ts';
import type { Transaction } from '../db/open.ts';
import { cashCloses, deliveries, deliveryAttempts, deliveryRoutes, routeStops } from '../db/schema.ts';
import { Conflict, DomainError, Invalid, NotFound } from '../errors.ts';
import { processPhoto } from '../files/photos.ts';
import { recordFile, type StoredFile, storeFile } from '../files/store.ts';
import type { Actor } from '../packages/state-change.ts';

export const courierActor = (courierId: string): Actor => ({ id: courierId, role: 'reparto' });

/** A stop an action may be for: on a route 'En curso', or on a route closed at `closedAt` (a late sync). */
export interface ActionStop {
  routeId: number;
  closedAt: Date | null;
}

/**
 * The stops of packages `numbers` on the courier's routes 'En curso' or closed, those routes share-locked so that
 * 'Cerrar ruta' waits for the actions (and the actions for the close): for each number its route and when it closed,
 * or why not. Another courier's stop, a package in no route of theirs or a route not started: 404 notYourStop. The
 * caller decides what an action on a closed route may do (a delivery made before the close is kept). Three reads
 * for any number of stops.
 */
export async function stopsForAction(
  tx: Transaction,
  courierId: string,
  numbers: number[],
): Promise<Map<number, ActionStop | DomainError>> {
  const found = new Map<number, ActionStop | DomainError>();
  if (numbers.length === 0) return found;
  const stops = await tx
    .select({ number: routeStops.packageNumber, routeId: routeStops.routeId })
    .from(routeStops)
    .innerJoin(deliveryRoutes, eq(deliveryRoutes.id, routeStops.routeId))
    .where(and(inArray(routeStops.packageNumber, numbers), eq(deliveryRoutes.courierId, courierId)))
    .orderBy(asc(routeStops.packageNumber), desc(routeStops.open), desc(routeStops.routeId));
  const routeOf = new Map<number, number>();
  for (const stop of stops) if (!routeOf.has(stop.number)) routeOf.set(stop.number, stop.routeId);
  const routeIds = [...new Set(routeOf.values())].sort((a, b) => a - b);
  const routes = routeIds.length
    ? await tx
        .select({ id: deliveryRoutes.id, state: deliveryRoutes.state })
        .from(deliveryRoutes)
        .where(inArray(deliveryRoutes.id, routeIds))
        .orderBy(asc(deliveryRoutes.id))
        .for('share')
    : [];
  const stateOf = new Map(routes.map((route) => [route.id, route.state]));
  const closed = routes.filter((route) => route.state === 'cerrada').map((route) => route.id);
  const closedAtOf = new Map(
    closed.length
      ? (
          await tx
            .select({ routeId: cashCloses.routeId, closedAt: cashCloses.closedAt })
            .from(cashCloses)
            .where(inArray(cashCloses.routeId, closed))
        ).map((row) => [row.routeId, row.closedAt])
      : [],
  );
  for (const number of numbers) {
    const routeId = routeOf.get(number);
    const state = routeId === undefined ? undefined : stateOf.get(routeId);
    const closedAt = routeId === undefined ? undefined : closedAtOf.get(routeId);
    if (routeId !== undefined && state === 'en_curso') found.set(number, { routeId, closedAt: null });
    else if (routeId !== undefined && closedAt) found.set(number, { routeId, closedAt });
    else if (state === 'cerrada') found.set(number, routeClosed());
    else found.set(number, new NotFound(doorMessages.notYourStop, 'not_your_stop'));
  }
  return found;
}

export const routeClosed = () => new Conflict('route_closed', doorMessages.routeClosed);

/** One stop of the courier's route in course (see stopsForAction); a refusal, or a closed route, is thrown. */
export async function stopForAction(tx: Transaction, courierId: string, number: number) {
  const stop = (await stopsForAction(tx, courierId, [number])).get(number);
  if (!stop || stop instanceof DomainError)
    throw stop ?? new NotFound(doorMessages.notYourStop, 'not_your_stop');
  if (stop.closedAt) throw routeClosed();
  return stop;
}

/** What an action's key was used for already, if anything. */
export interface KeyUse {
  kind: 'delivery' | 'attempt';
  packageNumber: number;
  courierId: string;
}

/** What each of `keys` was used for already: two reads for any number of keys. */
export async function keyUses(tx: Transaction, keys: string[]): Promise<Map<string, KeyUse>> {
  const uses = new Map<string, KeyUse>();
  if (keys.length === 0) return uses;
  const columns = (table: typeof deliveries | typeof deliveryAttempts) => ({
    key: table.key,
    packageNumber: table.packageNumber,
    courierId: table.courierId,
  });
  for (const row of await tx
    .select(columns(deliveryAttempts))
    .from(deliveryAttempts)
    .where(inArray(deliveryAttempts.key, keys)))
    uses.set(row.key, { kind: 'attempt', packageNumber: row.packageNumber, courierId: row.courierId });
  for (const row of await tx
    .select(columns(deliveries))
    .from(deliveries)
    .where(inArray(deliveries.key, keys)))
    uses.set(row.key, { kind: 'delivery', packageNumber: row.packageNumber, courierId: row.courierId });
  return uses;
}

export async function keyUse(tx: Transaction, key: string): Promise<KeyUse | null> {
  return (await keyUses(tx, [key])).get(key) ?? null;
}

/** Null when `use` is this very action sent again, else the 409 of a key used for another action. */
export function keyProblem(use: KeyUse, kind: KeyUse['kind'], courierId: string, number: number) {
  if (use.kind === kind && use.courierId === courierId && use.packageNumber === number) return null;
  return new Conflict('key_of_another', doorMessages.keyOfAnother, { field: 'key' });
}

/** True when `use` is this very action sent again; a key of another action, package or courier is a 409. */
export function isRepeat(use: KeyUse, kind: KeyUse['kind'], courierId: string, number: number): boolean {
  const problem = keyProblem(use, kind, courierId, number);
  if (problem) throw problem;
  return true;
}

/** The answer to an action applied now or before. */
export function done(key: string, number: number, outcome: StopOutcome, repeated: boolean, message: string) {
  return { key, number, repeated, message: repeated ? doorMessages.repeated : message, outcome };
}

/**
 * A photo of the action (a data URL) decoded, re-encoded in JPEG and stored (in the bucket, if any) before any
 * transaction opens; its row is written by the action's transaction, with the package's owner. An unreadable photo
 * is a 400 on `field`; a bucket down, a 503 for the whole request (the phone sends it again).
 */
export async function doorPhoto(dataUrl: string | undefined, field: string): Promise<StoredFile | null> {
  if (!dataUrl) return null;
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const processed = await processPhoto(bytes);
  if (!processed) throw new Invalid('invalid_photo', doorMessages.photo, { field });
  return storeFile({
    ownerId: null,
    packageNumber: null,
    kind: 'delivery',
    mime: 'image/jpeg',
    bytes: processed.photo,
  });
}

/** The row of a door photo stored by doorPhoto, given to the package and its owner in the action's transaction. */
export async function recordDoorPhoto(
  tx: Transaction,
  photo: StoredFile | null,
  packageNumber: number,
  ownerId: string | null,
): Promise<string | null> {
  return photo && recordFile(tx, { ...photo, ownerId, packageNumber });
}
