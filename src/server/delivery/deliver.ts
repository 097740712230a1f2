// 'Entregar' (DELIVERY.md 'The courier's screen', 'Proof of delivery', 'Collections'): in one transaction the
// package goes 'Entregado' (the customer's mail and live notice as every move), its proof is stored, and so is its
// collection whenever there is money: a package is never 'Entregado' by a route without it unless its 'Valor a
// pagar' is zero. The phone's key is applied once; two phones delivering one stop make one delivery.
import { eq } from 'drizzle-orm';
import type { DoorActionDone } from '../../shared/delivery/api-types.ts';
import { type Delivery, doorMessages, RELATION_LABELS } from '../../shared/delivery/door-forms.ts';
import { STATE_LABELS } from '../../shared/packages/states.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Transaction } from '../db/open.ts';
import { collections, deliveries, packageCharges, packages } from '../db/schema.ts';
import { Conflict, Invalid } from '../errors.ts';
import { saveFile } from '../files/store.ts';
import { changeState, type MailSettings } from '../packages/state-change.ts';
import { courierActor, done, isRepeat, keyUse, stopForAction } from './door-common.ts';
import { notifyRouteChange } from './live.ts';
import { deliveredOutcome } from './outcomes.ts';

export interface DeliveryPhotos {
  photo: Buffer | null;
  noveltyPhoto: Buffer | null;
}

/** The stored delivery of a key sent again, as the first answer told it. */
async function repeatedDelivery(tx: Transaction, key: string, number: number): Promise<DoorActionDone> {
  const [row] = await tx
    .select({ at: deliveries.at, amountCop: collections.amountCop, means: collections.means })
    .from(deliveries)
    .leftJoin(collections, eq(collections.deliveryId, deliveries.id))
    .where(eq(deliveries.key, key));
  if (!row) throw new Error(`no delivery with key ${key}`);
  return done(key, number, deliveredOutcome(row.at, row), true, '');
}

/** The stored charge's 'Valor a pagar' in whole pesos; 0 when the package has none. */
async function valueToPay(tx: Transaction, number: number): Promise<number> {
  const [charge] = await tx
    .select({ totalCop: packageCharges.totalCop })
    .from(packageCharges)
    .where(eq(packageCharges.packageNumber, number));
  return charge?.totalCop ?? 0;
}

async function deliverOnce(
  tx: Transaction,
  courierId: string,
  number: number,
  form: Delivery,
  photos: DeliveryPhotos,
  mail: MailSettings,
): Promise<DoorActionDone> {
  const used = await keyUse(tx, form.key);
  if (used && isRepeat(used, 'delivery', courierId, number)) return repeatedDelivery(tx, form.key, number);
  const { routeId } = await stopForAction(tx, courierId, number);
  const [pkg] = await tx
    .select({ state: packages.state, userId: packages.userId })
    .from(packages)
    .where(eq(packages.number, number))
    .for('update');
  if (!pkg) throw new Error(`route stop without package ${number}`);
  // Under the package's lock a twin request that committed meanwhile is seen: the same key is a repeat.
  const again = await keyUse(tx, form.key);
  if (again && isRepeat(again, 'delivery', courierId, number)) return repeatedDelivery(tx, form.key, number);
  const [earlier] = await tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(eq(deliveries.packageNumber, number));
  if (earlier) throw new Conflict('already_delivered', doorMessages.alreadyDelivered(number));
  if (pkg.state !== 'en_reparto')
    throw new Conflict('not_out', doorMessages.notOut(number, STATE_LABELS[pkg.state]));
  const toPay = await valueToPay(tx, number);
  if (form.collectedCop !== toPay && form.note === '')
    throw new Invalid('difference_note', doorMessages.differenceNote, { field: 'note' });

  const at = new Date(form.at);
  const saved = async (bytes: Buffer | null) =>
    bytes &&
    saveFile(tx, { ownerId: pkg.userId, packageNumber: number, kind: 'delivery', mime: 'image/jpeg', bytes });
  const photoId = await saved(photos.photo);
  const noveltyPhotoId = await saved(photos.noveltyPhoto);
  await changeState(tx, number, 'entregado', courierActor(courierId), mail, {
    note: `Recibido por ${form.receivedBy} (${RELATION_LABELS[form.relation]})`,
  });
  const [delivery] = await tx
    .insert(deliveries)
    .values({
      key: form.key,
      packageNumber: number,
      routeId,
      courierId,
      receivedBy: form.receivedBy,
      document: form.document,
      relation: form.relation,
      novelty: form.novelty,
      photoId,
      noveltyPhotoId,
      note: form.note,
      at,
      latitude: form.position?.latitude ?? null,
      longitude: form.position?.longitude ?? null,
      accuracy: form.position?.accuracy ?? null,
    })
    .returning({ id: deliveries.id });
  if (!delivery) throw new Error('insert returned nothing');
  const collected = toPay > 0 || form.collectedCop > 0;
  if (collected)
    await tx.insert(collections).values({
      deliveryId: delivery.id,
      packageNumber: number,
      routeId,
      courierId,
      amountCop: form.collectedCop,
      means: form.means,
      reference: form.reference,
      collectedAt: at,
      recordedBy: courierId,
    });
  await notifyRouteChange(tx, routeId);
  const outcome = deliveredOutcome(
    at,
    collected ? { amountCop: form.collectedCop, means: form.means } : { amountCop: 0, means: null },
  );
  return done(form.key, number, outcome, false, doorMessages.delivered(number));
}

/**
 * Applies a delivery once. Two requests racing past the checks meet at the unique indexes of deliveries (its key,
 * its package): the loser reads what the winner stored and answers as a repeat, or as 'ya fue entregado'.
 */
export async function deliver(
  db: Database,
  courierId: string,
  number: number,
  form: Delivery,
  photos: DeliveryPhotos,
  mail: MailSettings,
): Promise<DoorActionDone> {
  try {
    return await db.transaction((tx) => deliverOnce(tx, courierId, number, form, photos, mail));
  } catch (error) {
    if (
      isUniqueViolation(error, 'deliveries_key_unique') ||
      isUniqueViolation(error, 'deliveries_package_unique')
    )
      return db.transaction(async (tx) => {
        const used = await keyUse(tx, form.key);
        if (used && isRepeat(used, 'delivery', courierId, number))
          return repeatedDelivery(tx, form.key, number);
        throw new Conflict('already_delivered', doorMessages.alreadyDelivered(number));
      });
    throw error;
  }
}
