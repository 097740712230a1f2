// What happens at the door (design/delivery.md 'The courier's screen' and 'Proof of delivery'): the schemas of
// 'Entregar', 'No entregado' and the queue's sync, one for the phone and the server (the choices, labels, messages and
// limits they check against are in door-choices.ts, without zod, for the screen's first paint). Each action carries a
// key made on the phone: the server applies each key once, so a queued action sent twice happens once.
import { z } from 'zod';
import { clean, optionalText, pesosField, requiredText } from '../schemas.ts';
import {
  doorMessages,
  FAILURE_REASONS,
  MAX_COLLECTED_COP,
  MAX_PHOTO_DATA_URL,
  MAX_SYNC_ACTIONS,
  NOVELTIES,
  PAYMENT_MEANS,
  RELATIONS,
} from './door-choices.ts';

/** 'Documento': the receiver's ID number, 5 to 12 digits (dots and spaces typed between them are dropped). */
const documentField = z
  .string({ error: doorMessages.document })
  .transform((text) => text.replace(/[\s.]/g, ''))
  .pipe(z.string().regex(/^\d{5,12}$/, doorMessages.document));

/** A photo as a data URL of an image, or nothing. The server decodes it whole before keeping it. */
const photoField = z
  .string()
  .max(MAX_PHOTO_DATA_URL, doorMessages.photo)
  .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, doorMessages.photo)
  .optional();

/** Where the phone was, if the courier allowed it. */
const positionField = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    accuracy: z.number().min(0).max(100_000),
  })
  .optional();

const actionFields = {
  /** Made on the phone once per action (crypto.randomUUID()). */
  key: z.uuid({ error: doorMessages.key }),
  /** When the courier confirmed it on the phone (ISO 8601); the server keeps it beside its own time. */
  at: z.iso.datetime({ offset: true, error: doorMessages.at }),
  position: positionField,
};

/** 'Entregar': POST /api/delivery/stops/:number/deliver */
export const deliverySchema = z
  .object({
    ...actionFields,
    receivedBy: requiredText('Recibido por', 100),
    document: documentField,
    relation: z.enum(RELATIONS, { error: doorMessages.relation }),
    photo: photoField,
    /** 'Valor cobrado' in whole pesos. */
    collectedCop: pesosField(doorMessages.collected, MAX_COLLECTED_COP),
    /** 'Medio de pago': none when nothing is paid or collected (a zero 'Valor a pagar'); the server checks that. */
    means: z.enum(PAYMENT_MEANS, { error: doorMessages.means }).optional(),
    reference: optionalText('Referencia', 60),
    /** Why 'Valor cobrado' differs from 'Valor a pagar' (required then; the server checks against the stored charge). */
    note: optionalText('Nota', 500),
    novelty: z.enum(NOVELTIES, { error: doorMessages.novelty }).default('sin_novedad'),
    noveltyPhoto: photoField,
  })
  .superRefine((form, context) => {
    if (form.collectedCop > 0 && !form.means)
      context.addIssue({ code: 'custom', path: ['means'], message: doorMessages.means });
    if (form.means && form.means !== 'efectivo' && form.reference === '')
      context.addIssue({ code: 'custom', path: ['reference'], message: doorMessages.reference });
    if (form.novelty === 'averiado' && !form.noveltyPhoto)
      context.addIssue({ code: 'custom', path: ['noveltyPhoto'], message: doorMessages.noveltyPhoto });
  });
export type DeliveryForm = z.input<typeof deliverySchema>;
export type Delivery = z.output<typeof deliverySchema>;

/** 'No entregado': POST /api/delivery/stops/:number/attempt */
export const attemptSchema = z
  .object({
    ...actionFields,
    reason: z.enum(FAILURE_REASONS, { error: doorMessages.reason }),
    note: z.string().overwrite(clean).trim().max(500).optional().default(''),
    photo: photoField,
  })
  .superRefine((form, context) => {
    if (form.reason === 'otro' && form.note === '')
      context.addIssue({ code: 'custom', path: ['note'], message: doorMessages.otherNote });
  });
export type AttemptForm = z.input<typeof attemptSchema>;
export type Attempt = z.output<typeof attemptSchema>;

/**
 * POST /api/delivery/sync: the phone's queue, in the order the courier confirmed it. Each action's `body` is what
 * its own endpoint takes (deliverySchema or attemptSchema), checked one by one: a bad action is refused alone.
 */
export const syncSchema = z.object({
  actions: z
    .array(
      z.object({
        kind: z.enum(['deliver', 'attempt']),
        number: z.number().int().positive(),
        body: z.record(z.string(), z.unknown()),
      }),
    )
    .min(1)
    .max(MAX_SYNC_ACTIONS),
});
