// Money is integer cents, never floats: typed amounts are parsed as text, and amounts are written the Colombian
// way ('US$ 52,50', '$ 218.000'). The one place where typed amounts are read (a decimal comma or point) and written.

/**
 * A typed decimal ('4.5', '4,5', '12') as whole units of 10^-digits (digits 2: hundredths); null when it is not a
 * plain non-negative number with at most `digits` decimals. Text, never floats, so '0.1' is exactly 10 hundredths.
 */
export function parseDecimalUnits(text: string, digits: number): number | null {
  const trimmed = text.trim();
  // '1.234,56': thousands grouped with dots before a decimal comma, the way Colombians write it.
  const grouped = /^\d{1,3}(?:\.\d{3})+,\d+$/.test(trimmed) ? trimmed.replace(/\./g, '') : trimmed;
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(grouped);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Said when pesos are typed with decimals or cents ('120000.50', '120.000,50', '120,000'): pesos are whole. */
export const PESOS_DECIMALS_MESSAGE =
  'Los pesos van enteros, sin decimales ni centavos: escribe por ejemplo 120000 o 120.000.';

/** The most pesos any field takes (12 digits): larger is a typing mistake, refused before any field's own max. */
const MAX_PESOS_DIGITS = 12;

export type PesosReading = { pesos: number } | { problem: 'decimals' | 'invalid' };

/**
 * Whole pesos as a person types them: digits ('85000'), thousands grouped with dots the Colombian way ('85.000',
 * '1.200.000'), an optional '$' before ('$ 85.000'). Anything with a decimal part or a comma ('120000.50',
 * '85.000,00', '120,000') is 'decimals', never read as more or fewer pesos; letters, signs and the rest 'invalid'.
 * The one peso parser of the app: every peso field (and the carriers' files) reads through it.
 */
export function readPesos(text: string): PesosReading {
  const bare = text.trim().replace(/^\$\s*/, '');
  const digits = /^\d{1,3}(?:\.\d{3})+$/.test(bare) ? bare.replace(/\./g, '') : bare;
  if (/^\d+$/.test(digits))
    return digits.length <= MAX_PESOS_DIGITS ? { pesos: Number(digits) } : { problem: 'invalid' };
  return /^\d[\d.,]*[.,]\d+$/.test(bare) ? { problem: 'decimals' } : { problem: 'invalid' };
}

/** Whole pesos of a typed amount (see readPesos), or null when it is not one. */
export function parsePesos(text: string): number | null {
  const reading = readPesos(text);
  return 'pesos' in reading ? reading.pesos : null;
}

/** Whether a typed amount has decimals or cents (the message is then PESOS_DECIMALS_MESSAGE). */
export function hasPesoDecimals(text: string): boolean {
  const reading = readPesos(text);
  return 'problem' in reading && reading.problem === 'decimals';
}

/**
 * A peso field's value for its form's schema: the whole pesos, or the text itself when it is not one, which the
 * shared pesosField refuses with the right message (PESOS_DECIMALS_MESSAGE for decimals). Empty stays undefined.
 */
export function pesosInput(text: string): number | string | undefined {
  if (text.trim() === '') return undefined;
  return parsePesos(text) ?? text;
}

/** Cents of a typed USD amount ('49,99', '49.99', '1.500,00', '1500'); null when it is not such a number. */
export function parseUsdCents(text: string): number | null {
  return parseDecimalUnits(text, 2);
}

/** '1234567' → '1.234.567': the thousands of a string of digits, the Colombian way. */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

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
