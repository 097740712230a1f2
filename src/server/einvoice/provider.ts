// The port every electronic-invoice provider ('proveedor tecnológico') is behind: Factus first, Alegra or Siigo
// later. The provider signs, computes the CUFE, talks to DIAN and answers with the number; we send our lines and
// the buyer, and keep what it answered.

import type { DocumentType } from '../../shared/einvoice/billing-data.ts';
import type { InvoiceLine } from '../../shared/einvoice/lines.ts';
import type { EinvoiceRefusal } from '../db/schema/einvoice.ts';

export interface Buyer {
  documentType: DocumentType;
  documentNumber: string;
  name: string;
  address: string;
  municipality: string;
  email: string;
}

export interface DocumentToSend {
  /** Our settlement's id: the provider's reference_code, so one settlement is never issued twice. */
  referenceCode: string;
  buyer: Buyer;
  lines: InvoiceLine[];
  observation: string;
}

export interface Issued {
  kind: 'issued';
  prefix: string;
  number: string;
  cufe: string;
  qrUrl: string;
  providerId: string;
}

/** What one sending came to: issued; refused (until the data are fixed); or to try again later. */
export type ProviderAnswer =
  | Issued
  | { kind: 'refused'; refusals: EinvoiceRefusal[] }
  | { kind: 'retry'; reason: string; retryAfterSeconds?: number };

export interface EinvoiceProvider {
  name: string;
  issueInvoice(document: DocumentToSend): Promise<ProviderAnswer>;
  /** A credit note annulling the invoice `invoiceNumber` (provider id `invoiceProviderId`) in full. */
  issueCreditNote(document: DocumentToSend & { invoiceProviderId: string }): Promise<ProviderAnswer>;
  /** The provider's PDF or XML of an issued document. */
  download(number: string, format: 'pdf' | 'xml'): Promise<{ fileName: string; bytes: Buffer } | null>;
}
