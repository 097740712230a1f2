// Receiving a parcel at the Miami warehouse (design/packages.md 'Warehouse'): match it to its pre-alert and its locker,
// record weight, measures, condition, notes and photos, and move it to 'Recibido en Miami' (mailing the customer)
// or keep it 'Sin identificar' for review. All in one transaction; the same guide twice gives one package.
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { deliveryAddresses } from '../../shared/address.ts';
import { formatLongDate } from '../../shared/dates.ts';
import { recognizeCarrier } from '../../shared/packages/guides.ts';
import { type Receipt, receiptMessages } from '../../shared/warehouse/receipt.ts';
import { chargePackage } from '../charges/package-charge.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Transaction } from '../db/open.ts';
import { files, packages, users } from '../db/schema.ts';
import { Conflict, Invalid, NotFound, PACKAGE_NOT_FOUND } from '../errors.ts';
import { fileUrl } from '../files/store.ts';
import {
  type Actor,
  changeState,
  type MailSettings,
  notifyPackageChanges,
  recordEvent,
} from '../packages/state-change.ts';
import { queueStateMail } from '../packages/state-mails.ts';

type PackageRow = typeof packages.$inferSelect;

export interface ReceiptResult {
  row: PackageRow;
  identified: boolean;
  message: string;
}

const LOCKER_MISMATCH = 'El casillero de la etiqueta no coincide con el de la prealerta.';

/** The live customer of a locker number, or null. */
export async function lockerOwner(db: Database | Transaction, lockerNumber: string) {
  if (!lockerNumber) return null;
  const [owner] = await db
    .select()
    .from(users)
    .where(and(eq(users.lockerNumber, lockerNumber), isNull(users.deletedAt)));
  return owner ?? null;
}

/** The package of a guide that is not cancelled, locked when asked. */
export async function packageByGuide(db: Database | Transaction, guide: string, forUpdate = false) {
  const query = db
    .select()
    .from(packages)
    .where(and(eq(packages.guide, guide), ne(packages.state, 'cancelado')));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

function alreadyReceived(row: PackageRow): Conflict {
  return new Conflict(
    'already_received',
    receiptMessages.alreadyReceived(formatLongDate(row.receivedAt ?? row.updatedAt)),
    { field: 'guide' },
  );
}

const units = (value: number | null, digits: number) =>
  value === null ? null : (value / 10 ** digits).toFixed(digits);

/**
 * Gives the staged photos, each with its thumbnail, to the package and to its owner (who may then see them). A photo
 * already given to another package (two receipts naming it at once: the first one takes it) or gone refuses the
 * whole receipt (409), so no photo is shown to a customer it is not of and none is silently left out.
 */
export async function attachPhotos(
  tx: Transaction,
  photoIds: string[],
  packageNumber: number,
  ownerId: string | null,
) {
  const wanted = new Set(photoIds);
  if (wanted.size === 0) return;
  const claimed = await tx
    .update(files)
    .set({ packageNumber, ownerId })
    .where(
      and(
        or(inArray(files.id, photoIds), inArray(files.thumbnailOf, photoIds)),
        isNull(files.packageNumber),
        inArray(files.kind, ['photo', 'thumbnail']),
      ),
    )
    .returning({ id: files.id });
  const photos = claimed.filter((file) => wanted.has(file.id)).length;
  if (photos !== wanted.size)
    throw new Conflict('photo_taken', receiptMessages.photoTaken, { field: 'photoIds' });
}

/** Links to the package's photos for the receipt mail (signed-in pages, never attachments). */
export async function photoLinks(tx: Transaction, packageNumber: number, appUrl: string): Promise<string[]> {
  const thumbnails = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.packageNumber, packageNumber), eq(files.kind, 'thumbnail')));
  const base = appUrl.replace(/\/+$/, '');
  return thumbnails.map((file, index) => `Foto ${index + 1}: ${base}${fileUrl(file.id)}`);
}

export async function receivePackage(
  db: Database,
  receipt: Receipt,
  actor: Actor,
  mail: MailSettings,
): Promise<ReceiptResult> {
  try {
    return await db.transaction((tx) => receiveInTransaction(tx, receipt, actor, mail));
  } catch (error) {
    // Two people scanned one new guide at once: the other one's package stands.
    if (isUniqueViolation(error, 'packages_guide_unique')) {
      const existing = await packageByGuide(db, receipt.guide);
      if (existing) throw alreadyReceived(existing);
    }
    throw error;
  }
}

async function receiveInTransaction(
  tx: Transaction,
  receipt: Receipt,
  actor: Actor,
  mail: MailSettings,
): Promise<ReceiptResult> {
  const existing = await packageByGuide(tx, receipt.guide, true);
  if (existing && existing.state !== 'prealertado') throw alreadyReceived(existing);
  const columns = {
    lockerNumber: receipt.lockerNumber || null,
    weightLb: units(receipt.weightLb, 2),
    lengthIn: units(receipt.lengthIn, 1),
    widthIn: units(receipt.widthIn, 1),
    heightIn: units(receipt.heightIn, 1),
    condition: receipt.condition,
    warehouseNotes: receipt.notes,
    location: receipt.location || null,
    receivedAt: new Date(),
    receivedBy: actor.id,
  };

  if (existing) {
    // A pre-alert: the locker on the label must be the pre-alerting customer's, or nobody could be sure whose it is.
    const [owner] = existing.userId
      ? await tx.select({ lockerNumber: users.lockerNumber }).from(users).where(eq(users.id, existing.userId))
      : [];
    const matches = Boolean(receipt.lockerNumber) && owner?.lockerNumber === receipt.lockerNumber;
    await attachPhotos(tx, receipt.photoIds, existing.number, matches ? existing.userId : null);
    if (matches) await chargePackage(tx, { ...existing, ...columns }, actor.id);
    const extra = matches ? await photoLinks(tx, existing.number, mail.appUrl) : [];
    const row = await changeState(
      tx,
      existing.number,
      matches ? 'recibido' : 'sin_identificar',
      actor,
      mail,
      {
        note: matches ? '' : LOCKER_MISMATCH,
        set: columns,
        mailExtra: extra,
      },
    );
    return result(row, matches);
  }

  // No pre-alert: the label's locker decides; without one the package waits in 'Sin identificar'.
  const owner = await lockerOwner(tx, receipt.lockerNumber);
  const state = owner ? 'recibido' : 'sin_identificar';
  const [row] = await tx
    .insert(packages)
    .values({
      ...columns,
      guide: receipt.guide,
      carrier: recognizeCarrier(receipt.guide),
      userId: owner?.id ?? null,
      deliveryAddress: owner ? (deliveryAddresses(owner)[0] ?? '') : '',
      state,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  await recordEvent(tx, row.number, state, actor);
  await attachPhotos(tx, receipt.photoIds, row.number, owner?.id ?? null);
  if (owner) await chargePackage(tx, row, actor.id);
  if (owner)
    await queueStateMail(tx, row, 'recibido', '', mail, await photoLinks(tx, row.number, mail.appUrl));
  // The owner's open 'Mis paquetes' hears of it, as of any move (a pre-alert's receipt is a move and does).
  await notifyPackageChanges(tx, [row.userId]);
  return result(row, Boolean(owner));
}

function result(row: PackageRow, identified: boolean): ReceiptResult {
  return {
    row,
    identified,
    message: identified
      ? receiptMessages.received(row.number, row.lockerNumber ?? '')
      : receiptMessages.unidentified(row.number),
  };
}

/** 'Asignar': an unidentified package goes to the customer of `lockerNumber`, who is told as for any receipt. */
export async function assignPackage(
  db: Database,
  number: number,
  lockerNumber: string,
  actor: Actor,
  mail: MailSettings,
): Promise<ReceiptResult> {
  return db.transaction(async (tx) => {
    const owner = await lockerOwner(tx, lockerNumber);
    if (!owner) throw new Invalid('locker_unknown', receiptMessages.lockerUnknown, { field: 'lockerNumber' });
    const [current] = await tx.select().from(packages).where(eq(packages.number, number)).for('update');
    if (!current) throw new NotFound(PACKAGE_NOT_FOUND);
    if (current.state !== 'sin_identificar')
      throw new Conflict('invalid_move', 'Este paquete ya no está en «Sin identificar».');
    const sameOwner = current.userId === owner.id;
    await tx.update(files).set({ ownerId: owner.id }).where(eq(files.packageNumber, number));
    await chargePackage(tx, { ...current, userId: owner.id }, actor.id);
    const extra = await photoLinks(tx, number, mail.appUrl);
    const row = await changeState(tx, number, 'recibido', actor, mail, {
      note: `Asignado al casillero ${lockerNumber}.`,
      set: {
        userId: owner.id,
        lockerNumber,
        ...(sameOwner
          ? {}
          : { deliveryAddress: deliveryAddresses(owner)[0] ?? '', addressChoice: 1, instructions: '' }),
      },
      mailExtra: extra,
    });
    return { row, identified: true, message: receiptMessages.assigned(number, lockerNumber) };
  });
}

/** 'Ubicación' edited by staff: the shelf package `number` was moved to ('' for none); NotFound when there is none. */
export async function moveLocation(db: Database, number: number, location: string): Promise<void> {
  const [row] = await db
    .update(packages)
    .set({ location: location || null, updatedAt: new Date() })
    .where(eq(packages.number, number))
    .returning({ number: packages.number });
  if (!row) throw new NotFound(PACKAGE_NOT_FOUND);
}
