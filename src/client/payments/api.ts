// The online payments API (src/server/payments/routes.ts) as the screens call it, with its query keys.
import type {
  PaymentRefunded,
  PaymentStarted,
  PaymentView,
  StaffPayment,
} from '../../shared/payments/api-types.ts';
import { api } from '../app/request.ts';

export const paymentKeys = {
  one: (reference: string) => ['payments', reference] as const,
  staff: ['payments', 'staff'] as const,
  staffList: (filters: StaffPaymentFilters) => ['payments', 'staff', filters] as const,
};

/** 'Pagos en línea' (/admin/pagos): '' is every state, every means, every day. */
export interface StaffPaymentFilters {
  estado: string;
  medio: string;
  dia: string;
}

const filterQuery = (filters: StaffPaymentFilters) => {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value)).toString();
  return query ? `?${query}` : '';
};

/** 'Pagar en línea' / 'Pagar seleccionados': our payment and the checkout URL to go to. */
export const startPayment = (packages: number[]) => api.post<PaymentStarted>('/api/pagos', { packages });

/** The payment `reference`; `transactionId` (the checkout's `?id=`) lets the server ask Wompi when no event came. */
export function getPayment(reference: string, transactionId: string, signal?: AbortSignal) {
  const query = transactionId ? `?id=${encodeURIComponent(transactionId)}` : '';
  return api.get<PaymentView>(`/api/pagos/${encodeURIComponent(reference)}${query}`, { signal });
}

/** 'Pagos en línea' (admins), filtered. */
export const getStaffPayments = (filters: StaffPaymentFilters, signal?: AbortSignal) =>
  api.get<{ payments: StaffPayment[] }>(`/api/admin/pagos${filterQuery(filters)}`, { signal });

export const staffPaymentsCsvUrl = (filters: StaffPaymentFilters) =>
  `/api/admin/pagos.csv${filterQuery(filters)}`;

/** 'Reembolsar' (admins): `referencia` is needed unless Wompi voids a card. */
export const refundPayment = (reference: string, body: { motivo: string; referencia: string }) =>
  api.post<PaymentRefunded>(`/api/admin/pagos/${encodeURIComponent(reference)}/reembolso`, body);
