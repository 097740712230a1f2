// How the dispatch screens write a flight date ('YYYY-MM-DD' → '1 dic 2026'), the next state a dispatch may take,
// and the package numbers typed or scanned into 'Agregar paquetes'.
import type { DispatchState } from '../../../shared/packages/operations.ts';

// The date is a calendar day, not an instant: read and written in UTC, so no time zone moves it a day.
const dayFormat = new Intl.DateTimeFormat('es-CO', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatFlightDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** The dispatch's moves in order, as the buttons name them; each follows the one before it. */
export const DISPATCH_STEPS: ReadonlyArray<{ state: DispatchState; from: string; label: string }> = [
  { state: 'en_transito', from: 'abierto', label: 'En tránsito' },
  { state: 'en_aduana', from: 'en_transito', label: 'En aduana' },
  { state: 'en_bodega_colombia', from: 'en_aduana', label: 'En bodega Colombia' },
];

/**
 * The numbers in what was typed or scanned (separated by spaces, commas, semicolons or new lines), without
 * repeats; `wrong` holds the first piece that is not a package number.
 */
export function parsePackageNumbers(text: string): { numbers: number[]; wrong: string | null } {
  const pieces = text.split(/[\s,;]+/).filter(Boolean);
  const wrong = pieces.find((piece) => !/^\d{1,9}$/.test(piece)) ?? null;
  const numbers = [...new Set(pieces.filter((piece) => /^\d{1,9}$/.test(piece)).map(Number))];
  return { numbers, wrong };
}
