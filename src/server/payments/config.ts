// Wompi's part of the configuration (design/payments.md 'Online payment through Wompi'): the four keys together, or
// none (online payment off). Only the public key ever reaches the browser; the secrets are kept out of every message
// this file writes and out of JSON.stringify and util.inspect.
import { z } from 'zod';
import { optionalSetting, requireTogether, withHiddenSecrets } from '../config-groups.ts';

export const DEFAULT_WOMPI_API_URL = 'https://sandbox.wompi.co/v1';
export const DEFAULT_WOMPI_CHECKOUT_URL = 'https://checkout.wompi.co/p/';

const optionalKey = (prefix: RegExp, example: string) =>
  optionalSetting.refine(
    (value) => value === undefined || (prefix.test(value) && value.length <= 200),
    `no parece una llave de Wompi (empieza por ${example})`,
  );

const url = (fallback: string, example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || fallback)
    .refine((value) => /^https?:\/\/[^/\s]+/.test(value), `debe ser una URL http(s), por ejemplo ${example}`);

export const wompiEnv = {
  WOMPI_PUBLIC_KEY: optionalKey(/^pub_(test|prod|stagtest)_[A-Za-z0-9]+$/, 'pub_test_ o pub_prod_'),
  WOMPI_PRIVATE_KEY: optionalKey(/^prv_(test|prod|stagtest)_[A-Za-z0-9]+$/, 'prv_test_ o prv_prod_'),
  WOMPI_INTEGRITY_SECRET: optionalKey(
    /^(test|prod|stagtest)_integrity_[A-Za-z0-9]+$/,
    'test_integrity_ o prod_integrity_',
  ),
  WOMPI_EVENTS_SECRET: optionalKey(
    /^(test|prod|stagtest)_events_[A-Za-z0-9]+$/,
    'test_events_ o prod_events_',
  ),
  WOMPI_API_URL: url(DEFAULT_WOMPI_API_URL, DEFAULT_WOMPI_API_URL).transform((value) =>
    value.replace(/\/+$/, ''),
  ),
  WOMPI_CHECKOUT_URL: url(DEFAULT_WOMPI_CHECKOUT_URL, DEFAULT_WOMPI_CHECKOUT_URL),
};

const REQUIRED = [
  'WOMPI_PUBLIC_KEY',
  'WOMPI_PRIVATE_KEY',
  'WOMPI_INTEGRITY_SECRET',
  'WOMPI_EVENTS_SECRET',
] as const;

type WompiEnv = { [K in keyof typeof wompiEnv]: z.output<(typeof wompiEnv)[K]> };

/** Some of the four keys but not all is a mistake: each missing one is named. */
export function checkWompi(env: WompiEnv, ctx: z.RefinementCtx) {
  requireTogether(
    env,
    REQUIRED,
    ctx,
    'falta: Wompi necesita WOMPI_PUBLIC_KEY, WOMPI_PRIVATE_KEY, WOMPI_INTEGRITY_SECRET y WOMPI_EVENTS_SECRET juntos',
  );
  const sandbox = (key: string | undefined) => key?.includes('test_');
  const keys = REQUIRED.map((key) => env[key]).filter((key) => key !== undefined);
  if (keys.some(sandbox) && !keys.every(sandbox))
    ctx.addIssue({
      code: 'custom',
      path: ['WOMPI_PUBLIC_KEY'],
      message: 'mezcla llaves de pruebas (test) y de producción (prod)',
    });
}

export interface WompiConfig {
  apiUrl: string;
  checkoutUrl: string;
  publicKey: string;
  privateKey: string;
  integritySecret: string;
  eventsSecret: string;
}

export function wompiConfig(env: WompiEnv): WompiConfig | null {
  const { WOMPI_PUBLIC_KEY: publicKey, WOMPI_PRIVATE_KEY: privateKey } = env;
  const { WOMPI_INTEGRITY_SECRET: integritySecret, WOMPI_EVENTS_SECRET: eventsSecret } = env;
  if (!publicKey || !privateKey || !integritySecret || !eventsSecret) return null;
  const config = { apiUrl: env.WOMPI_API_URL, checkoutUrl: env.WOMPI_CHECKOUT_URL, publicKey };
  return withHiddenSecrets(config, { privateKey, integritySecret, eventsSecret });
}

/** The one line the server writes at start when Wompi is off. */
export const WOMPI_OFF_LINE =
  'Wompi: desactivado (faltan WOMPI_PUBLIC_KEY, WOMPI_PRIVATE_KEY, WOMPI_INTEGRITY_SECRET y WOMPI_EVENTS_SECRET); el pago en línea no se ofrece.';
