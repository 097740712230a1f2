// What happens at the door (DELIVERY.md 'The courier's screen' and 'Proof of delivery'): 'Entregar' and 'No entregado'
// with their choices, labels and Spanish messages, one schema for the phone and the server. Each action carries a key
// made on the phone: the server applies each key once, so a queued action sent twice happens once.
import { z } from 'zod';
import { clean, optionalText, requiredText } from '../schemas.ts';

export const RELATIONS = ['titular', 'familiar', 'porteria', 'otro'] as const;
export type Relation = (typeof RELATIONS)[number];
export const RELATION_LABELS: Record<Relation, string> = {
  titular: 'Titular',
  familiar: 'Familiar',
  porteria: 'Portería',
  otro: 'Otro',
};

export const PAYMENT_MEANS = ['efectivo', 'nequi', 'daviplata', 'transferencia', 'datafono'] as const;
export type PaymentMeans = (typeof PAYMENT_MEANS)[number];
export const PAYMENT_MEANS_LABELS: Record<PaymentMeans, string> = {
  efectivo: 'Efectivo',
  nequi: 'Nequi',
  daviplata: 'Daviplata',
  transferencia: 'Transferencia',
  datafono: 'Datáfono',
};

export const NOVELTIES = ['sin_novedad', 'empaque_abierto', 'averiado'] as const;
export type Novelty = (typeof NOVELTIES)[number];
export const NOVELTY_LABELS: Record<Novelty, string> = {
  sin_novedad: 'Sin novedad',
  empaque_abierto: 'Empaque abierto',
  averiado: 'Averiado',
};

export const FAILURE_REASONS = [
  'no_habia_nadie',
  'direccion_errada',
  'rechazado',
  'sin_dinero',
  'zona_sin_acceso',
  'otro',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
export const FAILURE_REASON_LABELS: Record<FailureReason, string> = {
  no_habia_nadie: 'No había nadie',
  direccion_errada: 'Dirección errada',
  rechazado: 'Rechazado por el destinatario',
  sin_dinero: 'No tenía el dinero',
  zona_sin_acceso: 'Zona sin acceso',
  otro: 'Otro',
};

/** Failed attempts after which a package is flagged on /admin/reparto for a decision (setting DELIVERY_MAX_ATTEMPTS). */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** The largest 'Valor cobrado' a courier may type: 100 million pesos. */
export const MAX_COLLECTED_COP = 100_000_000;

/** A photo travels inside the action as a data URL (so a queued action is one JSON value); at most ~1.5 MB of it. */
export const MAX_PHOTO_DATA_URL = 2_000_000;

/** The body limit of 'Entregar' and 'No entregado': two photos at their largest and the rest of the form. */
export const MAX_DOOR_BODY_BYTES = 2 * MAX_PHOTO_DATA_URL + 64 * 1024;

export const doorMessages = {
  key: 'La acción no trae su clave: vuelve a confirmarla.',
  document: 'Escribe el documento de quien recibe: solo números, de 5 a 12 dígitos.',
  relation: 'Elige la relación de quien recibe con el titular.',
  collected: 'Escribe el valor cobrado en pesos, sin puntos ni decimales (por ejemplo 85000).',
  means: 'Elige el medio de pago.',
  reference: 'Escribe la referencia del pago: es obligatoria para todo medio que no sea efectivo.',
  differenceNote: 'El valor cobrado es distinto del valor a pagar: escribe una nota que explique por qué.',
  novelty: 'Elige la novedad del paquete.',
  noveltyPhoto: 'Toma una foto del paquete averiado.',
  photo: 'La foto no es una imagen que podamos abrir: toma otra.',
  reason: 'Elige el motivo.',
  otherNote: 'Escribe qué pasó.',
  at: 'La hora de la acción no es válida.',
  delivered: (number: number) => `Paquete ${number} entregado.`,
  attempted: (number: number) => `Paquete ${number}: intento registrado como «No entregado».`,
  repeated: 'Esta acción ya se había registrado: no se repitió.',
  notYourStop: 'Ese paquete no está en tu ruta en curso.',
  routeClosed: 'La ruta ya se cerró: no se pueden registrar más entregas ni intentos.',
  alreadyDelivered: (number: number) => `El paquete ${number} ya fue entregado.`,
  notOut: (number: number, label: string) =>
    `El paquete ${number} está en «${label}»: ya no se puede entregar.`,
  alreadyAttempted: (number: number) =>
    `Ya registraste un intento de entrega del paquete ${number} en esta ruta.`,
  keyOfAnother: 'Esa clave de acción ya se usó para otra entrega.',
} as const;

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
    collectedCop: z
      .number({ error: doorMessages.collected })
      .int(doorMessages.collected)
      .min(0, doorMessages.collected)
      .max(MAX_COLLECTED_COP, doorMessages.collected),
    means: z.enum(PAYMENT_MEANS, { error: doorMessages.means }),
    reference: optionalText('Referencia', 60),
    /** Why 'Valor cobrado' differs from 'Valor a pagar' (required then; the server checks against the stored charge). */
    note: optionalText('Nota', 500),
    novelty: z.enum(NOVELTIES, { error: doorMessages.novelty }).default('sin_novedad'),
    noveltyPhoto: photoField,
  })
  .superRefine((form, context) => {
    if (form.means !== 'efectivo' && form.reference === '')
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

/** The most queued actions one POST /api/delivery/sync takes (the phone sends a longer queue in several). */
export const MAX_SYNC_ACTIONS = 200;

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
