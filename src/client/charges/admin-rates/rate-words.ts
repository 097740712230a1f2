// How 'Tarifas' writes a set of rates, in its history and in the set in force: the day it applies from, and each
// stored value in the words of its field (money in USD, the TRM in pesos, percentages with '%').
import type { RateSettingsValues } from '../../../shared/charges/rates-form.ts';
import { formatUsd } from '../../../shared/money.ts';
import { formatPercent, formatTrm } from '../rate-format.ts';

/**
 * The day a set applies from. Sets start at midnight in Miami (04:00 or 05:00 UTC, so the same day in UTC) and the
 * seeded defaults at midnight UTC: read in UTC, both show the day they were given for.
 */
const dayFormat = new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: 'UTC' });

export const rateDay = (iso: string) => dayFormat.format(new Date(iso));

/** A stored value as the screen shows it. */
export function shownRate(key: keyof RateSettingsValues, value: number): string {
  if (key === 'trmHundredths') return formatTrm(value);
  if (key.endsWith('BasisPoints')) return formatPercent(value);
  if (key.endsWith('Cents')) return formatUsd(value);
  return value.toLocaleString('es-CO');
}
