// Dates as our people read them: Spanish (Colombia), in the warehouse's time zone (Miami) for warehouse events.
export const WAREHOUSE_TIME_ZONE = 'America/New_York';

const longDate = new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: WAREHOUSE_TIME_ZONE });
const dateTime = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: WAREHOUSE_TIME_ZONE,
});

/** '22 de noviembre de 2026' */
export function formatLongDate(date: Date | string): string {
  return longDate.format(new Date(date));
}

/** '22 nov 2026, 1:30 p. m.' */
export function formatDateTime(date: Date | string): string {
  return dateTime.format(new Date(date));
}
