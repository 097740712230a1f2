// The registration form's schema, run by the browser and again by the server; its ordered checks of
// design/product.md §5 are in registration-rules.ts (no zod), so the screen paints before this file arrives.
import { isPossiblePhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { messages } from './messages.ts';
import { PHONE_MAX_DIGITS } from './registration-rules.ts';
import { captchaFields, emailField, optionalText, passwordField, requiredText } from './schemas.ts';

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
  ...captchaFields,
  aceptoPolitica: z.boolean().optional().default(false),
  /** 'Quiero recibir avisos de mis paquetes por WhatsApp al {phone}': unticked unless the person ticks it. */
  avisosWhatsapp: z.boolean().optional().default(false),
  ref: z.string().trim().max(40).optional().default(''),
});
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** A phone in E.164 (leading '+', at most 15 digits) that is possible for its country. */
export function isValidE164(phone: string): boolean {
  if (!/^\+[1-9]\d{1,14}$/.test(phone)) return false;
  const parsed = parsePhoneNumberFromString(phone);
  return parsed !== undefined && isPossiblePhoneNumber(phone);
}
