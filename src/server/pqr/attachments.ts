// A PQR's attachments (design/pqr.md 'Adjuntos'): up to 5 files, PDF, JPG, PNG or WebP checked by their bytes like
// invoices, stored with saveFile with no owner (so deleting an account keeps them: they are records the operator must
// show the authority). An upload comes first, then the filing, review or answer claims it in its own transaction.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PqrAttachment } from '../../shared/pqr/api-types.ts';
import { pqrMessages } from '../../shared/pqr/forms.ts';
import type { Database, Transaction } from '../db/open.ts';
import { files, pqrAttachments } from '../db/schema.ts';
import { Invalid } from '../errors.ts';
import { checkInvoice, extensionOf } from '../files/invoice-check.ts';
import { recordFile, storeFile } from '../files/store.ts';

/** Keeps an uploaded file when its bytes are what an attachment may be; else 400 with the attachment's message. */
export async function saveUpload(db: Database, bytes: Buffer, uploaderId: string | null) {
  const mime = await checkInvoice(bytes);
  if (!mime) throw new Invalid('invalid_file', pqrMessages.attachmentInvalid);
  // The object first (a bucket down refuses the upload before anything is written), then its rows together.
  const stored = await storeFile({ ownerId: null, packageNumber: null, kind: 'pqr', mime, bytes });
  return db.transaction(async (tx) => {
    const id = await recordFile(tx, stored);
    await tx.insert(pqrAttachments).values({ fileId: id, uploaderId });
    return { id, mime, size: bytes.length };
  });
}

/** Gives the uploads `ids` (of `uploaderId`, not yet claimed) to a PQR's event; any other id is refused whole. */
export async function claimUploads(
  tx: Transaction,
  ids: readonly string[],
  owner: { uploaderId: string | null; pqrNumber: number; eventId: number },
) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const claimed = await tx
    .update(pqrAttachments)
    .set({ pqrNumber: owner.pqrNumber, eventId: owner.eventId })
    .where(
      and(
        inArray(pqrAttachments.fileId, wanted),
        isNull(pqrAttachments.pqrNumber),
        owner.uploaderId === null
          ? isNull(pqrAttachments.uploaderId)
          : eq(pqrAttachments.uploaderId, owner.uploaderId),
      ),
    )
    .returning({ id: pqrAttachments.fileId });
  if (claimed.length !== wanted.length)
    throw new Invalid('invalid', pqrMessages.attachmentId, { field: 'attachments' });
}

export interface StoredAttachment {
  id: string;
  eventId: number | null;
  mime: string;
  size: number;
}

/** A PQR's attachments, oldest first, without their bytes. */
export async function attachmentsOf(
  db: Database | Transaction,
  pqrNumber: number,
): Promise<StoredAttachment[]> {
  return db
    .select({ id: files.id, eventId: pqrAttachments.eventId, mime: files.mime, size: files.size })
    .from(pqrAttachments)
    .innerJoin(files, eq(files.id, pqrAttachments.fileId))
    .where(eq(pqrAttachments.pqrNumber, pqrNumber))
    .orderBy(asc(pqrAttachments.uploadedAt), asc(files.id));
}

/** An attachment as the thread lists it, numbered in the PQR's order, served under `base`. */
export function attachmentView(stored: StoredAttachment, position: number, base: string): PqrAttachment {
  const extension = extensionOf(stored.mime);
  return {
    id: stored.id,
    mime: stored.mime,
    size: stored.size,
    name: `adjunto-${position}.${extension}`,
    url: `${base}/adjuntos/${stored.id}`,
  };
}

/** One attachment of a PQR with its bytes, or null when `id` is not one of that PQR's. */
export async function readAttachment(db: Database, pqrNumber: number, id: string) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await db
    .select({ id: files.id, mime: files.mime, size: files.size, bytes: files.bytes })
    .from(pqrAttachments)
    .innerJoin(files, eq(files.id, pqrAttachments.fileId))
    .where(and(eq(pqrAttachments.pqrNumber, pqrNumber), eq(pqrAttachments.fileId, id)));
  return row ?? null;
}

/** Unclaimed uploads older than a day (a form never sent): removed by housekeeping. */
export async function removeUnclaimedUploads(db: Database) {
  const stale = await db
    .delete(pqrAttachments)
    .where(
      and(isNull(pqrAttachments.pqrNumber), sql`${pqrAttachments.uploadedAt} < now() - interval '1 day'`),
    )
    .returning({ id: pqrAttachments.fileId });
  if (stale.length > 0)
    await db.delete(files).where(
      inArray(
        files.id,
        stale.map((row) => row.id),
      ),
    );
}
