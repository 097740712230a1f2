// The person's own changes to their data (Ley 1581 de 2012, art. 8): corrections, a new cédula, moving to a new
// e-mail address (asked for, then confirmed from the new mailbox) and deleting the account. Each change and its
// audit entry commit together.
import { and, eq, ne } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import { paths, screenUrl } from '../../shared/paths.ts';
import { recordAudit } from '../audit/audit.ts';
import { verifyPassword } from '../auth/password.ts';
import type { UserRecord } from '../auth/session.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Transaction } from '../db/open.ts';
import { authAccount, authUser, users } from '../db/schema.ts';
import { Conflict, Invalid } from '../errors.ts';
import { removeObjects } from '../files/store.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { emailChangedNoticeMail, emailChangeMail } from '../mail/templates.ts';
import { forgetWhatsapp, withdrawConsentForNewPhone } from '../notices/consent.ts';
import { ACTIVE_PACKAGES_MESSAGE, activePackageCount } from '../packages/privacy.ts';
import { CONTACT_FIELDS, eraseAccount } from './data.ts';
import { createEmailChangeToken, takeEmailChangeToken } from './email-change.ts';

/** What the person may correct without their password (PATCH /me). */
export const CORRECTABLE_FIELDS = ['name', ...CONTACT_FIELDS] as const;
export type Correction = Partial<Pick<UserRecord, (typeof CORRECTABLE_FIELDS)[number]>>;

export interface MailSettings {
  brandName: string;
  appUrl: string;
  supportEmail: string;
}

/** Whether `password` is the account's; an account without a password never matches. */
export async function passwordMatches(db: Database, userId: string, password: string): Promise<boolean> {
  const [account] = await db
    .select({ hash: authAccount.password })
    .from(authAccount)
    .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, 'credential')));
  return Boolean(account?.hash) && (await verifyPassword(account?.hash ?? '', password));
}

/** The proof of a correction: the names of the fields only, never a second copy of the data. */
function auditCorrection(tx: Transaction, record: UserRecord, ip: string, fields: string[]) {
  return recordAudit(tx, {
    action: 'data_updated',
    actorId: record.id,
    subjectId: record.id,
    email: record.email,
    ip,
    detail: { fields },
  });
}

/**
 * Writes the fields that differ from the record (a new name is the registered name too). A new phone withdraws the
 * WhatsApp consent in the same transaction; answers whether it did.
 */
export async function correctData(
  db: Database,
  record: UserRecord,
  correction: Correction,
  ip: string,
): Promise<{ whatsappWithdrawn: boolean }> {
  const changes: Correction = {};
  for (const field of CORRECTABLE_FIELDS) {
    const value = correction[field];
    if (value !== undefined && value !== record[field]) changes[field] = value;
  }
  const fields = Object.keys(changes);
  if (fields.length === 0) return { whatsappWithdrawn: false };
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...changes, ...(changes.name === undefined ? {} : { registeredName: changes.name }) })
      .where(eq(users.id, record.id));
    if (changes.name !== undefined)
      await tx
        .update(authUser)
        .set({ name: changes.name, updatedAt: new Date() })
        .where(eq(authUser.id, record.id));
    const whatsappWithdrawn =
      changes.telefono !== undefined &&
      (await withdrawConsentForNewPhone(tx, record.id, changes.telefono, ip));
    await auditCorrection(tx, record, ip, fields);
    return { whatsappWithdrawn };
  });
}

export async function correctCedula(db: Database, record: UserRecord, cedula: string, ip: string) {
  if (cedula === record.cedula) return;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ cedula }).where(eq(users.id, record.id));
    await auditCorrection(tx, record, ip, ['cedula']);
  });
}

async function emailTakenByOther(db: Database | Transaction, email: string, userId: string) {
  const [other] = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(and(eq(authUser.email, email), ne(authUser.id, userId)))
    .limit(1);
  return other !== undefined;
}

/** Mails a confirmation link to the new address; nothing changes until it is opened. */
export async function requestEmailChange(
  db: Database,
  record: UserRecord,
  newEmail: string,
  settings: MailSettings,
  ip: string,
) {
  if (newEmail === record.email)
    throw new Invalid('same_email', messages.emailChangeSame, { field: 'newEmail' });
  if (await emailTakenByOther(db, newEmail, record.id))
    throw new Conflict('email_taken', messages.emailChangeTaken, { field: 'newEmail' });
  await db.transaction(async (tx) => {
    const token = await createEmailChangeToken(tx, record.id, newEmail);
    const link = screenUrl(settings.appUrl, paths.confirmEmail, { token });
    await enqueueMail(tx, emailChangeMail(settings.brandName, newEmail, record.name, link));
    await recordAudit(tx, {
      action: 'email_change_requested',
      actorId: record.id,
      subjectId: record.id,
      email: record.email,
      ip,
      detail: { newEmail },
    });
  });
}

/** Spends the link and moves the account to its new address, telling the old one; the new address. */
export async function confirmEmailChange(
  db: Database,
  token: string,
  settings: MailSettings,
  ip: string,
): Promise<string> {
  let outcome: { status: 'changed'; email: string } | { status: 'invalid' | 'taken' };
  try {
    outcome = await db.transaction(async (tx) => {
      const request = await takeEmailChangeToken(tx, token);
      if (!request) return { status: 'invalid' as const };
      const [account] = await tx
        .select({ email: users.email, name: users.name, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, request.userId));
      if (!account || account.deletedAt) return { status: 'invalid' as const };
      // Someone registered (or moved to) the address after the request: the spent token stays spent.
      if (await emailTakenByOther(tx, request.newEmail, request.userId)) return { status: 'taken' as const };
      await tx
        .update(authUser)
        .set({ email: request.newEmail, emailVerified: true, updatedAt: new Date() })
        .where(eq(authUser.id, request.userId));
      await tx.update(users).set({ email: request.newEmail }).where(eq(users.id, request.userId));
      const support = `mailto:${settings.supportEmail}`;
      await enqueueMail(
        tx,
        emailChangedNoticeMail(settings.brandName, account.email, account.name, request.newEmail, support),
      );
      await recordAudit(tx, {
        action: 'email_changed',
        actorId: request.userId,
        subjectId: request.userId,
        email: request.newEmail,
        ip,
        detail: { from: account.email, to: request.newEmail },
      });
      return { status: 'changed' as const, email: request.newEmail };
    });
  } catch (error) {
    // Two confirmations racing for one address: the unique index decides, the loser is told plainly.
    if (!isUniqueViolation(error, 'auth_user_email_unique')) throw error;
    outcome = { status: 'taken' };
  }
  if (outcome.status !== 'changed')
    throw outcome.status === 'taken'
      ? new Conflict('email_taken', messages.emailChangeTaken)
      : new Invalid('invalid_token', messages.emailChangeLinkInvalid);
  return outcome.email;
}

/** Erases the account, refused while any of its packages is still with us or on its way. */
/** Why the account cannot be deleted now ('No puedes eliminar tu cuenta mientras…'), or null: asked before the
 * password and checked again on deletion. */
export async function deletionRefusal(db: Database | Transaction, userId: string): Promise<string | null> {
  return (await activePackageCount(db, userId)) > 0 ? ACTIVE_PACKAGES_MESSAGE : null;
}

export async function deleteAccount(db: Database, record: UserRecord, ip: string) {
  const { fileIds } = await db.transaction(async (tx) => {
    const refusal = await deletionRefusal(tx, record.id);
    if (refusal) throw new Conflict('packages_active', refusal);
    const erased = await eraseAccount(tx, record);
    await forgetWhatsapp(tx, record.id);
    await recordAudit(tx, {
      action: 'account_deleted',
      actorId: record.id,
      subjectId: record.id,
      ip,
      detail: { lockerNumber: record.lockerNumber },
    });
    return erased;
  });
  // Ley 1581: the photos and invoices leave the bucket now; one that fails is left to the sweep (hours, not months).
  await removeObjects(fileIds);
}
