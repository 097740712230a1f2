// Dates and numbers written the Colombian way for the packages screens ('22 nov 2026, 3:05 p. m.', '2,5').
const dateFormat = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('es-CO', { dateStyle: 'medium', timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

/** An ISO time as a date; the text itself when it is not one (never 'Invalid Date' on screen). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
