// What a package on its way leads with (issue 37): since when it is where it is, and when we expect it at the door.
// The expectation is the usual time from each step to the door (TYPICAL_DAYS_TO_DOOR, calendar days, docs/
// OPERATIONS.md 'How long a package takes'), counted from the day it reached that step; once that day has passed the
// page says it is slower than usual instead of promising a day already gone. 'En reparto' is today.
import { formatLocalDate } from '../../../shared/dates.ts';
import type { PackageDetail } from '../../../shared/packages/api-types.ts';
import { type PackageState, STATE_LABELS } from '../../../shared/packages/states.ts';

/** Calendar days from reaching a step to the customer's door, as packages usually take. */
export const TYPICAL_DAYS_TO_DOOR: Partial<Record<PackageState, number>> = {
  recibido: 8,
  en_transito: 6,
  en_aduana: 4,
  en_bodega_colombia: 2,
  en_reparto: 0,
};

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TransitLead {
  since: string;
  expected: string;
}

/** The two lines, or null when the package is not on its way (pre-alerted, held, delivered, returned, cancelled). */
export function transitLead(
  pkg: Pick<PackageDetail, 'state' | 'events'>,
  now = new Date(),
): TransitLead | null {
  const days = TYPICAL_DAYS_TO_DOOR[pkg.state];
  // Newest first: the last time it reached its present step.
  const reached = pkg.events.find((event) => event.kind === 'state' && event.state === pkg.state);
  if (days === undefined || !reached) return null;
  const label = STATE_LABELS[pkg.state];
  const since =
    pkg.state === 'recibido'
      ? `${label} el ${formatLocalDate(reached.at)}`
      : `${label} desde el ${formatLocalDate(reached.at)}`;
  if (pkg.state === 'en_reparto') return { since, expected: 'Llega hoy: va con el mensajero.' };
  const expected = new Date(new Date(reached.at).getTime() + days * DAY_MS);
  const today = formatLocalDate(now.toISOString());
  const late = expected.getTime() < now.getTime() && formatLocalDate(expected.toISOString()) !== today;
  return {
    since,
    expected: late
      ? 'Va más lento de lo usual: te avisamos en cuanto avance.'
      : `Lo esperamos en tu puerta hacia el ${formatLocalDate(expected.toISOString())}.`,
  };
}
