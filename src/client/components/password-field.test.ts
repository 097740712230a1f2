import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { registrationCheck } from '../auth/register/registration-check.ts';
import { newPasswordCheck } from './password-field.tsx';

const GOOD = 'Clave#Segura2026';

describe('the account checks place each problem on its field', () => {
  it('puts a different confirmation on confirmPassword, before the password rules', () => {
    expect(newPasswordCheck({ password: 'corta', confirmPassword: 'otra' })).toEqual({
      field: 'confirmPassword',
      message: messages.passwordsDiffer,
    });
  });

  it("puts the password's own rules on password, and passes a good pair", () => {
    expect(newPasswordCheck({ password: 'corta', confirmPassword: 'corta' })).toEqual({
      field: 'password',
      message: messages.passwordWeak,
    });
    expect(newPasswordCheck({ password: GOOD, confirmPassword: GOOD })).toBeNull();
  });

  it('asks for the consent first (design/product.md §5 order), then checks the passwords', () => {
    expect(registrationCheck({ aceptoPolitica: false, password: 'x', confirmPassword: 'y' })).toEqual({
      field: 'aceptoPolitica',
      message: messages.consentRequired,
    });
    expect(registrationCheck({ aceptoPolitica: true, password: GOOD, confirmPassword: 'y' })?.field).toBe(
      'confirmPassword',
    );
    expect(registrationCheck({ aceptoPolitica: true, password: GOOD, confirmPassword: GOOD })).toBeNull();
  });
});
