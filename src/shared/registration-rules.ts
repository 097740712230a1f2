// The registration rules that need no schema library: design/product.md §5 checks 1 to 3 in their order and the phone's
// length. The register screen paints with these alone; the schema (with zod) arrives right after (registration.ts).
import { messages } from './messages.ts';
import { newPasswordProblem } from './password-policy.ts';

/** E.164 allows at most 15 digits after the '+'. */
export const PHONE_MAX_DIGITS = 15;

/**
 * design/product.md §5 checks 1 to 3 in their order (consent, confirmation, policy); the server adds the captcha (check
 * 4) and the list of common passwords. Null when they all pass.
 */
export function registrationProblem(form: {
  aceptoPolitica: boolean;
  password: string;
  confirmPassword: string;
}): string | null {
  if (!form.aceptoPolitica) return messages.consentRequired;
  return newPasswordProblem(form.password, form.confirmPassword);
}
