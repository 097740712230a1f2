import { describe, expect, it } from 'vitest';
import { pesosFromInput } from './pesos.ts';

describe('pesos as a cashier types them', () => {
  it('reads whole pesos, with or without a leading $ and spaces', () => {
    expect(pesosFromInput('85000')).toBe(85000);
    expect(pesosFromInput(' $ 85000 ')).toBe(85000);
    expect(pesosFromInput('0')).toBe(0);
  });

  it('gives NaN for dots, decimals, signs, letters or nothing, which the shared schema refuses', () => {
    for (const text of ['85.000', '85000,50', '85000.5', '-5', '8 5000', 'ochenta', '', '12345678901'])
      expect(pesosFromInput(text), text).toBeNaN();
  });
});
