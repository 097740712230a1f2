// What the operations API answers (src/server/packages/board-routes.ts, src/server/dispatches/routes.ts): the
// 'Paquetes' board, a state change and the dispatches. Types only: the browser and the server read the same shapes.
import type { ChargeSettings } from '../charges/charge.ts';
import type { ChargeLine } from '../charges/charge-lines.ts';
import type { PackageDetail, PackageEvent } from '../packages/api-types.ts';
import type { PackageState } from '../packages/states.ts';
import type { StaffPayment } from '../payments/api-types.ts';

/** A row of the board (GET /api/admin/packages). */
export interface BoardRow {
  number: number;
  guide: string;
  lockerNumber: string | null;
  customerName: string | null;
  state: PackageState;
  weightLb: number | null;
  declaredValueCents: number;
  receivedAt: string | null;
  createdAt: string;
  /** Only for packages still in the Miami warehouse. */
  daysInWarehouse: number | null;
  /** 'Esperando instrucciones': its customer's 'Despachar' is awaited (design/requests.md). */
  waitingInstructions: boolean;
  /** 'Abandono': past 'Días máximos en bodega'. */
  abandoned: boolean;
}

/** GET /api/admin/packages */
export interface BoardPage {
  packages: BoardRow[];
  total: number;
  /** More than `total` (1.000) match: the server stops counting there. */
  capped: boolean;
  page: number;
  pageSize: number;
}

/** A package a bulk move refused, and why: a 409 'refused' lists them in `details.refused`. */
export interface Refusal {
  number: number;
  reason: string;
}

/** POST /api/admin/packages/state */
export interface StatesChanged {
  changed: number;
  message: string;
}

export interface DispatchTotals {
  packages: number;
  pieces: number;
  pounds: number;
  declaredValueCents: number;
}

/** A row of GET /api/admin/dispatches. */
export interface DispatchSummary {
  id: number;
  masterAwb: string;
  airline: string;
  /** 'YYYY-MM-DD' */
  flightDate: string;
  /** 'abierto' or a DispatchState. */
  state: string;
  stateLabel: string;
  createdAt: string;
  totals: DispatchTotals;
}

/** GET /api/admin/dispatches */
export interface DispatchList {
  dispatches: DispatchSummary[];
}

export interface DispatchPackage {
  number: number;
  guide: string;
  state: PackageState;
  content: string;
  quantity: number;
  weightLb: number | null;
  declaredValueCents: number;
  deliveryAddress: string;
  lockerNumber: string | null;
  /** 'Ubicación': the shelf, for picking. */
  location: string | null;
  name: string | null;
  telefono: string | null;
}

/** GET /api/admin/dispatches/:id */
export interface DispatchDetail extends DispatchSummary {
  packages: DispatchPackage[];
}

/** The answer of every change to a dispatch: the dispatch as it now is. */
export interface DispatchChanged {
  dispatch: DispatchDetail;
  message: string;
}

/** A move of the staff's package view, with who made it: the person's name and their role. */
export interface StaffPackageEvent extends Omit<PackageEvent, 'actor'> {
  /** 'Cliente', 'Bodega', 'Administración', 'Mensajero' or 'Sistema'. */
  actor: string;
  /** The name of whoever made the move; null for the system or an account that no longer exists. */
  actorName: string | null;
}

/** What a charge was computed from (the stored inputs and rates) and each of its figures. */
export interface StaffChargeBasis {
  weightLb: number;
  /** Length, width and height in inches; null when not measured. */
  measuresIn: [number, number, number] | null;
  declaredValueCents: number;
  /** Referral credit the customer had when it was computed. */
  creditAvailableCents: number;
  rates: ChargeSettings;
  /** When the rates used took effect. */
  ratesFrom: string | null;
  /** The weight rounded up to a whole pound, and the volumetric weight (0 without measures). */
  actualLb: number;
  volumetricLb: number;
  chargeableLb: number;
  freightCents: number;
  insuranceCents: number;
  tariffCents: number;
  vatCents: number;
  creditUsedCents: number;
  /** Its fee lines in force; the totals include them. */
  lines: ChargeLine[];
  totalCents: number;
  totalCop: number;
  computedAt: string;
  /** Who computed it last (a recomputation names the admin); null for the warehouse's receipt by the system. */
  computedBy: string | null;
}

/** GET /api/admin/packages/:number: the staff's view of one package. */
export interface StaffPackage {
  package: PackageDetail;
  owner: { name: string; email: string; lockerNumber: string; telefono: string } | null;
  events: StaffPackageEvent[];
  /** Null before the package is charged (not received, or no owner yet). */
  charge: StaffChargeBasis | null;
  /** Its online payments, in every state, newest first ('¿ya pagó?', issue 47 item 12). */
  payments: StaffPayment[];
}
