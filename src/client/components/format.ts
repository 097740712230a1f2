// Dates and numbers written the Colombian way for the packages screens ('22 nov 2026, 3:05 p. m.', '2,5'); the
// dates come from the one set in src/shared/dates.ts, in the reader's time zone.
export { formatLocalDate as formatDate, formatLocalDateTime as formatDateTime } from '../../shared/dates.ts';

const numberFormat = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
