// What the delivery API answers (src/server/delivery): the staff's 'Rutas de reparto' and the courier's 'Mi ruta'.
// Types only: the browser and the server read the same shapes.
import type { PackageState } from '../packages/states.ts';
import type { RouteState } from './route-forms.ts';

/** A person with role reparto, for the 'Mensajero' choice. */
export interface Courier {
  id: string;
  name: string;
  email: string;
}

/** GET /api/admin/delivery/couriers */
export interface CourierList {
  couriers: Courier[];
}

/** How far a route has gone: its stops, those delivered and those still to deliver. */
export interface RouteProgress {
  stops: number;
  delivered: number;
  pending: number;
  /** The 'Valor a pagar' of all its stops, in whole pesos. */
  valueToCollectCop: number;
}

export interface RouteSummary {
  id: number;
  date: string;
  zone: string;
  state: RouteState;
  stateLabel: string;
  courier: Courier;
  createdAt: string;
  progress: RouteProgress;
}

/** GET /api/admin/delivery/routes?fecha=YYYY-MM-DD (today in Colombia by default) */
export interface RouteList {
  date: string;
  routes: RouteSummary[];
}

/** One stop, in the route's order: what the route sheet and the courier read. */
export interface RouteStop {
  position: number;
  number: number;
  guide: string;
  state: PackageState;
  customerName: string;
  phone: string;
  address: string;
  instructions: string;
  /** 'Valor a pagar' in whole pesos; null when the package has no charge. */
  valueToPayCop: number | null;
}

/** GET /api/admin/delivery/routes/:id */
export interface RouteDetail extends RouteSummary {
  stops: RouteStop[];
}

/** Every change of a route (create, add, move, remove, 'Iniciar ruta'): the route as it now is, and what happened. */
export interface RouteChanged {
  route: RouteDetail;
  message: string;
}

/** The courier's route of today, 'En curso', with its stops in order. */
export interface MyRoute {
  id: number;
  date: string;
  zone: string;
  stateLabel: string;
  progress: RouteProgress;
  stops: RouteStop[];
}

/** GET /api/delivery/my-route: null when the courier has no route in course today. */
export interface MyRouteAnswer {
  route: MyRoute | null;
}

/** GET /api/delivery/stops/:number: one stop of the caller's route in course. */
export interface MyStop {
  routeId: number;
  stop: RouteStop;
}
