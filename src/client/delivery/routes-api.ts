// The staff's delivery API (src/server/delivery/routes.ts) as '/admin/reparto' calls it: the couriers, the day's
// routes, one route and its changes, the packages flagged for a decision, with the query keys that cache them and
// the live stream that marks them stale when a route changes anywhere (a courier's delivery, another tab).
import type * as Api from '../../shared/delivery/api-types.ts';
import type { NewRoute } from '../../shared/delivery/route-forms.ts';
import { api } from '../app/request.ts';
import { useLiveRefresh } from '../packages/live.ts';

export type Courier = Api.Courier;
export type RouteChanged = Api.RouteChanged;
export type RouteDetail = Api.RouteDetail;
export type RouteSummary = Api.RouteSummary;
export type StaffRouteStop = Api.StaffRouteStop;

export const routeKeys = {
  all: ['admin', 'delivery'] as const,
  couriers: ['admin', 'delivery', 'couriers'] as const,
  days: ['admin', 'delivery', 'routes'] as const,
  day: (date: string) => ['admin', 'delivery', 'routes', date] as const,
  route: (id: string) => ['admin', 'delivery', 'route', id] as const,
  flagged: ['admin', 'delivery', 'flagged'] as const,
};

const BASE = '/api/admin/delivery';
const oneRoute = (id: number | string) => `${BASE}/routes/${encodeURIComponent(String(id))}`;

export const listCouriers = (signal?: AbortSignal) =>
  api.get<Api.CourierList>(`${BASE}/couriers`, { signal });

export const listRoutes = (date: string, signal?: AbortSignal) =>
  api.get<Api.RouteList>(`${BASE}/routes?fecha=${encodeURIComponent(date)}`, { signal });

export const createRoute = (form: NewRoute) => api.post<Api.RouteChanged>(`${BASE}/routes`, form);

export const getRoute = (id: string, signal?: AbortSignal) =>
  api.get<Api.RouteDetail>(oneRoute(id), { signal });

/** 'Agregar paquetes': numbers or guides as typed or scanned. */
export const addStops = (id: number, packages: string[]) =>
  api.post<Api.RouteChanged>(`${oneRoute(id)}/stops`, { packages });

export const moveStop = (id: number, number: number, direction: 'up' | 'down') =>
  api.post<Api.RouteChanged>(`${oneRoute(id)}/stops/${number}/move`, { direction });

export const removeStop = (id: number, number: number) =>
  api.delete<Api.RouteChanged>(`${oneRoute(id)}/stops/${number}`);

export const startRoute = (id: number) => api.post<Api.RouteChanged>(`${oneRoute(id)}/start`);

// 'Cerrar ruta' goes with the cash count: collections/api.ts.

export const listFlagged = (signal?: AbortSignal) => api.get<Api.FlaggedList>(`${BASE}/flagged`, { signal });

/**
 * While a 'Reparto' screen is mounted and `enabled` (its data has arrived), a change of any route (the stream's
 * 'route-changed') marks every cached delivery read stale, so what is on screen is read again without a reload.
 */
export function useRouteLiveUpdates(enabled = true): void {
  useLiveRefresh({ url: `${BASE}/events`, event: 'route-changed', queryKey: routeKeys.all, enabled });
}
