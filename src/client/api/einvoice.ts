// The electronic invoice's calls: the customer's 'Datos de facturación'.
import type {
  AdminInvoices,
  BillingDataSaved,
  BillingDataView,
  InvoiceRetried,
} from '../../shared/einvoice/api-types.ts';
import type { BillingDataInput } from '../../shared/einvoice/billing-data.ts';
import { api } from './request.ts';

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
