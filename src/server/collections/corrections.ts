// An admin's correction of a locked collection (design/delivery.md 'Collections and the cash close'): once its route is
// closed (or for a carrier's), a collection changes only this way, with a note. The correction is a row of its own
// that keeps what the collection was and what it became, beside the audit entry; the collection then holds its new
// values, so every total stays a plain sum of the stored collections.
import { eq } from 'drizzle-orm';
import { type CollectionCorrection, collectionMessages } from '../../shared/collections/forms.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/open.ts';
import { collectionCorrections, collections, deliveryRoutes } from '../db/schema.ts';
import { notifyRouteChange } from '../delivery/live.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';

/** Corrects collection `id` in one transaction; its package number. */
export async function correctCollection(
  db: Database,
  id: number,
  form: CollectionCorrection,
  actor: { id: string; ip?: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(collections).where(eq(collections.id, id)).for('update');
    if (!row || row.voidedAt)
      throw new NotFound(collectionMessages.collectionNotFound, 'collection_not_found');
    if (row.routeId !== null && row.source === 'route') {
      const [route] = await tx
        .select({ state: deliveryRoutes.state })
        .from(deliveryRoutes)
        .where(eq(deliveryRoutes.id, row.routeId))
        .for('share');
      if (route?.state !== 'cerrada')
        throw new Conflict('collection_not_locked', collectionMessages.notLocked);
    }
    if (row.amountCop === form.amountCop && row.means === form.means && row.reference === form.reference)
      throw new Invalid('no_change', collectionMessages.noChange, { field: 'amountCop' });
    const before = { amountCop: row.amountCop, means: row.means, reference: row.reference };
    const after = { amountCop: form.amountCop, means: form.means, reference: form.reference };
    const [correction] = await tx
      .insert(collectionCorrections)
      .values({
        collectionId: id,
        beforeAmountCop: before.amountCop,
        beforeMeans: before.means,
        beforeReference: before.reference,
        afterAmountCop: after.amountCop,
        afterMeans: after.means,
        afterReference: after.reference,
        note: form.note,
        correctedBy: actor.id,
      })
      .returning({ id: collectionCorrections.id });
    await tx.update(collections).set(after).where(eq(collections.id, id));
    await recordAudit(tx, {
      action: 'collection_corrected',
      actorId: actor.id,
      subjectId: row.courierId,
      ip: actor.ip,
      detail: {
        collectionId: id,
        correctionId: correction?.id,
        packageNumber: row.packageNumber,
        routeId: row.routeId,
        before,
        after,
        note: form.note,
      },
    });
    if (row.routeId !== null) await notifyRouteChange(tx, row.routeId);
    return row.packageNumber;
  });
}
