// The words of an invoice file refused (design/packages.md 'Pre-alert'), apart from the pre-alert's zod schema: the
// server's check and the browser's say the same.
export const INVOICE_INVALID = 'La factura debe ser PDF, JPG, PNG o WebP de hasta 10 MB.';
