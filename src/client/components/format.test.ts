// formatNumber writes what Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 }) writes, without building it.
import { describe, expect, it } from 'vitest';
import { formatNumber } from './format.ts';

const intl = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

describe('formatNumber', () => {
  it('writes weights, sizes and percents the Colombian way', () => {
    expect(formatNumber(2.5)).toBe('2,5');
    expect(formatNumber(12)).toBe('12');
    expect(formatNumber(1234.567)).toBe('1.234,57');
    expect(formatNumber(1.005)).toBe('1,01');
    expect(formatNumber(99.995)).toBe('100');
  });

  it('agrees with Intl on whole numbers, halves, long fractions, exponents and signs', () => {
    const values = [0, -0, 1, -2.5, 0.004, 0.005, -0.004, 1e-7, 5e-324, 1e21, 123456789012.345, 2.675, 0.125];
    for (let i = 0; i < 3000; i++) {
      const scale = 10 ** ((i % 9) - 3);
      values.push(Math.round(((i * 7919) % 100003) * scale * 1000) / 1000, ((i * 104729) % 99991) / 997);
    }
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.format(value));
  });
});
