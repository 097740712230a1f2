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

export type InvoiceState = 'pending' | 'issued' | 'refused';

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
