import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { properties } from '../../test/support/properties.ts';
import {
  cashCloseSchema,
  collectionCorrectionSchema,
  collectionMessages,
  parseRemittanceAmount,
} from './collections/forms.ts';
import { formatNumericDay } from './dates.ts';
import { deliverySchema } from './delivery/door-forms.ts';
import {
  centsToInput,
  formatCop,
  formatUsd,
  formatUsdBrief,
  PESOS_DECIMALS_MESSAGE,
  parsePesos,
  parseUsdCents,
  pesosInput,
  readPesos,
  taxReasonLine,
  trmLine,
} from './money.ts';

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
      properties(),
    );
  });
});

describe('amounts the Colombian way', () => {
  it('writes dollars with a decimal comma and thousands with dots', () => {
    expect(formatUsd(5250)).toBe('US$ 52,50');
    expect(formatUsd(123_450)).toBe('US$ 1.234,50');
    expect(formatUsd(5)).toBe('US$ 0,05');
    // Quoted in a sentence: 'US$ 5 de crédito', 'desde US$ 2,50 la libra'.
    expect(formatUsdBrief(500)).toBe('US$ 5');
    expect(formatUsdBrief(250)).toBe('US$ 2,50');
    expect(formatUsdBrief(123_400)).toBe('US$ 1.234');
  });
  it('writes pesos whole, thousands with dots', () => {
    expect(formatCop(218_000)).toBe('$ 218.000');
    expect(formatCop(1_454_600)).toBe('$ 1.454.600');
  });
});

describe('the decimal comma, in and out', () => {
  it('reads dollars grouped the Colombian way and refuses the US grouping', () => {
    expect(parseUsdCents('1.234,56')).toBe(123_456);
    expect(parseUsdCents('12.345.678,9')).toBe(1_234_567_890);
    expect(parseUsdCents('1.234')).toBeNull();
    expect(parseUsdCents('1,234.56')).toBeNull();
    expect(parseUsdCents('12.34,56')).toBeNull();
  });
  it('writes a stored amount back into a field with a decimal comma', () => {
    expect(centsToInput(4999)).toBe('49,99');
    expect(centsToInput(5)).toBe('0,05');
    expect(parseUsdCents('49,99')).toBe(parseUsdCents('49.99'));
  });
  it('says the TRM with its day, and why taxes apply', () => {
    expect(trmLine(400_000, formatNumericDay('2026-11-23'))).toBe('TRM $ 4.000 del 23/11/2026');
    expect(trmLine(401_235, formatNumericDay('2026-01-05'))).toBe('TRM $ 4.012,35 del 05/01/2026');
    expect(taxReasonLine(20_000)).toBe('El valor declarado supera US$ 200');
    expect(taxReasonLine(20_050)).toBe('El valor declarado supera US$ 200,50');
    expect(formatUsdBrief(123_400)).toBe('US$ 1.234');
  });
});

describe('whole pesos: the one parser of every peso field', () => {
  it.each([
    ['85000', 85_000],
    [' 85000 ', 85_000],
    ['$ 85000', 85_000],
    ['$85.000', 85_000],
    ['85.000', 85_000],
    ['1.200.000', 1_200_000],
    ['0', 0],
    ['120000', 120_000],
  ])('%s → %i pesos', (text, pesos) => expect(parsePesos(text)).toBe(pesos));

  // The bug of issue 30 item 7: '120000.50' was read as 12.000.050 pesos by the 'Decisión' form.
  it.each([
    '120000.50',
    '120000,50',
    '120.000,50',
    '120.000.50',
    '85000.5',
    '85,000',
    '1.5',
    '12.34',
    '85.00',
  ])('%s has decimals: refused, never read as another amount', (text) => {
    expect(parsePesos(text)).toBeNull();
    expect(readPesos(text)).toEqual({ problem: 'decimals' });
  });

  it.each(['', 'abc', '-5', '8 5000', '1e5', '85mil', '$', '.5', '1234567890123'])(
    '%s is not pesos',
    (text) => {
      expect(parsePesos(text)).toBeNull();
      expect(readPesos(text)).toEqual({ problem: 'invalid' });
    },
  );

  it('reads back every amount formatCop writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (pesos) => {
        expect(parsePesos(formatCop(pesos))).toBe(pesos);
        expect(parsePesos(String(pesos))).toBe(pesos);
      }),
      properties(),
    );
  });

  it('every peso field refuses decimals with the same message, typed or sent as a number', () => {
    const decimals = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
      result.error?.issues.map((issue) => issue.message);
    expect(decimals(cashCloseSchema.safeParse({ cashDeliveredCop: pesosInput('120000.50') }))).toEqual([
      PESOS_DECIMALS_MESSAGE,
    ]);
    expect(decimals(cashCloseSchema.safeParse({ cashDeliveredCop: 120000.5 }))).toEqual([
      collectionMessages.cashDelivered,
    ]);
    expect(cashCloseSchema.parse({ cashDeliveredCop: pesosInput('120.000') }).cashDeliveredCop).toBe(120_000);
    const correction = { means: 'efectivo', note: 'Corrige' };
    expect(
      decimals(collectionCorrectionSchema.safeParse({ ...correction, amountCop: pesosInput('85000,5') })),
    ).toEqual([PESOS_DECIMALS_MESSAGE]);
    const door = deliverySchema.safeParse({ collectedCop: pesosInput('85.000,00') });
    expect(door.error?.issues.find((issue) => issue.path[0] === 'collectedCop')?.message).toBe(
      PESOS_DECIMALS_MESSAGE,
    );
    expect(parseRemittanceAmount('85.000')).toBe(85_000);
    expect(parseRemittanceAmount('85000.00')).toBeNull();
  });
});
