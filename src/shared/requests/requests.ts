// Requests in Miami (design/requests.md 'Solicitudes'): what a customer may ask the warehouse to do with parcels
// waiting there, the states a request goes through, its fee, the screens' words and the refusals. Both sides run it.
import { z } from 'zod';
import type { FeeSettings } from '../charges/charge-lines.ts';
import { centsToCop } from '../charges/charge-lines.ts';
import { formatCop, formatUsd } from '../money.ts';
import {
  MAX_REQUEST_PACKAGES,
  REQUEST_KINDS,
  REQUEST_LABELS,
  REQUEST_STATE_LABELS,
  type RequestKind,
  type RequestState,
} from './kinds.ts';

export const requestMessages = {
  count: 'Una solicitud lleva de 1 a 20 paquetes.',
  consolidateCount: 'Para consolidar elige de 2 a 20 paquetes.',
  twice: 'Un paquete aparece dos veces en la solicitud.',
  sameAddress: 'Los paquetes deben ir a la misma dirección.',
  repackOption: 'Elige cómo reempacar: «Caja más pequeña» o «Quitar caja original».',
  photosNote: 'Escribe qué quieres que miremos en las fotos.',
  note: 'La nota puede tener hasta 500 caracteres.',
  label: 'Adjunta la guía de devolución prepagada de la tienda (PDF o imagen).',
  labelType: 'La guía de devolución debe ser un PDF o una imagen (JPG, PNG o WebP).',
  labelSaved: 'Guía de devolución adjunta.',
  notReceived: (number: number, state: string) =>
    `El paquete ${number} está en «${state}»: solo se piden solicitudes de paquetes en «Recibido en Miami».`,
  paidOnline: (number: number) =>
    `El paquete ${number} ya está pagado en línea: no se le pueden pedir solicitudes que cambien su cobro.`,
  inDispatch: (number: number, dispatch: number) =>
    `El paquete ${number} ya está en el despacho ${dispatch}: no se le pueden pedir solicitudes.`,
  busy: (number: number, request: number, kind: RequestKind, state: RequestState) =>
    `El paquete ${number} tiene abierta la solicitud ${request} («${REQUEST_LABELS[kind]}», ${REQUEST_STATE_LABELS[state]}).`,
  created: (id: number) => `Solicitud ${id} enviada. Te avisaremos cuando la bodega la complete.`,
  cancelled: (id: number) => `Solicitud ${id} cancelada: no se cobra.`,
  notCancellable: 'La solicitud ya no está «Pendiente»: no se puede cancelar.',
  notFound: 'No encontramos esa solicitud.',
} as const;

/** The fee of a request in cents: consolidation once a request, the others once a package. */
export function requestFeeCents(kind: RequestKind, count: number, fees: FeeSettings): number {
  if (kind === 'consolidar') return fees.consolidationFeeCents;
  const each = { reempacar: fees.repackFeeCents, fotos: fees.photosFeeCents, devolver: fees.returnFeeCents }[
    kind
  ];
  return each * count;
}

/** The fee in cents and pesos at the rates' TRM. */
export function requestFee(kind: RequestKind, count: number, rates: FeeSettings & { trmHundredths: number }) {
  const cents = requestFeeCents(kind, count, rates);
  return { cents, cop: centsToCop(cents, rates.trmHundredths) };
}

const packagesWord = (count: number) => (count === 1 ? '1 paquete' : `${count} paquetes`);

const WHAT_HAPPENS: Record<RequestKind, string> = {
  consolidar: 'Tu nuevo paquete tendrá un nuevo número.',
  reempacar: 'Recalcularemos el cobro con el nuevo peso y medidas.',
  fotos: 'Verás las fotos en la página del paquete.',
  devolver: 'Lo enviaremos a la tienda con su guía prepagada.',
};

/** What the customer accepts before 'Confirmar solicitud': 'Consolidar 3 paquetes: US$ 5,00 ($ 20.000). …' */
export function requestSummary(
  kind: RequestKind,
  count: number,
  fee: { cents: number; cop: number },
): string {
  return `${REQUEST_LABELS[kind]} ${packagesWord(count)}: ${formatUsd(fee.cents)} (${formatCop(fee.cop)}). ${WHAT_HAPPENS[kind]}`;
}

const packageNumber = z.coerce.number({ error: requestMessages.count }).int().positive().max(2_147_483_647);

/** The body of POST /api/requests: the kind, its packages, and what the kind asks for. */
export const newRequestSchema = z
  .object({
    kind: z.enum(REQUEST_KINDS, { error: 'Elige qué solicitud quieres hacer.' }),
    numbers: z
      .array(packageNumber, { error: requestMessages.count })
      .min(1, requestMessages.count)
      .max(MAX_REQUEST_PACKAGES, requestMessages.count),
    repackOption: z.enum(['caja_pequena', 'quitar_caja']).nullish(),
    note: z.string().trim().max(500, requestMessages.note).default(''),
    labelFileId: z.string().max(100).nullish(),
  })
  .superRefine((body, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', message, path: [path] });
    if (new Set(body.numbers).size !== body.numbers.length) problem('numbers', requestMessages.twice);
    else if (body.kind === 'consolidar' && body.numbers.length < 2)
      problem('numbers', requestMessages.consolidateCount);
    if (body.kind === 'reempacar' && !body.repackOption)
      problem('repackOption', requestMessages.repackOption);
    if (body.kind === 'fotos' && body.note === '') problem('note', requestMessages.photosNote);
    if (body.kind === 'devolver' && !body.labelFileId) problem('labelFileId', requestMessages.label);
  });

export type NewRequest = z.infer<typeof newRequestSchema>;
