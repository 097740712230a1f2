// What the settings of an outside service share (WhatsApp, Wompi, Factus): keys that go together or not at all, and
// secrets kept out of sight, so a config logged by mistake (JSON.stringify, util.inspect) shows none of them; and the
// kinds of setting every part of the configuration reads (a text that may be left out, a whole number with a limit).
import { z } from 'zod';

/** A text setting that may be left out: trimmed, and empty counts as unset. */
export const optionalSetting = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** A whole number from 1 to `max`, `fallback` when unset. */
export const wholeNumberSetting = (max: number, fallback: number, tooLarge = `admite hasta ${max}`) =>
  z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser al menos 1')
    .max(max, tooLarge)
    .default(fallback);

/** Some of `keys` but not all is a mistake: each missing one is named, with `message`. */
export function requireTogether<K extends string>(
  env: Readonly<Record<K, unknown>>,
  keys: readonly K[],
  ctx: z.RefinementCtx,
  message: string,
): void {
  const given = keys.filter((key) => env[key] !== undefined);
  if (given.length === 0 || given.length === keys.length) return;
  for (const key of keys) if (env[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message });
}

/** `config` with `secrets` added as non-enumerable properties: readable by name, never listed. */
export function withHiddenSecrets<T extends object, S extends Record<string, string>>(
  config: T,
  secrets: S,
): T & S {
  for (const [key, value] of Object.entries(secrets))
    Object.defineProperty(config, key, { value, enumerable: false });
  // cast: each key of `secrets` was just defined on it; TypeScript cannot follow defineProperty.
  return config as T & S;
}
