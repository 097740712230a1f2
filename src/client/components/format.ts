// Numbers written the Colombian way for the packages screens ('2,5', '1.234,57'); dates come from
// src/shared/dates.ts. Written from the number's own digits, the way Intl.NumberFormat('es-CO', {
// maximumFractionDigits: 2 }) writes them: its first build loads ICU's data in one uninterruptible call, 55 ms at 4×
// CPU while a package's page drew its facts (issue 37: Lighthouse mobile ≥ 95). format.test.ts holds the two side by
// side.
import { groupThousands } from '../../shared/money.ts';

/** The digits of |value| without an exponent ('1e-7' → '0.0000001'), from its shortest decimal form. */
function plainDigits(value: number): string {
  const [mantissa = '0', exponent = '0'] = Math.abs(value).toString().split('e');
  const shift = Number(exponent);
  if (shift === 0) return mantissa;
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + shift;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Adds one to a string of decimal digits, keeping its leading zeros ('0049' → '0050', '099' → '100'). */
const plusOne = (digits: string) => (BigInt(digits) + 1n).toString().padStart(digits.length, '0');

/** Up to two decimals, rounded half away from zero on the shortest decimal form (1.005 → '1,01', like ICU). */
export function formatNumber(value: number): string {
  const [whole = '0', fraction = ''] = plainDigits(value).split('.');
  let kept = whole + fraction.slice(0, 2).padEnd(2, '0');
  if ((fraction[2] ?? '0') >= '5') kept = plusOne(kept);
  const integer = kept.slice(0, -2).replace(/^0+(?=\d)/, '') || '0';
  const decimals = kept.slice(-2).replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupThousands(integer)}${decimals ? `,${decimals}` : ''}`;
}
