// The one way a package changes state: the move is checked against the state machine of src/shared, and the new
// state, its event and (for the moves that mail) the customer's mail are written in the caller's transaction, so
// they commit together or not at all.
import { and, eq } from 'drizzle-orm';
import {
  type MoveContext,
  mailsCustomer,
  moveProblem,
  type PackageState,
} from '../../shared/packages/states.ts';
import { earnReferralCredit } from '../charges/credit.ts';
import { amountDueLine, storedCharge } from '../charges/package-charge.ts';
import type { Transaction } from '../db/open.ts';
import { packageEvents, packages, users } from '../db/schema.ts';
import { ApiError } from '../http.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { packageStateMail } from './mails.ts';

export type ActorRole = 'customer' | 'bodega' | 'admin' | 'system';

export interface Actor {
  id: string | null;
  role: ActorRole;
}

export interface StateChangeDetails {
  note?: string;
  carrier?: string;
  carrierGuide?: string;
  /** Further columns of the package to set with the move (e.g. the hold's reason). */
  set?: Partial<typeof packages.$inferInsert>;
  /** Further lines for the customer's mail (photo links). */
  mailExtra?: string[];
}

export interface MailSettings {
  brandName: string;
  appUrl: string;
}

type PackageRow = typeof packages.$inferSelect;

/** Writes the event of a state a package is in (its creation). */
export async function recordEvent(
  tx: Transaction,
  packageNumber: number,
  state: PackageState,
  actor: Actor,
  details: Pick<StateChangeDetails, 'note' | 'carrier' | 'carrierGuide'> = {},
) {
  await tx.insert(packageEvents).values({
    packageNumber,
    state,
    actorId: actor.id,
    actorRole: actor.role,
    note: details.note ?? '',
    carrier: details.carrier ?? '',
    carrierGuide: details.carrierGuide ?? '',
  });
}

/**
 * Moves package `number` to `to`. The row is locked first, so two people changing one package at once are
 * serialised and the second sees the first's state; a move the machine refuses throws a 409 with the reason and
 * writes nothing.
 */
export async function changeState(
  tx: Transaction,
  number: number,
  to: PackageState,
  actor: Actor,
  mail: MailSettings,
  details: StateChangeDetails = {},
): Promise<PackageRow> {
  const [current] = await tx.select().from(packages).where(eq(packages.number, number)).for('update');
  if (!current) throw new ApiError(404, 'not_found', 'No encontramos ese paquete.');
  const from = current.state as PackageState;
  const context: MoveContext = { heldFrom: current.heldFrom as PackageState | null };
  const problem = moveProblem(from, to, context);
  if (problem) throw new ApiError(409, 'invalid_move', problem);

  const hold =
    to === 'retenido'
      ? { heldFrom: from, holdReason: details.note ?? '' }
      : from === 'retenido'
        ? { heldFrom: null, holdReason: null }
        : {};
  const [updated] = await tx
    .update(packages)
    .set({ ...details.set, ...hold, state: to, updatedAt: new Date() })
    .where(and(eq(packages.number, number), eq(packages.state, from)))
    .returning();
  if (!updated) throw new ApiError(409, 'conflict', 'El paquete cambió mientras tanto. Vuelve a intentarlo.');
  await recordEvent(tx, number, to, actor, details);
  if (to === 'entregado') await earnReferralCredit(tx, number, updated.userId);

  if (mailsCustomer(to)) await queueStateMail(tx, updated, to, details.note ?? '', mail, details.mailExtra);
  return updated;
}

/** Queues the owner's mail for a package that entered state `to` (a deleted account is mailed nothing). */
export async function queueStateMail(
  tx: Transaction,
  row: PackageRow,
  to: PackageState,
  note: string,
  mail: MailSettings,
  extra: string[] = [],
) {
  if (!row.userId) return;
  const [owner] = await tx
    .select({ email: users.email, name: users.name, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!owner || owner.deletedAt) return;
  // The amount to pay travels with the receipt and with the delivery notice.
  const charge = to === 'recibido' || to === 'en_reparto' ? await storedCharge(tx, row.number) : null;
  const lines = charge ? [amountDueLine(charge), ...extra] : extra;
  await enqueueMail(tx, packageStateMail(mail, owner, row, { state: to, note }, lines));
}
