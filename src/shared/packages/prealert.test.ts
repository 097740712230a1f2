import { describe, expect, it } from 'vitest';
import { firstIssueMessage } from '../schemas.ts';
import { courierRegimeWarning, prealertSchema } from './prealert.ts';

const valid = { guide: '1z 999 aa1 01 2345 6784', content: 'Zapatos', declaredValue: '49.99' };
const problem = (input: Record<string, unknown>) => {
  const result = prealertSchema.safeParse({ ...valid, ...input });
  return result.success ? null : firstIssueMessage(result.error);
};

describe('the pre-alert form', () => {
  it('normalises the guide and keeps money in cents', () => {
    expect(prealertSchema.parse(valid)).toEqual({
      guide: '1Z999AA10123456784',
      store: '',
      content: 'Zapatos',
      declaredValue: 4999,
      quantity: 1,
      address: 1,
      instructions: '',
    });
  });

  it('requires the guide, the content and the value with design/packages.md messages', () => {
    expect(problem({ guide: '' })).toBe('Escribe el número de guía.');
    expect(problem({ guide: ' - - ' })).toBe('Escribe el número de guía.');
    expect(problem({ content: '  ' })).toBe('Completa el campo Contenido.');
    expect(problem({ declaredValue: '' })).toBe('Escribe el valor declarado en dólares, por ejemplo 49.99.');
  });

  it.each(['abc', '-5', '100000.01', '12.345', '1e5'])('refuses the value %s', (declaredValue) =>
    expect(problem({ declaredValue })).toBe('Escribe el valor declarado en dólares, por ejemplo 49.99.'),
  );

  it('accepts 0 and 100000 as values, and a comma as the decimal mark', () => {
    expect(problem({ declaredValue: '0' })).toBeNull();
    expect(problem({ declaredValue: '100000' })).toBeNull();
    expect(prealertSchema.parse({ ...valid, declaredValue: '10,5' }).declaredValue).toBe(1050);
  });

  it('refuses odd quantities and addresses', () => {
    for (const quantity of [0, -1, 1.5, 1000, '2'])
      expect(problem({ quantity })).toBe('La cantidad debe ser un número entero entre 1 y 999.');
    expect(problem({ address: 3 })).toBe('Elige una de tus direcciones de entrega.');
  });
});

describe('the courier-regime warning', () => {
  it('is silent within the regime', () => {
    expect(courierRegimeWarning({ declaredValueCents: 200_000, quantity: 6, weightKg: 50 })).toBeNull();
  });
  it('names each limit passed', () => {
    expect(courierRegimeWarning({ declaredValueCents: 200_001, quantity: 1 })).toMatch(
      /vale más de USD 2\.000: supera el régimen de envíos urgentes/,
    );
    expect(courierRegimeWarning({ declaredValueCents: 100, quantity: 7, weightKg: 51 })).toMatch(
      /trae más de 6 unidades, pesa más de 50 kg/,
    );
  });
});
