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
