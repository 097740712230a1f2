// The operations' forms (design/packages.md 'Operations'): a state change for selected packages with the fields each
// state needs, a dispatch, and the import's columns. One schema for the browser and the server, with Spanish messages.
import { z } from 'zod';
import { optionalText, requiredText } from '../schemas.ts';
import { isPackageState, type PackageState } from './states.ts';

export const MAX_BULK = 5000;
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const IMPORT_COLUMNS = ['guia', 'estado', 'nota', 'transportadora', 'guia_transportadora'] as const;

/** A row of 'Importar estados' as the answer lists it: applied (its package and new state) or refused (why). */
export interface ImportRow {
  /** The line of the file (the header is line 1). */
  line: number;
  guide: string;
  number?: number;
  state?: string;
  reason?: string;
}

/** POST /api/admin/packages/import */
export interface ImportResult {
  applied: ImportRow[];
  refused: ImportRow[];
  message: string;
}

export const operationsMessages = {
  selection: `Selecciona entre 1 y ${MAX_BULK.toLocaleString('es-CO')} paquetes.`,
  state: 'Elige el nuevo estado.',
  reason: 'Escribe el motivo.',
  carrier: 'Escribe la transportadora y la guía de la transportadora.',
  receivedBy: 'Escribe quién recibió el paquete.',
  correctionNote: 'Una corrección necesita una nota que explique el error.',
  refused: (count: number) =>
    `No se cambió ningún paquete: ${count === 1 ? 'uno no puede' : `${count} no pueden`} pasar a ese estado. Revisa la lista.`,
  changed: (count: number, label: string) =>
    `${count === 1 ? '1 paquete pasó' : `${count.toLocaleString('es-CO')} paquetes pasaron`} a «${label}».`,
  importNotCsv: `El archivo debe ser un CSV con las columnas ${IMPORT_COLUMNS.join(', ')} (al menos guia y estado), de hasta 10.000 filas y 5 MB.`,
} as const;

/** What a state needs besides itself ('Motivo', 'Transportadora' + 'Guía de la transportadora', 'Recibido por'). */
export function missingForState(
  state: PackageState,
  fields: { note: string; carrier: string; carrierGuide: string; receivedBy: string },
): string | null {
  if ((state === 'retenido' || state === 'devuelto') && !fields.note) return operationsMessages.reason;
  if (state === 'en_reparto' && (!fields.carrier || !fields.carrierGuide)) return operationsMessages.carrier;
  if (state === 'entregado' && !fields.receivedBy) return operationsMessages.receivedBy;
  return null;
}

/** A package number as the database holds it (integer): larger numbers name no package. */
const packageNumberField = z.number().int().positive().max(2_147_483_647);

export const bulkChangeSchema = z
  .object({
    numbers: z
      .array(packageNumberField, { error: operationsMessages.selection })
      .min(1, operationsMessages.selection)
      .max(MAX_BULK, operationsMessages.selection),
    state: z.string({ error: operationsMessages.state }).refine(isPackageState, operationsMessages.state),
    note: optionalText('Motivo', 500),
    carrier: optionalText('Transportadora', 100),
    carrierGuide: optionalText('Guía de la transportadora', 100),
    receivedBy: optionalText('Recibido por', 200),
    correction: z.boolean().optional().default(false),
  })
  .superRefine((form, ctx) => {
    if (!isPackageState(form.state)) return;
    const missing = missingForState(form.state, form);
    if (missing) ctx.addIssue({ code: 'custom', message: missing });
    if (form.correction && !form.note)
      ctx.addIssue({ code: 'custom', message: operationsMessages.correctionNote });
  });

export const dispatchSchema = z.object({
  masterAwb: requiredText('Guía master', 40),
  airline: requiredText('Aerolínea', 100),
  flightDate: z.iso.date({ error: 'Escribe la fecha del vuelo, por ejemplo 2026-12-01.' }),
  numbers: z.array(packageNumberField).max(MAX_BULK, operationsMessages.selection).optional().default([]),
});

export const dispatchPackagesSchema = z.object({
  numbers: z
    .array(packageNumberField, { error: operationsMessages.selection })
    .min(1, operationsMessages.selection)
    .max(MAX_BULK, operationsMessages.selection),
});

/** The dispatch's own moves, applied to all its packages. */
export const DISPATCH_STATES = ['en_transito', 'en_aduana', 'en_bodega_colombia'] as const;
export type DispatchState = (typeof DISPATCH_STATES)[number];
export const dispatchStateSchema = z.object({
  state: z.enum(DISPATCH_STATES, { error: 'Elige En tránsito, En aduana o En bodega Colombia.' }),
});
