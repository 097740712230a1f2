import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { properties } from '../../../test/support/properties.ts';
import { formatCop, formatUsd } from '../money.ts';
import { type ChargeInput, computeCharge, DEFAULT_CHARGE_SETTINGS as RATES } from './charge.ts';

const charge = (input: ChargeInput) => computeCharge(input, RATES);

describe('computeCharge: the worked examples', () => {
  it('4 lb, 15 × 15 × 15 in, USD 100: volumetric 21 lb, no taxes, US$ 54,50, $ 218.000', () => {
    const result = charge({
      weightHundredthsLb: 400,
      measuresTenthsIn: [150, 150, 150],
      declaredValueCents: 10_000,
    });
    expect(result).toMatchObject({
      chargeableLb: 21,
      freightCents: 5250,
      insuranceCents: 200,
      taxesCents: 0,
      totalCents: 5450,
      totalCop: 218_000,
    });
    expect(formatUsd(result.totalCents)).toBe('US$ 54,50');
    expect(formatCop(result.totalCop)).toBe('$ 218.000');
  });

  it('4 lb, no measures, USD 300: taxes US$ 97,64 (arancel 31,60 + IVA 66,04), US$ 113,64, $ 454.600', () => {
    const result = charge({ weightHundredthsLb: 400, measuresTenthsIn: null, declaredValueCents: 30_000 });
    expect(result).toMatchObject({
      chargeableLb: 4,
      freightCents: 1000,
      insuranceCents: 600,
      tariffCents: 3160,
      vatCents: 6604,
      taxesCents: 9764,
      totalCents: 11_364,
      totalCop: 454_600,
    });
  });
});

describe('computeCharge: hand-computed cases', () => {
  it.each<[string, ChargeInput, Partial<ReturnType<typeof charge>>]>([
    [
      'a 0.2 lb envelope pays the minimum pound',
      { weightHundredthsLb: 20, measuresTenthsIn: null, declaredValueCents: 0 },
      { chargeableLb: 1, freightCents: 250, totalCents: 250, totalCop: 10_000 },
    ],
    [
      '4.01 lb rounds up to 5',
      { weightHundredthsLb: 401, measuresTenthsIn: null, declaredValueCents: 0 },
      { chargeableLb: 5 },
    ],
    [
      'exactly at the threshold pays no taxes',
      { weightHundredthsLb: 100, measuresTenthsIn: null, declaredValueCents: 20_000 },
      { taxesCents: 0, insuranceCents: 400 },
    ],
    [
      'one cent over the threshold pays taxes',
      { weightHundredthsLb: 100, measuresTenthsIn: null, declaredValueCents: 20_001 },
      { tariffCents: 2065, vatCents: 4316 },
    ],
    [
      'insurance rounds half up (2 % of US$ 0,25 = 0,5 cent → 1 cent)',
      { weightHundredthsLb: 100, measuresTenthsIn: null, declaredValueCents: 25 },
      { insuranceCents: 1 },
    ],
    [
      '10.5 × 10 × 10 in is 6.33 → 7 lb',
      { weightHundredthsLb: 100, measuresTenthsIn: [105, 100, 100], declaredValueCents: 0 },
      { chargeableLb: 7 },
    ],
    [
      'credit covers part of the charge',
      { weightHundredthsLb: 400, measuresTenthsIn: null, declaredValueCents: 10_000, creditCents: 500 },
      { subtotalCents: 1200, creditUsedCents: 500, totalCents: 700, totalCop: 28_000 },
    ],
    [
      'credit larger than the charge is used up to it',
      { weightHundredthsLb: 100, measuresTenthsIn: null, declaredValueCents: 0, creditCents: 5000 },
      { creditUsedCents: 250, totalCents: 0, totalCop: 0 },
    ],
    [
      'pesos round up to the next 100',
      { weightHundredthsLb: 100, measuresTenthsIn: null, declaredValueCents: 1 },
      { totalCents: 250, totalCop: 10_000 },
    ],
  ])('%s', (_name, input, expected) => expect(charge(input)).toMatchObject(expected));

  it('takes a decimal TRM and rounds pesos up', () => {
    const result = computeCharge(
      { weightHundredthsLb: 100, measuresTenthsIn: null, declaredValueCents: 0 },
      { ...RATES, trmHundredths: 401_235 },
    );
    // US$ 2,50 × 4012,35 = 10030,875 → 10100.
    expect(result.totalCop).toBe(10_100);
  });
});

describe('computeCharge: properties', () => {
  const input = fc.record({
    weightHundredthsLb: fc.integer({ min: 1, max: 15_000 }),
    measuresTenthsIn: fc.option(
      fc.tuple(
        fc.integer({ min: 1, max: 1200 }),
        fc.integer({ min: 1, max: 1200 }),
        fc.integer({ min: 1, max: 1200 }),
      ),
      { nil: null },
    ),
    declaredValueCents: fc.integer({ min: 0, max: 10_000_000 }),
    creditCents: fc.integer({ min: 0, max: 100_000 }),
  });

  it('is never negative nor NaN, and pesos are a multiple of 100', () => {
    fc.assert(
      fc.property(input, (value) => {
        const result = charge(value);
        for (const amount of Object.values(result)) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        expect(result.totalCop % 100).toBe(0);
        expect(result.totalCents).toBe(result.subtotalCents - result.creditUsedCents);
      }),
      properties(),
    );
  });

  it('never charges less for more weight or more value', () => {
    fc.assert(
      fc.property(
        input,
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (value, moreWeight, moreValue) => {
          const base = charge(value).subtotalCents;
          expect(
            charge({ ...value, weightHundredthsLb: value.weightHundredthsLb + moreWeight }).subtotalCents,
          ).toBeGreaterThanOrEqual(base);
          expect(
            charge({ ...value, declaredValueCents: value.declaredValueCents + moreValue }).subtotalCents,
          ).toBeGreaterThanOrEqual(base);
        },
      ),
      properties(),
    );
  });
});
