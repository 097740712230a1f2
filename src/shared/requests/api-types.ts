// What the requests API answers (src/server/requests/routes.ts). Types only.
import type { RepackOption, RequestKind, RequestState } from './kinds.ts';

export interface RequestPackage {
  number: number;
  guide: string;
  store: string;
  /** 'Ubicación' in the warehouse, when known. */
  location: string | null;
}

/** One request as its customer (and the warehouse) sees it. */
export interface PackageRequest {
  id: number;
  kind: RequestKind;
  kindLabel: string;
  state: RequestState;
  stateLabel: string;
  packages: RequestPackage[];
  repackOption: RepackOption | null;
  note: string;
  /** The return label's file (/api/files/:id), for 'Devolver a la tienda'. */
  labelUrl: string | null;
  /** The fee the customer accepted, in cents and whole pesos. */
  feeCents: number;
  feeCop: number;
  /** The warehouse's 'Motivo' when 'Rechazada'. */
  reason: string;
  /** The new package of a completed consolidation. */
  resultPackageNumber: number | null;
  createdAt: string;
  finishedAt: string | null;
}

/** GET /api/requests (?paquete=N) */
export interface RequestList {
  requests: PackageRequest[];
}

/** POST /api/requests, POST /api/requests/:id/cancel */
export interface RequestSaved {
  request: PackageRequest;
  message: string;
}

/** PUT /api/requests/label */
export interface LabelSaved {
  fileId: string;
  message: string;
}

/** A request in the warehouse's queue: with its customer and 'Casillero'. */
export interface QueuedRequest extends PackageRequest {
  customerName: string;
  lockerNumber: string;
}

/** GET /api/warehouse/requests: the open requests, oldest first. */
export interface RequestQueue {
  /** The oldest open requests, at most QUEUE_PAGE of them. */
  requests: QueuedRequest[];
  /** More are open behind them. */
  more: boolean;
}

/** POST /api/warehouse/requests/:id/(start|refuse|complete) */
export interface QueueChanged {
  message: string;
  /** The new package of a consolidation ('Imprimir etiqueta'). */
  newPackage: number | null;
}

/** POST /api/warehouse/requests/:id/scan */
export interface Scanned {
  number: number;
  message: string;
}
