// The electronic invoice's part of the configuration (design/payments.md 'Settings'): EINVOICE_PROVIDER and, for
// Factus, all of FACTUS_*. Unset, nothing is sent and /admin/facturas says invoicing is off; the invoices still become
// due, so turning it on later issues them (those settled from EINVOICE_FROM on). No message here shows a secret.
import { z } from 'zod';
import { optionalSetting, wholeNumberSetting, withHiddenSecrets } from '../config-groups.ts';

export const DEFAULT_EINVOICE_RATE = 80;

export const einvoiceEnv = {
  EINVOICE_PROVIDER: z
    .enum(['', 'factus'], { error: 'debe ser factus o quedar vacío (facturación electrónica apagada)' })
    .optional()
    .transform((value) => value || undefined),
  FACTUS_URL: optionalSetting.refine(
    (url) => url === undefined || /^https?:\/\/[^/\s]+/.test(url),
    'debe ser una URL http(s), por ejemplo https://api-sandbox.factus.com.co',
  ),
  FACTUS_CLIENT_ID: optionalSetting,
  FACTUS_CLIENT_SECRET: optionalSetting,
  FACTUS_USERNAME: optionalSetting,
  FACTUS_PASSWORD: optionalSetting,
  FACTUS_NUMBERING_RANGE_ID: optionalSetting.refine(
    (id) => id === undefined || /^\d{1,10}$/.test(id),
    'debe ser el número del rango de numeración de facturas en Factus',
  ),
  FACTUS_CREDIT_NOTE_RANGE_ID: optionalSetting.refine(
    (id) => id === undefined || /^\d{1,10}$/.test(id),
    'debe ser el número del rango de numeración de notas crédito en Factus',
  ),
  /** Requests a minute to the provider from this instance (Factus documents 80). */
  EINVOICE_RATE_PER_MINUTE: wholeNumberSetting(6000, DEFAULT_EINVOICE_RATE),
  /** How long to wait for the provider's answer before trying again later. */
  EINVOICE_TIMEOUT_SECONDS: wholeNumberSetting(120, 20),
  /** Settlements before this day are not sent (invoiced otherwise before invoicing was turned on). */
  EINVOICE_FROM: optionalSetting.refine(
    (day) => day === undefined || /^\d{4}-\d{2}-\d{2}$/.test(day),
    'debe ser una fecha AAAA-MM-DD',
  ),
};

const FACTUS_REQUIRED = [
  'FACTUS_URL',
  'FACTUS_CLIENT_ID',
  'FACTUS_CLIENT_SECRET',
  'FACTUS_USERNAME',
  'FACTUS_PASSWORD',
  'FACTUS_NUMBERING_RANGE_ID',
] as const;

type EinvoiceEnv = { [K in keyof typeof einvoiceEnv]: z.output<(typeof einvoiceEnv)[K]> };

/** EINVOICE_PROVIDER=factus needs every FACTUS_* variable: each missing one is named. */
export function checkEinvoice(env: EinvoiceEnv, ctx: z.RefinementCtx) {
  if (env.EINVOICE_PROVIDER !== 'factus') return;
  for (const key of FACTUS_REQUIRED)
    if (env[key] === undefined)
      ctx.addIssue({ code: 'custom', path: [key], message: 'falta: EINVOICE_PROVIDER=factus lo necesita' });
}

export interface FactusConfig {
  url: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  numberingRangeId: number;
  creditNoteRangeId: number | null;
}

export interface EinvoiceConfig {
  provider: 'factus';
  factus: FactusConfig;
  ratePerMinute: number;
  timeoutMs: number;
  from: Date | null;
}

export function einvoiceConfig(env: EinvoiceEnv): EinvoiceConfig | null {
  const { FACTUS_URL: url, FACTUS_CLIENT_ID: clientId, FACTUS_USERNAME: username } = env;
  const { FACTUS_CLIENT_SECRET: clientSecret, FACTUS_PASSWORD: password } = env;
  if (env.EINVOICE_PROVIDER !== 'factus' || !url || !clientId || !clientSecret || !username || !password)
    return null;
  // The secrets stay out of JSON.stringify and util.inspect (a config logged by mistake shows none).
  const factus = withHiddenSecrets(
    {
      url: url.replace(/\/+$/, ''),
      clientId,
      username,
      numberingRangeId: Number(env.FACTUS_NUMBERING_RANGE_ID),
      creditNoteRangeId: env.FACTUS_CREDIT_NOTE_RANGE_ID ? Number(env.FACTUS_CREDIT_NOTE_RANGE_ID) : null,
    },
    { clientSecret, password },
  );
  return {
    provider: 'factus',
    factus,
    ratePerMinute: env.EINVOICE_RATE_PER_MINUTE,
    timeoutMs: env.EINVOICE_TIMEOUT_SECONDS * 1000,
    from: env.EINVOICE_FROM ? new Date(`${env.EINVOICE_FROM}T00:00:00-05:00`) : null,
  };
}

/** The one line the server writes at start when invoicing is off. */
export const EINVOICE_OFF_LINE =
  'Facturación electrónica: desactivada (EINVOICE_PROVIDER vacío); las facturas quedan pendientes y no se envían.';
