// The courier's delivery API (src/server/delivery/courier-routes.ts) as '/reparto' calls it, with its query keys.
import type { MyRouteAnswer } from '../../shared/delivery/api-types.ts';
import { api } from './request.ts';

export type { MyRoute, MyRouteAnswer, RouteStop } from '../../shared/delivery/api-types.ts';

export const deliveryKeys = {
  all: ['delivery'] as const,
  myRoute: ['delivery', 'my-route'] as const,
};

/** Today's route in course of the signed-in courier, or `route: null`. */
export const getMyRoute = (signal?: AbortSignal) =>
  api.get<MyRouteAnswer>('/api/delivery/my-route', { signal });
