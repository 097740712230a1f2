// The electronic invoice's calls: the customer's 'Datos de facturación'.
import type {
  AdminInvoices,
  BillingDataSaved,
  BillingDataView,
  CustomerInvoice,
  InvoiceRetried,
  InvoiceTaxSaved,
} from '../../shared/einvoice/api-types.ts';
import type { BillingDataInput } from '../../shared/einvoice/billing-data.ts';
import type { InvoiceTaxes, InvoiceTaxInput } from '../../shared/einvoice/taxes.ts';
import { api } from '../app/request.ts';

export const einvoiceKeys = { billingData: ['me', 'billing-data'] as const };

export const getBillingData = (signal?: AbortSignal) =>
  api.get<BillingDataView>('/api/me/facturacion', { signal });

export const saveBillingData = (body: BillingDataInput) =>
  api.post<BillingDataSaved>('/api/me/facturacion', body);

export const invoiceKeys = { admin: (state: string) => ['admin', 'invoices', state] as const };

/** GET /api/admin/facturas: the invoices, filtered by state ('' for all). */
export const getAdminInvoices = (state: string, signal?: AbortSignal) =>
  api.get<AdminInvoices>(`/api/admin/facturas${state ? `?estado=${state}` : ''}`, { signal });

export const retryInvoice = (id: number) =>
  api.post<InvoiceRetried>(`/api/admin/facturas/${encodeURIComponent(String(id))}/reintentar`, {});

export const packageInvoiceKeys = {
  one: (number: number | string, search = '') => ['packages', String(number), 'invoice', search] as const,
};

const invoicePath = (number: number | string) =>
  `/api/packages/${encodeURIComponent(String(number))}/factura`;

/** The package's electronic invoice (404 while it has none); `search` '?parte=saldo': its balance's. */
export const getPackageInvoice = (number: number | string, search: string, signal?: AbortSignal) =>
  api.get<CustomerInvoice>(`${invoicePath(number)}${search}`, { signal });

/** The provider's PDF or XML of the package's invoice (of its balance with `search` '?parte=saldo'). */
export const invoiceFileUrl = (number: number | string, format: 'pdf' | 'xml' | 'qr.svg', search = '') =>
  `${invoicePath(number)}.${format}${search}`;

/** 'Descargar CSV' of 'Facturas electrónicas' in the chosen state. */
export const invoicesCsvUrl = (state: string) => `/api/admin/facturas.csv${state ? `?estado=${state}` : ''}`;

export const invoiceTaxKeys = { list: ['admin', 'invoice-taxes'] as const };

/** 'Impuestos de la factura electrónica' on 'Tarifas'. */
export const getInvoiceTaxes = (signal?: AbortSignal) =>
  api.get<InvoiceTaxes>('/api/admin/facturas/impuestos', { signal });

export const saveInvoiceTax = (body: InvoiceTaxInput) =>
  api.post<InvoiceTaxSaved>('/api/admin/facturas/impuestos', body);
