// The cash count as it is typed, shared by a route's 'Cerrar ruta' and a late delivery's 'Liquidar'
// (design/delivery.md 'Collections and the cash close'): the same two boxes, read and checked the same way.
import { type CashClose, type CashCloseForm, collectionMessages } from '../../shared/collections/forms.ts';
import { pesosInput } from '../../shared/money.ts';
import type { FieldProblem } from '../components/use-form.ts';

/** 'Efectivo entregado' and 'Observación' as typed. */
export type CashCloseValues = { cashDeliveredCop: string; note: string };

/** What the form sends to cashCloseSchema: the pesos read as typed ('85.000'), the note as it is. */
export function cashCloseInput(values: CashCloseValues): Record<keyof CashCloseForm, unknown> {
  return { cashDeliveredCop: pesosInput(values.cashDeliveredCop), note: values.note };
}

/** A count that differs from what is due needs an 'Observación' (the server checks it again: 400 on `note`). */
export function observationCheck(data: CashClose, differs: boolean): FieldProblem<'note'> | null {
  return differs && !data.note ? { field: 'note', message: collectionMessages.observation } : null;
}
