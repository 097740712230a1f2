// What the packages API answers (src/server/packages/routes.ts), as the screens read it.
import type { DeliveryAttempt, DeliveryProof } from '../delivery/api-types.ts';
import type { Carrier } from './guides.ts';
import type { PackageState } from './states.ts';

/** A row of 'Mis paquetes'. */
export interface PackageSummary {
  number: number;
  guide: string;
  carrier: Carrier | null;
  store: string;
  content: string;
  state: PackageState;
  declaredValueCents: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/packages: a page, newest first, and how many of the customer's packages are in each state. */
export interface PackageList {
  packages: PackageSummary[];
  counts: Partial<Record<PackageState, number>>;
  /** Packages matching the search and filter (all pages). */
  total: number;
  page: number;
  pageSize: number;
}

export interface PackageEvent {
  id: number;
  state: PackageState;
  at: string;
  /** 'Tú', 'Bodega', 'Administración' or 'Sistema': never a staff member's name. */
  actor: string;
  note: string;
  carrier: string;
  carrierGuide: string;
}

export interface PackageFile {
  id: string;
  kind: 'invoice' | 'photo';
  mime: string;
  size: number;
  createdAt: string;
  /** Where the browser reads it: /api/files/:id. */
  url: string;
  thumbnailUrl: string | null;
}

/** 'Valor a pagar' and the figures it came from (computed on receipt). */
export interface PackageCharge {
  chargeableLb: number;
  freightCents: number;
  insuranceCents: number;
  taxesCents: number;
  creditUsedCents: number;
  totalCents: number;
  totalCop: number;
}

/** GET /api/packages/:number */
export interface PackageDetail extends PackageSummary {
  quantity: number;
  deliveryAddress: string;
  /** 1 or 2: which of the customer's addresses it was copied from. */
  addressChoice: 1 | 2;
  instructions: string;
  lockerNumber: string | null;
  weightLb: number | null;
  lengthIn: number | null;
  widthIn: number | null;
  heightIn: number | null;
  condition: string | null;
  receivedAt: string | null;
  holdReason: string | null;
  charge: PackageCharge | null;
  /** Whole days since it was received, while it waits in Miami ('Recibido en Miami' or held there). */
  daysInWarehouse: number | null;
  /** Free storage days left (0 once they are over), while it waits in Miami. */
  freeStorageDaysLeft: number | null;
  events: PackageEvent[];
  files: PackageFile[];
  warning: string | null;
  /** The proof of delivery once a courier delivered it ('Documento' is '••••' + its last four digits for the customer). */
  delivery: DeliveryProof | null;
  /** Its failed delivery attempts ('No entregado'), oldest first. */
  attempts: DeliveryAttempt[];
}

/** POST /api/packages and PATCH /api/packages/:number */
export interface PrealertSaved {
  package: PackageDetail;
  message: string;
  warning: string | null;
}
