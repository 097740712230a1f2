// The one way packages change state, one or thousands at once: every move is checked against the state machine of
// src/shared, and the new states, their events, the customers' mails and the live notice are written in the
// caller's transaction, so they commit together or not at all. Set-based (a few statements for any number of
// packages), so a dispatch of 5,000 moves in one go.
import { inArray, sql } from 'drizzle-orm';
import type { ActorRole } from '../../shared/accounts/roles.ts';
import {
  FINAL_STATES,
  mailsCustomer,
  moveProblem,
  type PackageState,
  STATE_LABELS,
} from '../../shared/packages/states.ts';
import { earnReferralCredit } from '../charges/credit.ts';
import { onOpenRoutes, settleCarrierDeliveries } from '../collections/carrier.ts';
import { voidSettlements } from '../collections/settlements.ts';
import { inJsonList } from '../db/json-list.ts';
import type { Transaction } from '../db/open.ts';
import { packageEvents, packages } from '../db/schema.ts';
import { Conflict, NotFound, PACKAGE_NOT_FOUND, type Refusal } from '../errors.ts';
import { waitingRefusals } from '../requests/instructions.ts';
import { openRequestRefusals } from '../requests/requests.ts';
import { chargeStorage } from '../requests/storage.ts';
import { queueStateMails } from './state-mails.ts';

export interface Actor {
  id: string | null;
  role: ActorRole;
}

/** A staff member as the actor of their change: an admin as 'admin', anyone else on staff as the warehouse. */
export const staffActor = (record: { id: string; role: string }): Actor => ({
  id: record.id,
  role: record.role === 'admin' ? 'admin' : 'bodega',
});

export interface StateChangeDetails {
  note?: string;
  carrier?: string;
  carrierGuide?: string;
  /** Further columns of the packages to set with the move (e.g. the receipt's weight). */
  set?: Partial<typeof packages.$inferInsert>;
  /** Further lines for the customer's mail (photo links). */
  mailExtra?: string[];
  /** An admin correcting a mistake: a final state may move anywhere, with a note (the caller audits it). Out of
   * 'Entregado', the package's settlement, collection and delivery are voided (audited). */
  correction?: boolean;
  /** A courier's delivery synced after its route's close (see MoveContext.lateDoorDelivery). */
  lateDoorDelivery?: boolean;
  /** The request whose completion makes this move (its own packages are not refused for being in it). */
  requestId?: number;
  /** Notes and carriers that differ per package (an imported file), over the common ones above. */
  perPackage?: Map<number, EventDetails>;
}

export type EventDetails = Pick<StateChangeDetails, 'note' | 'carrier' | 'carrierGuide'>;

export interface MailSettings {
  brandName: string;
  appUrl: string;
}

/** The mail settings of the configuration (or of anything else that carries them). */
export const mailSettingsOf = ({ brandName, appUrl }: MailSettings): MailSettings => ({ brandName, appUrl });

type PackageRow = typeof packages.$inferSelect;

export type { Refusal };

/** The channel of live package notices: NOTIFY payloads list the customers whose packages changed. */
export const PACKAGE_CHANNEL = 'package_changes';
const CHUNK = 1000;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes the events of packages that entered `state` (a creation, or a move), in one statement whatever their
 * number: the rows travel as one JSON parameter, in the order given.
 */
export async function recordEvents(
  tx: Transaction,
  numbers: number[],
  state: PackageState,
  actor: Actor,
  details: EventDetails & { perPackage?: Map<number, EventDetails> } = {},
) {
  if (numbers.length === 0) return;
  const rows = numbers.map((packageNumber) => {
    const own = { ...details, ...details.perPackage?.get(packageNumber) };
    return {
      package_number: packageNumber,
      note: own.note ?? '',
      carrier: own.carrier ?? '',
      carrier_guide: own.carrierGuide ?? '',
    };
  });
  await tx.execute(sql`
    insert into ${packageEvents} (package_number, state, actor_id, actor_role, note, carrier, carrier_guide)
    select (event->>'package_number')::int, ${state}, ${actor.id}, ${actor.role}, event->>'note',
      event->>'carrier', event->>'carrier_guide'
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as given(event, position)
    order by position`);
}

export async function recordEvent(
  tx: Transaction,
  packageNumber: number,
  state: PackageState,
  actor: Actor,
  details: EventDetails = {},
) {
  await recordEvents(tx, [packageNumber], state, actor, details);
}

/** Tells every instance's open customer pages that these customers' packages changed (sent on commit). */
export async function notifyPackageChanges(tx: Transaction, userIds: Array<string | null>) {
  const unique = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  // NOTIFY payloads stay under 8,000 bytes: ids are ~32 characters.
  for (const part of chunks(unique, 150))
    await tx.execute(sql`select pg_notify(${PACKAGE_CHANNEL}, ${JSON.stringify(part)})`);
}

/**
 * Moves every package of `numbers` to `to`, or none: the rows are locked in order (two admins changing the same
 * packages wait for each other instead of deadlocking), each move is checked, and when any is refused nothing is
 * written and the refusals say why.
 */
export async function changeStates(
  tx: Transaction,
  numbers: number[],
  to: PackageState,
  actor: Actor,
  mail: MailSettings,
  details: StateChangeDetails = {},
): Promise<{ changed: PackageRow[]; refused: Refusal[] }> {
  const wanted = [...new Set(numbers)].sort((a, b) => a - b);
  const rows: PackageRow[] = wanted.length
    ? await tx
        .select()
        .from(packages)
        .where(inJsonList(packages.number, wanted))
        .orderBy(packages.number)
        .for('update')
    : [];
  const found = new Map(rows.map((row) => [row.number, row]));
  const refused: Refusal[] = [];
  for (const number of wanted) {
    const row = found.get(number);
    if (!row) {
      refused.push({ number, reason: `No existe el paquete ${number}.`, missing: true });
      continue;
    }
    const from = row.state;
    if (details.correction && FINAL_STATES.has(from) && from !== to) continue;
    const problem = moveProblem(from, to, {
      heldFrom: row.heldFrom,
      lateDoorDelivery: details.lateDoorDelivery,
      consolidation: details.requestId !== undefined,
    });
    if (problem) refused.push({ number, reason: problem });
  }
  // Staff's 'Entregado' is a carrier's: a package on a route of ours is delivered by its courier from 'Mi ruta'.
  if (to === 'entregado' && actor.role !== 'reparto') refused.push(...(await onOpenRoutes(tx, wanted)));
  // A package an open request holds waits for the warehouse to finish (or refuse) it; a correction too.
  refused.push(...(await openRequestRefusals(tx, wanted, details.requestId)));
  // A package whose customer asked to wait for their 'Despachar' does not leave Miami before it.
  if (to === 'en_transito') refused.push(...(await waitingRefusals(tx, wanted)));
  if (refused.length > 0) return { changed: [], refused };
  // A correction out of 'Entregado' (a move to 'Entregado' itself was refused above) voids what settled it.
  const leaving = details.correction ? rows.filter((row) => row.state === 'entregado') : [];
  await voidSettlements(
    tx,
    leaving.map((row) => row.number),
    actor,
    details.note ?? '',
  );

  // A hold remembers where it was (the row's own state, read by the UPDATE before it writes) and why.
  const hold =
    to === 'retenido'
      ? { heldFrom: sql`${packages.state}`, holdReason: details.note ?? '' }
      : { heldFrom: null, holdReason: null };
  const changed: PackageRow[] = await tx
    .update(packages)
    .set({ ...details.set, ...hold, state: to, updatedAt: new Date() })
    .where(inJsonList(packages.number, wanted))
    .returning();
  if (to === 'retenido' && details.perPackage)
    for (const [number, own] of details.perPackage)
      if (own.note)
        await tx
          .update(packages)
          .set({ holdReason: own.note })
          .where(inArray(packages.number, [number]));
  await recordEvents(tx, wanted, to, actor, details);
  // Leaving Miami: storage past the free days becomes a charge line (design/requests.md 'The storage clock').
  if (to === 'en_transito')
    await chargeStorage(
      tx,
      rows.filter((row) => row.state === 'recibido'),
      new Date(),
      actor.id,
    );
  if (to === 'entregado') for (const row of changed) await earnReferralCredit(tx, row.number, row.userId);
  // Staff's 'Entregado' (a carrier's, or by hand): the settlement and its collection in this same transaction (a
  // courier's door action writes its own, with what was collected).
  if (to === 'entregado' && actor.role !== 'reparto')
    await settleCarrierDeliveries(
      tx,
      changed.map((row) => row.number),
      actor.id,
    );
  if (mailsCustomer(to))
    await queueStateMails(tx, changed, to, details, mail, details.mailExtra, details.perPackage);
  await notifyPackageChanges(
    tx,
    changed.map((row) => row.userId),
  );
  return { changed, refused };
}

/** One package's move: a refusal is a 409 with its reason; an unknown number a 404. */
export async function changeState(
  tx: Transaction,
  number: number,
  to: PackageState,
  actor: Actor,
  mail: MailSettings,
  details: StateChangeDetails = {},
): Promise<PackageRow> {
  const { changed, refused } = await changeStates(tx, [number], to, actor, mail, details);
  const [refusal] = refused;
  if (refusal?.missing) throw new NotFound(PACKAGE_NOT_FOUND);
  if (refusal) throw new Conflict('invalid_move', refusal.reason);
  const [row] = changed;
  if (!row) throw new Conflict('conflict', `No se pudo mover el paquete a «${STATE_LABELS[to]}».`);
  return row;
}
