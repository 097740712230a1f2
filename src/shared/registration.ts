// The registration form's schema and the ordered checks of SPEC.md §5, run by the browser and again by the server.
import { isPossiblePhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { messages } from './messages.ts';
import { emailField, newPasswordProblem, optionalText, passwordField, requiredText } from './schemas.ts';

export const PHONE_MAX_DIGITS = 15;

export const registrationSchema = z.object({
  name: requiredText('Nombre completo', 120),
  cedula: requiredText('Cédula', 20),
  email: emailField,
  password: passwordField,
  confirmPassword: z.string({ error: messages.required('Confirmar contraseña') }).max(200),
  telefono: z
    .string()
    .trim()
    .max(PHONE_MAX_DIGITS + 1, messages.phoneInvalid)
    .optional()
    .default('')
    .refine((phone) => phone === '' || isValidE164(phone), messages.phoneInvalid),
  direccion1: requiredText('Dirección 1', 200),
  ciudad1: requiredText('Ciudad 1', 100),
  codigoPostal1: requiredText('Código postal 1', 20),
  direccion2: optionalText('Dirección 2', 200),
  ciudad2: optionalText('Ciudad 2', 100),
  codigoPostal2: optionalText('Código postal 2', 20),
  // Ids are base64url; anything else cannot name a captcha.
  captchaId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,100}$/, messages.captchaMismatch)
    .optional()
    .default(''),
  captcha: requiredText('Captcha', 20),
  aceptoPolitica: z.boolean().optional().default(false),
  ref: z.string().trim().max(40).optional().default(''),
});
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/**
 * SPEC.md §5 checks 1 to 3 in their order (consent, confirmation, policy); the server adds the captcha (check 4)
 * and the list of common passwords. Null when they all pass.
 */
export function registrationProblem(
  form: Pick<Registration, 'aceptoPolitica' | 'password' | 'confirmPassword'>,
) {
  if (!form.aceptoPolitica) return messages.consentRequired;
  return newPasswordProblem(form.password, form.confirmPassword);
}

/** A phone in E.164 (leading '+', at most 15 digits) that is possible for its country. */
export function isValidE164(phone: string): boolean {
  if (!/^\+[1-9]\d{1,14}$/.test(phone)) return false;
  const parsed = parsePhoneNumberFromString(phone);
  return parsed !== undefined && isPossiblePhoneNumber(phone);
}
