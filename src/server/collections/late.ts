// Deliveries 'Registrada después del cierre': made on the courier's phone before 'Cerrar ruta' and synced after it
// (delivery/deliver-checks.ts keeps them). Their money stays the courier's and out of the close's figures until an
// admin settles it from /admin/reparto: the cash counted for it, once, with an observation when it differs, audited.
import { and, eq } from 'drizzle-orm';
import type { CollectionEntry } from '../../shared/collections/api-types.ts';
import { type CashClose, collectionMessages } from '../../shared/collections/forms.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/open.ts';
import { collections, lateCashCounts } from '../db/schema.ts';
import { notifyRouteChange } from '../delivery/live.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { collectionEntries, type Reader } from './sums.ts';

/** The late deliveries with money that wait for an admin, oldest first. */
export async function lateDeliveriesWaiting(db: Reader): Promise<CollectionEntry[]> {
  const entries = await collectionEntries(db, eq(collections.afterClose, true));
  return entries.filter((entry) => entry.lateCountedCop === null);
}

/** Settles late collection `id` with the cash counted for it; its package number. */
export async function settleLateDelivery(
  db: Database,
  id: number,
  count: CashClose,
  actor: { id: string; ip?: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(collections)
      .where(and(eq(collections.id, id), eq(collections.afterClose, true)))
      .for('update');
    if (!row || row.voidedAt)
      throw new NotFound(collectionMessages.collectionNotFound, 'collection_not_found');
    if (count.cashDeliveredCop !== row.amountCop && count.note === '')
      throw new Invalid('observation_required', collectionMessages.observation, { field: 'note' });
    const [stored] = await tx
      .insert(lateCashCounts)
      .values({ collectionId: id, countedCop: count.cashDeliveredCop, note: count.note, countedBy: actor.id })
      .onConflictDoNothing()
      .returning({ id: lateCashCounts.id });
    if (!stored)
      throw new Conflict('already_settled', collectionMessages.lateAlreadySettled(row.packageNumber));
    await recordAudit(tx, {
      action: 'late_delivery_settled',
      actorId: actor.id,
      subjectId: row.courierId,
      ip: actor.ip,
      detail: {
        collectionId: id,
        packageNumber: row.packageNumber,
        routeId: row.routeId,
        amountCop: row.amountCop,
        countedCop: count.cashDeliveredCop,
        note: count.note,
      },
    });
    if (row.routeId !== null) await notifyRouteChange(tx, row.routeId);
    return row.packageNumber;
  });
}
