// The online payments' words that screens paint with (no zod here: the courier's first paint reads them).
import { type PackageState, statesFrom } from '../packages/states.ts';
import type { OnlinePaymentState } from './api-types.ts';

/** What each state says on `/pagos/:referencia`. */
export const PAYMENT_STATE_TITLES: Record<OnlinePaymentState, string> = {
  pendiente: 'Estamos confirmando tu pago',
  aprobado: 'Pago aprobado',
  rechazado: 'Pago rechazado',
  error: 'Pago rechazado',
  anulado: 'Pago anulado',
  reembolsado: 'Pago reembolsado',
  expirado: 'Pago vencido',
};

export const PAID_ONLINE_LABEL = 'Pagado en línea';
/** A package's money once settled at the door or by a carrier: what was collected, no longer 'Valor a pagar'. */
export const PAID_LABEL = 'Pagado';
/** What a package owes after its charge was paid (a storage fee stored later): design/payments.md's word. */
export const BALANCE_LABEL = 'Saldo pendiente';
export const COURIER_PAID_LABEL = 'Pagado: no cobrar';

/**
 * The states in which a package's charge may be paid online: from 'Recibido en Miami' to 'En reparto', and
 * 'Devuelto', whose 'Valor a pagar' (a return's fee and storage) is collected nowhere else (design/requests.md).
 */
export const PAYABLE_STATES: ReadonlySet<PackageState> = new Set([
  ...statesFrom('recibido', 'en_reparto'),
  'devuelto',
]);

/** Whether a package may be paid online: a payable state, and a charge not yet settled or a 'Saldo pendiente'. */
export const isPayable = (pkg: {
  state: PackageState;
  toPay: { cop: number } | null;
  paid: boolean;
  balance: { cop: number } | null;
}) => PAYABLE_STATES.has(pkg.state) && (pkg.paid ? (pkg.balance?.cop ?? 0) > 0 : (pkg.toPay?.cop ?? 0) > 0);

/** Every state of an online payment, in the order staff read them ('Pagos en línea', issue 47 item 11). */
export const ONLINE_PAYMENT_STATES: readonly OnlinePaymentState[] = [
  'pendiente',
  'aprobado',
  'rechazado',
  'error',
  'anulado',
  'reembolsado',
  'expirado',
];

/** The means Wompi names, as stored. */
export const ONLINE_METHODS = ['Tarjeta', 'PSE', 'Nequi', 'Bancolombia', 'Otro'] as const;

/** Each state in a word, for staff's filter and CSV. */
export const STAFF_PAYMENT_STATE_LABELS: Record<OnlinePaymentState, string> = {
  pendiente: 'Pendiente',
  aprobado: 'Aprobado',
  rechazado: 'Rechazado',
  error: 'Error',
  anulado: 'Anulado',
  reembolsado: 'Reembolsado',
  expirado: 'Vencido',
};
