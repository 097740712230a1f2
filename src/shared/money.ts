// Money is integer cents, never floats: typed amounts are parsed as text, and amounts are written the Colombian
// way ('US$ 52,50', '$ 218.000'). The one place where typed amounts are read (a decimal comma or point) and written.

/**
 * A typed decimal ('4.5', '4,5', '12') as whole units of 10^-digits (digits 2: hundredths); null when it is not a
 * plain non-negative number with at most `digits` decimals. Text, never floats, so '0.1' is exactly 10 hundredths.
 */
export function parseDecimalUnits(text: string, digits: number): number | null {
  const trimmed = text.trim();
  // '1.234,56': thousands grouped with dots before a decimal comma, as Colombians write it.
  const grouped = /^\d{1,3}(?:\.\d{3})+,\d+$/.test(trimmed) ? trimmed.replace(/\./g, '') : trimmed;
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(grouped);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Cents of a typed USD amount ('49,99', '49.99', '1.500,00', '1500'); null when it is not such a number. */
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

/** '49,99': how a stored amount goes back into a form field (with the decimal comma its hint shows). */
export function centsToInput(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/** 'US$ 200' for whole dollars, 'US$ 200,50' otherwise (a threshold in a sentence). */
export function formatUsdBrief(cents: number): string {
  const text = formatUsd(cents);
  return cents % 100 === 0 ? text.slice(0, -3) : text;
}

/** A rate in hundredths of a peso: '$ 4.000', or '$ 4.012,35' when it has cents. */
export function formatTrm(hundredths: number): string {
  const pesos = formatCop(Math.floor(hundredths / 100));
  const cents = hundredths % 100;
  return cents ? `${pesos},${String(cents).padStart(2, '0')}` : pesos;
}

/** 'TRM $ 4.000 del 23/11/2026': the rate a charge was converted with and its day (as formatNumericDay writes it). */
export function trmLine(hundredths: number, day: string): string {
  return `TRM ${formatTrm(hundredths)} del ${day}`;
}

/** Why a charge carries taxes: 'El valor declarado supera US$ 200'. */
export function taxReasonLine(thresholdCents: number): string {
  return `El valor declarado supera ${formatUsdBrief(thresholdCents)}`;
}
