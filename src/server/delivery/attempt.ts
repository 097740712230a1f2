// 'No entregado' (design/delivery.md 'The courier's screen'): the package stays 'En reparto' until its route closes;
// the attempt is stored with its reason, written as an event of the package's 'Historial', and the customer is mailed
// why and what happens next, all in one transaction. One attempt per package per route; the key applied once.
import { and, eq, isNull } from 'drizzle-orm';
import type { DoorActionDone } from '../../shared/delivery/api-types.ts';
import { doorMessages, FAILURE_REASON_LABELS } from '../../shared/delivery/door-choices.ts';
import type { Attempt } from '../../shared/delivery/door-forms.ts';
import { STATE_LABELS } from '../../shared/packages/states.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Transaction } from '../db/open.ts';
import { deliveries, deliveryAttempts, packages, users } from '../db/schema.ts';
import { Conflict } from '../errors.ts';
import type { StoredFile } from '../files/store.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { queueAttemptNotice } from '../notices/package-notices.ts';
import { failedAttemptMail } from '../packages/mails.ts';
import { type MailSettings, notifyPackageChanges, recordEvent } from '../packages/state-change.ts';
import { courierActor, done, isRepeat, keyUse, recordDoorPhoto, stopForAction } from './door-common.ts';
import { notifyRouteChange } from './live.ts';
import { failedOutcome } from './outcomes.ts';

export type AttemptMailSettings = MailSettings & { supportEmail: string };

/** The event note of an attempt in the 'Historial': 'No entregado: No había nadie (nota)'. */
export function attemptNote(reason: Attempt['reason'], note: string): string {
  return `No entregado: ${FAILURE_REASON_LABELS[reason]}${note ? ` (${note})` : ''}`;
}

async function repeatedAttempt(tx: Transaction, key: string, number: number): Promise<DoorActionDone> {
  const [row] = await tx
    .select({ at: deliveryAttempts.at, reason: deliveryAttempts.reason })
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.key, key));
  if (!row) throw new Error(`no attempt with key ${key}`);
  return done(key, number, failedOutcome(row.at, row.reason), true, '');
}

async function attemptOnce(
  tx: Transaction,
  courierId: string,
  number: number,
  form: Attempt,
  photo: StoredFile | null,
  mail: AttemptMailSettings,
): Promise<DoorActionDone> {
  const used = await keyUse(tx, form.key);
  if (used && isRepeat(used, 'attempt', courierId, number)) return repeatedAttempt(tx, form.key, number);
  const { routeId } = await stopForAction(tx, courierId, number);
  const [pkg] = await tx.select().from(packages).where(eq(packages.number, number)).for('update');
  if (!pkg) throw new Error(`route stop without package ${number}`);
  const [delivered] = await tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.packageNumber, number), isNull(deliveries.voidedAt)));
  if (delivered) throw new Conflict('already_delivered', doorMessages.alreadyDelivered(number));
  if (pkg.state !== 'en_reparto')
    throw new Conflict('not_out', doorMessages.notOut(number, STATE_LABELS[pkg.state]));
  // A statement of its own after the lock: a twin request that committed meanwhile is seen here.
  const [earlier] = await tx
    .select({ key: deliveryAttempts.key, courierId: deliveryAttempts.courierId })
    .from(deliveryAttempts)
    .where(and(eq(deliveryAttempts.routeId, routeId), eq(deliveryAttempts.packageNumber, number)));
  if (earlier?.key === form.key && earlier.courierId === courierId)
    return repeatedAttempt(tx, form.key, number);
  if (earlier) throw new Conflict('already_attempted', doorMessages.alreadyAttempted(number));

  const at = new Date(form.at);
  const photoId = await recordDoorPhoto(tx, photo, number, pkg.userId);
  await tx.insert(deliveryAttempts).values({
    key: form.key,
    packageNumber: number,
    routeId,
    courierId,
    reason: form.reason,
    note: form.note,
    photoId,
    at,
  });
  await recordEvent(tx, number, 'en_reparto', courierActor(courierId), {
    note: attemptNote(form.reason, form.note),
  });
  if (pkg.userId) {
    const [owner] = await tx
      .select({ email: users.email, name: users.name, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, pkg.userId));
    if (owner && !owner.deletedAt) {
      const reasonLabel = FAILURE_REASON_LABELS[form.reason];
      const message = failedAttemptMail(mail, owner, pkg, { reasonLabel, note: form.note });
      // With consent the attempt goes by WhatsApp, and its mail only if WhatsApp cannot deliver.
      const notice = { attemptKey: form.key, userId: pkg.userId, owner, packageNumber: number, reasonLabel };
      if (!(await queueAttemptNotice(tx, { ...notice, note: form.note }, mail)))
        await enqueueMail(tx, message);
    }
  }
  await notifyPackageChanges(tx, [pkg.userId]);
  await notifyRouteChange(tx, routeId);
  return done(form.key, number, failedOutcome(at, form.reason), false, doorMessages.attempted(number));
}

/** Applies a failed attempt once; racing twins meet at the unique indexes (key; route and package). */
export async function recordAttempt(
  db: Database,
  courierId: string,
  number: number,
  form: Attempt,
  photo: StoredFile | null,
  mail: AttemptMailSettings,
): Promise<DoorActionDone> {
  try {
    return await db.transaction((tx) => attemptOnce(tx, courierId, number, form, photo, mail));
  } catch (error) {
    if (
      isUniqueViolation(error, 'delivery_attempts_key_unique') ||
      isUniqueViolation(error, 'delivery_attempts_route_package_unique')
    )
      return db.transaction(async (tx) => {
        const used = await keyUse(tx, form.key);
        if (used && isRepeat(used, 'attempt', courierId, number))
          return repeatedAttempt(tx, form.key, number);
        throw new Conflict('already_attempted', doorMessages.alreadyAttempted(number));
      });
    throw error;
  }
}
