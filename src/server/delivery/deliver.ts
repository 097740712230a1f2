// 'Entregar' (design/delivery.md 'The courier's screen', 'Proof of delivery', 'Collections'): in one transaction the
// packages go 'Entregado' (the customers' mails and live notices as every move), their proofs are stored, and so is
// each collection whenever there is money: a package is never 'Entregado' by a route without it unless its 'Valor a
// pagar' is zero. Set-based, so a phone's queue of hundreds costs a few statements; the phone's key is applied once,
// and two phones delivering one stop make one delivery.
import { and, eq, inArray } from 'drizzle-orm';
import type { DoorActionDone } from '../../shared/delivery/api-types.ts';
import { doorMessages, LATE_LABEL, RELATION_LABELS } from '../../shared/delivery/door-choices.ts';
import type { Delivery } from '../../shared/delivery/door-forms.ts';
import { settlePackages } from '../collections/settlements.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Transaction } from '../db/open.ts';
import { deliveries, deliveryRoutes, routeStops } from '../db/schema.ts';
import { Conflict, DomainError } from '../errors.ts';
import type { StoredFile } from '../files/store.ts';
import { changeStates, type EventDetails, type MailSettings } from '../packages/state-change.ts';
import {
  type Accepted,
  alreadyDelivered,
  checkDeliveries,
  type DeliveryItem,
  type DeliveryPhotos,
  type ItemResult,
} from './deliver-checks.ts';
import { courierActor, done, isRepeat, keyUse, recordDoorPhoto } from './door-common.ts';
import { notifyRouteChange } from './live.ts';
import { deliveredOutcome, deliveredRows } from './outcomes.ts';

/** The stored deliveries of keys sent again, as the first answers told them. */
async function storedAnswers(tx: Transaction, keys: string[]): Promise<Map<string, DoorActionDone>> {
  const answers = new Map<string, DoorActionDone>();
  if (keys.length === 0) return answers;
  const rows = await deliveredRows(tx, inArray(deliveries.key, keys));
  for (const row of rows)
    answers.set(row.key, done(row.key, row.number, deliveredOutcome(row.at, row), true, ''));
  return answers;
}

/**
 * Moves the accepted packages to 'Entregado': from 'En reparto', or, for a delivery synced after its route's close,
 * from 'En bodega Colombia' where the close left it (out of any route being prepared for another try).
 */
async function moveToDelivered(tx: Transaction, courierId: string, accepted: Accepted[], mail: MailSettings) {
  const notes = new Map<number, EventDetails>(
    accepted.map(({ item: { number, form }, afterClose }) => [
      number,
      {
        note: `Recibido por ${form.receivedBy} (${RELATION_LABELS[form.relation]})${afterClose ? `. ${LATE_LABEL}` : ''}`,
      },
    ]),
  );
  for (const late of [false, true]) {
    const numbers = accepted.filter((entry) => entry.afterClose === late).map((entry) => entry.item.number);
    if (numbers.length === 0) continue;
    if (late)
      await tx
        .delete(routeStops)
        .where(
          and(
            inArray(routeStops.packageNumber, numbers),
            eq(routeStops.open, true),
            inArray(
              routeStops.routeId,
              tx
                .select({ id: deliveryRoutes.id })
                .from(deliveryRoutes)
                .where(eq(deliveryRoutes.state, 'en_preparacion')),
            ),
          ),
        );
    const { refused } = await changeStates(tx, numbers, 'entregado', courierActor(courierId), mail, {
      perPackage: notes,
      lateDoorDelivery: late,
    });
    if (refused[0]) throw new Conflict('invalid_move', refused[0].reason);
  }
}

/** Applies `items` in order in the caller's transaction: each item's answer or refusal (nothing written for it). */
export async function applyDeliveries(
  tx: Transaction,
  courierId: string,
  items: DeliveryItem[],
  mail: MailSettings,
): Promise<ItemResult[]> {
  const results: Array<ItemResult | null> = items.map(() => null);
  const accepted = await checkDeliveries(tx, courierId, items, results);
  if (accepted.length > 0) {
    await moveToDelivered(tx, courierId, accepted, mail);
    const rows = [];
    for (const { item, routeId, userId, afterClose } of accepted) {
      const saved = (photo: StoredFile | null) => recordDoorPhoto(tx, photo, item.number, userId);
      const { form } = item;
      rows.push({
        key: form.key,
        packageNumber: item.number,
        routeId,
        courierId,
        receivedBy: form.receivedBy,
        document: form.document,
        relation: form.relation,
        novelty: form.novelty,
        photoId: await saved(item.photos.photo),
        noveltyPhotoId: await saved(item.photos.noveltyPhoto),
        note: form.note,
        at: new Date(form.at),
        latitude: form.position?.latitude ?? null,
        longitude: form.position?.longitude ?? null,
        accuracy: form.position?.accuracy ?? null,
        afterClose,
      });
    }
    const inserted = await tx
      .insert(deliveries)
      .values(rows)
      .returning({ id: deliveries.id, number: deliveries.packageNumber });
    const idOf = new Map(inserted.map((row) => [row.number, row.id]));
    // A package paid online was settled by its payment: its delivery records no money, or only its 'Saldo pendiente'.
    await settlePackages(
      tx,
      accepted.flatMap(({ item: { number, form }, routeId, afterClose, settles }) =>
        settles === null
          ? []
          : {
              number,
              source: 'route' as const,
              routeId,
              courierId,
              deliveryId: idOf.get(number) ?? null,
              at: new Date(form.at),
              paid: { amountCop: form.collectedCop, means: form.means ?? null, reference: form.reference },
              afterClose,
              part: settles,
            },
      ),
      courierId,
    );
    for (const routeId of new Set(accepted.map((entry) => entry.routeId)))
      await notifyRouteChange(tx, routeId);
    for (const { index, item, collected, afterClose } of accepted) {
      const { form } = item;
      const outcome = deliveredOutcome(
        new Date(form.at),
        collected
          ? { amountCop: form.collectedCop, means: form.means ?? null }
          : { amountCop: 0, means: null },
      );
      const message = afterClose
        ? doorMessages.deliveredLate(item.number)
        : doorMessages.delivered(item.number);
      results[index] = done(form.key, item.number, outcome, false, message);
    }
  }
  const answers = await storedAnswers(
    tx,
    items.filter((_, index) => results[index] === null).map((item) => item.form.key),
  );
  return items.map((item, index) => {
    const result = results[index];
    if (result) return result;
    const stored = answers.get(item.form.key);
    if (!stored) throw new Error(`no answer for key ${item.form.key}`);
    return stored;
  });
}

/** The unique indexes two requests settling one package meet at: the delivery's key and package, and the package's
 * settlement and collection in force. */
const ONCE_PER_PACKAGE = [
  'deliveries_key_unique',
  'deliveries_package_unique',
  'settlements_package_unique',
  'collections_package_unique',
];

/** True when `error` is two requests meeting at one of those indexes: answered as a repeat or a 409, never a 500. */
export const isDeliveryRace = (error: unknown) =>
  ONCE_PER_PACKAGE.some((index) => isUniqueViolation(error, index));

/**
 * Applies one delivery. Two requests racing past the checks meet at the unique indexes of deliveries: the loser
 * reads what the winner stored and answers as a repeat, or as 'ya fue entregado'.
 */
export async function deliver(
  db: Database,
  courierId: string,
  number: number,
  form: Delivery,
  photos: DeliveryPhotos,
  mail: MailSettings,
): Promise<DoorActionDone> {
  let result: ItemResult | undefined;
  try {
    [result] = await db.transaction((tx) => applyDeliveries(tx, courierId, [{ number, form, photos }], mail));
  } catch (error) {
    if (!isDeliveryRace(error)) throw error;
    return db.transaction(async (tx) => {
      const used = await keyUse(tx, form.key);
      if (!used || !isRepeat(used, 'delivery', courierId, number)) throw alreadyDelivered(number);
      const stored = (await storedAnswers(tx, [form.key])).get(form.key);
      if (!stored) throw new Error(`no answer for key ${form.key}`);
      return stored;
    });
  }
  if (!result || result instanceof DomainError) throw result ?? new Error('no result');
  return result;
}
