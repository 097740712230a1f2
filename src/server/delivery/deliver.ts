// 'Entregar' (DELIVERY.md 'The courier's screen', 'Proof of delivery', 'Collections'): in one transaction the
// packages go 'Entregado' (the customers' mails and live notices as every move), their proofs are stored, and so is
// each collection whenever there is money: a package is never 'Entregado' by a route without it unless its 'Valor a
// pagar' is zero. Set-based, so a phone's queue of hundreds costs a few statements; the phone's key is applied once,
// and two phones delivering one stop make one delivery.
import { asc, eq, inArray } from 'drizzle-orm';
import type { DoorActionDone } from '../../shared/delivery/api-types.ts';
import { doorMessages, RELATION_LABELS } from '../../shared/delivery/door-choices.ts';
import type { Delivery } from '../../shared/delivery/door-forms.ts';
import { STATE_LABELS } from '../../shared/packages/states.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Transaction } from '../db/open.ts';
import { collections, deliveries, packageCharges, packages } from '../db/schema.ts';
import { Conflict, DomainError, Invalid } from '../errors.ts';
import { saveFile } from '../files/store.ts';
import { changeStates, type EventDetails, type MailSettings } from '../packages/state-change.ts';
import { courierActor, done, isRepeat, keyProblem, keyUse, keyUses, stopsForAction } from './door-common.ts';
import { notifyRouteChange } from './live.ts';
import { deliveredOutcome, deliveredRows } from './outcomes.ts';

export interface DeliveryPhotos {
  photo: Buffer | null;
  noveltyPhoto: Buffer | null;
}

export interface DeliveryItem {
  number: number;
  form: Delivery;
  photos: DeliveryPhotos;
}

/** What became of one item: applied (now or before), or refused with why. */
export type ItemResult = DoorActionDone | DomainError;

/** The stored deliveries of keys sent again, as the first answers told them. */
async function storedAnswers(tx: Transaction, keys: string[]): Promise<Map<string, DoorActionDone>> {
  const answers = new Map<string, DoorActionDone>();
  if (keys.length === 0) return answers;
  const rows = await deliveredRows(tx, inArray(deliveries.key, keys));
  for (const row of rows)
    answers.set(row.key, done(row.key, row.number, deliveredOutcome(row.at, row), true, ''));
  return answers;
}

interface Accepted {
  index: number;
  item: DeliveryItem;
  routeId: number;
  userId: string | null;
  collected: boolean;
  /** The charge's 'Valor a pagar' when the delivery was checked, stored on its collection. */
  toPayCop: number;
}

/** The packages of `numbers`, locked in order, with their stored charge's 'Valor a pagar' (0 without one). */
async function lockedPackages(tx: Transaction, numbers: number[]) {
  if (numbers.length === 0) return new Map<number, { state: string; userId: string | null; toPay: number }>();
  const rows = await tx
    .select({
      number: packages.number,
      state: packages.state,
      userId: packages.userId,
      toPay: packageCharges.totalCop,
    })
    .from(packages)
    .leftJoin(packageCharges, eq(packageCharges.packageNumber, packages.number))
    .where(inArray(packages.number, numbers))
    .orderBy(asc(packages.number))
    .for('update', { of: packages });
  return new Map(rows.map((row) => [row.number, { ...row, toPay: row.toPay ?? 0 }]));
}

/** Checks every item, in order, against what is stored and what the items before it did; the accepted ones. */
async function check(
  tx: Transaction,
  courierId: string,
  items: DeliveryItem[],
  results: Array<ItemResult | null>,
) {
  const uses = await keyUses(
    tx,
    items.map((item) => item.form.key),
  );
  const numbers = [...new Set(items.map((item) => item.number))];
  const stops = await stopsForAction(tx, courierId, numbers);
  const open = numbers.filter((number) => !(stops.get(number) instanceof DomainError));
  const locked = await lockedPackages(tx, open);
  // A statement of its own after the locks: a twin request that committed meanwhile is seen here.
  const earlier = new Map(
    open.length
      ? (
          await tx
            .select({
              number: deliveries.packageNumber,
              key: deliveries.key,
              courierId: deliveries.courierId,
            })
            .from(deliveries)
            .where(inArray(deliveries.packageNumber, open))
        ).map((row) => [row.number, row])
      : [],
  );
  const accepted: Accepted[] = [];
  const byNumber = new Map<number, Accepted>();
  const byKey = new Map<string, Accepted>();
  for (const [index, item] of items.entries()) {
    const { number, form } = item;
    const use = uses.get(form.key);
    const twin = byKey.get(form.key);
    const stop = stops.get(number);
    const pkg = locked.get(number);
    const before = earlier.get(number);
    const refusal = (): ItemResult | 'repeat' | null => {
      if (use) return keyProblem(use, 'delivery', courierId, number) ?? 'repeat';
      if (twin)
        return twin.item.number === number
          ? 'repeat'
          : keyProblem(
              { kind: 'delivery', packageNumber: twin.item.number, courierId },
              'delivery',
              courierId,
              number,
            );
      if (!stop || stop instanceof DomainError) return stop ?? null;
      if (before)
        return before.key === form.key && before.courierId === courierId
          ? 'repeat'
          : alreadyDelivered(number);
      if (byNumber.has(number)) return alreadyDelivered(number);
      if (!pkg) return alreadyDelivered(number);
      if (pkg.state !== 'en_reparto')
        return new Conflict(
          'not_out',
          doorMessages.notOut(number, STATE_LABELS[pkg.state as keyof typeof STATE_LABELS]),
        );
      if (form.collectedCop !== pkg.toPay && form.note === '')
        return new Invalid('difference_note', doorMessages.differenceNote, { field: 'note' });
      // 'Medio de pago' is asked only when something is to be paid or was collected.
      if ((pkg.toPay > 0 || form.collectedCop > 0) && !form.means)
        return new Invalid('invalid', doorMessages.means, { field: 'means' });
      return null;
    };
    const problem = refusal();
    if (problem === 'repeat') continue;
    if (problem) {
      results[index] = problem;
      continue;
    }
    if (!stop || stop instanceof DomainError || !pkg) continue;
    const entry = {
      index,
      item,
      routeId: stop.routeId,
      userId: pkg.userId,
      collected: pkg.toPay > 0 || form.collectedCop > 0,
      toPayCop: pkg.toPay,
    };
    accepted.push(entry);
    byNumber.set(number, entry);
    byKey.set(form.key, entry);
  }
  return accepted;
}

const alreadyDelivered = (number: number) =>
  new Conflict('already_delivered', doorMessages.alreadyDelivered(number));

/** Applies `items` in order in the caller's transaction: each item's answer or refusal (nothing written for it). */
export async function applyDeliveries(
  tx: Transaction,
  courierId: string,
  items: DeliveryItem[],
  mail: MailSettings,
): Promise<ItemResult[]> {
  const results: Array<ItemResult | null> = items.map(() => null);
  const accepted = await check(tx, courierId, items, results);
  if (accepted.length > 0) {
    const notes = new Map<number, EventDetails>(
      accepted.map(({ item: { number, form } }) => [
        number,
        { note: `Recibido por ${form.receivedBy} (${RELATION_LABELS[form.relation]})` },
      ]),
    );
    const { refused } = await changeStates(
      tx,
      accepted.map((entry) => entry.item.number),
      'entregado',
      courierActor(courierId),
      mail,
      { perPackage: notes },
    );
    if (refused[0]) throw new Conflict('invalid_move', refused[0].reason);
    const rows = [];
    for (const { item, routeId, userId } of accepted) {
      const saved = async (bytes: Buffer | null) =>
        bytes &&
        saveFile(tx, {
          ownerId: userId,
          packageNumber: item.number,
          kind: 'delivery',
          mime: 'image/jpeg',
          bytes,
        });
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
      });
    }
    const inserted = await tx
      .insert(deliveries)
      .values(rows)
      .returning({ id: deliveries.id, number: deliveries.packageNumber });
    const idOf = new Map(inserted.map((row) => [row.number, row.id]));
    const money = accepted.flatMap((entry) =>
      entry.collected && entry.item.form.means ? [{ ...entry, means: entry.item.form.means }] : [],
    );
    if (money.length > 0)
      await tx.insert(collections).values(
        money.map(({ item: { number, form }, routeId, means, toPayCop }) => ({
          deliveryId: idOf.get(number) ?? null,
          packageNumber: number,
          routeId,
          courierId,
          amountCop: form.collectedCop,
          toPayCop,
          means,
          reference: form.reference,
          collectedAt: new Date(form.at),
          recordedBy: courierId,
        })),
      );
    for (const routeId of new Set(accepted.map((entry) => entry.routeId)))
      await notifyRouteChange(tx, routeId);
    for (const { index, item, collected } of accepted) {
      const { form } = item;
      const outcome = deliveredOutcome(
        new Date(form.at),
        collected
          ? { amountCop: form.collectedCop, means: form.means ?? null }
          : { amountCop: 0, means: null },
      );
      results[index] = done(form.key, item.number, outcome, false, doorMessages.delivered(item.number));
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

/** True when `error` is two requests meeting at the unique indexes of deliveries (its key, its package). */
export const isDeliveryRace = (error: unknown) =>
  isUniqueViolation(error, 'deliveries_key_unique') || isUniqueViolation(error, 'deliveries_package_unique');

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
      if (used && isRepeat(used, 'delivery', courierId, number))
        return (await storedAnswers(tx, [form.key])).get(form.key) as DoorActionDone;
      throw alreadyDelivered(number);
    });
  }
  if (!result || result instanceof DomainError) throw result ?? new Error('no result');
  return result;
}
