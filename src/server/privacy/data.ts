// What we hold on one person (Ley 1581 de 2012, art. 8: the right to know it), in the users document's field names
// so an export can be read back by anything that reads that document; and the erasure of it on deletion.
import { and, eq, inArray, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import type { UserRecord } from '../auth/session.ts';
import { eraseDeliveriesOf, moneyForExport } from '../collections/privacy.ts';
import type { Database, Transaction } from '../db/open.ts';
import {
  auditLog,
  authAccount,
  authSession,
  authUser,
  authVerification,
  billingData,
  outbox,
  users,
} from '../db/schema.ts';
import { einvoicesForExport } from '../einvoice/privacy.ts';
import { erasePackagesOf, packagesForExport } from '../packages/privacy.ts';
import { erasePqrsOf, pqrsForExport } from '../pqr/privacy.ts';
import { customerRequests, eraseRequestsOf } from '../requests/requests.ts';
import { pendingEmailChanges } from './email-change.ts';

export const DELETED_NAME = 'Cuenta eliminada';

/** The e-mail a deleted account keeps: unique, never deliverable (.invalid, RFC 2606), and frees the real one. */
export const deletedEmail = (userId: string) => `eliminado+${userId}@casillero.invalid`;

/** How to reach the person: their phone and delivery addresses. */
export const CONTACT_FIELDS = [
  'telefono',
  'direccion1',
  'ciudad1',
  'codigoPostal1',
  'direccion2',
  'ciudad2',
  'codigoPostal2',
] as const;

/** What a deletion empties besides the name and the e-mail: every other personal field of the users record. */
const ERASED_FIELDS = ['cedula', ...CONTACT_FIELDS, 'consentIp', 'consentUserAgent'] as const;

/** design/product.md §3's users document plus the proof of consent and the verification state, field by field. */
function usersDocument(record: UserRecord, emailVerified: boolean) {
  return {
    name: record.name,
    registeredName: record.registeredName,
    email: record.email,
    cedula: record.cedula,
    telefono: record.telefono,
    direccion1: record.direccion1,
    ciudad1: record.ciudad1,
    codigoPostal1: record.codigoPostal1,
    direccion2: record.direccion2,
    ciudad2: record.ciudad2,
    codigoPostal2: record.codigoPostal2,
    lockerNumber: record.lockerNumber,
    officeAddress: record.officeAddress,
    refCode: record.refCode,
    referredBy: record.referredBy,
    aceptoPolitica: record.aceptoPolitica,
    fechaAceptoPolitica: record.fechaAceptoPolitica.toISOString(),
    createdAt: record.createdAt.toISOString(),
    role: record.role,
    politicaVersion: record.politicaVersion,
    consentIp: record.consentIp,
    consentUserAgent: record.consentUserAgent,
    emailVerified,
  };
}

export type UsersDocument = ReturnType<typeof usersDocument>;

/** Everything held on the person: the users document, a pending e-mail change, their packages and audit entries. */
export async function personalData(db: Database, userId: string) {
  const [row] = await db
    .select({ record: users, emailVerified: authUser.emailVerified })
    .from(users)
    .innerJoin(authUser, eq(authUser.id, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const [pending] = await pendingEmailChanges(db, userId);
  const activity = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      ip: auditLog.ip,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .where(or(eq(auditLog.subjectId, userId), eq(auditLog.actorId, userId)))
    .orderBy(sql`${auditLog.at} desc, ${auditLog.id} desc`);
  return {
    ...usersDocument(row.record, row.emailVerified),
    correoPendiente: pending ?? '',
    paquetes: await packagesForExport(db, userId),
    pqr: await pqrsForExport(db, userId),
    solicitudes: await customerRequests(db, userId),
    esperarMisInstrucciones: row.record.waitForInstructions,
    ...(await moneyForExport(db, userId)),
    ...(await einvoicesForExport(db, userId)),
    actividad: activity.map((entry) => ({
      ...entry,
      at: entry.at.toISOString(),
      detail: entry.detail ?? null,
    })),
  };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof personalData>>>;

/**
 * Erases the person inside the caller's transaction. The users row stays, emptied and marked deleted, so its locker
 * number is never handed out again (the counter is not touched) and its refCode still backs the referredBy of the
 * people it invited. The credential, every session and every pending link go; mails to the person's addresses
 * leave the outbox, and their audit entries keep what happened and when, without the addresses. Returns the ids
 * of the files deleted, whose objects in the bucket (if any) the caller deletes once this has committed.
 */
export async function eraseAccount(tx: Transaction, record: UserRecord): Promise<{ fileIds: string[] }> {
  const id = record.id;
  const placeholder = deletedEmail(id);
  const now = new Date();
  const addresses = [record.email, ...(await pendingEmailChanges(tx, id))];
  await tx
    .update(users)
    .set({
      name: DELETED_NAME,
      registeredName: DELETED_NAME,
      email: placeholder,
      ...Object.fromEntries(ERASED_FIELDS.map((field) => [field, ''])),
      deletedAt: now,
    })
    .where(eq(users.id, id));
  await tx
    .update(authUser)
    .set({ name: DELETED_NAME, email: placeholder, emailVerified: false, image: null, updatedAt: now })
    .where(eq(authUser.id, id));
  await tx.delete(authAccount).where(eq(authAccount.userId, id));
  await tx.delete(authSession).where(eq(authSession.userId, id));
  // Verification and password-reset tokens hold the user id as their value; e-mail changes start with it.
  await tx
    .delete(authVerification)
    .where(or(eq(authVerification.value, id), like(authVerification.value, `${id} %`)));
  await tx.delete(outbox).where(inArray(outbox.toAddress, addresses));
  const fileIds = await erasePackagesOf(tx, id);
  await erasePqrsOf(tx, id);
  // 'Datos de facturación' go; invoices already issued keep their buyer, as the law keeps invoices.
  await tx.delete(billingData).where(eq(billingData.userId, id));
  await eraseRequestsOf(tx, id);
  await eraseDeliveriesOf(tx, id);
  await tx
    .update(auditLog)
    .set({ email: placeholder, detail: null })
    .where(
      or(
        eq(auditLog.subjectId, id),
        eq(auditLog.actorId, id),
        and(isNull(auditLog.subjectId), isNotNull(auditLog.email), inArray(auditLog.email, addresses)),
      ),
    );
  return { fileIds };
}
