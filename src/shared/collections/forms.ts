// The money at the door (design/delivery.md 'Collections and the cash close', 'Proof of delivery'): 'Cerrar ruta' with
// its cash count, an admin's correction of a locked collection, 'Importar liquidación' (a carrier's remittance CSV) and
// the 'Recaudos' range, with their Spanish messages and the pure rules both sides run. Pesos are integers, always.
import { z } from 'zod';
import { type CollectedMeans, MAX_COLLECTED_COP, PAYMENT_MEANS } from '../delivery/door-choices.ts';
import { parsePesos } from '../money.ts';
import { optionalText, pesosField, requiredText } from '../schemas.ts';

/** Where a collection's money is: with one of our couriers (a route) or with a national carrier ('recaudo'). */
export const COLLECTION_SOURCES = ['route', 'carrier', 'online'] as const;
export type CollectionSource = (typeof COLLECTION_SOURCES)[number];
export const COLLECTION_SOURCE_LABELS: Record<CollectionSource, string> = {
  route: 'Mensajero',
  carrier: 'Transportadora',
  online: 'En línea',
};

/** The largest 'Efectivo entregado' a cashier may type: a billion pesos. */
export const MAX_CASH_DELIVERED_COP = 1_000_000_000;

/** 'Importar liquidación': the file's size and rows at most (a year of a busy carrier fits). */
export const MAX_REMITTANCE_BYTES = 4 * 1024 * 1024;
export const MAX_REMITTANCE_ROWS = 50_000;

/** The columns of a carrier's remittance CSV, in any order, nothing else ('guía' with or without accent). */
export const REMITTANCE_COLUMNS = ['guia', 'valor', 'fecha'] as const;

/** The longest range 'Recaudos' answers, in days. */
export const MAX_RECAUDOS_DAYS = 92;

/** Carriers' delivered-not-remitted packages listed per carrier at most (the oldest first; totals count them all). */
export const MAX_UNREMITTED_LISTED = 200;

export const collectionMessages = {
  cashDelivered: 'Escribe el efectivo entregado en pesos, sin puntos ni decimales (por ejemplo 85000).',
  observation: 'Hay una diferencia: escribe una observación que la explique.',
  closedWithCash: (id: number, back: number) =>
    `Ruta ${id} cerrada y caja cuadrada: ${back === 1 ? '1 paquete volvió' : `${back} paquetes volvieron`} a «En bodega Colombia».`,
  closedWithDifference: (id: number, difference: string) =>
    `Ruta ${id} cerrada con una diferencia de ${difference}: quedó registrada con su observación.`,
  routeNotClosed: 'La ruta aún no se ha cerrado: no tiene cierre de caja.',
  collectionNotFound: 'No encontramos ese recaudo.',
  amount: 'Escribe el valor en pesos, sin puntos ni decimales (por ejemplo 85000).',
  means: 'Elige el medio de pago.',
  reference: 'Escribe la referencia del pago: es obligatoria para todo medio que no sea efectivo.',
  correctionNote: 'Escribe una nota que explique la corrección.',
  notLocked: 'Ese recaudo aún no está bloqueado: su ruta no se ha cerrado. Se corrige al cerrar la ruta.',
  noChange: 'La corrección no cambia nada: el valor, el medio y la referencia son los mismos.',
  corrected: (number: number) => `Recaudo del paquete ${number} corregido.`,
  lateSettled: (number: number) => `Entrega del paquete ${number} liquidada.`,
  lateAlreadySettled: (number: number) => `La entrega del paquete ${number} ya se liquidó.`,
  range: 'Escribe un rango de fechas válido, por ejemplo desde 2026-11-01 hasta 2026-11-30.',
  rangeTooLong: `El rango admite hasta ${MAX_RECAUDOS_DAYS} días: acórtalo.`,
  remittanceNotCsv:
    'El archivo no es un CSV que podamos leer: expórtalo como CSV con las columnas guia, valor y fecha.',
  remittanceTooLarge: `El archivo es demasiado grande: divide la liquidación en archivos de hasta ${MAX_REMITTANCE_ROWS.toLocaleString('es-CO')} filas y 4 MB.`,
  remittanceEmpty: 'El archivo no tiene filas: revisa que sea la liquidación de la transportadora.',
  remittanceColumns: (found: string[]) =>
    `El archivo debe tener exactamente las columnas guia, valor y fecha; trae ${found.map((name) => `«${name}»`).join(', ') || 'ninguna'}.`,
  remittanceGuide: (line: number) => `Fila ${line}: falta la guía.`,
  remittanceAmount: (line: number, value: string) =>
    `Fila ${line}: el valor «${value}» no es un número entero de pesos (sin decimales, comas ni letras; por ejemplo 85000 o 85.000).`,
  remittanceDate: (line: number, value: string) =>
    `Fila ${line}: la fecha «${value}» no es válida (escríbela como 2026-11-30 o 30/11/2026).`,
  remittanceTwice: (guide: string, lines: number[]) =>
    `La guía «${guide}» aparece dos veces (filas ${lines.join(' y ')}): deja una sola fila por guía.`,
  remittanceProblems: (count: number) =>
    `El archivo tiene ${count === 1 ? '1 error' : `${count} errores`}: corrígelo y vuelve a importarlo. No se aplicó nada.`,
  receiptTitle: 'Comprobante de pago',
  noReceipt: 'Este paquete no tiene comprobante de pago: se emite cuando el paquete se entrega con un pago.',
  remittanceApplied: (applied: number, others: number) =>
    `${applied === 1 ? '1 recaudo marcado' : `${applied} recaudos marcados`} como recibido de la transportadora` +
    (others > 0
      ? `; ${others === 1 ? '1 fila no se aplicó' : `${others} filas no se aplicaron`} (abajo dice por qué).`
      : '.'),
} as const;

/** What became of one row of a remittance: applied, or why not (nothing else of the file depends on it). */
export const REMITTANCE_OUTCOMES = [
  'applied',
  'unknown_guide',
  'different_amount',
  'not_delivered',
  'already_remitted',
  'repeated_in_file',
] as const;
export type RemittanceOutcome = (typeof REMITTANCE_OUTCOMES)[number];
export const REMITTANCE_OUTCOME_LABELS: Record<RemittanceOutcome, string> = {
  applied: 'Aplicado',
  unknown_guide: 'Guía desconocida',
  different_amount: 'Valor distinto',
  not_delivered: 'No entregado',
  already_remitted: 'Ya liquidado',
  repeated_in_file: 'Repetido en el archivo',
};

/**
 * 'Cerrar ruta' with the cash count: POST /api/admin/delivery/routes/:id/close. 'Observación' is required when
 * there is any difference (closeFigures below; the server checks it against the stored collections, 400 on
 * `note`).
 */
export const cashCloseSchema = z.object({
  /** 'Efectivo entregado': the cash the cashier counted from the courier, in whole pesos. */
  cashDeliveredCop: pesosField(collectionMessages.cashDelivered, MAX_CASH_DELIVERED_COP),
  /** 'Observación'. */
  note: optionalText('Observación', 1000),
});
export type CashCloseForm = z.input<typeof cashCloseSchema>;
export type CashClose = z.output<typeof cashCloseSchema>;

/** What the close compares, all in whole pesos, all sums of stored rows. */
export interface CloseFigures {
  /** 'Valor a pagar' of the route's delivered packages. */
  expectedCop: number;
  /** Every collection of the route (every means). */
  collectedCop: number;
  /** The collections in 'Efectivo': what the courier must hand in. */
  cashCollectedCop: number;
  /** 'Efectivo entregado' minus the cash collected. */
  cashDifferenceCop: number;
  /** What reached us (cash handed in + other means collected) minus what was expected. */
  differenceCop: number;
}

/** The close's figures from what is stored and what the cashier counted (no floats anywhere). */
export function closeFigures(
  stored: { expectedCop: number; byMeans: ReadonlyArray<{ means: CollectedMeans; amountCop: number }> },
  cashDeliveredCop: number,
): CloseFigures {
  const collectedCop = stored.byMeans.reduce((sum, row) => sum + row.amountCop, 0);
  const cashCollectedCop = stored.byMeans
    .filter((row) => row.means === 'efectivo')
    .reduce((sum, row) => sum + row.amountCop, 0);
  return {
    expectedCop: stored.expectedCop,
    collectedCop,
    cashCollectedCop,
    cashDifferenceCop: cashDeliveredCop - cashCollectedCop,
    differenceCop: cashDeliveredCop + (collectedCop - cashCollectedCop) - stored.expectedCop,
  };
}

/** True when the close has any difference, so 'Observación' is required. */
export const hasDifference = (figures: CloseFigures) =>
  figures.differenceCop !== 0 || figures.cashDifferenceCop !== 0;

/**
 * An admin's correction of a locked collection (its route closed, or a carrier's): the new 'Valor cobrado', 'Medio
 * de pago' and 'Referencia', and the required note. POST /api/admin/recaudos/collections/:id/corrections.
 */
export const collectionCorrectionSchema = z
  .object({
    amountCop: pesosField(collectionMessages.amount, MAX_COLLECTED_COP),
    means: z.enum(PAYMENT_MEANS, { error: collectionMessages.means }),
    reference: optionalText('Referencia', 60),
    note: requiredText('Nota', 1000, collectionMessages.correctionNote),
  })
  .superRefine((form, context) => {
    if (form.means !== 'efectivo' && form.reference === '')
      context.addIssue({ code: 'custom', path: ['reference'], message: collectionMessages.reference });
  });
export type CollectionCorrectionForm = z.input<typeof collectionCorrectionSchema>;
export type CollectionCorrection = z.output<typeof collectionCorrectionSchema>;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** Days from `from` to `to`, both included; NaN when either is not a real 'YYYY-MM-DD'. */
export function daysInRange(from: string, to: string): number {
  if (!isoDay.test(from) || !isoDay.test(to)) return Number.NaN;
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return Number.NaN;
  if (new Date(start).toISOString().slice(0, 10) !== from) return Number.NaN;
  if (new Date(end).toISOString().slice(0, 10) !== to) return Number.NaN;
  return Math.round((end - start) / 86_400_000) + 1;
}

/**
 * 'Recaudos': GET /api/admin/recaudos?desde=YYYY-MM-DD&hasta=YYYY-MM-DD (both Colombia days, included; the last 7
 * days to today by default), and its CSV at /api/admin/recaudos.csv with the same query.
 */
export const recaudosQuerySchema = z
  .object({
    desde: z.string({ error: collectionMessages.range }),
    hasta: z.string({ error: collectionMessages.range }),
  })
  .superRefine((query, context) => {
    const days = daysInRange(query.desde, query.hasta);
    if (Number.isNaN(days) || days < 1)
      context.addIssue({ code: 'custom', path: ['desde'], message: collectionMessages.range });
    else if (days > MAX_RECAUDOS_DAYS)
      context.addIssue({ code: 'custom', path: ['hasta'], message: collectionMessages.rangeTooLong });
  });
export type RecaudosQuery = z.infer<typeof recaudosQuerySchema>;

/** A remittance row's amount: whole pesos as parsePesos reads them ('85000', '85.000'); null for anything else. */
export function parseRemittanceAmount(text: string): number | null {
  const value = parsePesos(text);
  return value !== null && value <= MAX_COLLECTED_COP ? value : null;
}

/** A remittance row's date, 'YYYY-MM-DD' or 'DD/MM/YYYY', as 'YYYY-MM-DD'; null when it is not a real day. */
export function parseRemittanceDate(text: string): string | null {
  const trimmed = text.trim();
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const day = slashed
    ? `${slashed[3]}-${(slashed[2] ?? '').padStart(2, '0')}-${(slashed[1] ?? '').padStart(2, '0')}`
    : trimmed;
  return Number.isNaN(daysInRange(day, day)) ? null : day;
}

/** How a receipt's number is printed: 'CP-000123'. */
export const receiptCode = (receiptNumber: number) => `CP-${String(receiptNumber).padStart(6, '0')}`;

/** The line of the 'Entregado' mail that links the receipt. */
export const receiptMailLine = (url: string) =>
  `Si pagaste al recibirlo, tu comprobante de pago está aquí: ${url}`;
