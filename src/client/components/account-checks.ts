// The ordered checks of SPEC.md §5 that the account forms run after the schema, each problem with the field it
// belongs to: the shared rules say what is wrong, these say where, by which rule failed (never by its words).
import { registrationProblem } from '../../shared/registration.ts';
import { newPasswordProblem } from '../../shared/schemas.ts';
import type { FieldProblem } from './use-form.ts';

type Passwords = { password: string; confirmPassword: string };

/** Rules 2 and 3: the confirmation first (it is the first rule), then the password's own rules. */
export function newPasswordCheck(data: Passwords): FieldProblem<keyof Passwords> | null {
  const message = newPasswordProblem(data.password, data.confirmPassword);
  if (message === null) return null;
  return { field: data.password === data.confirmPassword ? 'password' : 'confirmPassword', message };
}

/** Rules 1 to 3: the consent, then the passwords. */
export function registrationCheck(
  data: Passwords & { aceptoPolitica: boolean },
): FieldProblem<keyof Passwords | 'aceptoPolitica'> | null {
  const message = registrationProblem(data);
  if (message === null) return null;
  return data.aceptoPolitica ? newPasswordCheck(data) : { field: 'aceptoPolitica', message };
}
