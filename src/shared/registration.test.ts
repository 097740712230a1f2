import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { meetsPasswordPolicy } from './password-policy.ts';
import { isValidE164 } from './registration.ts';
import { registrationProblem } from './registration-rules.ts';

describe('the password rule of design/product.md §5', () => {
  it.each([
    ['Abcdef1!', true],
    ['Abcdefg1@', true],
    ['Xy1#xxxx', true],
    ['Abc1!', false],
    ['abcdefg1!', false],
    ['ABCDEFG1!', false],
    ['Abcdefgh!', false],
    ['Abcdefgh1', false],
    ['Abcdefg1*', false],
  ])('%s → %s', (password, ok) => {
    expect(meetsPasswordPolicy(password)).toBe(ok);
  });
});

describe('the registration checks, in order', () => {
  it('consent first, then the confirmation, then the rules', () => {
    expect(registrationProblem({ aceptoPolitica: false, password: 'x', confirmPassword: 'y' })).toBe(
      messages.consentRequired,
    );
    expect(registrationProblem({ aceptoPolitica: true, password: 'x', confirmPassword: 'y' })).toBe(
      messages.passwordsDiffer,
    );
    expect(registrationProblem({ aceptoPolitica: true, password: 'x', confirmPassword: 'x' })).toBe(
      messages.passwordWeak,
    );
    expect(
      registrationProblem({ aceptoPolitica: true, password: 'Abcdef1!', confirmPassword: 'Abcdef1!' }),
    ).toBeNull();
  });
});

describe('phones', () => {
  it('are E.164 with a plus, at most 15 digits, possible for their country', () => {
    expect(isValidE164('+573001234567')).toBe(true);
    expect(isValidE164('573001234567')).toBe(false);
    expect(isValidE164('+57300')).toBe(false);
    expect(isValidE164('+1234567890123456')).toBe(false);
  });
});
