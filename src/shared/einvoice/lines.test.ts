import { describe, expect, it } from 'vitest';
import { buildInvoiceFigures, type LineTax } from './lines.ts';

const taxes: Record<string, LineTax> = {
  flete: { vatBasisPoints: 0, excluded: true },
  otros: { vatBasisPoints: 1900, excluded: false },
};
const taxOf = (kind: string) => taxes[kind] ?? (taxes.otros as LineTax);
// TRM $ 4.000: 1 USD cent = 40 pesos.
const trmHundredths = 400_000;

describe('invoice lines', () => {
  it('excludes the freight from IVA, puts IVA 19 % inside insurance and fees, and keeps customs apart', () => {
    const figures = buildInvoiceFigures({
      lines: [
        { kind: 'flete', cents: 2500 },
        { kind: 'seguro', cents: 595 },
        { kind: 'reempaque', cents: 1190 },
      ],
      customsCents: 3000,
      creditUsedCents: 0,
      dueCop: 291_450,
      trmHundredths,
      taxOf,
    });
    expect(figures.customsCop).toBe(120_000);
    expect(figures.lines).toEqual([
      expect.objectContaining({
        description: 'Flete internacional',
        grossCop: 100_050,
        vatCop: 0,
        excluded: true,
      }),
      expect.objectContaining({ description: 'Seguro', grossCop: 23_800, baseCop: 20_000, vatCop: 3_800 }),
      expect.objectContaining({ description: 'Reempaque', grossCop: 47_600, baseCop: 40_000, vatCop: 7_600 }),
    ]);
    // The rounding of 'Valor a pagar' to hundreds is on the first line: invoice + customs = what was paid.
    expect(figures.totalCop + figures.customsCop).toBe(291_450);
  });

  it('invoices a charge settled at zero with its credit as a discount, never more than the lines', () => {
    const figures = buildInvoiceFigures({
      lines: [
        { kind: 'flete', cents: 1000 },
        { kind: 'seguro', cents: 119 },
      ],
      customsCents: 0,
      creditUsedCents: 5000,
      dueCop: 0,
      trmHundredths,
      taxOf,
    });
    expect(figures.lines.map((line) => [line.grossCop, line.discountCop, line.vatCop])).toEqual([
      [40_000, 40_000, 0],
      [4_760, 4_760, 0],
    ]);
    expect(figures.totalCop).toBe(0);
  });

  it('takes an unknown kind of line with the "otros" setting and its own description', () => {
    const figures = buildInvoiceFigures({
      lines: [{ kind: 'nuevo', cents: 119, description: 'Servicio nuevo' }],
      customsCents: 0,
      creditUsedCents: 0,
      dueCop: 4_760,
      trmHundredths,
      taxOf,
    });
    expect(figures.lines[0]).toMatchObject({ description: 'Servicio nuevo', baseCop: 4_000, vatCop: 760 });
  });
});
