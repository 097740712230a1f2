// What 'Entregar' and 'No entregado' share: the courier as the actor, the stop the action is for (only on the
// caller's own route 'En curso'), the phone's key applied once, and the photos re-encoded like the warehouse's.
import { and, desc, eq } from 'drizzle-orm';
import type { StopOutcome } from '../../shared/delivery/api-types.ts';
import { doorMessages } from '../../shared/delivery/door-forms.ts';
import type { Transaction } from '../db/open.ts';
import { deliveries, deliveryAttempts, deliveryRoutes, routeStops } from '../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { processPhoto } from '../files/photos.ts';
import type { Actor } from '../packages/state-change.ts';

export const courierActor = (courierId: string): Actor => ({ id: courierId, role: 'reparto' });

/** The stop of package `number` on the courier's route 'En curso', the route share-locked so that 'Cerrar ruta'
 * waits for the action (and the action for the close). Another courier's stop, a package in no route of theirs or
 * a route not started: 404 notYourStop; their route already closed: 409 routeClosed. */
export async function stopForAction(tx: Transaction, courierId: string, number: number) {
  const [stop] = await tx
    .select({ routeId: routeStops.routeId, open: routeStops.open })
    .from(routeStops)
    .innerJoin(deliveryRoutes, eq(deliveryRoutes.id, routeStops.routeId))
    .where(and(eq(routeStops.packageNumber, number), eq(deliveryRoutes.courierId, courierId)))
    .orderBy(desc(routeStops.open), desc(routeStops.routeId))
    .limit(1);
  if (!stop) throw new NotFound(doorMessages.notYourStop, 'not_your_stop');
  const [route] = await tx
    .select({ id: deliveryRoutes.id, state: deliveryRoutes.state })
    .from(deliveryRoutes)
    .where(eq(deliveryRoutes.id, stop.routeId))
    .for('share');
  if (route?.state === 'cerrada') throw new Conflict('route_closed', doorMessages.routeClosed);
  if (route?.state !== 'en_curso') throw new NotFound(doorMessages.notYourStop, 'not_your_stop');
  return { routeId: stop.routeId };
}

/** What an action's key was used for already, if anything. */
export interface KeyUse {
  kind: 'delivery' | 'attempt';
  packageNumber: number;
  courierId: string;
}

export async function keyUse(tx: Transaction, key: string): Promise<KeyUse | null> {
  const [delivery] = await tx
    .select({ packageNumber: deliveries.packageNumber, courierId: deliveries.courierId })
    .from(deliveries)
    .where(eq(deliveries.key, key));
  if (delivery) return { kind: 'delivery', ...delivery };
  const [attempt] = await tx
    .select({ packageNumber: deliveryAttempts.packageNumber, courierId: deliveryAttempts.courierId })
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.key, key));
  return attempt ? { kind: 'attempt', ...attempt } : null;
}

/** True when `use` is this very action sent again; a key of another action, package or courier is a 409. */
export function isRepeat(use: KeyUse, kind: KeyUse['kind'], courierId: string, number: number): boolean {
  if (use.kind === kind && use.courierId === courierId && use.packageNumber === number) return true;
  throw new Conflict('key_of_another', doorMessages.keyOfAnother, { field: 'key' });
}

/** The answer to an action applied now or before. */
export function done(key: string, number: number, outcome: StopOutcome, repeated: boolean, message: string) {
  return { key, number, repeated, message: repeated ? doorMessages.repeated : message, outcome };
}

/** A photo of the action (a data URL) decoded and re-encoded as JPEG; an unreadable one is a 400 on `field`. */
export async function doorPhoto(dataUrl: string | undefined, field: string): Promise<Buffer | null> {
  if (!dataUrl) return null;
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const processed = await processPhoto(bytes);
  if (!processed) throw new Invalid('invalid_photo', doorMessages.photo, { field });
  return processed.photo;
}
