// The configuration (design/architecture.md 'Configuration', docs/CONFIGURATION.md), read from the environment and
// validated once at start-up.
import { z } from 'zod';
import { parseOfficeAddress } from '../shared/address.ts';
import { DEFAULT_MAX_ATTEMPTS } from '../shared/delivery/door-choices.ts';
import { nitCheckDigit } from '../shared/einvoice/billing-data.ts';
import { wholeNumberSetting } from './config-groups.ts';
import { checkEinvoice, einvoiceConfig, einvoiceEnv } from './einvoice/config.ts';
import { checkFilesS3, filesS3Config, filesS3Env } from './files/s3-config.ts';
import { checkWhatsapp, whatsappConfig, whatsappEnv } from './notices/config.ts';
import { observabilityEnv } from './observability/config.ts';
import { checkWompi, wompiConfig, wompiEnv } from './payments/config.ts';

// Zod's own fallback messages in Spanish too, for every schema the server runs.
z.config(z.locales.es());

export const DEFAULT_OFFICE_ADDRESS = '3750 W 16th Ave, Suite 114\nHialeah, FL 33012\nUSA';
/** Example identity for the footer and the data policy: a real deployment sets its own. */
export const DEFAULT_COMPANY_NIT = '900.123.456-8';
export const DEFAULT_COMPANY_ADDRESS = 'Calle 100 # 8A-55, Bogotá, Colombia';
export const DEFAULT_OFFICE_PHONE = '3055550134';

const httpUrl = z
  .url({ error: 'debe ser una URL http(s), por ejemplo http://localhost:3000' })
  .refine((url) => /^https?:\/\//.test(url), 'debe empezar por http:// o https://')
  .transform((url) => url.replace(/\/+$/, ''));

/** A comma-separated list, empty when unset: each item trimmed (and `normalize`d), blanks dropped, then checked. */
const commaList = (item: z.ZodType<string, string>, normalize = (text: string) => text) =>
  z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((text) => normalize(text.trim()))
        .filter(Boolean),
    )
    .pipe(z.array(item));

const emailList = commaList(
  z.email({ error: 'debe ser una lista de correos separados por comas' }),
  (email) => email.toLowerCase(),
);

/** A comma-separated list of 'YYYY-MM-DD' days (PQR holiday overrides). */
const dayList = commaList(
  z.iso.date({ error: 'debe ser una lista de fechas AAAA-MM-DD separadas por comas' }),
);

/** PQR settings (docs/OPERATIONS.md 'PQR' says which law each comes from). */
const pqrSettings = {
  /** Business days to answer a PQR (Ley 1369 de 2009; Res. CRC 3038 de 2011). */
  PQR_ANSWER_DAYS: wholeNumberSetting(60, 15),
  /** Business days to ask for a review after an answer is notified (Res. CRC 3038 de 2011). */
  PQR_REVIEW_DAYS: wholeNumberSetting(30, 5),
  /** The radicado: {año} the filing's year, {numero} its sequence number (6 digits at least). */
  PQR_RADICADO_FORMAT: z
    .string()
    .trim()
    .default('PQR-{año}-{numero}')
    .refine(
      (format) =>
        format.includes('{numero}') && /^[A-Za-z0-9_.-]*$/.test(format.replace(/\{(año|numero)\}/g, '')),
      'debe contener {numero} y solo letras, números, guiones, puntos y {año}',
    )
    .refine((format) => format.length <= 40, 'admite hasta 40 caracteres'),
  /** Holidays a new law adds, not yet in the library (e.g. 2026-07-09 if Ley 2578 de 2026 is confirmed). */
  PQR_EXTRA_HOLIDAYS: dayList,
  /** Holidays the library has that are no longer holidays. */
  PQR_REMOVED_HOLIDAYS: dayList,
  /** The hour (Bogotá) from which the morning reminders are mailed to staff. */
  PQR_REMINDER_HOUR: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(0, 'debe estar entre 0 y 23')
    .max(23, 'debe estar entre 0 y 23')
    .default(7),
};

const configSchema = z
  .object({
    ...pqrSettings,
    NODE_ENV: z.string().default('development'),
    PORT: z.coerce.number({ error: 'debe ser un número' }).int().min(0).max(65535).default(3000),
    // Unset, it follows PORT (toConfig): a second instance on another port accepts its own pages' forms.
    APP_URL: z
      .string()
      .trim()
      .optional()
      .transform((url) => url || undefined)
      .pipe(httpUrl.optional()),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((url) => url || undefined)
      .refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), 'debe empezar por postgres://'),
    DATA_DIR: z
      .string()
      .trim()
      .optional()
      .transform((dir) => dir || './data'),
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((url) => url || undefined)
      .refine((url) => url === undefined || /^smtps?:\/\//.test(url), 'debe empezar por smtp:// o smtps://'),
    MAIL_FROM: z.string().trim().optional(),
    AUTH_SECRET: z.string().trim().min(32, 'debe tener al menos 32 caracteres').optional(),
    ADMIN_EMAILS: emailList,
    BRAND_NAME: z
      .string()
      .trim()
      .max(60, 'admite hasta 60 caracteres')
      .optional()
      .transform((name) => name || 'CasilleroYa'),
    OFFICE_ADDRESS: z
      .string()
      .default(DEFAULT_OFFICE_ADDRESS)
      .transform((text) => text.replace(/\\n/g, '\n').trim())
      .refine(
        (text) => parseOfficeAddress(text) !== null,
        'debe tener la calle y una línea "Ciudad, ST 12345" (por ejemplo "Hialeah, FL 33012")',
      ),
    SUPPORT_WHATSAPP: z
      .string()
      .trim()
      .regex(/^\d{8,15}$/, 'debe tener solo dígitos (8 a 15), con el código de país')
      .default('13055550114'),
    SUPPORT_EMAIL: z.email({ error: 'debe ser un correo' }).default('soporte@example.com'),
    PRIVACY_EMAIL: z.email({ error: 'debe ser un correo' }).default('privacidad@example.com'),
    COMPANY_NAME: z.string().trim().max(100, 'admite hasta 100 caracteres').optional(),
    COMPANY_NIT: z
      .string()
      .trim()
      .default(DEFAULT_COMPANY_NIT)
      .refine((nit) => {
        const match = /^(\d{1,3}(?:\.?\d{3}){2})-(\d)$/.exec(nit);
        return match?.[1] !== undefined && nitCheckDigit(match[1].replace(/\./g, '')) === Number(match[2]);
      }, 'debe ser un NIT con su dígito de verificación, por ejemplo 900.123.456-8'),
    COMPANY_ADDRESS: z
      .string()
      .trim()
      .min(1, 'no puede estar vacía')
      .max(200, 'admite hasta 200 caracteres')
      .default(DEFAULT_COMPANY_ADDRESS),
    OFFICE_PHONE: z
      .string()
      .trim()
      .default(DEFAULT_OFFICE_PHONE)
      // A US number as a checkout asks for it: 10 digits (a leading +1 or 1 is dropped), area code and exchange
      // not starting with 0 or 1 (NANP).
      .transform((phone) => phone.replace(/[\s().-]/g, '').replace(/^\+?1(?=\d{10}$)/, ''))
      .refine(
        (digits) => /^[2-9]\d{2}[2-9]\d{6}$/.test(digits),
        'debe ser un teléfono de Estados Unidos de 10 dígitos',
      ),
    DELIVERY_MAX_ATTEMPTS: wholeNumberSetting(20, DEFAULT_MAX_ATTEMPTS),
    RATE_LIMITS: z.enum(['on', 'off'], { error: 'debe ser on u off' }).default('on'),
    TRUST_PROXY: z.enum(['true', 'false'], { error: 'debe ser true o false' }).default('false'),
    CAPTCHA_TEST_ANSWER: z
      .string()
      .trim()
      .optional()
      .transform((answer) => answer || undefined),
    ...whatsappEnv,
    ...einvoiceEnv,
    ...filesS3Env,
    ...observabilityEnv,
    ...wompiEnv,
  })
  .superRefine((env, ctx) => {
    checkWhatsapp(env, ctx);
    checkEinvoice(env, ctx);
    checkFilesS3(env, ctx);
    checkWompi(env, ctx);
    if (env.NODE_ENV !== 'production') return;
    if (env.CAPTCHA_TEST_ANSWER)
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_TEST_ANSWER'], message: 'no se permite en producción' });
    if (!env.AUTH_SECRET)
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'es obligatorio en producción' });
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof configSchema>) {
  const appUrlText = env.APP_URL ?? `http://localhost:${env.PORT}`;
  const appUrl = new URL(appUrlText);
  return {
    production: env.NODE_ENV === 'production',
    port: env.PORT,
    appUrl: appUrlText,
    secureCookies: appUrl.protocol === 'https:',
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    smtpUrl: env.SMTP_URL,
    mailFrom:
      env.MAIL_FROM ||
      `${env.BRAND_NAME} <no-reply@${appUrl.hostname === 'localhost' ? 'example.com' : appUrl.hostname}>`,
    authSecret: env.AUTH_SECRET,
    adminEmails: env.ADMIN_EMAILS,
    brandName: env.BRAND_NAME,
    officeAddress: env.OFFICE_ADDRESS,
    supportWhatsapp: env.SUPPORT_WHATSAPP,
    supportEmail: env.SUPPORT_EMAIL,
    privacyEmail: env.PRIVACY_EMAIL,
    companyName: env.COMPANY_NAME || `${env.BRAND_NAME} S.A.S.`,
    companyNit: env.COMPANY_NIT,
    companyAddress: env.COMPANY_ADDRESS,
    officePhone: env.OFFICE_PHONE,
    captchaTestAnswer: env.CAPTCHA_TEST_ANSWER,
    deliveryMaxAttempts: env.DELIVERY_MAX_ATTEMPTS,
    rateLimits: env.RATE_LIMITS === 'on',
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    metricsBusinessSeconds: env.METRICS_BUSINESS_SECONDS,
    pqr: {
      answerDays: env.PQR_ANSWER_DAYS,
      reviewDays: env.PQR_REVIEW_DAYS,
      radicadoFormat: env.PQR_RADICADO_FORMAT,
      extraHolidays: env.PQR_EXTRA_HOLIDAYS,
      removedHolidays: env.PQR_REMOVED_HOLIDAYS,
      reminderHour: env.PQR_REMINDER_HOUR,
    },

    whatsapp: whatsappConfig(env),
    /** Null: electronic invoicing is off (invoices become due and wait). */
    einvoice: einvoiceConfig(env),
    /** Null: files live in the database (the default). */
    filesS3: filesS3Config(env),
    /** Null: online payment is off (no WOMPI_* keys). */
    wompi: wompiConfig(env),
  };
}

export class ConfigError extends Error {}

/** Reads the configuration; a bad value throws a ConfigError naming every variable at fault. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${String(issue.path[0] ?? '')}: ${issue.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  return toConfig(result.data);
}

/** The values the browser may see, written into index.html. */
export function publicConfig(config: Config) {
  return {
    brandName: config.brandName,
    appUrl: config.appUrl,
    officeAddress: config.officeAddress,
    supportWhatsapp: config.supportWhatsapp,
    supportEmail: config.supportEmail,
    privacyEmail: config.privacyEmail,
    companyName: config.companyName,
    companyNit: config.companyNit,
    companyAddress: config.companyAddress,
    officePhone: config.officePhone,
    /** Wompi's public key (the only one the browser sees); empty while online payment is off. */
    wompiPublicKey: config.wompi?.publicKey ?? '',
  };
}
