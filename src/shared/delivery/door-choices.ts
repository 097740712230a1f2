// What the courier chooses and reads at the door (design/delivery.md 'The courier's screen'): the choices of 'Entregar'
// and 'No entregado' with their labels, the Spanish messages and the limits. No zod here: the screen paints with these
// and loads the schemas (door-forms.ts) after its first paint; the server reads both.

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

/** How a collection's money came: a means of the door, or online through Wompi (never offered at the door). */
export const COLLECTED_MEANS = [...PAYMENT_MEANS, 'wompi'] as const;
export type CollectedMeans = (typeof COLLECTED_MEANS)[number];
export const COLLECTED_MEANS_LABELS: Record<CollectedMeans, string> = {
  ...PAYMENT_MEANS_LABELS,
  wompi: 'Wompi',
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
  paidOnline: 'Pagado: no cobrar. Este paquete ya se pagó en línea; escribe 0 en el valor cobrado.',
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
  deliveredLate: (number: number) =>
    `Paquete ${number} entregado: registrada después del cierre de la ruta, la oficina la liquida contigo.`,
  lateNotBack: (number: number, label: string) =>
    `El paquete ${number} está en «${label}» desde que se cerró la ruta: la entrega no se pudo registrar. Avisa en la oficina.`,
  notOut: (number: number, label: string) =>
    `El paquete ${number} está en «${label}»: ya no se puede entregar.`,
  alreadyAttempted: (number: number) =>
    `Ya registraste un intento de entrega del paquete ${number} en esta ruta.`,
  keyOfAnother: 'Esa clave de acción ya se usó para otra entrega.',
} as const;

/** A delivery made on the phone before its route's close and synced after it. */
export const LATE_LABEL = 'Registrada después del cierre';

/** The most queued actions one POST /api/delivery/sync takes (the phone sends a longer queue in several). */
export const MAX_SYNC_ACTIONS = 200;
