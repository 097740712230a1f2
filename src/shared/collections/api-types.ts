// What the money API answers (src/server/collections, and the close in src/server/delivery/close.ts). Types only.
//
// Endpoints (admin unless said; a courier, a customer or bodega staff get 403):
//   GET  /api/admin/delivery/routes/:id/cash          → RouteCash: the close's figures before and after 'Cerrar ruta'
//   POST /api/admin/delivery/routes/:id/close         body CashCloseForm → RouteClosed (400 `note` with a difference
//                                                      and no 'Observación'; 409 when the route is not 'En curso')
//   POST /api/admin/recaudos/collections/:id/corrections
//                                                      body CollectionCorrectionForm → CollectionCorrected (409 while
//                                                      the collection's route is open)
//   GET  /api/admin/recaudos?desde=YYYY-MM-DD&hasta=YYYY-MM-DD → Recaudos (last 7 days by default)
//   GET  /api/admin/recaudos.csv?desde=…&hasta=…      → 'recaudos-DESDE-HASTA.csv' (one line per collection)
//   POST /api/admin/recaudos/remittances              body: the CSV file itself (content-type text/csv), columns
//                                                      guia, valor, fecha → RemittanceImported; a file that fails the
//                                                      whole check → 400 RemittanceRefused body (nothing applied);
//                                                      a type other than text/csv (or octet-stream) → 415
//   GET  /api/packages/:number/receipt                (the owner or staff; others 404) → PaymentReceipt
//   GET  /api/packages/:number/receipt.pdf            (the owner or staff; others 404) → application/pdf
//   The receipt's screen is /paquetes/:number/comprobante (paths.receipt in src/shared/paths.ts; linked from the
//   'Entregado' mail with receiptMailLine).
import type { RouteDetail } from '../delivery/api-types.ts';
import type { CollectedMeans } from '../delivery/door-choices.ts';
import type { CloseFigures, CollectionSource, RemittanceOutcome } from './forms.ts';

/** An amount by payment means, in whole pesos: a sum of stored collections. */
export interface MeansTotal {
  means: CollectedMeans;
  label: string;
  amountCop: number;
  count: number;
}

/** One collection as staff read it (its current values; corrections keep the earlier ones in `corrections`). */
export interface CollectionEntry {
  id: number;
  packageNumber: number;
  guide: string;
  customerName: string;
  source: CollectionSource;
  routeId: number | null;
  courierName: string | null;
  /** The national carrier ('Servientrega'…) of a carrier's collection, else ''. */
  carrier: string;
  /** 'Valor a pagar' of the package as its settlement froze it, whole pesos (0 without a charge). */
  valueToPayCop: number;
  /** 'Valor cobrado', whole pesos. */
  amountCop: number;
  means: CollectedMeans;
  meansLabel: string;
  reference: string;
  collectedAt: string;
  /** True once its route is closed (or for a carrier's): only an admin's correction changes it. */
  locked: boolean;
  /** When the carrier's remittance marked it received, else null. */
  remittedAt: string | null;
  /** Made on the phone before its route's close, synced after it ('Registrada después del cierre'): out of the
   * close's figures until an admin settles it. */
  afterClose: boolean;
  /** What the admin counted when settling it (null while it waits). */
  lateCountedCop: number | null;
  corrections: CollectionCorrectionEntry[];
}

/** One admin correction: what the collection was and became, the note, who and when (audited too). */
export interface CollectionCorrectionEntry {
  id: number;
  at: string;
  byName: string;
  note: string;
  before: { amountCop: number; means: CollectedMeans; reference: string };
  after: { amountCop: number; means: CollectedMeans; reference: string };
}

/** A stored 'Cierre de caja'. */
export interface CashCloseRecord extends CloseFigures {
  id: number;
  routeId: number;
  /** 'Efectivo entregado'. */
  cashDeliveredCop: number;
  /** 'Observación' ('' when there was no difference). */
  note: string;
  closedAt: string;
  closedByName: string;
  byMeans: MeansTotal[];
  /** Deliveries counted in the close. */
  delivered: number;
}

/**
 * GET /api/admin/delivery/routes/:id/cash: the route's money. Before the close `close` is null and `figures` are the
 * live sums with 'Efectivo entregado' taken as the cash collected (no difference yet); after it, the stored close.
 * The route sheet and its close print as one page from RouteDetail + RouteCash.
 */
export interface RouteCash {
  routeId: number;
  locked: boolean;
  figures: CloseFigures;
  byMeans: MeansTotal[];
  delivered: number;
  collections: CollectionEntry[];
  close: CashCloseRecord | null;
}

/** POST /api/admin/delivery/routes/:id/close: the route as it now is ('Cerrada'), its close, and the message. */
export interface RouteClosed {
  route: RouteDetail;
  close: CashCloseRecord;
  message: string;
}

/** POST /api/admin/recaudos/collections/:id/corrections */
export interface CollectionCorrected {
  collection: CollectionEntry;
  message: string;
}

/** The figures of one courier or carrier over the range, whole pesos, each a sum of stored rows. */
export interface RecaudosFigures {
  /** Packages with money in the range ('Entregas'): one with two collections, its charge's and its 'Saldo
   * pendiente''s, counts once. */
  deliveries: number;
  /** 'Valor a pagar' of those packages. */
  expectedCop: number;
  /** What was charged at the door (the stored collections). */
  collectedCop: number;
  /** Of that, what reached us: the cash the cashier counted ('Efectivo entregado') and the other means of closed
   * routes, what an admin counted for a delivery synced after its close, a carrier's remitted collections. */
  receivedCop: number;
  /** Still with the courier (route not closed, or a late delivery not settled) or the carrier (not remitted). */
  pendingCop: number;
  /** 'Faltante': cash collected on closed routes that the count did not find (negative: a surplus). collected =
   * received + pending + shortfall. */
  shortfallCop: number;
}

export interface RecaudosCourier extends RecaudosFigures {
  courierId: string;
  courierName: string;
  byMeans: MeansTotal[];
}

export interface RecaudosCarrier extends RecaudosFigures {
  carrier: string;
}

/** Cash of a route not yet closed (any day): who holds it now. */
export interface UnclosedCash {
  routeId: number;
  date: string;
  zone: string;
  courierName: string;
  /** Collections in 'Efectivo'. */
  cashCop: number;
  /** Collections of every means. */
  collectedCop: number;
  deliveries: number;
}

/** A carrier's package delivered and not yet remitted (any day), with its age. */
export interface UnremittedPackage {
  collectionId: number;
  packageNumber: number;
  guide: string;
  carrierGuide: string;
  amountCop: number;
  deliveredAt: string;
  /** Whole days since delivery, by Colombia's calendar. */
  ageDays: number;
}

export interface UnremittedByCarrier {
  carrier: string;
  count: number;
  totalCop: number;
  oldestAgeDays: number;
  /** The oldest first, at most MAX_UNREMITTED_LISTED (count and totalCop count them all). */
  packages: UnremittedPackage[];
}

/** GET /api/admin/recaudos */
export interface Recaudos {
  from: string;
  to: string;
  totals: RecaudosFigures;
  byMeans: MeansTotal[];
  byCourier: RecaudosCourier[];
  byCarrier: RecaudosCarrier[];
  /** Paid online through Wompi ('En línea'): received when approved, nothing to collect at the door. */
  online: RecaudosFigures;
  /** Today, whatever the range. */
  unclosedCash: UnclosedCash[];
  unclosedCashCop: number;
  /** Today, whatever the range. */
  unremitted: UnremittedByCarrier[];
  unremittedCop: number;
}

/** One row of a remittance file, as read, and what became of it. `line` counts the header as line 1. */
export interface RemittanceRow {
  line: number;
  guide: string;
  amountCop: number;
  date: string;
  outcome: RemittanceOutcome;
  outcomeLabel: string;
  /** Why it was not applied, in Spanish ('' when applied). */
  reason: string;
  packageNumber: number | null;
}

/** POST /api/admin/recaudos/remittances when the file passed the whole check. */
export interface RemittanceImported {
  /** The stored remittance's id; null when no row applied (the same file twice changes nothing). */
  remittanceId: number | null;
  applied: number;
  appliedCop: number;
  rows: RemittanceRow[];
  message: string;
}

/** The 400 of a file that failed the whole check: the usual error body, every problem found (at most 100) in
 * `details.problems`; a file too large is the same 400 with code 'remittance_too_large' and no details. */
export interface RemittanceRefused {
  error: { code: 'invalid_remittance'; message: string; details: { problems: string[] } };
}

/** GET /api/packages/:number/receipt: 'Comprobante de pago'. */
export interface PaymentReceipt {
  /** Its own number from a sequence, assigned once per package. */
  receiptNumber: number;
  /** 'CP-000123': how it is printed. */
  receiptCode: string;
  issuedAt: string;
  company: { name: string; nit: string; address: string };
  customer: { name: string; email: string };
  package: { number: number; guide: string; content: string };
  /** The fee lines frozen with the settlement ('Consolidación', 'Almacenaje', ...), included in 'Valor a pagar'. */
  feeLines: Array<{ label: string; amountCents: number; amountCop: number }>;
  /** 'Valor a pagar' in USD cents and whole pesos. */
  valueToPayCents: number;
  valueToPayCop: number;
  /** 'Valor pagado', whole pesos. */
  paidCop: number;
  means: CollectedMeans;
  meansLabel: string;
  reference: string;
  /** When it was paid (the delivery's time). */
  paidAt: string;
  receivedBy: string;
  /** The printable page's path and the PDF's. */
  pdfPath: string;
}

/** A delivery of the person's parcel in 'Mis datos' (GET /api/me/data `entregas`), in the export's Spanish names. */
export interface ExportedDelivery {
  paquete: number;
  fecha: string;
  recibidoPor: string;
  documento: string;
  relacion: string;
  nota: string;
  latitud: number | null;
  longitud: number | null;
}

/** A payment of the person in 'Mis datos' (GET /api/me/data `pagos`). */
export interface ExportedPayment {
  paquete: number;
  fecha: string;
  valorPagadoPesos: number;
  medioDePago: string;
  referencia: string;
  /** 'CP-000123', or '' before the receipt was first opened. */
  comprobante: string;
}

/** GET /api/admin/recaudos/late: deliveries synced after their route's close, waiting for an admin to settle them. */
export interface LateDeliveries {
  deliveries: CollectionEntry[];
}

/** POST /api/admin/recaudos/collections/:id/late-count */
export interface LateDeliverySettled {
  collection: CollectionEntry;
  message: string;
}
