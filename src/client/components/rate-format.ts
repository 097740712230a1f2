// Rates written the Colombian way for the calculator and the 'Tarifas' history: a TRM with its cents, percentages.
import { formatCop } from '../../shared/money.ts';

/** A rate in hundredths of a peso: '$ 4.000', or '$ 4.012,35' when it has cents. */
export function formatTrm(hundredths: number): string {
  const pesos = formatCop(Math.floor(hundredths / 100));
  const cents = hundredths % 100;
  return cents ? `${pesos},${String(cents).padStart(2, '0')}` : pesos;
}

/** Basis points as a percentage: 1900 → '19 %', 250 → '2,5 %'. */
export function formatPercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `,${fraction}` : ''} %`;
}
