// The tax of each kind of invoice line as a dated setting on 'Tarifas' (design/payments.md 'Lines and taxes'): IVA in
// percent or excluded from IVA, from a day on; the accountant confirms each change (ADR 0017).
import { z } from 'zod';
import { LINE_DESCRIPTIONS, OTHER_KIND } from './lines.ts';

export const TAX_KINDS: ReadonlyArray<readonly [kind: string, label: string]> = [
  ...Object.entries(LINE_DESCRIPTIONS),
  [OTHER_KIND, 'Otros servicios'],
];

export const taxMessages = {
  kind: 'Elige el concepto.',
  date: 'Escribe la fecha desde la que rige, por ejemplo 2026-12-01.',
  past: 'La fecha debe ser hoy o posterior: los impuestos de facturas pasadas no se cambian.',
  percent: 'Escribe el IVA en porcentaje, de 0 a 100, por ejemplo 19.',
  saved: (label: string, day: string) => `Impuesto de ${label} guardado: rige desde el ${day}.`,
} as const;

const kinds = TAX_KINDS.map(([kind]) => kind);

export const invoiceTaxSchema = z.object({
  kind: z.enum(kinds, { error: taxMessages.kind }),
  effectiveFrom: z.string({ error: taxMessages.date }).regex(/^\d{4}-\d{2}-\d{2}$/, taxMessages.date),
  vatPercent: z
    .string({ error: taxMessages.percent })
    .trim()
    .regex(/^\d{1,3}([.,]\d{1,2})?$/, taxMessages.percent)
    .transform((text) => Math.round(Number(text.replace(',', '.')) * 100))
    .refine((basisPoints) => basisPoints <= 10_000, taxMessages.percent),
  excluded: z.boolean().default(false),
});
export type InvoiceTaxInput = z.input<typeof invoiceTaxSchema>;

/** One dated setting as 'Tarifas' lists it. */
export interface InvoiceTaxRow {
  id: number;
  kind: string;
  label: string;
  effectiveFrom: string;
  vatBasisPoints: number;
  excluded: boolean;
  /** In force now (the latest of its kind not after now). */
  current: boolean;
}

export interface InvoiceTaxes {
  rows: InvoiceTaxRow[];
}

export const taxLabel = (kind: string) => TAX_KINDS.find(([value]) => value === kind)?.[1] ?? kind;
