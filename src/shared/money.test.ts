import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToInput, formatCop, formatUsd, parseUsdCents } from './money.ts';

describe('parseUsdCents', () => {
  it.each([
    ['49.99', 4999],
    ['49,99', 4999],
    ['49.9', 4990],
    ['0', 0],
    ['100000', 10_000_000],
    [' 12 ', 1200],
  ])('%s → %i cents', (text, cents) => expect(parseUsdCents(text)).toBe(cents));

  it.each(['', 'abc', '-1', '1.999', '1e3', '1,000.00', '12.', '.5', 'NaN', 'Infinity'])(
    '%s is not an amount',
    (text) => expect(parseUsdCents(text)).toBeNull(),
  );

  it('reads back every amount it writes for a form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(parseUsdCents(centsToInput(cents))).toBe(cents);
      }),
    );
  });
});

describe('amounts the Colombian way', () => {
  it('writes dollars with a decimal comma and thousands with dots', () => {
    expect(formatUsd(5250)).toBe('US$ 52,50');
    expect(formatUsd(123_450)).toBe('US$ 1.234,50');
    expect(formatUsd(5)).toBe('US$ 0,05');
  });
  it('writes pesos whole, thousands with dots', () => {
    expect(formatCop(218_000)).toBe('$ 218.000');
    expect(formatCop(1_454_600)).toBe('$ 1.454.600');
  });
});
