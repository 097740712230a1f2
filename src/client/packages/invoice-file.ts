// The invoice a customer attaches (a pre-alert's, a request's return label): the kinds the file picker offers and
// the check before sending. Apart from the pre-alert form's zod schema, so a package's page offers 'Adjuntar
// factura' without loading zod before the person can act.
import { INVOICE_INVALID } from '../../shared/packages/invoice-file.ts';

export const INVOICE_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';
const INVOICE_MAX_BYTES = 10 * 1024 * 1024;

/** The server checks the bytes; this spares sending 10 MB only to be refused for the name or the size. */
export function invoiceProblem(file: File): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const known = ['pdf', 'jpg', 'jpeg', 'png', 'webp'].includes(extension);
  if (!known || file.size === 0 || file.size > INVOICE_MAX_BYTES) return INVOICE_INVALID;
  return null;
}
