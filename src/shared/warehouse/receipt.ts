// The warehouse's receiving form ('Recepción en bodega', design/packages.md 'Warehouse'): one schema for the browser
// and the server, with its Spanish messages. Weights and measures travel as text and become integer units.
import { z } from 'zod';
import { parseDecimalUnits } from '../money.ts';
import { normalizeGuide } from '../packages/guides.ts';
import { optionalText } from '../schemas.ts';

export const CONDITIONS = { bueno: 'Bueno', danado: 'Dañado', abierto: 'Abierto' } as const;
export type Condition = keyof typeof CONDITIONS;

export const MAX_WEIGHT_LB = 150;
export const MAX_MEASURE_IN = 120;
export const MAX_PHOTOS = 6;

export const receiptMessages = {
  guideRequired: 'Escribe o escanea el número de guía.',
  weightInvalid: 'Escribe el peso en libras: un número mayor que 0 y hasta 150, por ejemplo 4.5.',
  measureInvalid: 'Escribe las medidas en pulgadas: números mayores que 0 y hasta 120, por ejemplo 12.5.',
  lockerInvalid: 'El casillero es el número que aparece en la etiqueta, solo dígitos.',
  lockerUnknown: 'No existe un casillero con ese número.',
  conditionInvalid: 'Elige el estado del paquete: Bueno, Dañado o Abierto.',
  locationInvalid: 'La ubicación es un estante como A-03-2: letras, números y guiones, hasta 20.',
  locationSaved: (number: number, location: string) =>
    location ? `Ubicación del paquete ${number}: ${location}.` : `Paquete ${number} sin ubicación.`,
  tooManyPhotos: 'Puedes adjuntar hasta 6 fotos por paquete.',
  photoTaken: 'Una de las fotos ya está en otro paquete o ya no existe: quítala y tómala de nuevo.',
  received: (number: number, locker: string) => `Paquete recibido: ${number} para el casillero ${locker}.`,
  unidentified: (number: number) =>
    `Paquete ${number} guardado como 'Sin identificar': revísalo en la lista y asígnalo a su casillero.`,
  alreadyReceived: (date: string) => `Este paquete ya fue recibido el ${date}.`,
  assigned: (number: number, locker: string) => `Paquete ${number} asignado al casillero ${locker}.`,
} as const;

/** Hundredths of a pound, more than 0 and at most 150 lb. */
const weightField = z
  .string({ error: receiptMessages.weightInvalid })
  .max(20, receiptMessages.weightInvalid)
  .transform((text, ctx) => {
    const units = parseDecimalUnits(text, 2);
    if (units === null || units <= 0 || units > MAX_WEIGHT_LB * 100) {
      ctx.addIssue({ code: 'custom', message: receiptMessages.weightInvalid });
      return z.NEVER;
    }
    return units;
  });

/** Tenths of an inch, more than 0 and at most 120 in; empty means not measured. */
const measureField = z
  .string({ error: receiptMessages.measureInvalid })
  .max(20, receiptMessages.measureInvalid)
  .optional()
  .default('')
  .transform((text, ctx) => {
    if (text.trim() === '') return null;
    const units = parseDecimalUnits(text, 1);
    if (units === null || units <= 0 || units > MAX_MEASURE_IN * 10) {
      ctx.addIssue({ code: 'custom', message: receiptMessages.measureInvalid });
      return z.NEVER;
    }
    return units;
  });

export const lockerField = z
  .string({ error: receiptMessages.lockerInvalid })
  .trim()
  .regex(/^\d{0,9}$/, receiptMessages.lockerInvalid);

/** 'Ubicación': a shelf as the warehouse writes it, upper case; empty when not given. */
export const locationField = z
  .string({ error: receiptMessages.locationInvalid })
  .trim()
  .max(20, receiptMessages.locationInvalid)
  .regex(/^[A-Za-z0-9 -]*$/, receiptMessages.locationInvalid)
  .transform((text) => text.toUpperCase())
  .optional()
  .default('');

export const locationSchema = z.object({ location: locationField });

export const receiptSchema = z.object({
  guide: z
    .string({ error: receiptMessages.guideRequired })
    .max(200, receiptMessages.guideRequired)
    .transform(normalizeGuide)
    .refine((guide) => /^[A-Z0-9]{6,40}$/.test(guide), receiptMessages.guideRequired),
  /** The locker printed on the parcel's label; empty: 'Sin identificar'. */
  lockerNumber: lockerField.optional().default(''),
  weightLb: weightField,
  lengthIn: measureField,
  widthIn: measureField,
  heightIn: measureField,
  condition: z
    .enum(['bueno', 'danado', 'abierto'], { error: receiptMessages.conditionInvalid })
    .optional()
    .default('bueno'),
  notes: optionalText('Notas', 1000),
  /** 'Ubicación': the shelf (e.g. 'A-03-2'), optional, kept upper case (design/requests.md). */
  location: locationField,
  photoIds: z
    .array(z.uuid({ error: receiptMessages.tooManyPhotos }), { error: receiptMessages.tooManyPhotos })
    .max(MAX_PHOTOS, receiptMessages.tooManyPhotos)
    .optional()
    .default([]),
});
export type ReceiptInput = z.input<typeof receiptSchema>;
export type Receipt = z.output<typeof receiptSchema>;

export const assignSchema = z.object({
  lockerNumber: lockerField.min(1, receiptMessages.lockerInvalid),
});
