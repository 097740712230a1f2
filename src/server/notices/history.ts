// How each move of a package's 'Historial' was told to its owner: by WhatsApp (and how far it got) or by mail.
import { inArray } from 'drizzle-orm';
import type { EventNotice } from '../../shared/packages/api-types.ts';
import { mailsCustomer, type PackageState } from '../../shared/packages/states.ts';
import type { Database, Transaction } from '../db/open.ts';
import { notices } from '../db/schema.ts';

type NoticeRow = typeof notices.$inferSelect;

function whatsappNotice(row: NoticeRow): EventNotice {
  // A notice that failed went by mail: its fallback, or the mail that goes with every receipt.
  if (row.state === 'failed') return { channel: 'correo', state: null, at: null };
  const at = row.state === 'read' ? row.readAt : row.state === 'delivered' ? row.deliveredAt : row.sentAt;
  return {
    channel: 'whatsapp',
    state: row.state,
    at: row.state === 'queued' ? null : (at?.toISOString() ?? null),
  };
}

/** The notice of each event id; events that mail their owner without a WhatsApp notice say 'correo'. */
export async function eventNotices(
  db: Database | Transaction,
  events: Array<{ id: number; state: PackageState; note: string }>,
  owned: boolean,
): Promise<Map<number, EventNotice>> {
  const found = new Map<number, EventNotice>();
  if (!owned || events.length === 0) return found;
  const rows = await db
    .select()
    .from(notices)
    .where(
      inArray(
        notices.eventId,
        events.map((event) => event.id),
      ),
    );
  for (const row of rows) if (row.eventId !== null) found.set(row.eventId, whatsappNotice(row));
  for (const event of events)
    if (!found.has(event.id) && (mailsCustomer(event.state) || event.note.startsWith('No entregado')))
      found.set(event.id, { channel: 'correo', state: null, at: null });
  return found;
}
