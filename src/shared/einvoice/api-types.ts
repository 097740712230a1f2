// What the electronic-invoice API answers (src/server/einvoice). Types only.
import type { BillingData } from './billing-data.ts';

/** GET /api/me/facturacion: the saved billing data, or the registration's as a proposal (`saved: false`). */
export interface BillingDataView extends BillingData {
  saved: boolean;
  /** Where the invoice is delivered: the account's e-mail. */
  email: string;
}

export interface BillingDataSaved {
  message: string;
  data: BillingDataView;
}

export type InvoiceState = 'pending' | 'issued' | 'refused' | 'cancelled';

/** One row of 'Facturas electrónicas'. */
export interface AdminInvoice {
  id: number;
  kind: 'invoice' | 'credit_note';
  settlementId: number;
  packageNumber: number;
  customerName: string;
  lockerNumber: string;
  state: InvoiceState;
  totalCop: number;
  customsCop: number;
  /** 'SETP990000012' once issued. */
  fullNumber: string | null;
  cufe: string | null;
  qrUrl: string | null;
  refusals: Array<{ code: string; message: string }>;
  lastError: string | null;
  attempts: number;
  settledAt: string;
  issuedAt: string | null;
}

/** GET /api/admin/facturas. */
export interface AdminInvoices {
  /** False while EINVOICE_PROVIDER is unset: nothing is sent. */
  enabled: boolean;
  counts: Record<InvoiceState, number>;
  invoices: AdminInvoice[];
}

export interface InvoiceRetried {
  message: string;
}

/** An issued document as its customer sees it. */
export interface IssuedDocument {
  /** 'SETP990000012'. */
  fullNumber: string;
  cufe: string;
  qrUrl: string;
  issuedAt: string;
}

/** GET /api/packages/:number/factura: the package's electronic invoice (404 when it has none or is another's). */
export interface CustomerInvoice {
  state: InvoiceState;
  invoice: IssuedDocument | null;
  /** The 'Nota crédito' that annulled it, once issued. */
  creditNote: IssuedDocument | null;
  lines: Array<{
    description: string;
    grossCop: number;
    discountCop: number;
    vatBasisPoints: number;
    vatCop: number;
    excluded: boolean;
  }>;
  totalCop: number;
  /** 'Tributos aduaneros pagados por cuenta del cliente', not invoiced. */
  customsCop: number;
  /** Whether the provider's PDF and XML can be downloaded. */
  downloads: boolean;
}

export interface InvoiceTaxSaved {
  message: string;
}

/** One electronic invoice or credit note in 'Mis datos' › export. */
export interface ExportedInvoice {
  paquete: number;
  documento: 'factura' | 'nota_credito';
  estado: InvoiceState;
  numero: string | null;
  cufe: string | null;
  totalCop: number;
  tributosAduanerosCop: number;
  emitida: string | null;
}
