// The pre-alert form (design/packages.md 'Pre-alert'): one schema for the browser and the server, with its Spanish
// messages, and the courier-regime warning.
import { z } from 'zod';
import { parseUsdCents } from '../money.ts';
import { optionalText, requiredText } from '../schemas.ts';
import { guideProblem, normalizeGuide } from './guides.ts';
import { INVOICE_INVALID } from './invoice-file.ts';

export const prealertMessages = {
  saved: 'Prealerta guardada. Te avisaremos cuando llegue a nuestra bodega.',
  updated: 'Prealerta actualizada.',
  cancelled: 'Prealerta cancelada.',
  guideRequired: 'Escribe el número de guía.',
  guideTaken: 'Esa guía ya está registrada. Si es tuya, escríbenos.',
  valueInvalid: 'Escribe el valor declarado en dólares, por ejemplo 49.99.',
  quantityInvalid: 'La cantidad debe ser un número entero entre 1 y 999.',
  addressInvalid: 'Elige una de tus direcciones de entrega.',
  invoiceInvalid: INVOICE_INVALID,
  invoiceSaved: 'Factura guardada.',
  /** A held package's invoice: what the customer is told, and its line in the 'Historial'. */
  invoiceForHold: 'Factura recibida. La revisaremos para liberar tu paquete y te avisaremos.',
  invoiceAttached: 'Factura adjuntada',
  notEditable: 'Esta prealerta ya no se puede cambiar: el paquete llegó a nuestra bodega o fue cancelado.',
  unknownCarrier:
    'No reconocemos la transportadora de esta guía. Revísala; si está bien, puedes guardarla igual.',
} as const;

export const MAX_DECLARED_CENTS = 100_000_00;
export const COURIER_MAX_CENTS = 2_000_00;
export const COURIER_MAX_UNITS = 6;
export const COURIER_MAX_KG = 50;

export const prealertSchema = z.object({
  guide: z
    .string({ error: prealertMessages.guideRequired })
    .max(200, prealertMessages.guideRequired)
    .transform(normalizeGuide)
    .superRefine((guide, ctx) => {
      const problem = guideProblem(guide);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  store: optionalText('Tienda', 100),
  content: requiredText('Contenido', 200),
  // Text, so that no float ever holds money: '49.99' becomes 4999 cents.
  declaredValue: z
    .string({ error: prealertMessages.valueInvalid })
    .max(20, prealertMessages.valueInvalid)
    .transform((text, ctx) => {
      const cents = parseUsdCents(text);
      if (cents === null || cents > MAX_DECLARED_CENTS) {
        ctx.addIssue({ code: 'custom', message: prealertMessages.valueInvalid });
        return z.NEVER;
      }
      return cents;
    }),
  quantity: z
    .number({ error: prealertMessages.quantityInvalid })
    .int(prealertMessages.quantityInvalid)
    .min(1, prealertMessages.quantityInvalid)
    .max(999, prealertMessages.quantityInvalid)
    .optional()
    .default(1),
  /** Which of the customer's addresses: 1 or 2 (design/product.md's 'Dirección de entrega'). */
  address: z
    .union([z.literal(1), z.literal(2)], { error: prealertMessages.addressInvalid })
    .optional()
    .default(1),
  instructions: optionalText('Instrucciones adicionales', 1000),
});
export type PrealertInput = z.input<typeof prealertSchema>;
export type Prealert = z.output<typeof prealertSchema>;

/** The courier-regime warning ('envíos urgentes'), or null. Weight counts once the warehouse knows it. */
export function courierRegimeWarning(input: {
  declaredValueCents: number;
  quantity: number;
  weightKg?: number | null;
}): string | null {
  const reasons: string[] = [];
  if (input.declaredValueCents > COURIER_MAX_CENTS) reasons.push('vale más de USD 2.000');
  if (input.quantity > COURIER_MAX_UNITS) reasons.push('trae más de 6 unidades');
  if ((input.weightKg ?? 0) > COURIER_MAX_KG) reasons.push('pesa más de 50 kg');
  if (reasons.length === 0) return null;
  return `Este envío ${reasons.join(', ')}: supera el régimen de envíos urgentes y necesitará una importación formal. Te contactaremos para explicarte los pasos.`;
}
