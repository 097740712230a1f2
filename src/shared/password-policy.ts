// SPEC.md §5 rule 3: at least 8 characters with a lower-case letter, an upper-case letter, a digit and one of @#$%^&+=!
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
