// What the operations API answers (src/server/packages/board-routes.ts, src/server/dispatches/routes.ts): the
// 'Paquetes' board, a state change and the dispatches. Types only: the browser and the server read the same shapes.
import type { PackageState } from '../packages/states.ts';

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
