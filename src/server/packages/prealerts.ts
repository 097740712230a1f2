// Writing a pre-alert (design/packages.md 'Pre-alert'): its columns from the form and the customer's own addresses, its
// creation with its first event, its edits while 'Prealertado', and its invoice. A guide already pre-alerted by
// anyone is refused with a message that names no one.
import { eq } from 'drizzle-orm';
import { deliveryAddresses } from '../../shared/address.ts';
import type { PackageDetail } from '../../shared/packages/api-types.ts';
import { recognizeCarrier } from '../../shared/packages/guides.ts';
import { type Prealert, prealertMessages } from '../../shared/packages/prealert.ts';
import { customerMayEdit } from '../../shared/packages/states.ts';
import type { UserRecord } from '../auth/session.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Transaction } from '../db/open.ts';
import { packageEvents, packages } from '../db/schema.ts';
import { Conflict, Invalid, NotFound, PACKAGE_NOT_FOUND } from '../errors.ts';
import { deletePackageFiles, recordFile, type StoredFile } from '../files/store.ts';
import { packageDetail } from './detail.ts';
import { findVisiblePackage, type Viewer } from './queries.ts';
import {
  type Actor,
  changeState,
  type MailSettings,
  notifyPackageChanges,
  recordEvent,
} from './state-change.ts';

type PackageRow = typeof packages.$inferSelect;

export type PrealertColumns = ReturnType<typeof prealertColumns>;

/** The columns a pre-alert sets, from the form and the customer's own addresses. */
export function prealertColumns(record: UserRecord, form: Prealert) {
  const address = deliveryAddresses(record)[form.address - 1];
  if (!address) throw new Invalid('invalid', prealertMessages.addressInvalid, { field: 'address' });
  return {
    guide: form.guide,
    carrier: recognizeCarrier(form.guide),
    store: form.store,
    content: form.content,
    declaredValueCents: form.declaredValue,
    quantity: form.quantity,
    deliveryAddress: address,
    addressChoice: form.address,
    instructions: form.instructions,
  };
}

/** Runs `work` in a transaction, turning a taken guide into the message that names no one. */
export async function guardGuide<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error, 'packages_guide_unique'))
      throw new Conflict('guide_taken', prealertMessages.guideTaken, { field: 'guide' });
    throw error;
  }
}

/** A new package in 'Prealertado' for the customer, with its first event. */
export async function createPrealert(
  tx: Transaction,
  userId: string,
  columns: PrealertColumns,
  actor: Actor,
): Promise<PackageRow> {
  const [row] = await tx
    .insert(packages)
    .values({ ...columns, userId, state: 'prealertado' })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  await recordEvent(tx, row.number, 'prealertado', actor);
  return row;
}

/** The pre-alert as the customer corrected it. */
export async function updatePrealert(tx: Transaction, row: PackageRow, columns: PrealertColumns) {
  const [saved] = await tx
    .update(packages)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(packages.number, row.number))
    .returning();
  return saved ?? row;
}

/** The 'Historial' line of an invoice attached to a held package: the state stays, staff and customer see it. */
export async function recordInvoiceEvent(tx: Transaction, row: PackageRow, actor: Actor) {
  await tx.insert(packageEvents).values({
    packageNumber: row.number,
    state: row.state,
    kind: 'invoice',
    actorId: actor.id,
    actorRole: actor.role,
    note: prealertMessages.invoiceAttached,
  });
}

/** The package's invoice (its object already stored: storeFile), replacing the one before, whose object the sweep
 * takes. Two uploads at once meet at the package's lock: the last one stands. */
export async function replaceInvoice(tx: Transaction, row: PackageRow, invoice: StoredFile) {
  await deletePackageFiles(tx, row.number, 'invoice');
  await recordFile(tx, { ...invoice, ownerId: row.userId, packageNumber: row.number });
  await tx.update(packages).set({ updatedAt: new Date() }).where(eq(packages.number, row.number));
}

/** The customer's own package `number`, locked, still 'Prealertado'; else NotFound or Conflict. */
export async function editablePackage(tx: Transaction, userId: string, number: number): Promise<PackageRow> {
  const row = await findVisiblePackage(tx, number, { kind: 'customer', userId }, { forUpdate: true });
  if (!row) throw new NotFound(PACKAGE_NOT_FOUND);
  if (!customerMayEdit(row.state)) throw new Conflict('not_editable', prealertMessages.notEditable);
  return row;
}

/** The customer's own package, locked, that takes an invoice: still 'Prealertado', or 'Retenido'; else NotFound or
 * Conflict. */
async function invoicePackage(tx: Transaction, userId: string, number: number): Promise<PackageRow> {
  const row = await findVisiblePackage(tx, number, { kind: 'customer', userId }, { forUpdate: true });
  if (!row) throw new NotFound(PACKAGE_NOT_FOUND);
  if (row.state !== 'retenido' && !customerMayEdit(row.state))
    throw new Conflict('not_editable', prealertMessages.notEditable);
  return row;
}

/** The customer cancels their pre-alert: the package as `viewer` sees it once 'Cancelado'. */
export function cancelPrealert(
  db: Database,
  userId: string,
  number: number,
  actor: Actor,
  mail: MailSettings,
  viewer: Viewer,
): Promise<PackageDetail> {
  return db.transaction(async (tx) => {
    const row = await editablePackage(tx, userId, number);
    const cancelled = await changeState(tx, row.number, 'cancelado', actor, mail);
    return packageDetail(tx, cancelled, viewer);
  });
}

/** Refuses, before its object is stored, an invoice the customer's package does not take. */
export async function checkInvoiceable(db: Database, userId: string, number: number): Promise<void> {
  await db.transaction((tx) => invoicePackage(tx, userId, number));
}

/**
 * The invoice (its object already stored) attached to the customer's package, checked again under its lock. A
 * held package ('Retenido') takes it to be released: its 'Historial' says it arrived, without moving its state.
 */
export function attachInvoice(
  db: Database,
  userId: string,
  number: number,
  invoice: StoredFile,
  actor: Actor,
  viewer: Viewer,
): Promise<{ detail: PackageDetail; held: boolean }> {
  return db.transaction(async (tx) => {
    const row = await invoicePackage(tx, userId, number);
    await replaceInvoice(tx, row, invoice);
    const held = row.state === 'retenido';
    if (held) {
      await recordInvoiceEvent(tx, row, actor);
      await notifyPackageChanges(tx, [row.userId]);
    }
    return { detail: await packageDetail(tx, row, viewer), held };
  });
}
