// Online payments (design/payments.md 'Online payment through Wompi'): our payment with its own 'Referencia', the
// packages it covers with the amount each, and every provider event received, checked or not applied. A package's
// money, once approved, is its settlement (schema/settlements.ts, source 'online'): the settlement's unique index
// is what keeps two payments of one package from both being applied.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OnlinePaymentState } from '../../../shared/payments/api-types.ts';
import { userRef } from './accounts.ts';
import { identityKey, instant } from './columns.ts';
import { packageRef } from './packages.ts';

/** A provider's verdict on a transaction, in our words (src/server/payments/port.ts). */
export type ProviderStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR';

/** How the customer paid, as 'Recaudos' and the receipt name it. */
export type OnlineMethod = 'Tarjeta' | 'PSE' | 'Nequi' | 'Bancolombia' | 'Otro';

/** A card refund begun: written before Wompi is asked to void `transactionId`, cleared when it is finished. */
export interface RefundIntent {
  transactionId: string;
  /** The admin who asked, and their 'Motivo'. */
  by: string;
  motivo: string;
  at: string;
}

export const onlinePayments = pgTable(
  'online_payments',
  {
    id: identityKey(),
    /** 'Referencia': our sequence, never reused (Wompi's `reference`). */
    paymentReference: text('reference').notNull().generatedAlwaysAs(sql`'CY' || lpad(id::text, 8, '0')`),
    userId: userRef().notNull(),
    provider: text('provider').notNull().default('wompi'),
    /** Whole pesos (Wompi receives × 100 as amount_in_cents, COP). */
    amountCop: bigint('amount_cop', { mode: 'number' }).notNull(),
    state: text('state').$type<OnlinePaymentState>().notNull().default('pendiente'),
    transactionId: text('transaction_id'),
    method: text('method').$type<OnlineMethod>(),
    /** The provider's reason for a refusal, as it gave it. */
    statusMessage: text('status_message'),
    /** Why staff must look at it (an event that did not match; approved for a package already paid: refund). */
    flag: text('flag'),
    /** Another transaction approved with this reference (flag 'Otra transacción aprobada'): what a refund voids. */
    duplicateTransactionId: text('duplicate_transaction_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
    decidedAt: instant('decided_at'),
    /** When the check of payments left pending last asked the provider about it (payments/pending-check.ts). */
    checkedAt: instant('checked_at'),
    /** 'Reembolsar' (admin): when, by whom, why, and the refund's reference (a card's void: its transaction id). */
    refundedAt: instant('refunded_at'),
    refundedBy: userRef('refunded_by'),
    refundNote: text('refund_note'),
    refundReference: text('refund_reference'),
    /** A card refund under way (payments/refunds.ts): Wompi's VOIDED event, the check or a retry finishes it. */
    refundIntent: jsonb('refund_intent').$type<RefundIntent>(),
  },
  (table) => [
    uniqueIndex('online_payments_reference_unique').on(table.paymentReference),
    index('online_payments_user_idx').on(table.userId),
    index('online_payments_pending_idx').on(table.createdAt).where(sql`state = 'pendiente'`),
  ],
);

export const onlinePaymentPackages = pgTable(
  'online_payment_packages',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => onlinePayments.id),
    packageNumber: packageRef().notNull(),
    /** This package's part of the payment, whole pesos: its 'Valor a pagar' when the payment was made. */
    amountCop: bigint('amount_cop', { mode: 'number' }).notNull(),
    /** What it pays: the charge, or its 'Saldo pendiente' once the charge was paid (collections/balance.ts). */
    part: text('part').$type<'charge' | 'balance'>().notNull().default('charge'),
    /** The fee lines its amount covered (package_charge_lines ids), so its settlement freezes exactly those;
     * null on payments made before this was kept (all the lines not yet covered). */
    lineIds: jsonb('line_ids').$type<number[]>(),
  },
  (table) => [
    primaryKey({ columns: [table.paymentId, table.packageNumber] }),
    index('online_payment_packages_package_idx').on(table.packageNumber),
  ],
);

/** Every checked event and every answer of the provider's API applied: one row per transaction and status. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: identityKey(),
    transactionId: text('transaction_id').notNull(),
    status: text('status').$type<ProviderStatus>().notNull(),
    reference: text('reference').notNull(),
    amountInCents: bigint('amount_in_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** How the customer paid and the provider's message, as the event told them (the worker applies from here). */
    method: text('method').$type<OnlineMethod>().notNull().default('Otro'),
    statusMessage: text('status_message'),
    /** 'evento' (Wompi's webhook) or 'consulta' (the app asked GET /v1/transactions/:id). */
    via: text('via').notNull(),
    paymentId: integer('payment_id').references(() => onlinePayments.id),
    /** What was done with it: 'recibido' (waiting for the worker), 'aplicado', 'sin cambio', or the flag for staff. */
    outcome: text('outcome').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_events_transaction_status_unique').on(table.transactionId, table.status),
    index('payment_events_waiting_idx').on(table.id).where(sql`outcome = 'recibido'`),
  ],
);
