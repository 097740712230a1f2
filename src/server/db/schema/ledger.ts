// The ledger (issue 45, ADR 0022, design/payments.md 'The ledger'): every peso owed, paid, refunded and invoiced is a
// posting of a double-entry transaction. A transaction's postings sum to zero and a posted row is never updated or
// deleted: the migration's triggers refuse both, whoever writes (a correction is a reversing transaction). Balances
// are sums of postings, never stored.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { userRef } from './accounts.ts';
import { instant } from './columns.ts';
import { packageRef } from './packages.ts';

/** What an account holds (ledger/accounts.ts says each one's meaning and sign). */
export type LedgerAccountKind =
  | 'receivable'
  | 'customer_credit'
  | 'refunds_owed'
  | 'courier_cash'
  | 'carrier'
  | 'wompi'
  | 'bank'
  | 'office_cash'
  | 'revenue'
  | 'iva_payable'
  | 'customs_payable'
  | 'unapplied'
  | 'expense'
  | 'opening';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1 }),
    /** The account's one name: 'receivable:100023', 'revenue:flete', 'courier_cash:<user id>', 'wompi'. */
    code: text('code').notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** A receivable's package. */
    packageNumber: packageRef(),
    /** A customer's credit or refund owed, a courier's cash. */
    userId: userRef(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_code_unique').on(table.code),
    uniqueIndex('ledger_accounts_receivable_unique').on(table.packageNumber).where(sql`kind = 'receivable'`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1 }),
    /** The business event: 'charge', 'fee', 'storage', 'payment', 'collection', 'reversal' … (ledger/post.ts). */
    kind: text('kind').notNull(),
    /** One event, one transaction: a retry, a second worker or instance posting the same event finds it here. */
    eventKey: text('event_key').notNull(),
    /** When the event happened (a delivery's time on the phone, Wompi's approval): the day reports count it on. */
    occurredAt: instant('occurred_at').notNull(),
    postedAt: instant('posted_at').notNull().defaultNow(),
    /** The transaction this one reverses, at most once. */
    reversesId: bigint('reverses_id', { mode: 'number' }),
    actorId: text('actor_id'),
    note: text('note').notNull().default(''),
  },
  (table) => [
    uniqueIndex('ledger_transactions_event_unique').on(table.eventKey),
    uniqueIndex('ledger_transactions_reverses_unique').on(table.reversesId),
    index('ledger_transactions_occurred_idx').on(table.kind, table.occurredAt),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1 }),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Whole pesos: a debit is positive, a credit negative; never 0. */
    amountCop: bigint('amount_cop', { mode: 'number' }).notNull(),
    /** The USD cents and the TRM (hundredths of a peso) the pesos came from, when they came from dollars. */
    amountCents: integer('amount_cents'),
    trmHundredths: integer('trm_hundredths'),
    /** The package the posting is about, on every leg (its receivable's and its revenue's): what an invoice bills. */
    packageNumber: integer('package_number'),
    /** A revenue line's kind ('flete', 'seguro', 'almacenaje' …), as an invoice names it. */
    lineKind: text('line_kind'),
  },
  (table) => [
    check('ledger_postings_not_zero', sql`amount_cop <> 0`),
    check('ledger_postings_usd_with_trm', sql`(amount_cents is null) = (trm_hundredths is null)`),
    index('ledger_postings_account_idx').on(table.accountId, table.amountCop),
    index('ledger_postings_transaction_idx').on(table.transactionId),
    index('ledger_postings_package_idx').on(table.packageNumber).where(sql`package_number is not null`),
  ],
);
