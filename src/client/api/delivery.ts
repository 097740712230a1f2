// The courier's delivery API (src/server/delivery/courier-routes.ts) as '/reparto' calls it, with its query and
// mutation keys. 'Entregar' and 'No entregado' are sent through the phone's queue (src/client/offline/door-queue.ts).
import type { DoorActionDone, MyRouteAnswer } from '../../shared/delivery/api-types.ts';
import type { Attempt, Delivery } from '../../shared/delivery/door-forms.ts';
import { api } from './request.ts';

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
  api.get<MyRouteAnswer>('/api/delivery/my-route', { signal });

/** 'Confirmar entrega': the delivery with its key, receiver, photo (a data URL) and collection. */
export const postDelivery = (number: number, body: Delivery) =>
  api.post<DoorActionDone>(`/api/delivery/stops/${number}/deliver`, body);

/** 'No entregado': the failed attempt with its key and reason. */
export const postAttempt = (number: number, body: Attempt) =>
  api.post<DoorActionDone>(`/api/delivery/stops/${number}/attempt`, body);
