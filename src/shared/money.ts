// Money is integer cents, never floats: typed amounts are parsed as text, and amounts are written the Colombian
// way ('US$ 52,50', '$ 218.000').

/**
 * A typed decimal ('4.5', '4,5', '12') as whole units of 10^-digits (digits 2: hundredths); null when it is not a
 * plain non-negative number with at most `digits` decimals. Text, never floats, so '0.1' is exactly 10 hundredths.
 */
export function parseDecimalUnits(text: string, digits: number): number | null {
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Cents of a typed USD amount ('49.99', '49,99', '1500'); null when it is not such a number. */
export function parseUsdCents(text: string): number | null {
  return parseDecimalUnits(text, 2);
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** 'US$ 1.234,50' */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(cents));
  const whole = groupThousands(String(Math.floor(absolute / 100)));
  return `${sign}US$ ${whole},${String(absolute % 100).padStart(2, '0')}`;
}

/** '$ 218.000' (pesos, whole). */
export function formatCop(pesos: number): string {
  const sign = pesos < 0 ? '-' : '';
  return `${sign}$ ${groupThousands(String(Math.abs(Math.trunc(pesos))))}`;
}

/** '49.99': how a stored amount goes back into a form field. */
export function centsToInput(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
