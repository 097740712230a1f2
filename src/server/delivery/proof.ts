// The proof of delivery and the failed attempts on a package's page (design/delivery.md 'Proof of delivery'): the
// customer reads the last four digits of 'Documento' only; staff read it whole, and who the courier was.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DeliveryAttempt, DeliveryProof } from '../../shared/delivery/api-types.ts';
import {
  COLLECTED_MEANS_LABELS,
  FAILURE_REASON_LABELS,
  NOVELTY_LABELS,
  RELATION_LABELS,
} from '../../shared/delivery/door-choices.ts';
import type { Database, Transaction } from '../db/open.ts';
import { collections, deliveries, deliveryAttempts, users } from '../db/schema.ts';

type Reader = Database | Transaction;

/** '1020304050' → '••••4050': what a customer reads of the receiver's ID. */
export const maskedDocument = (document: string) => `••••${document.slice(-4)}`;

export async function deliveryProof(
  db: Reader,
  number: number,
  viewer: { kind: 'customer' | 'staff' },
): Promise<DeliveryProof | null> {
  const [row] = await db
    .select({
      delivery: deliveries,
      amountCop: collections.amountCop,
      means: collections.means,
      reference: collections.reference,
      courierName: users.name,
    })
    .from(deliveries)
    .leftJoin(collections, eq(collections.deliveryId, deliveries.id))
    .leftJoin(users, eq(users.id, deliveries.courierId))
    .where(and(eq(deliveries.packageNumber, number), isNull(deliveries.voidedAt)));
  if (!row) return null;
  const { delivery, means } = row;
  const staff = viewer.kind === 'staff';
  return {
    at: delivery.at.toISOString(),
    receivedBy: delivery.receivedBy,
    document: staff ? delivery.document : maskedDocument(delivery.document),
    relation: delivery.relation,
    relationLabel: RELATION_LABELS[delivery.relation],
    photoId: delivery.photoId,
    novelty: delivery.novelty,
    noveltyLabel: NOVELTY_LABELS[delivery.novelty],
    paidCop: row.amountCop,
    means,
    meansLabel: means ? COLLECTED_MEANS_LABELS[means] : null,
    reference: means ? (row.reference ?? '') : null,
    routeId: delivery.routeId,
    ...(staff ? { courierName: row.courierName ?? '' } : {}),
  };
}

export async function deliveryAttemptsOf(db: Reader, number: number): Promise<DeliveryAttempt[]> {
  const rows = await db
    .select({
      at: deliveryAttempts.at,
      reason: deliveryAttempts.reason,
      note: deliveryAttempts.note,
      routeId: deliveryAttempts.routeId,
    })
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.packageNumber, number))
    .orderBy(asc(deliveryAttempts.at), asc(deliveryAttempts.id));
  return rows.map((row) => ({
    ...row,
    at: row.at.toISOString(),
    reasonLabel: FAILURE_REASON_LABELS[row.reason],
  }));
}
