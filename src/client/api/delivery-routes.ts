// The staff's delivery API (src/server/delivery/routes.ts) as '/admin/reparto' calls it: the couriers, the day's
// routes, one route and its changes, the packages flagged for a decision, with the query keys that cache them and
// the live stream that marks them stale when a route changes anywhere (a courier's delivery, another tab).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  CourierList,
  FlaggedList,
  RouteChanged,
  RouteDetail,
  RouteList,
} from '../../shared/delivery/api-types.ts';
import type { NewRoute } from '../../shared/delivery/route-forms.ts';
import { api } from './request.ts';

export type {
  Courier,
  FlaggedPackage,
  RouteChanged,
  RouteDetail,
  RouteSummary,
  StaffRouteStop,
} from '../../shared/delivery/api-types.ts';

export const routeKeys = {
  all: ['admin', 'delivery'] as const,
  couriers: ['admin', 'delivery', 'couriers'] as const,
  day: (date: string) => ['admin', 'delivery', 'routes', date] as const,
  route: (id: string) => ['admin', 'delivery', 'route', id] as const,
  flagged: ['admin', 'delivery', 'flagged'] as const,
};

const BASE = '/api/admin/delivery';
const oneRoute = (id: number | string) => `${BASE}/routes/${encodeURIComponent(String(id))}`;

export const listCouriers = (signal?: AbortSignal) => api.get<CourierList>(`${BASE}/couriers`, { signal });

export const listRoutes = (date: string, signal?: AbortSignal) =>
  api.get<RouteList>(`${BASE}/routes?fecha=${encodeURIComponent(date)}`, { signal });

export const createRoute = (form: NewRoute) => api.post<RouteChanged>(`${BASE}/routes`, form);

export const getRoute = (id: string, signal?: AbortSignal) => api.get<RouteDetail>(oneRoute(id), { signal });

/** 'Agregar paquetes': numbers or guides as typed or scanned. */
export const addStops = (id: number, packages: string[]) =>
  api.post<RouteChanged>(`${oneRoute(id)}/stops`, { packages });

export const moveStop = (id: number, number: number, direction: 'up' | 'down') =>
  api.post<RouteChanged>(`${oneRoute(id)}/stops/${number}/move`, { direction });

export const removeStop = (id: number, number: number) =>
  api.delete<RouteChanged>(`${oneRoute(id)}/stops/${number}`);

export const startRoute = (id: number) => api.post<RouteChanged>(`${oneRoute(id)}/start`);

/** 'Cerrar ruta' (admin only): the undelivered packages go back to 'En bodega Colombia'. */
export const closeRoute = (id: number) => api.post<RouteChanged>(`${oneRoute(id)}/close`);

export const listFlagged = (signal?: AbortSignal) => api.get<FlaggedList>(`${BASE}/flagged`, { signal });

/**
 * While a 'Reparto' screen is mounted and `enabled` (its data has arrived), a change of any route marks every
 * cached delivery read stale, so TanStack Query reads what is on screen again without a reload. EventSource
 * reconnects by itself; a change made while it was away is caught by reading again on each later 'ready'.
 */
export function useRouteLiveUpdates(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${BASE}/events`);
    let connected = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: routeKeys.all });
    source.addEventListener('ready', () => {
      if (connected) refresh();
      connected = true;
    });
    source.addEventListener('route-changed', refresh);
    return () => source.close();
  }, [enabled, queryClient]);
}
