// Queues notices in the caller's transaction (the outbox of design/notices.md 'What is sent'): one per event and
// template, whatever repeats; the worker (worker.ts) sends them.
import { and, desc, eq, sql } from 'drizzle-orm';
import { TEMPLATES, type TemplateName, templateParameter } from '../../shared/notices/templates.ts';
import type { PackageState } from '../../shared/packages/states.ts';
import { inJsonList } from '../db/json-list.ts';
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

/**
 * Queues `list` in one statement whatever its length: the rows travel as one JSON parameter read by
 * jsonb_to_recordset (a dispatch of 10,000 is one insert, not ten of 1,000 rows of eight parameters each).
 */
export async function queueNotices(tx: Transaction, list: NewNotice[]) {
  if (list.length === 0) return;
  const rows = list.map((notice) => {
    const expected = TEMPLATES[notice.template].parameters.length;
    if (notice.parameters.length !== expected)
      throw new Error(`${notice.template} takes ${expected} parameters, not ${notice.parameters.length}`);
    return {
      event_key: notice.eventKey,
      user_id: notice.userId,
      package_number: notice.packageNumber,
      event_id: notice.eventId,
      template: notice.template,
      to_phone: notice.toPhone,
      parameters: notice.parameters.map(templateParameter),
      fallback: notice.fallback,
    };
  });
  await tx.execute(sql`
    insert into ${notices} (event_key, user_id, package_number, event_id, template, to_phone, parameters, fallback)
    select event_key, user_id, package_number, event_id, template, to_phone, parameters, fallback
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as queued(event_key text, user_id text,
      package_number integer, event_id bigint, template text, to_phone text, parameters jsonb, fallback jsonb)
    on conflict do nothing`);
  await tx.execute(sql`select pg_notify('notice_queued', '')`);
}

/** The template of a move that mails the customer (design/packages.md); 'recibido' carries the receipt's charge. */
export const STATE_TEMPLATES: Partial<Record<PackageState, TemplateName>> = {
  recibido: 'paquete_recibido',
  retenido: 'paquete_retenido',
  en_transito: 'paquete_en_transito',
  en_reparto: 'paquete_en_reparto',
  entregado: 'paquete_entregado',
  devuelto: 'paquete_devuelto',
};

/** Receipts and charges are mailed whatever happens on WhatsApp (design/notices.md 'Fallback'). */
export const ALWAYS_MAILED: ReadonlySet<PackageState> = new Set(['recibido', 'en_reparto']);

/** The newest 'Historial' event of each package in `state`: the event a move's notice tells of. One read. */
export async function latestEvents(
  tx: Transaction,
  numbers: number[],
  state: PackageState,
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (numbers.length === 0) return found;
  for (const row of await tx
    .selectDistinctOn([packageEvents.packageNumber], {
      number: packageEvents.packageNumber,
      id: packageEvents.id,
    })
    .from(packageEvents)
    .where(and(inJsonList(packageEvents.packageNumber, numbers), eq(packageEvents.state, state)))
    .orderBy(packageEvents.packageNumber, desc(packageEvents.id)))
    found.set(row.number, row.id);
  return found;
}
