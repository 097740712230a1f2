// What the delivery API answers (src/server/delivery): the staff's 'Rutas de reparto' and the courier's 'Mi ruta'.
// Types only: the browser and the server read the same shapes.
import type { PackageState } from '../packages/states.ts';
import type { CollectedMeans, FailureReason, Novelty, Relation } from './door-choices.ts';
import type { AttemptForm, DeliveryForm } from './door-forms.ts';
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
  /** Stops with a failed attempt ('No entregado') and no delivery. */
  failed: number;
  pending: number;
  /** The 'Valor a pagar' at the door of all its stops, in whole pesos (a package paid online: only its 'Saldo
   * pendiente'), as its stops show it. */
  valueToCollectCop: number;
  /** What its deliveries collected, in whole pesos: the sum of its stored collections. */
  collectedCop: number;
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
  /** 'Valor a pagar' in whole pesos (once paid online, its 'Saldo pendiente': 0 when none); null without a charge. */
  valueToPayCop: number | null;
  /** Paid online before the door: 'Pagado: no cobrar', or its 'Saldo pendiente' to collect. */
  paidOnline: boolean;
}

/** GET /api/admin/delivery/routes/:id */
export interface RouteDetail extends RouteSummary {
  stops: StaffRouteStop[];
}

/** A stop as staff read it: what became of it, with the proof when delivered. */
export interface StaffRouteStop extends RouteStop {
  outcome: StopOutcome;
  /** Failed attempts of this package on every route, this one included. */
  attempts: number;
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
  counters: MyRouteCounters;
  stops: MyRouteStop[];
}

/** GET /api/delivery/my-route: null when the courier has no route in course today. */
export interface MyRouteAnswer {
  route: MyRoute | null;
  /**
   * The courier it is for: the phone keeps each courier's route and queue apart
   * (src/client/delivery/courier-route/offline/door-queue.ts).
   */
  courierId: string;
}

/** GET /api/delivery/stops/:number: one stop of the caller's route in course. */
export interface MyStop {
  routeId: number;
  stop: RouteStop;
}

/** What became of a stop on its route: nothing yet, delivered, or a failed attempt ('No entregado'). */
export type StopOutcome =
  | { kind: 'pending' }
  /** `means` is null when nothing was collected (a zero 'Valor a pagar'). */
  | { kind: 'delivered'; at: string; collectedCop: number; means: CollectedMeans | null }
  | { kind: 'failed'; at: string; reason: FailureReason; reasonLabel: string };

/** 'Mi caja': what the courier holds from the route, by payment means, in whole pesos (sums of stored collections). */
export interface CashByMeans {
  means: CollectedMeans;
  label: string;
  amountCop: number;
  count: number;
}

/** The courier's stop, with what became of it. */
export interface MyRouteStop extends RouteStop {
  outcome: StopOutcome;
  /** Failed attempts of this package on earlier routes. */
  earlierAttempts: number;
}

/** 'Entregados', 'Pendientes', 'No entregados' and 'Mi caja' of the courier's route. */
export interface MyRouteCounters {
  delivered: number;
  pending: number;
  failed: number;
  cash: CashByMeans[];
}

/** POST /api/delivery/stops/:number/deliver and /attempt: the action applied now, or already applied before with
 * the same key (`repeated`); a refusal is a 409/403/404 error whose message the phone shows beside the action. */
export interface DoorActionDone {
  key: string;
  number: number;
  repeated: boolean;
  message: string;
  outcome: StopOutcome;
}

/** One queued action of POST /api/delivery/sync: the body its own endpoint takes, for stop `number`. */
export type QueuedDoorAction =
  | { kind: 'deliver'; number: number; body: DeliveryForm }
  | { kind: 'attempt'; number: number; body: AttemptForm };

/** What became of one queued action: applied (now or before: `done.repeated`), or refused as its own endpoint
 * would have answered (`status` and the error body's fields). */
export type SyncResult =
  | { ok: true; key: string; number: number; done: DoorActionDone }
  | {
      ok: false;
      key: string;
      number: number;
      status: number;
      error: { code: string; message: string; field?: string };
    };

/** POST /api/delivery/sync: one result per action, in the order sent. */
export interface SyncAnswer {
  results: SyncResult[];
}

/** The proof of delivery on a package's page. The customer reads the last four digits of 'Documento' only;
 * staff read it whole and the courier's name. */
export interface DeliveryProof {
  at: string;
  receivedBy: string;
  /** '••••1234' for the customer; the whole number for staff. */
  document: string;
  relation: Relation;
  relationLabel: string;
  /** The delivery photo's file id (served by GET /api/files/:id to the owner and staff), or null. */
  photoId: string | null;
  novelty: Novelty;
  noveltyLabel: string;
  /** 'Valor pagado' in whole pesos, null when nothing was collected (a zero 'Valor a pagar'). */
  paidCop: number | null;
  means: CollectedMeans | null;
  meansLabel: string | null;
  reference: string | null;
  routeId: number | null;
  /** Staff only. */
  courierName?: string;
}

/** A failed attempt as the package's page lists it. */
export interface DeliveryAttempt {
  at: string;
  reason: FailureReason;
  reasonLabel: string;
  note: string;
  routeId: number;
}

/** A package 'En bodega Colombia' whose failed attempts reached DELIVERY_MAX_ATTEMPTS: it waits for a decision. */
export interface FlaggedPackage {
  number: number;
  guide: string;
  customerName: string;
  address: string;
  attempts: number;
  lastReasonLabel: string;
  lastAttemptAt: string;
}

/** GET /api/admin/delivery/flagged */
export interface FlaggedList {
  maxAttempts: number;
  packages: FlaggedPackage[];
}
