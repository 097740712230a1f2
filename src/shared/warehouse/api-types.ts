// What the warehouse API answers (src/server/warehouse/routes.ts) to /bodega and /etiqueta. Types only: the
// browser and the server read the same shapes.
import type { Carrier } from '../packages/guides.ts';
import type { PackageState } from '../packages/states.ts';

export interface LookupMatch {
  number: number;
  state: PackageState;
  customerName: string | null;
  lockerNumber: string | null;
  store: string;
  content: string;
  declaredValueCents: number;
  instructions: string;
}

/** GET /api/warehouse/lookup?guia=… */
export interface Lookup {
  guide: string;
  carrier: Carrier | null;
  /** 'Este paquete ya fue recibido el …' when the guide was received before. */
  alreadyReceived: string | null;
  match: LookupMatch | null;
}

/** POST /api/warehouse/receipts */
export interface ReceiptSaved {
  number: number;
  identified: boolean;
  message: string;
  state: PackageState;
}

/** POST /api/warehouse/packages/:number/assign: the package, now the customer's. */
export interface Assigned {
  number: number;
  message: string;
  state: PackageState;
}

/** POST /api/warehouse/photos: a photo kept until its receipt is saved. */
export interface StagedPhoto {
  id: string;
  url: string;
  thumbnailUrl: string;
}

/** A row of 'Sin identificar' and of 'Recibidos hoy'. */
export interface WarehousePackage {
  number: number;
  guide: string;
  lockerNumber: string | null;
  customerName: string | null;
  weightLb: number | null;
  warehouseNotes: string;
  receivedAt: string | null;
  thumbnailUrl: string | null;
  state: PackageState;
}

/** GET /api/warehouse/unidentified and GET /api/warehouse/today */
export interface WarehouseList {
  packages: WarehousePackage[];
}

/** GET /api/warehouse/labels/:number */
export interface Label {
  number: number;
  lockerNumber: string | null;
  name: string | null;
  city: string | null;
  weightLb: number | null;
  receivedAt: string | null;
  /** Received 'Dañado': the label says so. */
  damaged: boolean;
  /** The instructions or the warehouse's notes say 'Frágil': the label says so. */
  fragile: boolean;
}

/** POST /api/warehouse/packages/:number/location */
export interface LocationSaved {
  location: string | null;
  message: string;
}
