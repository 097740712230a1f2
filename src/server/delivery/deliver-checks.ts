// The checks of 'Entregar' (deliver.ts applies what passes): every item, in order, against what is stored and what
// the items before it did — its key (used before, by whom, for what), its stop (the courier's route in course), its
// package (locked, 'En reparto', not delivered by a twin request) and its money ('Valor cobrado' and 'Medio de pago').
import { asc, eq, inArray } from 'drizzle-orm';
import type { DoorActionDone } from '../../shared/delivery/api-types.ts';
import { doorMessages } from '../../shared/delivery/door-choices.ts';
import type { Delivery } from '../../shared/delivery/door-forms.ts';
import { STATE_LABELS } from '../../shared/packages/states.ts';
import type { Transaction } from '../db/open.ts';
import { deliveries, packageCharges, packages } from '../db/schema.ts';
import { Conflict, DomainError, Invalid } from '../errors.ts';
import { keyProblem, keyUses, stopsForAction } from './door-common.ts';

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

export interface Accepted {
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
export async function checkDeliveries(
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

export const alreadyDelivered = (number: number) =>
  new Conflict('already_delivered', doorMessages.alreadyDelivered(number));
