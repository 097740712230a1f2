// Request schemas shared by the browser and the server, with their Spanish messages.
import { z } from 'zod';
import { messages } from './messages.ts';
import { hasPesoDecimals, PESOS_DECIMALS_MESSAGE } from './money.ts';

// Zod would otherwise probe `new Function` to compile faster parsers, which our CSP (script-src 'self') refuses
// in the browser, logging a violation on every page that validates.
z.config({ jitless: true });

import { newPasswordProblem, PASSWORD_MAX_LENGTH } from './password-policy.ts';

/** Control characters (NUL above all, which PostgreSQL text refuses) never reach the database. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
export const clean = (text: string) => text.replace(CONTROL_CHARACTERS, '');

/** A required text of at most `max` characters; `empty` is what a blank says (by default, that `label` is required). */
export const requiredText = (label: string, max: number, empty = messages.required(label)) =>
  z
    .string({ error: empty })
    .overwrite(clean)
    .trim()
    .min(1, empty)
    .max(max, `El campo ${label} admite hasta ${max} caracteres.`);

export const optionalText = (label: string, max: number) =>
  z
    .string()
    .overwrite(clean)
    .trim()
    .max(max, `El campo ${label} admite hasta ${max} caracteres.`)
    .optional()
    .default('');

/**
 * Whole pesos from 0 (or 1 with `positive`) to `max`, as the browser sends them (pesosInput in money.ts): a number,
 * or the typed text when it was not one. Typed decimals ('120000.50', '120.000,50') are refused with
 * PESOS_DECIMALS_MESSAGE; anything else (a fraction sent as a JSON number too) with the field's own `message`. Never
 * rounded.
 */
export const pesosField = (message: string, max: number, options: { positive?: boolean } = {}) =>
  z
    .number({
      error: (issue) =>
        typeof issue.input === 'string' && hasPesoDecimals(issue.input) ? PESOS_DECIMALS_MESSAGE : message,
    })
    .int(message)
    .min(options.positive ? 1 : 0, message)
    .max(max, message);

/** The server-made captcha's id and what the person typed (/register, a visitor's PQR). */
export const captchaFields = {
  // Ids are base64url; anything else cannot name a captcha.
  captchaId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,100}$/, messages.captchaMismatch)
    .optional()
    .default(''),
  captcha: requiredText('Captcha', 20),
};

export const emailField = z
  .string({ error: messages.required('Correo electrónico') })
  .trim()
  .min(1, messages.required('Correo electrónico'))
  .max(254, messages.emailInvalid)
  .pipe(z.email({ error: messages.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: messages.required('Contraseña') })
  .min(1, messages.required('Contraseña'))
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

export const loginSchema = z.object({ email: emailField, password: passwordField });
export type LoginInput = z.infer<typeof loginSchema>;

export const resetRequestSchema = z.object({
  email: z
    .string({ error: messages.resetEmailRequired })
    .trim()
    .min(1, messages.resetEmailRequired)
    .max(254, messages.emailInvalid)
    .pipe(z.email({ error: messages.emailInvalid }))
    .transform((email) => email.toLowerCase()),
});

export const newPasswordSchema = z
  .object({
    token: z.string().trim().min(1, messages.resetLinkInvalid).max(200, messages.resetLinkInvalid),
    password: passwordField,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, messages.passwordTooLong),
  })
  .superRefine((value, ctx) => {
    const problem = newPasswordProblem(value.password, value.confirmPassword);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });

export const verifyEmailSchema = z.object({
  token: z.string().trim().min(1, messages.verifyLinkInvalid).max(200, messages.verifyLinkInvalid),
});

/** The first message of a failed parse: the one the user sees. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? messages.badJson;
}
