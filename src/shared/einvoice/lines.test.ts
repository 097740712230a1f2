import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { properties } from '../../../test/support/properties.ts';
import { computeCharge, DEFAULT_CHARGE_SETTINGS } from '../charges/charge.ts';
import { centsToCop } from '../charges/charge-lines.ts';
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

  it('takes a fee line in the pesos it was charged at its own TRM, and leaves the credit and rounding to the charge', () => {
    // The charge at $ 4.000 (US$ 25,00 + 5,95 + customs 30,00 − credit 5,00 = $ 2.238.000 rounded up to 100), a
    // storage line of US$ 5,00 at $ 4.137,23: $ 20.700 (up to 100), never 5,00 × 4.000.
    const figures = buildInvoiceFigures({
      lines: [
        { kind: 'flete', cents: 2500 },
        { kind: 'seguro', cents: 595 },
        { kind: 'almacenaje', cents: 500, cop: 20_700 },
      ],
      customsCents: 3000,
      creditUsedCents: 500,
      dueCop: 223_800 + 20_700,
      trmHundredths,
      taxOf,
    });
    expect(figures.lines.map((line) => [line.kind, line.grossCop, line.discountCop])).toEqual([
      ['flete', 100_000, 20_000],
      ['seguro', 23_800, 0],
      ['almacenaje', 20_700, 0],
    ]);
    expect(figures.totalCop + figures.customsCop).toBe(223_800 + 20_700);
  });

  it('adds up to what was paid for any charge and fee lines at any TRMs (issue 45 defect 3)', () => {
    const trm = fc.integer({ min: 250_000, max: 600_000 });
    fc.assert(
      fc.property(
        fc.record({
          weightHundredthsLb: fc.integer({ min: 1, max: 15_000 }),
          declaredValueCents: fc.integer({ min: 0, max: 2_000_000 }),
          creditCents: fc.integer({ min: 0, max: 2_000 }),
        }),
        trm,
        fc.array(fc.record({ cents: fc.integer({ min: 1, max: 20_000 }), trm }), { maxLength: 4 }),
        (input, chargeTrm, fees) => {
          const charge = computeCharge(
            { ...input, measuresTenthsIn: null },
            { ...DEFAULT_CHARGE_SETTINGS, trmHundredths: chargeTrm },
          );
          const feeLines = fees.map((fee) => ({
            kind: 'almacenaje',
            cents: fee.cents,
            cop: centsToCop(fee.cents, fee.trm),
          }));
          const paid = charge.totalCop + feeLines.reduce((total, line) => total + line.cop, 0);
          const figures = buildInvoiceFigures({
            lines: [
              { kind: 'flete', cents: charge.freightCents },
              { kind: 'seguro', cents: charge.insuranceCents },
              ...feeLines,
            ],
            customsCents: charge.tariffCents + charge.vatCents,
            creditUsedCents: charge.creditUsedCents,
            dueCop: paid,
            trmHundredths: chargeTrm,
            taxOf,
          });
          // A credit larger than our lines also paid customs: only then do the figures not meet.
          if (charge.creditUsedCents <= charge.freightCents + charge.insuranceCents)
            expect(figures.totalCop + figures.customsCop).toBe(paid);
          const invoicedFees = figures.lines.slice(figures.lines.length - feeLines.length);
          expect(invoicedFees.map((line) => [line.grossCop, line.discountCop])).toEqual(
            feeLines.map((line) => [line.cop, 0]),
          );
          for (const line of figures.lines) {
            expect(line.grossCop).toBeGreaterThanOrEqual(line.discountCop);
            expect(line.baseCop + line.vatCop).toBe(line.grossCop - line.discountCop);
          }
        },
      ),
      properties(),
    );
  });
});
