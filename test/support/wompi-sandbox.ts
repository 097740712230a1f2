// Wompi's sandbox as the stand-in (wompi-stand-in.ts) plays it: the transaction's shape, the test data and its
// outcomes, and an event signed as Wompi signs it (signature.properties read from data, then the timestamp, then
// the events secret, SHA-256 hex).
import { createHash } from 'node:crypto';

export type WompiStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR';
export type WompiMethod = 'CARD' | 'NEQUI' | 'PSE' | 'BANCOLOMBIA_TRANSFER';

export interface StandInTransaction {
  id: string;
  created_at: string;
  finalized_at: string | null;
  amount_in_cents: number;
  reference: string;
  currency: string;
  payment_method_type: WompiMethod;
  payment_method: Record<string, unknown>;
  status: WompiStatus;
  status_message: string | null;
  redirect_url: string;
  customer_email: string;
}

/** What the customer does on the checkout page. */
export type CheckoutChoice =
  | { method: 'CARD'; card: string }
  | { method: 'NEQUI'; phone: string }
  | { method: 'PSE'; bank: string };

export const TEST_CARD_APPROVED = '4242424242424242';
export const TEST_CARD_DECLINED = '4111111111111111';
export const TEST_NEQUI_APPROVED = '3991111111';
export const TEST_NEQUI_DECLINED = '3992222222';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The outcome of the sandbox's test data. */
export function outcome(choice: CheckoutChoice): { status: WompiStatus; message: string | null } {
  const value = (
    choice.method === 'CARD' ? choice.card : choice.method === 'NEQUI' ? choice.phone : choice.bank
  ).replace(/\s/g, '');
  const approved = { CARD: TEST_CARD_APPROVED, NEQUI: TEST_NEQUI_APPROVED, PSE: '1' }[choice.method];
  const declined = { CARD: TEST_CARD_DECLINED, NEQUI: TEST_NEQUI_DECLINED, PSE: '2' }[choice.method];
  if (value === approved) return { status: 'APPROVED', message: null };
  if (value === declined)
    return { status: 'DECLINED', message: 'Transacción rechazada por la entidad financiera' };
  return { status: 'ERROR', message: 'Dato de prueba no válido en Sandbox' };
}

/** The body of a `transaction.updated` event for `transaction`, signed with `secret`. */
export function signedEvent(
  transaction: StandInTransaction,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const properties = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
  const data = { transaction };
  const values = properties.map((path) => String(path.split('.').reduce<any>((at, key) => at?.[key], data)));
  const checksum = sha256(`${values.join('')}${timestamp}${secret}`);
  return {
    event: 'transaction.updated',
    data,
    environment: 'test',
    signature: { properties, checksum },
    timestamp,
    sent_at: new Date(timestamp * 1000).toISOString(),
  };
}
