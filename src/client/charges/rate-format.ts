// Rates written the Colombian way for the calculator and the 'Tarifas' history: a TRM with its cents, percentages.
// formatTrm lives with the rest of money's words (src/shared/money.ts); re-exported for the screens that read it here.
export { formatTrm } from '../../shared/money.ts';

/** Basis points as a percentage: 1900 → '19 %', 250 → '2,5 %'. */
export function formatPercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `,${fraction}` : ''} %`;
}
