// A document sent as the request body itself (a pre-alert's invoice, a request's return label): its type is sniffed
// from its bytes (PDF, JPG, PNG or WebP, and whole) before anything is stored.
import type { Context } from 'hono';
import { type DomainErrorOptions, Invalid } from '../errors.ts';
import { uploadedBytes } from '../http.ts';
import { checkInvoice, type InvoiceType } from './invoice-check.ts';

/** The body's bytes and their type: 415 for a form instead of a file, 400 with `message` for any other bytes. */
export async function uploadedDocument(
  c: Context,
  message: string,
  options?: DomainErrorOptions,
): Promise<{ bytes: Buffer; mime: InvoiceType }> {
  const bytes = Buffer.from(await uploadedBytes(c, message));
  const mime = await checkInvoice(bytes);
  if (!mime) throw new Invalid('invalid_file', message, options);
  return { bytes, mime };
}
