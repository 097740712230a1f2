// The pure rules of the money forms: the close's figures, ranges of days, a remittance's amounts and dates.
import { describe, expect, it } from 'vitest';
import {
  closeFigures,
  daysInRange,
  hasDifference,
  parseRemittanceAmount,
  parseRemittanceDate,
  receiptCode,
} from './forms.ts';

describe('money forms', () => {
  it("computes the close's figures in whole pesos", () => {
    const figures = closeFigures(
      {
        expectedCop: 100_000,
        byMeans: [
          { means: 'efectivo', amountCop: 60_000 },
          { means: 'nequi', amountCop: 38_000 },
        ],
      },
      59_000,
    );
    expect(figures).toEqual({
      expectedCop: 100_000,
      collectedCop: 98_000,
      cashCollectedCop: 60_000,
      cashDifferenceCop: -1000,
      differenceCop: -3000,
    });
    expect(hasDifference(figures)).toBe(true);
    expect(
      hasDifference(closeFigures({ expectedCop: 10, byMeans: [{ means: 'efectivo', amountCop: 10 }] }, 10)),
    ).toBe(false);
  });

  it('reads ranges, amounts and dates strictly', () => {
    expect(daysInRange('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysInRange('2026-02-30', '2026-03-01')).toBeNaN();
    expect(daysInRange('2026-13-40', '2026-13-40')).toBeNaN();
    expect(daysInRange('ayer', 'hoy')).toBeNaN();
    expect(parseRemittanceAmount(' 85000 ')).toBe(85_000);
    for (const bad of ['85000.50', '85,000', '85mil', '-5', '', '1e5'])
      expect(parseRemittanceAmount(bad)).toBeNull();
    expect(parseRemittanceDate('2026-11-20')).toBe('2026-11-20');
    expect(parseRemittanceDate('5/1/2026')).toBe('2026-01-05');
    expect(parseRemittanceDate('31/02/2026')).toBeNull();
    expect(receiptCode(42)).toBe('CP-000042');
  });
});
