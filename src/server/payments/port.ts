// The one port of an online payment provider (design/payments.md: Wompi first; Bold or Mercado Pago can be added behind
// it). The app speaks only these words; an adapter turns them into its provider's protocol.
import type { OnlineMethod, ProviderStatus } from '../db/schema.ts';

/** A transaction as the provider reports it. */
export interface ProviderTransaction {
  id: string;
  reference: string;
  amountInCents: number;
  currency: string;
  status: ProviderStatus;
  statusMessage: string | null;
  method: OnlineMethod;
}

/** An event whose signature checked out, or null. */
export interface VerifiedEvent {
  transaction: ProviderTransaction;
  /** The provider's timestamp of the event (seconds). */
  timestamp: number;
}

export interface PaymentProvider {
  readonly name: 'wompi';
  /** The URL that sends the customer to the provider's hosted checkout, signed for this exact amount. */
  checkoutUrl(payment: { reference: string; amountCop: number; email: string; redirectUrl: string }): string;
  /** Asks the provider for a transaction (null: it does not know it). Throws when the provider cannot be reached. */
  transaction(id: string): Promise<ProviderTransaction | null>;
  /** The provider's transactions made with our `reference` (the periodic check of payments left pending). */
  transactionsOf(reference: string): Promise<ProviderTransaction[]>;
  /** Verifies an event's signature against its raw body and headers; null when it does not match. */
  verifyEvent(raw: string, headers: { checksum: string | undefined }): VerifiedEvent | null;
  /** Voids an approved card transaction; false when the provider refuses (another method, already voided). */
  void(id: string): Promise<boolean>;
}
