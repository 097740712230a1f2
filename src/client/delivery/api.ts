// The courier's delivery API (src/server/delivery/courier-routes.ts) as '/reparto' calls it, with its query and
// mutation keys. 'Entregar' and 'No entregado' are sent through the phone's queue
// (courier-route/offline/door-queue.ts), in batches (POST /api/delivery/sync).
import type { MyRouteAnswer, SyncAnswer } from '../../shared/delivery/api-types.ts';
import { firstPaintApi } from '../../shared/first-paint.ts';
import { api } from '../app/request.ts';

export type {
  CashByMeans,
  DoorActionDone,
  MyRoute,
  MyRouteAnswer,
  MyRouteStop,
  RouteStop,
  StopOutcome,
} from '../../shared/delivery/api-types.ts';

export const deliveryKeys = {
  all: ['delivery'] as const,
  myRoute: ['delivery', 'my-route'] as const,
  /** The door actions' mutation keys: their defaults (how to send, retry, order) live in the door queue. */
  deliver: ['delivery', 'deliver'] as const,
  attempt: ['delivery', 'attempt'] as const,
};

/** Today's route in course of the signed-in courier, or `route: null`. */
export const getMyRoute = (signal?: AbortSignal) =>
  api.get<MyRouteAnswer>(firstPaintApi.courierRoute, { signal });

/** The phone's queue at once: up to MAX_SYNC_ACTIONS actions in the order confirmed, one result each, in order. */
export const postSync = (actions: Array<{ kind: 'deliver' | 'attempt'; number: number; body: object }>) =>
  api.post<SyncAnswer>('/api/delivery/sync', { actions });
