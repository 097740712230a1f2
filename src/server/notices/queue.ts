// Queues notices in the caller's transaction (the outbox of NOTICES.md 'What is sent'): one per event and template,
// whatever repeats; the worker (worker.ts) sends them.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { TEMPLATES, type TemplateName, templateParameter } from '../../shared/notices/templates.ts';
import type { PackageState } from '../../shared/packages/states.ts';
import type { Transaction } from '../db/open.ts';
import { type NoticeFallback, notices, packageEvents } from '../db/schema.ts';

export interface NewNotice {
  eventKey: string;
  userId: string;
  packageNumber: number | null;
  eventId: number | null;
  template: TemplateName;
  toPhone: string;
  parameters: string[];
  /** What to mail if WhatsApp cannot deliver; null when it was mailed anyway. */
  fallback: NoticeFallback | null;
}

export async function queueNotices(tx: Transaction, list: NewNotice[]) {
  for (let i = 0; i < list.length; i += 1000) {
    const part = list.slice(i, i + 1000).map((notice) => {
      const expected = TEMPLATES[notice.template].parameters.length;
      if (notice.parameters.length !== expected)
        throw new Error(`${notice.template} takes ${expected} parameters, not ${notice.parameters.length}`);
      return { ...notice, parameters: notice.parameters.map(templateParameter) };
    });
    if (part.length) await tx.insert(notices).values(part).onConflictDoNothing();
  }
  if (list.length) await tx.execute(sql`select pg_notify('notice_queued', '')`);
}

/** The template of a move that mails the customer (PACKAGES.md); 'recibido' carries the receipt's charge. */
export const STATE_TEMPLATES: Partial<Record<PackageState, TemplateName>> = {
  recibido: 'paquete_recibido',
  retenido: 'paquete_retenido',
  en_transito: 'paquete_en_transito',
  en_reparto: 'paquete_en_reparto',
  entregado: 'paquete_entregado',
  devuelto: 'paquete_devuelto',
};

/** Receipts and charges are mailed whatever happens on WhatsApp (NOTICES.md 'Fallback'). */
export const ALWAYS_MAILED: ReadonlySet<PackageState> = new Set(['recibido', 'en_reparto']);

/** The newest 'Historial' event of each package in `state`: the event a move's notice tells of. */
export async function latestEvents(
  tx: Transaction,
  numbers: number[],
  state: PackageState,
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (let i = 0; i < numbers.length; i += 1000)
    for (const row of await tx
      .selectDistinctOn([packageEvents.packageNumber], {
        number: packageEvents.packageNumber,
        id: packageEvents.id,
      })
      .from(packageEvents)
      .where(
        and(inArray(packageEvents.packageNumber, numbers.slice(i, i + 1000)), eq(packageEvents.state, state)),
      )
      .orderBy(packageEvents.packageNumber, desc(packageEvents.id)))
      found.set(row.number, row.id);
  return found;
}
