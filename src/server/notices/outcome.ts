// What a send or a status means for a notice, written in one transaction: sent with its wamid, retried later with
// back-off, or failed for good, when its mail goes instead (design/notices.md 'Fallback') and the failure is recorded.
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/open.ts';
import { notices, packages, users } from '../db/schema.ts';
import { enqueueMail, type Mail } from '../mail/outbox.ts';
import { failedAttemptMail, packageStateMail } from '../packages/mails.ts';

/** After this many tries a notice that still gets retryable answers is given up, and mailed. */
export const MAX_NOTICE_ATTEMPTS = 8;

/** Seconds before try n+1: 10 s, 20 s, 40 s … capped at 30 minutes. */
export function noticeRetrySeconds(attempts: number): number {
  return Math.min(1800, 10 * 2 ** Math.max(0, attempts - 1));
}

export async function markSent(db: Database, id: number, wamid: string) {
  await db
    .update(notices)
    .set({ state: 'sent', wamid, sentAt: sql`coalesce(${notices.sentAt}, now())`, lastError: null })
    .where(eq(notices.id, id));
}

export async function markRetry(
  db: Database,
  notice: { id: number; attempts: number },
  reason: string,
  code: number | null,
  afterSeconds?: number,
) {
  if (notice.attempts >= MAX_NOTICE_ATTEMPTS) {
    await db.transaction((tx) =>
      failNotice(tx, notice.id, code, `${reason} (sin éxito tras ${notice.attempts} intentos)`),
    );
    return;
  }
  const wait = Math.max(afterSeconds ?? 0, noticeRetrySeconds(notice.attempts));
  await db
    .update(notices)
    .set({ lastError: reason, errorCode: code, nextAttemptAt: sql`now() + make_interval(secs => ${wait})` })
    .where(eq(notices.id, notice.id));
}

/**
 * Fails a notice for good and mails its fallback once (a notice already mailed, or whose mail went anyway, is not
 * mailed again). A notice already read or delivered stays so: a late 'failed' does not undo what the person saw.
 */
export async function failNotice(tx: Transaction, id: number, code: number | null, reason: string) {
  const [row] = await tx.select().from(notices).where(eq(notices.id, id)).for('update');
  if (!row || row.state === 'read' || row.state === 'delivered') return;
  const mail = row.mailedAt ? null : await fallbackMail(tx, row);
  if (mail) await enqueueMail(tx, mail);
  await tx
    .update(notices)
    .set({
      state: 'failed',
      errorCode: code,
      lastError: reason.slice(0, 500),
      failedAt: row.failedAt ?? new Date(),
      mailedAt: mail ? new Date() : row.mailedAt,
    })
    .where(eq(notices.id, id));
}

/** The mail a failed notice stands for, written now from its package and owner; null when there is none to send. */
async function fallbackMail(tx: Transaction, row: typeof notices.$inferSelect): Promise<Mail | null> {
  const spec = row.fallback;
  if (!spec || row.packageNumber === null) return null;
  const [pkg] = await tx.select().from(packages).where(eq(packages.number, row.packageNumber));
  const [owner] = await tx
    .select({ email: users.email, name: users.name, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!pkg || !owner || owner.deletedAt) return null;
  return spec.kind === 'move'
    ? packageStateMail(spec, owner, pkg, spec)
    : failedAttemptMail(spec, owner, pkg, { reasonLabel: spec.reasonLabel, note: spec.note });
}
