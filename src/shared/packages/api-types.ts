// What the packages API answers (src/server/packages/routes.ts), as the screens read it.

import type { ChargeLine } from '../charges/charge-lines.ts';
import type { DeliveryAttempt, DeliveryProof } from '../delivery/api-types.ts';
import type { NoticeState } from '../notices/templates.ts';
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
  /** 'Valor a pagar' once the warehouse charged it: USD cents and whole pesos; null before. */
  toPay: { cents: number; cop: number } | null;
  /** Its money was settled (online, at the door or by a carrier); 'Pagado en línea' when `paidOnline`. */
  paid: boolean;
  paidOnline: boolean;
  /** 'Saldo pendiente': lines stored after its charge was paid (a storage fee), still owed; null when none. */
  balance: { cents: number; cop: number } | null;
  /** The open request in Miami holding it (its number), if any: it is paid once the warehouse completes it. */
  openRequest: number | null;
  /** The dispatch it is in, if any: it takes no more requests. */
  dispatchId: number | null;
}

/** GET /api/packages: a page, newest first, and how many of the customer's packages are in each state. */
export interface PackageList {
  packages: PackageSummary[];
  counts: Partial<Record<PackageState, number>>;
  /** Packages matching the search and filter (all pages). */
  total: number;
  page: number;
  pageSize: number;
  /** The packages that need the customer ('Retenido'): how many, and the one's number when there is exactly one. */
  attention: { count: number; number: number | null };
  /** The packages of this page waiting for the customer's 'Despachar' ('Esperando instrucciones'). */
  waiting: number[];
}

/** 'Aviso por WhatsApp: leído 10:42' or 'Aviso por correo': src/shared/notices/labels.ts writes the words. */
export interface EventNotice {
  channel: 'whatsapp' | 'correo';
  /** The WhatsApp notice's state; null for a mail. */
  state: NoticeState | null;
  /** When it reached that state (read, delivered, sent); null for a mail or a notice still queued. */
  at: string | null;
}

/** 'state': a move to `state`; 'invoice': the customer attached an invoice ('Factura adjuntada'), state unchanged. */
/** A move, an attached invoice, or a step of a request in Miami (repacked, photographed) that is no move. */
export type PackageEventKind = 'state' | 'invoice' | 'request';

export interface PackageEvent {
  id: number;
  kind: PackageEventKind;
  /** The state it moved to ('state'), or the state the package was in ('invoice'). */
  state: PackageState;
  at: string;
  /** 'Tú' (to staff, the customer's name), 'Bodega', 'Administración' or 'Sistema': never a staff member's name. */
  actor: string;
  note: string;
  carrier: string;
  carrierGuide: string;
  /** How the customer was told of this move (design/notices.md 'What people see'); null when nobody was told. */
  notice: EventNotice | null;
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
  /** Its fee lines in force ('Consolidación', 'Reempaque', ...); the totals include them. */
  lines: ChargeLine[];
  totalCents: number;
  totalCop: number;
  /** Set when the charge was annulled ('Anulado: consolidado en 812'): the totals are then 0. */
  annulNote: string | null;
  /** The TRM it was converted with, in hundredths of a peso per dollar, and the day it was taken (YYYY-MM-DD). */
  trmHundredths: number;
  trmDate: string;
  /** 'Umbral sin impuestos (USD)' of the rates it used: taxes apply when the declared value is over it. */
  taxFreeThresholdCents: number;
}

/** GET /api/packages/:number */
export interface PackageDetail extends PackageSummary {
  /** Its 'Saldo pendiente' was paid (online or at the door): it has that payment's 'Comprobante de pago' too. */
  balancePaid: boolean;
  quantity: number;
  deliveryAddress: string;
  /** 1 or 2: which of the customer's addresses it was copied from. */
  addressChoice: 1 | 2;
  instructions: string;
  lockerNumber: string | null;
  /** 'Ubicación' in the Miami warehouse: staff only (null for the customer). */
  location: string | null;
  weightLb: number | null;
  lengthIn: number | null;
  widthIn: number | null;
  heightIn: number | null;
  condition: string | null;
  receivedAt: string | null;
  holdReason: string | null;
  /** While 'Retenido': the state it was held in (where the tracker stands), as the customer sees states. */
  heldFrom: PackageState | null;
  charge: PackageCharge | null;
  /** Whole days since it was received, while it waits in Miami ('Recibido en Miami' or held there). */
  daysInWarehouse: number | null;
  /** Free storage days left (0 once they are over), while it waits in Miami. */
  freeStorageDaysLeft: number | null;
  /** While it waits in Miami: when the free days end (ISO; our holds and work push it later) and, once storage
   * accrues, the days so far and the rate a day in force ('Almacenaje: N días × US$ 0,50', an estimate). */
  storage: { freeUntil: string; days: number; rateCents: number } | null;
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
