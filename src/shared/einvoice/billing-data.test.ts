import { describe, expect, it } from 'vitest';
import { billingDataProblem, billingMessages, documentNumberProblem, nitCheckDigit } from './billing-data.ts';

const valid = {
  documentType: 'CC',
  documentNumber: '1020304050',
  name: 'Ana Pérez',
  address: 'Cra 7 # 1-2',
  municipality: 'Medellín',
} as const;

describe('billing data', () => {
  it("computes DIAN's NIT check digit", () => {
    expect(nitCheckDigit('890903938')).toBe(8);
    expect(nitCheckDigit('860034313')).toBe(7);
    expect(nitCheckDigit('899999068')).toBe(1);
  });

  it('takes a NIT with its right check digit, dots or not, and refuses a wrong one', () => {
    expect(documentNumberProblem('NIT', '890.903.938-8')).toBeNull();
    expect(documentNumberProblem('NIT', '890903938-2')).toBe(billingMessages.nitCheckDigit);
    expect(documentNumberProblem('NIT', '890903938')).toBe(billingMessages.nitFormat);
  });

  it("checks a cédula's digits and the other documents' forms", () => {
    expect(documentNumberProblem('CC', '12.345')).toBe(billingMessages.cedulaDigits);
    expect(documentNumberProblem('CC', '12345678901')).toBe(billingMessages.cedulaDigits);
    expect(documentNumberProblem('CC', '')).toBe(billingMessages.documentMissing);
    expect(documentNumberProblem('CE', '123456')).toBeNull();
    expect(documentNumberProblem('PA', 'AB12345')).toBeNull();
    expect(documentNumberProblem('PA', 'AB-1')).toBe(billingMessages.passport);
    expect(documentNumberProblem('PPT', '9876543')).toBeNull();
  });

  it('names the first field with a problem', () => {
    expect(billingDataProblem(valid)).toBeNull();
    expect(billingDataProblem({ ...valid, documentNumber: '' })).toEqual({
      field: 'documentNumber',
      message: billingMessages.documentMissing,
    });
    expect(billingDataProblem({ ...valid, municipality: ' ' })).toEqual({
      field: 'municipality',
      message: billingMessages.municipality,
    });
  });
});
