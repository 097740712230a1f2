// Writing a pre-alert (design/packages.md 'Pre-alert'): its columns from the form and the customer's own addresses, its
// creation with its first event, its edits while 'Prealertado', and its invoice. A guide already pre-alerted by
// anyone is refused with a message that names no one.
import { eq } from 'drizzle-orm';
import { deliveryAddresses } from '../../shared/address.ts';
import { recognizeCarrier } from '../../shared/packages/guides.ts';
import { type Prealert, prealertMessages } from '../../shared/packages/prealert.ts';
import type { UserRecord } from '../auth/session.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Transaction } from '../db/open.ts';
import { packageEvents, packages } from '../db/schema.ts';
import { Conflict, Invalid } from '../errors.ts';
import { deletePackageFiles, recordFile, type StoredFile } from '../files/store.ts';
import { type Actor, recordEvent } from './state-change.ts';

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
