// The electronic invoice's calls: the customer's 'Datos de facturación'.
import type { BillingDataSaved, BillingDataView } from '../../shared/einvoice/api-types.ts';
import type { BillingDataInput } from '../../shared/einvoice/billing-data.ts';
import { api } from './request.ts';

export const einvoiceKeys = { billingData: ['me', 'billing-data'] as const };

export const getBillingData = (signal?: AbortSignal) =>
  api.get<BillingDataView>('/api/me/facturacion', { signal });

export const saveBillingData = (body: BillingDataInput) =>
  api.post<BillingDataSaved>('/api/me/facturacion', body);
