// The PQR's part of the person's rights (design/pqr.md 'Rules that hold everywhere'): their PQR with the whole thread
// in the export of 'Mis datos'; and on the account's deletion the PQR stay (records the operator must show the
// authority) with the personal data reduced to what the law requires: name, ID number and radicado.
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { PQR_STATE_LABELS, PQR_TYPE_LABELS } from '../../shared/pqr/states.ts';
import type { Database, Transaction } from '../db/open.ts';
import { files, pqrAttachments, pqrEvents, pqrs } from '../db/schema.ts';

/** Said on deletion when the person had PQR. */
export const PQR_KEPT_ON_DELETION =
  'Conservamos tus PQR, con tu nombre, tu número de documento y su radicado, porque la ley nos obliga a guardarlas.';

export async function pqrCountOf(db: Database | Transaction, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pqrs).where(eq(pqrs.userId, userId));
  return row?.n ?? 0;
}

/** The customer's PQR with their thread (internal notes are staff's, not the person's data) and attachments. */
export async function pqrsForExport(db: Database, userId: string) {
  const rows = await db.select().from(pqrs).where(eq(pqrs.userId, userId)).orderBy(asc(pqrs.number));
  const numbers = rows.map((row) => row.number);
  if (numbers.length === 0) return [];
  const events = await db
    .select()
    .from(pqrEvents)
    .where(and(inArray(pqrEvents.pqrNumber, numbers), ne(pqrEvents.kind, 'nota')))
    .orderBy(asc(pqrEvents.id));
  const attachments = await db
    .select({ pqrNumber: pqrAttachments.pqrNumber, mime: files.mime, size: files.size, at: files.createdAt })
    .from(pqrAttachments)
    .innerJoin(files, eq(files.id, pqrAttachments.fileId))
    .where(inArray(pqrAttachments.pqrNumber, numbers));
  return rows.map((row) => ({
    radicado: row.radicado,
    tipo: PQR_TYPE_LABELS[row.type],
    estado: PQR_STATE_LABELS[row.state],
    paquete: row.packageNumber,
    descripcion: row.description,
    radicada: row.filedAt.toISOString(),
    fechaLimite: row.dueDate,
    actuaciones: events
      .filter((event) => event.pqrNumber === row.number)
      .map((event) => ({
        tipo: event.kind,
        fecha: event.at.toISOString(),
        texto: event.kind === 'radicada' ? row.description : event.text,
        notificada: event.notifiedAt?.toISOString() ?? null,
        apelacion: event.appeal,
        decision: event.decision,
      })),
    adjuntos: attachments
      .filter((attachment) => attachment.pqrNumber === row.number)
      .map((attachment) => ({
        formato: attachment.mime,
        bytes: attachment.size,
        fecha: attachment.at.toISOString(),
      })),
  }));
}

/** On deletion: the PQR keep name, ID number and radicado (and the thread, the record itself); the e-mail goes. */
export async function erasePqrsOf(tx: Transaction, userId: string): Promise<void> {
  await tx.update(pqrs).set({ email: '', visitorKey: null }).where(eq(pqrs.userId, userId));
}
