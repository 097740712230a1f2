// The online payments' words that screens paint with (no zod here: the courier's first paint reads them).
import type { OnlinePaymentState } from './api-types.ts';

/** What each state says on `/pagos/:referencia`. */
export const PAYMENT_STATE_TITLES: Record<OnlinePaymentState, string> = {
  pendiente: 'Estamos confirmando tu pago',
  aprobado: 'Pago aprobado',
  rechazado: 'Pago rechazado',
  error: 'Pago rechazado',
  anulado: 'Pago anulado',
};

export const PAID_ONLINE_LABEL = 'Pagado en línea';
export const COURIER_PAID_LABEL = 'Pagado: no cobrar';
