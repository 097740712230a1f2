// The electronic invoice (design/payments.md 'The electronic invoice'): each customer's 'Datos de facturación', the
// dated tax of each kind of line, and each settlement's invoice (and credit note) with what the provider answered.
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DocumentType } from '../../../shared/einvoice/billing-data.ts';
import type { InvoiceLine } from '../../../shared/einvoice/lines.ts';
import { userRef } from './accounts.ts';
import { identityKey, instant } from './columns.ts';
import { settlements } from './settlements.ts';

/** Who a customer's invoices are made out to; without a row the registration's cédula, name and address stand. */
export const billingData = pgTable('billing_data', {
  userId: userRef('user_id', { onDelete: 'cascade' }).primaryKey(),
  documentType: text('document_type').$type<DocumentType>().notNull(),
  documentNumber: text('document_number').notNull(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  municipality: text('municipality').notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * The tax of each kind of invoice line as a dated setting ('Tarifas'): the row with the latest `effective_from` not
 * after the settlement applies; a change adds rows. Seeded by the migration with what the accountant must confirm.
 */
export const invoiceTaxRates = pgTable(
  'invoice_tax_rates',
  {
    id: identityKey(),
    kind: text('kind').notNull(),
    effectiveFrom: instant('effective_from').notNull(),
    vatBasisPoints: integer('vat_basis_points').notNull(),
    /** Excluded from IVA (no IVA, ET art. 476), not taxed at 0 %. */
    excluded: boolean('excluded').notNull(),
    createdBy: text('created_by'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('invoice_tax_rates_kind_idx').on(table.kind, table.effectiveFrom)],
);

export type EinvoiceKind = 'invoice' | 'credit_note';
/** 'cancelled': the sale was voided before the provider issued it, so it is never sent (and needs no credit note). */
export type EinvoiceState = 'pending' | 'issued' | 'refused' | 'cancelled';
/** A refusal as the provider gave it: DIAN's rule code (FAK24, FAJ43b…) or a field, and its message. */
export interface EinvoiceRefusal {
  code: string;
  message: string;
}

/**
 * Each settlement's electronic invoice, and the credit note that annuls it: its lines and taxes frozen when the
 * settlement was written (same transaction), then sent by the invoice outbox. One per settlement and kind, whatever
 * retries, workers or instances do; the provider's reference_code is the settlement's id.
 */
export const einvoices = pgTable(
  'einvoices',
  {
    id: identityKey(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id),
    kind: text('kind').$type<EinvoiceKind>().notNull().default('invoice'),
    packageNumber: integer('package_number').notNull(),
    userId: userRef(),
    state: text('state').$type<EinvoiceState>().notNull().default('pending'),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    customsCop: bigint('customs_cop', { mode: 'number' }).notNull(),
    totalCop: bigint('total_cop', { mode: 'number' }).notNull(),
    settledAt: instant('settled_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    refusals: jsonb('refusals').$type<EinvoiceRefusal[]>().notNull().default([]),
    /** The buyer as sent (a later change of 'Datos de facturación' does not rewrite an issued invoice). */
    buyer: jsonb('buyer').$type<Record<string, string>>(),
    prefix: text('prefix'),
    number: text('number'),
    cufe: text('cufe'),
    qrUrl: text('qr_url'),
    providerId: text('provider_id'),
    issuedAt: instant('issued_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('einvoices_settlement_kind_unique').on(table.settlementId, table.kind),
    index('einvoices_due_idx').on(table.state, table.nextAttemptAt),
    index('einvoices_package_idx').on(table.packageNumber),
  ],
);
