// The 'Tarifas' form and the public calculator's form: labels of design/packages.md, typed decimals turned into the
// integer units of charge.ts, and the Spanish messages for values that make no sense.
import { z } from 'zod';
import { parseDecimalUnits } from '../money.ts';
import type { ChargeSettings } from './charge.ts';
import type { FeeSettings } from './charge-lines.ts';

/** Every setting of 'Tarifas': the charge's and the requests' fees. */
export type RateSettingsValues = ChargeSettings & FeeSettings;

interface RateField {
  key: keyof RateSettingsValues;
  label: string;
  /** Decimals the form accepts; the stored integer is the value × 10^digits (× 100 for percentages). */
  digits: number;
  /** Stored units per typed unit. */
  scale: number;
  min: number;
  max: number;
  /** A divisor (or a minimum) cannot be zero. */
  positive?: boolean;
}

/** The charge's settings (design/packages.md 'Charges'). */
export const CHARGE_RATE_FIELDS: readonly RateField[] = [
  {
    key: 'pricePerLbCents',
    label: 'Precio por libra (USD)',
    digits: 2,
    scale: 100,
    min: 0,
    max: 1000,
    positive: true,
  },
  { key: 'minWeightLb', label: 'Peso mínimo (lb)', digits: 0, scale: 1, min: 0, max: 150, positive: true },
  {
    key: 'volumetricDivisor',
    label: 'Divisor volumétrico',
    digits: 0,
    scale: 1,
    min: 0,
    max: 1000,
    positive: true,
  },
  { key: 'insuranceBasisPoints', label: 'Seguro (%)', digits: 2, scale: 100, min: 0, max: 100 },
  {
    key: 'trmHundredths',
    label: 'TRM (COP por USD)',
    digits: 2,
    scale: 100,
    min: 0,
    max: 20000,
    positive: true,
  },
  { key: 'freeStorageDays', label: 'Días de bodega gratis', digits: 0, scale: 1, min: 0, max: 365 },
  {
    key: 'referralCreditCents',
    label: 'Crédito por referido (USD)',
    digits: 2,
    scale: 100,
    min: 0,
    max: 1000,
  },
  {
    key: 'taxFreeThresholdCents',
    label: 'Umbral sin impuestos (USD)',
    digits: 2,
    scale: 100,
    min: 0,
    max: 100000,
  },
  { key: 'tariffBasisPoints', label: 'Arancel (%)', digits: 2, scale: 100, min: 0, max: 100 },
  { key: 'vatBasisPoints', label: 'IVA (%)', digits: 2, scale: 100, min: 0, max: 100 },
];

/** The fees of the requests in Miami and the storage clock (design/requests.md). */
export const FEE_RATE_FIELDS: readonly RateField[] = [
  { key: 'consolidationFeeCents', label: 'Consolidación (USD)', digits: 2, scale: 100, min: 0, max: 1000 },
  { key: 'repackFeeCents', label: 'Reempaque (USD)', digits: 2, scale: 100, min: 0, max: 1000 },
  { key: 'photosFeeCents', label: 'Fotos adicionales (USD)', digits: 2, scale: 100, min: 0, max: 1000 },
  { key: 'returnFeeCents', label: 'Devolución (USD)', digits: 2, scale: 100, min: 0, max: 1000 },
  { key: 'storagePerDayCents', label: 'Almacenaje por día (USD)', digits: 2, scale: 100, min: 0, max: 100 },
  {
    key: 'maxStorageDays',
    label: 'Días máximos en bodega',
    digits: 0,
    scale: 1,
    min: 1,
    max: 3650,
    positive: true,
  },
];

export const RATE_FIELDS: readonly RateField[] = [...CHARGE_RATE_FIELDS, ...FEE_RATE_FIELDS];

export function rateFieldMessage(field: RateField): string {
  const floor = field.positive ? `mayor que ${field.min}` : `desde ${field.min}`;
  return `${field.label}: escribe un número ${floor} y hasta ${field.max.toLocaleString('es-CO')}${field.digits ? `, con hasta ${field.digits} decimales` : ', sin decimales'}.`;
}

/** A typed rate in its stored units, or null when it is out of its range. */
export function parseRate(field: RateField, text: string): number | null {
  const units = parseDecimalUnits(text, field.digits);
  if (units === null) return null;
  const scaled = units * (field.scale / 10 ** field.digits);
  if (scaled < field.min * field.scale || scaled > field.max * field.scale) return null;
  if (field.positive && scaled === 0) return null;
  return scaled;
}

/** The stored value as the form shows it, with a decimal comma ('2,5', '4000'); parseRate reads it back. */
export function rateToInput(field: RateField, value: number): string {
  return String(value / field.scale).replace('.', ',');
}

export const ratesFormSchema = z
  .object({
    effectiveFrom: z.iso.date({ error: 'Escribe la fecha desde la que rigen, por ejemplo 2026-12-01.' }),
    values: z.record(z.string(), z.string().max(20)),
  })
  .transform((form, ctx) => {
    const settings: Partial<RateSettingsValues> = {};
    for (const field of RATE_FIELDS) {
      const value = parseRate(field, form.values[field.key] ?? '');
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: rateFieldMessage(field), path: ['values', field.key] });
        return z.NEVER;
      }
      settings[field.key] = value;
    }
    // cast: each field of RATE_FIELDS was set above (a missing one returned z.NEVER); they cover every key.
    return { effectiveFrom: form.effectiveFrom, settings: settings as RateSettingsValues };
  });

export const calculatorMessages = {
  weight: 'Escribe el peso en libras: un número mayor que 0 y hasta 150, por ejemplo 4.5.',
  measure: 'Las medidas van en pulgadas: números mayores que 0 y hasta 120, o déjalas vacías.',
  value: 'Escribe el valor declarado en dólares, por ejemplo 49.99.',
} as const;

/** A measure in tenths of an inch, in (0, 120]; null otherwise. */
function measureUnits(text: string): number | null {
  const units = parseDecimalUnits(text, 1);
  return units === null || units <= 0 || units > 1200 ? null : units;
}

/** The calculator's fields as typed, in the units of charge.ts; a Spanish message for anything else. */
export const calculatorSchema = z.object({
  weight: z
    .string({ error: calculatorMessages.weight })
    .max(20, calculatorMessages.weight)
    .transform((text, ctx) => {
      const units = parseDecimalUnits(text, 2);
      if (units === null || units <= 0 || units > 15_000) {
        ctx.addIssue({ code: 'custom', message: calculatorMessages.weight });
        return z.NEVER;
      }
      return units;
    }),
  measures: z
    .tuple([z.string().max(20), z.string().max(20), z.string().max(20)], {
      error: calculatorMessages.measure,
    })
    .transform((texts, ctx): [number, number, number] | null => {
      if (texts.every((text) => text.trim() === '')) return null;
      const length = measureUnits(texts[0]);
      const width = measureUnits(texts[1]);
      const height = measureUnits(texts[2]);
      if (length === null || width === null || height === null) {
        ctx.addIssue({ code: 'custom', message: calculatorMessages.measure });
        return z.NEVER;
      }
      return [length, width, height];
    }),
  value: z
    .string({ error: calculatorMessages.value })
    .max(20, calculatorMessages.value)
    .transform((text, ctx) => {
      const cents = parseDecimalUnits(text, 2);
      if (cents === null || cents > 10_000_000) {
        ctx.addIssue({ code: 'custom', message: calculatorMessages.value });
        return z.NEVER;
      }
      return cents;
    }),
});

/** 'Recalcular cobro' on a package whose money was settled. */
export const chargeSettledMessage =
  'El cobro de este paquete ya se liquidó: no se puede recalcular. Si hubo un error, corrige el estado del paquete (anula su liquidación) y vuelve a cobrar.';
