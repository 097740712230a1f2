// The words of 'Facturas electrónicas' both sides use.
import type { InvoiceState } from './api-types.ts';

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  pending: 'Pendiente',
  issued: 'Emitida',
  refused: 'Rechazada',
  cancelled: 'Anulada sin emitir',
};

export const invoiceMessages = {
  off: 'La facturación electrónica está apagada: falta EINVOICE_PROVIDER (y FACTUS_*) en el servidor. Las liquidaciones quedan registradas y sus facturas se enviarán cuando se active.',
  retried: 'Listo: la factura se enviará de nuevo en unos segundos.',
  notRetriable: 'Solo una factura rechazada se puede reintentar.',
  saleVoided:
    'La venta de esta factura se anuló: no se factura. Si el paquete se cobra de nuevo, esa liquidación tendrá su propia factura.',
  cancelled: 'La venta se anuló antes de emitir la factura: no se envía a la DIAN ni necesita nota crédito.',
  notFound: 'No encontramos esa factura.',
  customsApart: 'Tributos aduaneros pagados por cuenta del cliente',
} as const;

/** The 'Entregado' mail's line about the electronic invoice (issued after it, within minutes). */
export const invoiceMailLine = (url: string) =>
  `Tu factura electrónica aparece en la página de tu paquete en cuanto la DIAN la valida: ${url}`;
