// SPEC.md §5 rules 1 to 3 for registration, each problem with its field: the consent, then the passwords.
import { registrationProblem } from '../../../shared/registration-rules.ts';
import { newPasswordCheck, type Passwords } from '../../components/password-field.tsx';
import type { FieldProblem } from '../../components/use-form.ts';

/** The consent first; then the passwords (account-checks.ts). */
export function registrationCheck(
  data: Passwords & { aceptoPolitica: boolean },
): FieldProblem<keyof Passwords | 'aceptoPolitica'> | null {
  const message = registrationProblem(data);
  if (message === null) return null;
  return data.aceptoPolitica ? newPasswordCheck(data) : { field: 'aceptoPolitica', message };
}
