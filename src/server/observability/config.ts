// The log's and the metrics' settings (docs/CONFIGURATION.md), part of config.ts's schema.
import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const observabilityEnv = {
  /** The lowest level written: info by default (a request per line); debug adds health probes and scrapes. */
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `debe ser uno de ${LOG_LEVELS.join(', ')}` }).default('info'),
  /** The bearer token Prometheus sends to /metrics; unset, /metrics answers 404. Never logged. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((token) => token || undefined)
    .refine((token) => token === undefined || token.length >= 24, 'debe tener al menos 24 caracteres')
    .refine(
      (token) => token === undefined || /^[A-Za-z0-9._~+/=-]+$/.test(token),
      'solo admite letras, números y . _ ~ + / = -',
    ),
  /**
   * How often the business' gauges (packages by state, PQR due, cash not closed) are read again: at most once in
   * this many seconds, whatever the scrapes; 0 reads them at every scrape. The queues are read at every scrape.
   */
  METRICS_BUSINESS_SECONDS: z.coerce
    .number({ error: 'debe ser un número de segundos' })
    .int('debe ser un número entero de segundos')
    .min(0, 'no puede ser negativo')
    .max(3600, 'debe ser como mucho 3600')
    .default(60),
};
