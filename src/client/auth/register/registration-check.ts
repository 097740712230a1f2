// design/product.md §5 rules 1 to 3 for registration, each problem with its field: the consent, then the passwords;
// then the WhatsApp box, which needs a phone to send to (design/notices.md 'Consent first').
import { registrationProblem } from '../../../shared/registration-rules.ts';
import { newPasswordCheck, type Passwords } from '../../components/password-field.tsx';
import type { FieldProblem } from '../../components/use-form.ts';

export const WHATSAPP_NEEDS_PHONE =
  'Para recibir avisos por WhatsApp, escribe tu teléfono con su indicativo, por ejemplo +573001234567.';

/** The consent first; then the passwords (account-checks.ts); then a phone for the WhatsApp box. */
export function registrationCheck(
  data: Passwords & { aceptoPolitica: boolean; avisosWhatsapp?: boolean; telefono?: string },
): FieldProblem<keyof Passwords | 'aceptoPolitica' | 'avisosWhatsapp'> | null {
  const message = registrationProblem(data);
  if (message !== null)
    return data.aceptoPolitica ? newPasswordCheck(data) : { field: 'aceptoPolitica', message };
  if (data.avisosWhatsapp && !data.telefono?.trim())
    return { field: 'avisosWhatsapp', message: WHATSAPP_NEEDS_PHONE };
  return null;
}
