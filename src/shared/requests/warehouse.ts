// The warehouse's side of the requests (design/requests.md '/bodega Solicitudes'): the bodies of 'Iniciar', 'Rechazar',
// the scan and each kind's 'Completar', with their Spanish messages.
import { z } from 'zod';
import { REQUEST_STATE_LABELS, type RequestState } from './kinds.ts';

export const queueMessages = {
  reason: 'Escribe el motivo del rechazo.',
  notOpen: (state: RequestState) => `La solicitud ya está «${REQUEST_STATE_LABELS[state]}».`,
  notStarted: 'Primero inicia la solicitud («Iniciar»).',
  scanUnknown: (code: string) => `No encontramos un paquete con «${code}».`,
  scanOther: (number: number, request: number | null, locker: string) =>
    request === null
      ? `El paquete ${number} (casillero ${locker}) no es de esta solicitud.`
      : `El paquete ${number} (casillero ${locker}) es de la solicitud ${request}, no de esta.`,
  scanned: (number: number) => `Paquete ${number} escaneado.`,
  missingScans: (numbers: number[]) => `Falta escanear: ${numbers.join(', ')}.`,
  weight: 'Escribe el peso en libras: un número mayor que 0 y hasta 1500, por ejemplo 4.5.',
  measures: 'Escribe largo, ancho y alto en pulgadas: números mayores que 0 y hasta 120.',
  carrier: 'Escribe la transportadora de la devolución.',
  guide: 'Escribe la guía de la devolución.',
  started: (id: number) => `Solicitud ${id} en proceso.`,
  refused: (id: number) => `Solicitud ${id} rechazada. Avisamos al cliente.`,
  completed: (id: number) => `Solicitud ${id} completada. Avisamos al cliente.`,
  consolidated: (id: number, number: number) =>
    `Solicitud ${id} completada: nuevo paquete ${number}. Imprime su etiqueta.`,
} as const;

/** The guide of a consolidation's new box: 'CONS' and the request's number, eight digits (design/requests.md). */
export const consolidatedGuide = (requestId: number) => `CONS${String(requestId).padStart(8, '0')}`;

/** The request a consolidated box's guide names, or null for any other guide. */
export function consolidationOf(guide: string): number | null {
  const found = /^CONS(\d{8})$/.exec(guide);
  return found ? Number(found[1]) : null;
}

export const refuseSchema = z.object({
  reason: z
    .string({ error: queueMessages.reason })
    .trim()
    .min(1, queueMessages.reason)
    .max(500, queueMessages.reason),
});

export const scanSchema = z.object({ code: z.string().trim().min(1).max(60) });

/** A decimal as typed ('4.5' or '4,5') in hundredths (or tenths) within (0, max]; null otherwise. */
function units(text: string, digits: number, max: number): number | null {
  const normal = text.trim().replace(',', '.');
  if (!new RegExp(`^\\d{1,5}(\\.\\d{1,${digits}})?$`).test(normal)) return null;
  const value = Math.round(Number(normal) * 10 ** digits);
  return value > 0 && value <= max * 10 ** digits ? value : null;
}

const weight = z.string({ error: queueMessages.weight }).transform((text, ctx) => {
  const value = units(text, 2, 1500);
  if (value === null) ctx.addIssue({ code: 'custom', message: queueMessages.weight });
  return value ?? 0;
});
const measure = z.string({ error: queueMessages.measures }).transform((text, ctx) => {
  const value = units(text, 1, 120);
  if (value === null) ctx.addIssue({ code: 'custom', message: queueMessages.measures });
  return value ?? 0;
});

/** A box weighed and measured (consolidation, repack): hundredths of a pound, tenths of an inch; its photos. */
export const boxSchema = z.object({
  weightLb: weight,
  lengthIn: measure,
  widthIn: measure,
  heightIn: measure,
  photoIds: z.array(z.string().max(100)).max(10).default([]),
});

export const completeSchema = z.object({
  /** Consolidation: the packages scanned (numbers or guides). */
  scanned: z.array(z.string().max(60)).max(20).default([]),
  /** Consolidation: the new box. */
  box: boxSchema.nullish(),
  /** Repack: each package's new box. */
  boxes: z
    .array(boxSchema.extend({ number: z.coerce.number().int().positive() }))
    .max(20)
    .default([]),
  photoIds: z.array(z.string().max(100)).max(10).default([]),
  carrier: z.string().trim().max(60).default(''),
  carrierGuide: z.string().trim().max(60).default(''),
});

export type CompleteBody = z.infer<typeof completeSchema>;
export type Box = z.infer<typeof boxSchema>;
