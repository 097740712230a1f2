import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { properties } from '../../../test/support/properties.ts';
import { parseRate, RATE_FIELDS, rateToInput } from './rates-form.ts';

const field = (key: string) => {
  const found = RATE_FIELDS.find((candidate) => candidate.key === key);
  if (!found) throw new Error(key);
  return found;
};

describe("'Tarifas' inputs with a decimal comma", () => {
  it('shows stored rates with a comma and takes a comma or a point', () => {
    const price = field('pricePerLbCents');
    expect(rateToInput(price, 250)).toBe('2,5');
    expect(rateToInput(field('trmHundredths'), 400_000)).toBe('4000');
    expect(rateToInput(field('insuranceBasisPoints'), 250)).toBe('2,5');
    expect(parseRate(price, '2,50')).toBe(250);
    expect(parseRate(price, '2.50')).toBe(250);
  });

  it('reads back every value it shows, for every field', () => {
    for (const rate of RATE_FIELDS)
      fc.assert(
        fc.property(fc.integer({ min: rate.min * rate.scale, max: rate.max * rate.scale }), (value) => {
          fc.pre(!rate.positive || value > 0);
          fc.pre(value % (rate.scale / 10 ** rate.digits) === 0);
          expect(parseRate(rate, rateToInput(rate, value))).toBe(value);
        }),
        properties(200),
      );
  });
});
