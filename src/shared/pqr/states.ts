// The PQR's tipos and states (design/pqr.md): their labels, the moves staff may make by hand ('Cambiar estado'), the
// moves the actions make ('Responder', the customer's 'Recurso de reposición'), and 'Vencida', which is never stored:
// it is read from the due date. The server refuses any other move; the screens read the same tables.
import type { PqrEventKind } from './api-types.ts';

/** 'reversion_pago': the customer's 'Reversión del pago' (Decreto 587 de 2016, design/payments.md). */
export const PQR_TYPES = ['peticion', 'queja', 'reclamo', 'indemnizacion', 'reversion_pago'] as const;
export type PqrType = (typeof PQR_TYPES)[number];
export const PQR_TYPE_LABELS: Record<PqrType, string> = {
  peticion: 'Petición',
  queja: 'Queja',
  reclamo: 'Reclamo',
  indemnizacion: 'Solicitud de indemnización',
  reversion_pago: 'Reversión del pago',
};

export const PQR_STATES = [
  'radicada',
  'en_tramite',
  'respondida',
  'en_reposicion',
  'enviada_sic',
  'cerrada',
] as const;
export type PqrState = (typeof PQR_STATES)[number];
export const PQR_STATE_LABELS: Record<PqrState, string> = {
  radicada: 'Radicada',
  en_tramite: 'En trámite',
  respondida: 'Respondida',
  en_reposicion: 'En reposición',
  enviada_sic: 'Enviada a la SIC',
  cerrada: 'Cerrada',
};

/** How the customer wants to be answered ('Correo' is the default; every answer is also kept in the thread). */
export const ANSWER_CHANNELS = ['correo', 'telefono'] as const;
export type AnswerChannel = (typeof ANSWER_CHANNELS)[number];
export const ANSWER_CHANNEL_LABELS: Record<AnswerChannel, string> = {
  correo: 'Correo',
  telefono: 'Teléfono',
};

/** A thread step's name, as the customer's and the staff's screens and the 'Expediente' show it. */
export const PQR_EVENT_LABELS: Record<PqrEventKind, string> = {
  radicada: 'Radicada',
  respuesta: 'Respuesta',
  reposicion: 'Recurso de reposición',
  informacion: 'Información adicional',
  decision: 'Decisión',
  estado: 'Cambio de estado',
  nota: 'Nota interna',
};

/** 'Vencida': shown in place of the days left once the due date has passed without an answer. */
export const OVERDUE_LABEL = 'Vencida';

/** What 'Vencida' means, told to staff beside it (Res. CRC 3038 de 2011 art. 30). */
export const OVERDUE_MEANING =
  'Vencida: pasó el plazo legal sin una respuesta notificada. La ley da por concedido lo que el usuario pidió (silencio administrativo positivo): responde hoy y reconoce lo pedido.';

/** States waiting for our answer: the due date runs and 'Responder' is offered. */
export const AWAITING_ANSWER: ReadonlySet<PqrState> = new Set(['radicada', 'en_tramite', 'en_reposicion']);

/** No move leaves this one. */
export const FINAL_PQR_STATES: ReadonlySet<PqrState> = new Set(['cerrada']);

/**
 * The moves staff make by hand with 'Cambiar estado'. The others come with an action: 'Responder' moves
 * 'Radicada', 'En trámite' or 'En reposición' to 'Respondida'; the customer's 'Recurso de reposición' moves
 * 'Respondida' to 'En reposición'. 'Enviada a la SIC' is allowed only once a review was answered and the customer
 * asked for 'Apelación' (the server checks).
 */
export const PQR_MOVES: Record<PqrState, readonly PqrState[]> = {
  radicada: ['en_tramite'],
  en_tramite: [],
  respondida: ['enviada_sic', 'cerrada'],
  en_reposicion: ['en_tramite'],
  enviada_sic: ['cerrada'],
  cerrada: [],
};

export function isPqrType(value: unknown): value is PqrType {
  return typeof value === 'string' && PQR_TYPES.some((type) => type === value);
}

export function isPqrState(value: unknown): value is PqrState {
  return typeof value === 'string' && PQR_STATES.some((state) => state === value);
}

export function allowedPqrMove(from: PqrState, to: PqrState): boolean {
  return PQR_MOVES[from].includes(to);
}

export function canAnswer(state: PqrState): boolean {
  return AWAITING_ANSWER.has(state);
}

/**
 * 'Vencida': still waiting for our answer and today (a 'YYYY-MM-DD' day in Bogotá) is past the due day. A due day
 * is the last day to answer, so on the due day itself a PQR is not yet 'Vencida'.
 */
export function isOverdue(state: PqrState, dueDate: string, today: string): boolean {
  return AWAITING_ANSWER.has(state) && today > dueDate;
}

/** Days left at or below this show in red (design/pqr.md: 'red when 3 or fewer'); the morning reminder uses it too. */
export const DUE_SOON_BUSINESS_DAYS = 3;
