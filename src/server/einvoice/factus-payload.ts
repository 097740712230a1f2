// What Factus's API takes and gives (its public docs: POST /v1/bills/validate, /v1/credit-notes/validate, their
// 422 bodies): our buyer and lines as its fields, and its refusals in DIAN's codes with their messages.
import { splitNit } from '../../shared/einvoice/billing-data.ts';
import type { InvoiceLine } from '../../shared/einvoice/lines.ts';
import type { EinvoiceRefusal } from '../db/schema/einvoice.ts';
import type { Buyer } from './provider.ts';

/** Factus's table of identity documents (to confirm with the provider for PPT, newer than its table). */
export const FACTUS_DOCUMENT_IDS: Record<Buyer['documentType'], number> = {
  CC: 3,
  CE: 5,
  NIT: 6,
  PA: 7,
  PPT: 8,
};

export function factusCustomer(buyer: Buyer, municipalityId: number) {
  const nit = buyer.documentType === 'NIT' ? splitNit(buyer.documentNumber) : null;
  return {
    identification: nit ? nit.number : buyer.documentNumber,
    ...(nit ? { dv: String(nit.checkDigit), company: buyer.name } : { names: buyer.name }),
    address: buyer.address,
    email: buyer.email,
    // 1: persona jurídica, 2: persona natural; 18: responsable de IVA, 21: no aplica (the accountant confirms).
    legal_organization_id: nit ? '1' : '2',
    tribute_id: nit ? '18' : '21',
    identification_document_id: String(FACTUS_DOCUMENT_IDS[buyer.documentType]),
    municipality_id: String(municipalityId),
  };
}

/** Our lines in Factus's items: the price with IVA included, the credit as a discount rate, IVA 1 or excluded. */
export function factusItems(lines: InvoiceLine[]) {
  return lines.map((line) => ({
    code_reference: line.kind,
    name: line.description,
    quantity: 1,
    discount_rate: line.grossCop > 0 ? Math.round((line.discountCop * 10_000) / line.grossCop) / 100 : 0,
    price: line.grossCop,
    tax_rate: (line.vatBasisPoints / 100).toFixed(2),
    unit_measure_id: 70,
    standard_code_id: 1,
    is_excluded: line.excluded ? 1 : 0,
    tribute_id: 1,
    withholding_taxes: [],
  }));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The refusals of a 4xx body: `data.errors` (or `errors`) keyed by DIAN's rule (FAK24…) or by the field, each a
 * message or a list; else its `message`.
 */
export function factusRefusals(body: unknown, status: number): EinvoiceRefusal[] {
  const root = isRecord(body) ? body : {};
  const data = isRecord(root.data) ? root.data : {};
  const errors = isRecord(data.errors) ? data.errors : isRecord(root.errors) ? root.errors : {};
  const refusals = Object.entries(errors).flatMap(([code, value]) =>
    (Array.isArray(value) ? value : [value]).map((message) => ({ code, message: String(message) })),
  );
  if (refusals.length > 0) return refusals;
  const message = typeof root.message === 'string' ? root.message : `Factus respondió ${status}`;
  return [{ code: String(status), message }];
}

/**
 * The issued document in a 2xx body (`data.bill` or `data.credit_note`), or null when it is not there. A credit
 * note's own code is its CUDE (`cude`); its `cufe` is the invoice's it annuls.
 */
export function factusIssued(body: unknown, key: 'bill' | 'credit_note') {
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  const document = isRecord(data[key]) ? data[key] : null;
  const code = document?.[key === 'bill' ? 'cufe' : 'cude'];
  if (!document || typeof document.number !== 'string' || typeof code !== 'string') return null;
  const range = isRecord(data.numbering_range) ? data.numbering_range : {};
  const prefix =
    typeof range.prefix === 'string' ? range.prefix : (/^[A-Za-z]*/.exec(document.number)?.[0] ?? '');
  return {
    kind: 'issued' as const,
    prefix,
    number: document.number.slice(prefix.length),
    cufe: code,
    qrUrl: typeof document.qr === 'string' ? document.qr : '',
    providerId: String(document.id ?? ''),
  };
}
