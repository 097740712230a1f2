// WhatsApp's part of the configuration (design/notices.md 'The Cloud API, as it is'): all of TOKEN, PHONE_NUMBER_ID,
// APP_SECRET and VERIFY_TOKEN, or none (WhatsApp off). The token is kept out of every message this file writes.
import { z } from 'zod';
import { optionalSetting, requireTogether, wholeNumberSetting, withHiddenSecrets } from '../config-groups.ts';

export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com';
export const DEFAULT_WHATSAPP_API_VERSION = 'v23.0';
export const DEFAULT_WHATSAPP_RATE = 80;

export const whatsappEnv = {
  WHATSAPP_API_URL: z
    .string()
    .trim()
    .optional()
    .transform((url) => (url || DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, ''))
    .refine(
      (url) => /^https?:\/\/[^/\s]+/.test(url),
      'debe ser una URL http(s), por ejemplo https://graph.facebook.com',
    ),
  WHATSAPP_API_VERSION: z
    .string()
    .trim()
    .optional()
    .transform((version) => version || DEFAULT_WHATSAPP_API_VERSION)
    .refine((version) => /^v\d+\.\d+$/.test(version), 'debe ser como v23.0'),
  WHATSAPP_TOKEN: optionalSetting.refine(
    (token) => token === undefined || /^[A-Za-z0-9._-]{16,1000}$/.test(token),
    'no parece un token de acceso (letras, números, . _ -; al menos 16)',
  ),
  WHATSAPP_PHONE_NUMBER_ID: optionalSetting.refine(
    (id) => id === undefined || /^\d{5,20}$/.test(id),
    'debe ser el identificador numérico del número de teléfono',
  ),
  WHATSAPP_APP_SECRET: optionalSetting.refine(
    (secret) => secret === undefined || secret.length >= 16,
    'debe tener al menos 16 caracteres',
  ),
  WHATSAPP_VERIFY_TOKEN: optionalSetting.refine(
    (token) => token === undefined || token.length >= 8,
    'debe tener al menos 8 caracteres',
  ),
  WHATSAPP_RATE: wholeNumberSetting(1000, DEFAULT_WHATSAPP_RATE),
};

const REQUIRED = [
  'WHATSAPP_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

type WhatsappEnv = { [K in keyof typeof whatsappEnv]: z.output<(typeof whatsappEnv)[K]> };

/** Some of the four but not all is a mistake: each missing one is named. */
export function checkWhatsapp(env: WhatsappEnv, ctx: z.RefinementCtx) {
  requireTogether(
    env,
    REQUIRED,
    ctx,
    'falta: WhatsApp necesita WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET y WHATSAPP_VERIFY_TOKEN juntos',
  );
}

export interface WhatsappConfig {
  apiUrl: string;
  apiVersion: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  /** Messages per second, across every instance. */
  rate: number;
}

export function whatsappConfig(env: WhatsappEnv): WhatsappConfig | null {
  const { WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId } = env;
  const { WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken } = env;
  if (!token || !phoneNumberId || !appSecret || !verifyToken) return null;
  const config = {
    apiUrl: env.WHATSAPP_API_URL,
    apiVersion: env.WHATSAPP_API_VERSION,
    phoneNumberId,
    appSecret,
    verifyToken,
    rate: env.WHATSAPP_RATE,
  };
  // The secrets stay out of JSON.stringify and util.inspect (a config logged by mistake shows no token).
  return withHiddenSecrets(config, { token, appSecret, verifyToken });
}

/** The one line the server writes at start when WhatsApp is off. */
export const WHATSAPP_OFF_LINE =
  'WhatsApp: desactivado (faltan WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET y WHATSAPP_VERIFY_TOKEN); los avisos salen solo por correo.';
