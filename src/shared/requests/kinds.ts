// The words of requests in Miami (design/requests.md 'Solicitudes') without their forms: kinds, states, repack options
// and the charge line each fee becomes. Apart from requests.ts (its zod schemas) so a screen that only names them — the
// warehouse's queue on /bodega, a package's page — does not load zod before the person can act.

export const REQUEST_KINDS = ['consolidar', 'reempacar', 'fotos', 'devolver'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const REQUEST_LABELS: Record<RequestKind, string> = {
  consolidar: 'Consolidar',
  reempacar: 'Reempacar',
  fotos: 'Fotos adicionales',
  devolver: 'Devolver a la tienda',
};

export const REQUEST_STATES = ['pendiente', 'en_proceso', 'completada', 'rechazada', 'cancelada'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  pendiente: 'Pendiente',
  en_proceso: 'En proceso',
  completada: 'Completada',
  rechazada: 'Rechazada',
  cancelada: 'Cancelada',
};

/** A request still open holds its packages: they cannot be dispatched, moved or asked for again. */
export const OPEN_REQUEST_STATES: readonly RequestState[] = ['pendiente', 'en_proceso'];

export const REPACK_OPTIONS = {
  caja_pequena: 'Caja más pequeña',
  quitar_caja: 'Quitar caja original',
} as const;
export type RepackOption = keyof typeof REPACK_OPTIONS;

/** The charge line each kind's fee becomes (charge-lines.ts kinds). */
export const LINE_OF_REQUEST = {
  consolidar: 'consolidacion',
  reempacar: 'reempaque',
  fotos: 'fotos',
  devolver: 'devolucion',
} as const satisfies Record<RequestKind, string>;

export const MAX_REQUEST_PACKAGES = 20;

/** A package held for its customer's 'Despachar' ('Esperar mis instrucciones'), as the boards show it. */
export const WAITING_LABEL = 'Esperando instrucciones';

/** How many open requests 'Solicitudes' shows at once, the oldest first: the warehouse's next hours of work. */
export const QUEUE_PAGE = 50;
