// The checks of 'Entregar' (deliver.ts applies what passes): every item, in order, against what is stored and what
// the items before it did — its key (used before, by whom, for what), its stop (the courier's route in course, or
// closed after the phone made the delivery: kept as 'Registrada después del cierre'), its package (locked, 'En
// reparto' — or back in 'En bodega Colombia' for a late one — and not delivered by a twin request) and its money
// ('Valor cobrado' and 'Medio de pago').
import { and, inArray, isNull } from 'drizzle-orm';
import type { DoorActionDone } from '../../shared/delivery/api-types.ts';
import { doorMessages } from '../../shared/delivery/door-choices.ts';
import type { Delivery } from '../../shared/delivery/door-forms.ts';
import { type PackageState, STATE_LABELS } from '../../shared/packages/states.ts';
import { lockedWithDue } from '../charges/charge-lines.ts';
import { settledWithBalance } from '../collections/balance.ts';
import type { Transaction } from '../db/open.ts';
import type { SettlementPart } from '../db/schema/settlements.ts';
import { deliveries } from '../db/schema.ts';
import { Conflict, DomainError, Invalid } from '../errors.ts';
import type { StoredFile } from '../files/store.ts';
import {
  type ActionStop,
  type KeyUse,
  keyProblem,
  keyUses,
  routeClosed,
  stopsForAction,
} from './door-common.ts';

/** Stored before the delivery's transaction opens (doorPhoto); their rows are written in it. */
export interface DeliveryPhotos {
  photo: StoredFile | null;
  noveltyPhoto: StoredFile | null;
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
  /** Money was due or collected: the delivery has a collection. */
  collected: boolean;
  /** Made on the phone before its route's close and synced after it ('Registrada después del cierre'). */
  afterClose: boolean;
  /** What the delivery settles: the charge, the 'Saldo pendiente' of a package paid online, or nothing
   * ('Pagado: no cobrar'). */
  settles: SettlementPart | null;
}

/** An item passes (with its stop on the courier's route and its locked package), is the same action sent
 * again, or is refused with why. */
type Verdict = Passed | 'repeat' | DomainError;

interface Passed {
  stop: ActionStop;
  pkg: LockedPackage;
}

interface LockedPackage {
  state: PackageState;
  userId: string | null;
  toPay: number;
  paidOnline: boolean;
}

/** The packages of `numbers`, locked in order, with their stored charge's 'Valor a pagar' (0 without one). */
async function lockedPackages(tx: Transaction, numbers: number[]): Promise<Map<number, LockedPackage>> {
  if (numbers.length === 0) return new Map();
  const rows = await lockedWithDue(tx, numbers);
  // A statement of its own after the locks (an approval that committed meanwhile is seen): a package paid online
  // owes only its 'Saldo pendiente' at the door, if any.
  const settled = await settledWithBalance(tx, numbers);
  return new Map(
    rows.map((row) => {
      const paid = settled.get(row.number);
      const paidOnline = paid?.source === 'online';
      return [row.number, { ...row, toPay: paidOnline ? paid.balance.cop : (row.dueCop ?? 0), paidOnline }];
    }),
  );
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
            .where(and(inArray(deliveries.packageNumber, open), isNull(deliveries.voidedAt)))
        ).map((row) => [row.number, row])
      : [],
  );
  const accepted: Accepted[] = [];
  const byNumber = new Map<number, Accepted>();
  const byKey = new Map<string, Accepted>();
  const known: Known = { courierId, uses, stops, locked, earlier, byNumber, byKey };
  for (const [index, item] of items.entries()) {
    const verdict = itemVerdict(item, known);
    if (verdict === 'repeat') continue;
    if (verdict instanceof DomainError) {
      results[index] = verdict;
      continue;
    }
    const { number, form } = item;
    const { stop, pkg } = verdict;
    const entry = {
      index,
      item,
      routeId: stop.routeId,
      userId: pkg.userId,
      collected: pkg.toPay > 0 || form.collectedCop > 0,
      afterClose: stop.closedAt !== null,
      settles: pkg.paidOnline ? (pkg.toPay > 0 ? ('balance' as const) : null) : ('charge' as const),
    };
    accepted.push(entry);
    byNumber.set(number, entry);
    byKey.set(form.key, entry);
  }
  return accepted;
}

/** What an item's checks read: what is stored, and the items before it that passed (by package, by key). */
interface Known {
  courierId: string;
  uses: Map<string, KeyUse>;
  stops: Map<number, ActionStop | DomainError>;
  locked: Map<number, LockedPackage>;
  earlier: Map<number, { key: string; courierId: string }>;
  byNumber: Map<number, Accepted>;
  byKey: Map<string, Accepted>;
}

/** One item's verdict: its key first, then its stop, its package and its money. */
function itemVerdict({ number, form }: DeliveryItem, known: Known): Verdict {
  const keyed = keyVerdict(known.uses.get(form.key), known.byKey.get(form.key), known.courierId, number);
  if (keyed) return keyed;
  const stop = known.stops.get(number);
  if (!stop) return alreadyDelivered(number);
  if (stop instanceof DomainError) return stop;
  const pkg = known.locked.get(number);
  const before = known.earlier.get(number);
  return stopVerdict(form, number, stop, pkg, before, known.byNumber.has(number), known.courierId);
}

/** What the item's key says: used before (this very action again, or another's key), or null when it is new. */
function keyVerdict(
  use: KeyUse | undefined,
  twin: Accepted | undefined,
  courierId: string,
  number: number,
): 'repeat' | DomainError | null {
  if (use) return keyProblem(use, 'delivery', courierId, number) ?? 'repeat';
  if (!twin) return null;
  if (twin.item.number === number) return 'repeat';
  return (
    keyProblem(
      { kind: 'delivery', packageNumber: twin.item.number, courierId },
      'delivery',
      courierId,
      number,
    ) ?? 'repeat'
  );
}

/** What the stop, the package and the money say of an item with a new key. */
function stopVerdict(
  form: Delivery,
  number: number,
  stop: ActionStop,
  pkg: LockedPackage | undefined,
  before: { key: string; courierId: string } | undefined,
  deliveredByAnItemBefore: boolean,
  courierId: string,
): Verdict {
  if (before)
    return before.key === form.key && before.courierId === courierId ? 'repeat' : alreadyDelivered(number);
  if (deliveredByAnItemBefore || !pkg) return alreadyDelivered(number);
  const label = STATE_LABELS[pkg.state];
  if (stop.closedAt) {
    // A delivery made on the phone before its route's close is kept; one made after it is refused.
    if (new Date(form.at) >= stop.closedAt) return routeClosed();
    if (pkg.state !== 'en_bodega_colombia')
      return new Conflict('not_back', doorMessages.lateNotBack(number, label));
  } else if (pkg.state !== 'en_reparto') return new Conflict('not_out', doorMessages.notOut(number, label));
  if (pkg.paidOnline && pkg.toPay === 0 && form.collectedCop > 0)
    return new Invalid('paid_online', doorMessages.paidOnline, { field: 'collectedCop' });
  if (form.collectedCop !== pkg.toPay && form.note === '')
    return new Invalid('difference_note', doorMessages.differenceNote, { field: 'note' });
  // 'Medio de pago' is asked only when something is to be paid or was collected.
  if ((pkg.toPay > 0 || form.collectedCop > 0) && !form.means)
    return new Invalid('invalid', doorMessages.means, { field: 'means' });
  return { stop, pkg };
}

export const alreadyDelivered = (number: number) =>
  new Conflict('already_delivered', doorMessages.alreadyDelivered(number));
