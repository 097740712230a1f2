// Requests in Miami (REQUESTS.md): the fee lines of a package's charge and their frozen copy in a settlement.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChargeLineKind } from '../../../shared/charges/charge-lines.ts';
import { rateSettings } from './charges.ts';
import { packages } from './packages.ts';
import { settlements } from './settlements.ts';

/**
 * A line of a package's charge beyond its freight, insurance and taxes: one fee, stored in integer cents (and the
 * pesos at the TRM of its rates) with the rate it used. 'Valor a pagar' is the charge's total plus the sum of the
 * lines not annulled. A line is never deleted: an annulment (a consolidation, a refused request) marks it.
 */
export const packageChargeLines = pgTable(
  'package_charge_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packageNumber: integer('package_number')
      .notNull()
      .references(() => packages.number),
    kind: text('kind').$type<ChargeLineKind>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    amountCop: bigint('amount_cop', { mode: 'number' }).notNull(),
    /** The rates row it took, the unit rate (cents) and the units (packages or days). */
    rateSettingsId: integer('rate_settings_id')
      .notNull()
      .references(() => rateSettings.id),
    rateCents: integer('rate_cents').notNull(),
    quantity: integer('quantity').notNull().default(1),
    trmHundredths: integer('trm_hundredths').notNull(),
    /** The customer's request it came from (none for storage). */
    requestId: integer('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by'),
    annulledAt: timestamp('annulled_at', { withTimezone: true }),
    annulledBy: text('annulled_by'),
    annulNote: text('annul_note').notNull().default(''),
  },
  (table) => [
    index('package_charge_lines_open_idx').on(table.packageNumber).where(sql`annulled_at is null`),
    index('package_charge_lines_request_idx').on(table.requestId),
  ],
);

/** The lines of a package's charge as they stood when it was settled, frozen with the settlement. */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id),
    chargeLineId: bigint('charge_line_id', { mode: 'number' })
      .notNull()
      .references(() => packageChargeLines.id),
    kind: text('kind').$type<ChargeLineKind>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    amountCop: bigint('amount_cop', { mode: 'number' }).notNull(),
    rateCents: integer('rate_cents').notNull(),
    quantity: integer('quantity').notNull(),
    requestId: integer('request_id'),
  },
  (table) => [index('settlement_lines_settlement_idx').on(table.settlementId)],
);
