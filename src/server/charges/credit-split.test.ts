// Which credit a charge used (package-charge.ts): dollars first, then pesos converted back at the TRM they were
// converted with, so an indemnity's pesos are never lost nor grown between two TRMs.
import { describe, expect, it } from 'vitest';
import { creditSplit } from './package-charge.ts';

describe('creditSplit', () => {
  const trm = 401_235; // $ 4.012,35
  const pesos = 120_000;
  const copAsCents = Math.floor((pesos * 10_000) / trm); // 2990 cents

  it('uses the dollars first, then the pesos', () => {
    expect(creditSplit(300, { cents: 500, cop: pesos }, copAsCents, trm)).toEqual({ cents: 300, cop: 0 });
    expect(creditSplit(1500, { cents: 500, cop: pesos }, copAsCents, trm)).toEqual({
      cents: 500,
      cop: 40_124,
    });
  });

  it('takes every peso when it uses all of them (the conversion’s fraction of a cent is not left over)', () => {
    expect(creditSplit(copAsCents, { cents: 0, cop: pesos }, copAsCents, trm)).toEqual({
      cents: 0,
      cop: pesos,
    });
  });

  it('keeps the rest in pesos, and takes nothing for nothing', () => {
    const part = creditSplit(1000, { cents: 0, cop: pesos }, copAsCents, trm);
    expect(part).toEqual({ cents: 0, cop: 40_124 });
    expect(pesos - part.cop).toBe(79_876);
    expect(creditSplit(0, { cents: 0, cop: 30 }, 0, trm)).toEqual({ cents: 0, cop: 0 });
  });
});
