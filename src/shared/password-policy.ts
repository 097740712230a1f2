// design/product.md §5 rule 3: at least 8 characters with a lower-case letter, an upper-case letter, a digit and
// one of @#$%^&+=!
import { messages } from './messages.ts';

const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const PASSWORD_SYMBOLS = '@#$%^&+=!';

export function meetsPasswordPolicy(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    [...PASSWORD_SYMBOLS].some((symbol) => password.includes(symbol))
  );
}

/** The password checks of design/product.md §5 (rules 2 and 3), in their order; null when the pair is acceptable. */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return messages.passwordsDiffer;
  if (password.length > PASSWORD_MAX_LENGTH) return messages.passwordTooLong;
  if (!meetsPasswordPolicy(password)) return messages.passwordWeak;
  return null;
}
