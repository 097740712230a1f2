// The Wompi adapter of the payment port (docs.wompi.co, Colombia): Web Checkout's integrity signature, the events'
// checksum, and the transactions API. Amounts go to Wompi in cents of a peso (pesos × 100), currency COP.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { OnlineMethod, ProviderStatus } from '../db/schema.ts';
import type { WompiConfig } from './config.ts';
import type { PaymentProvider, ProviderTransaction } from './port.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Web Checkout's integrity signature: SHA-256 hex of reference + amount_in_cents + currency + integrity secret. */
export function integritySignature(
  reference: string,
  amountInCents: number,
  currency: string,
  secret: string,
) {
  return sha256(`${reference}${amountInCents}${currency}${secret}`);
}

const METHODS: Record<string, OnlineMethod> = {
  CARD: 'Tarjeta',
  PSE: 'PSE',
  NEQUI: 'Nequi',
  BANCOLOMBIA_TRANSFER: 'Bancolombia',
  BANCOLOMBIA_QR: 'Bancolombia',
  BANCOLOMBIA: 'Bancolombia',
};
const STATUSES: readonly ProviderStatus[] = ['PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR'];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** A transaction object of Wompi's API or events, in the port's words; null when it is not one. */
export function readTransaction(value: unknown): ProviderTransaction | null {
  if (!isObject(value)) return null;
  const { id, reference, amount_in_cents, currency, status, status_message, payment_method_type } = value;
  const known = STATUSES.find((one) => one === status);
  if (typeof id !== 'string' || typeof reference !== 'string' || !known) return null;
  if (typeof amount_in_cents !== 'number' || typeof currency !== 'string') return null;
  return {
    id,
    reference,
    amountInCents: amount_in_cents,
    currency,
    status: known,
    statusMessage: typeof status_message === 'string' ? status_message : null,
    method: METHODS[String(payment_method_type)] ?? 'Otro',
  };
}

/** The value at a dotted path of `data` ('transaction.amount_in_cents'), the way Wompi concatenates it. */
function valueAt(data: unknown, path: string): string | null {
  let at: unknown = data;
  for (const key of path.split('.')) {
    if (!isObject(at)) return null;
    at = at[key];
  }
  return typeof at === 'string' || typeof at === 'number' || typeof at === 'boolean' ? String(at) : null;
}

function sameHex(a: string, b: string) {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks an event the way Wompi defines it: SHA-256 hex of the values named by `signature.properties` (read in order
 * from `data`), then `timestamp`, then the events secret, equal in constant time to `signature.checksum` and to the
 * X-Event-Checksum header when it is sent.
 */
export function verifyWompiEvent(raw: string, header: string | undefined, secret: string) {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(body) || !isObject(body.signature) || !isObject(body.data)) return null;
  const { properties, checksum } = body.signature;
  const { timestamp } = body;
  if (!Array.isArray(properties) || properties.length === 0 || typeof checksum !== 'string') return null;
  if (typeof timestamp !== 'number' || body.event !== 'transaction.updated') return null;
  const values = properties.map((path) => (typeof path === 'string' ? valueAt(body.data, path) : null));
  if (values.some((value) => value === null)) return null;
  const expected = sha256(`${values.join('')}${timestamp}${secret}`);
  if (!sameHex(expected, checksum) || (header !== undefined && !sameHex(expected, header))) return null;
  const transaction = readTransaction(body.data.transaction);
  return transaction ? { transaction, timestamp } : null;
}

export function wompiProvider(config: WompiConfig, fetcher: typeof fetch = fetch): PaymentProvider {
  const call = (path: string, init: RequestInit = {}) =>
    fetcher(`${config.apiUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${config.privateKey}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
  return {
    name: 'wompi',
    checkoutUrl({ reference, amountCop, email, redirectUrl }) {
      const amountInCents = amountCop * 100;
      const params = new URLSearchParams({
        'public-key': config.publicKey,
        currency: 'COP',
        'amount-in-cents': String(amountInCents),
        reference,
        'signature:integrity': integritySignature(reference, amountInCents, 'COP', config.integritySecret),
        'redirect-url': redirectUrl,
        'customer-data:email': email,
      });
      return `${config.checkoutUrl}?${params}`;
    },
    async transaction(id) {
      const response = await call(`/transactions/${encodeURIComponent(id)}`);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`Wompi respondió ${response.status} al consultar la transacción`);
      const body: unknown = await response.json();
      const transaction = isObject(body) ? readTransaction(body.data) : null;
      if (!transaction) throw new Error('Wompi respondió una transacción ilegible');
      return transaction;
    },
    async transactionsOf(reference) {
      const response = await call(`/transactions?reference=${encodeURIComponent(reference)}`);
      if (!response.ok) throw new Error(`Wompi respondió ${response.status} al buscar la referencia`);
      const body: unknown = await response.json();
      const list = isObject(body) && Array.isArray(body.data) ? body.data : [];
      return list.map(readTransaction).filter((one) => one !== null);
    },
    verifyEvent(raw, { checksum }) {
      return verifyWompiEvent(raw, checksum, config.eventsSecret);
    },
    async void(id) {
      const response = await call(`/transactions/${encodeURIComponent(id)}/void`, {
        method: 'POST',
        body: '{}',
      });
      await response.text();
      if (response.status >= 500) throw new Error(`Wompi respondió ${response.status} al anular`);
      return response.ok;
    },
  };
}
