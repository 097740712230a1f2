// Charges (design/packages.md 'Charges'): the rates as a history, each package's stored charge and the referral credit
// ledger.
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { userRef } from './accounts.ts';
import { instant, serialId } from './columns.ts';
import { packageRef } from './packages.ts';

/**
 * 'Tarifas' (design/packages.md 'Charges'): a rate table with validity, never one mutable row. The rates in force at a
 * moment are the row with the latest `effective_from` not after it; a change adds a row and keeps the earlier ones.
 */
export const rateSettings = pgTable(
  'rate_settings',
  {
    id: serialId(),
    effectiveFrom: instant('effective_from').notNull(),
    pricePerLbCents: integer('price_per_lb_cents').notNull(),
    minWeightLb: integer('min_weight_lb').notNull(),
    volumetricDivisor: integer('volumetric_divisor').notNull(),
    insuranceBasisPoints: integer('insurance_basis_points').notNull(),
    trmHundredths: integer('trm_hundredths').notNull(),
    freeStorageDays: integer('free_storage_days').notNull(),
    referralCreditCents: integer('referral_credit_cents').notNull(),
    taxFreeThresholdCents: integer('tax_free_threshold_cents').notNull(),
    tariffBasisPoints: integer('tariff_basis_points').notNull(),
    vatBasisPoints: integer('vat_basis_points').notNull(),
    // The fees of design/requests.md (charge-lines.ts), with their defaults for the rows written before them.
    consolidationFeeCents: integer('consolidation_fee_cents').notNull().default(500),
    repackFeeCents: integer('repack_fee_cents').notNull().default(300),
    photosFeeCents: integer('photos_fee_cents').notNull().default(200),
    returnFeeCents: integer('return_fee_cents').notNull().default(400),
    storagePerDayCents: integer('storage_per_day_cents').notNull().default(50),
    maxStorageDays: integer('max_storage_days').notNull().default(90),
    createdBy: text('created_by'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('rate_settings_effective_idx').on(
      table.effectiveFrom.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** A charge's parts in integer cents of USD: a package's charge, and the copy its settlement freezes. */
export const chargeBreakdown = {
  freightCents: integer('freight_cents').notNull(),
  insuranceCents: integer('insurance_cents').notNull(),
  tariffCents: integer('tariff_cents').notNull(),
  vatCents: integer('vat_cents').notNull(),
  creditUsedCents: integer('credit_used_cents').notNull(),
};

/** The charge of a package, computed on receipt with the rates of that day and never rewritten by a rate change. */
export const packageCharges = pgTable('package_charges', {
  packageNumber: packageRef().primaryKey(),
  rateSettingsId: integer('rate_settings_id').notNull(),
  /** What it was computed from: the inputs and the rates, so the figure can be explained and reproduced. */
  input: jsonb('input').$type<Record<string, unknown>>().notNull(),
  chargeableLb: integer('chargeable_lb').notNull(),
  ...chargeBreakdown,
  totalCents: integer('total_cents').notNull(),
  // Pesos can pass 2^31 with extreme (allowed) rates: a bigint, never an overflow.
  totalCop: bigint('total_cop', { mode: 'number' }).notNull(),
  computedAt: instant('computed_at').notNull().defaultNow(),
  computedBy: text('computed_by'),
  /** The day whose rates (and TRM) it took: the day of receipt in Miami ('TRM $ 4.000 del 23/11/2026'). */
  trmDate: date('trm_date', { mode: 'string' }).notNull().default(sql`current_date`),
  /** Annulled when the package was consolidated into another ('Anulado: consolidado en {N}'): it owes nothing. */
  annulledAt: instant('annulled_at'),
  annulNote: text('annul_note').notNull().default(''),
});

/**
 * Referral credit as a ledger: 'earned' once per referred person (their first delivered package), 'used' by a
 * charge, 'adjusted' when an admin recomputes one. The balance is the sum; rows are only ever added, and the unique
 * indexes make earning twice, or a first use on one package twice, impossible.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serialId(),
    userId: userRef().notNull(),
    kind: text('kind').notNull(),
    /** Positive when earned, negative when used. */
    amountCents: integer('amount_cents').notNull(),
    /**
     * A credit in whole pesos (an indemnización's 'Crédito'), positive when granted, negative when used: kept in
     * pesos and converted only by the charge that uses it, at that charge's own TRM (package-charge.ts).
     */
    amountCop: bigint('amount_cop', { mode: 'number' }).notNull().default(0),
    referredUserId: text('referred_user_id'),
    packageNumber: integer('package_number'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('credit_ledger_user_idx').on(table.userId),
    uniqueIndex('credit_ledger_earned_once').on(table.referredUserId).where(sql`kind = 'earned'`),
    uniqueIndex('credit_ledger_used_once').on(table.packageNumber).where(sql`kind = 'used'`),
  ],
);
