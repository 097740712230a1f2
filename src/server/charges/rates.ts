// The rates in force at a moment, their history, and a new set of rates from a date (design/packages.md 'Charges').
import { desc, lte, sql } from 'drizzle-orm';
import type { ChargeSettings } from '../../shared/charges/charge.ts';
import type { FeeSettings } from '../../shared/charges/charge-lines.ts';
import type { RateSettingsValues } from '../../shared/charges/rates-form.ts';
import { isoDayInMiami, WAREHOUSE_TIME_ZONE } from '../../shared/dates.ts';
import type { Database, Transaction } from '../db/open.ts';
import { rateSettings } from '../db/schema.ts';

export type RateRow = typeof rateSettings.$inferSelect;

export function settingsOf(row: RateRow): ChargeSettings {
  return {
    pricePerLbCents: row.pricePerLbCents,
    minWeightLb: row.minWeightLb,
    volumetricDivisor: row.volumetricDivisor,
    insuranceBasisPoints: row.insuranceBasisPoints,
    trmHundredths: row.trmHundredths,
    freeStorageDays: row.freeStorageDays,
    referralCreditCents: row.referralCreditCents,
    taxFreeThresholdCents: row.taxFreeThresholdCents,
    tariffBasisPoints: row.tariffBasisPoints,
    vatBasisPoints: row.vatBasisPoints,
  };
}

/** The requests' fees of a rates row. */
export function feesOf(row: RateRow): FeeSettings {
  return {
    consolidationFeeCents: row.consolidationFeeCents,
    repackFeeCents: row.repackFeeCents,
    photosFeeCents: row.photosFeeCents,
    returnFeeCents: row.returnFeeCents,
    storagePerDayCents: row.storagePerDayCents,
    maxStorageDays: row.maxStorageDays,
  };
}

/** The rates in force at `at` (now by default): the latest row whose date has come. */
export async function ratesInForce(db: Database | Transaction, at: Date = new Date()): Promise<RateRow> {
  const [row] = await db
    .select()
    .from(rateSettings)
    .where(lte(rateSettings.effectiveFrom, at))
    .orderBy(desc(rateSettings.effectiveFrom), desc(rateSettings.id))
    .limit(1);
  // The migration seeds design/packages.md's defaults from 2000-01-01, so a row always exists.
  if (!row) throw new Error('No hay tarifas vigentes: falta la fila inicial de rate_settings.');
  return row;
}

export async function rateHistory(db: Database): Promise<RateRow[]> {
  return db
    .select()
    .from(rateSettings)
    .orderBy(desc(rateSettings.effectiveFrom), desc(rateSettings.id))
    .limit(200);
}

/** True when `date` (YYYY-MM-DD) is today or later in Miami, where receipts happen. */
export function isTodayOrLater(date: string, now: Date = new Date()): boolean {
  return date >= isoDayInMiami(now);
}

/** Adds a set of rates in force from the start of `date` in Miami; earlier rows stay as they were. */
export async function addRates(
  db: Database | Transaction,
  date: string,
  settings: RateSettingsValues,
  createdBy: string,
): Promise<RateRow> {
  const [row] = await db
    .insert(rateSettings)
    .values({
      ...settings,
      effectiveFrom: sql`(${date}::date)::timestamp at time zone ${WAREHOUSE_TIME_ZONE}`,
      createdBy,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}
