// 'Completar' a request at the warehouse (design/requests.md), each kind in the caller's one transaction with the
// request row locked first, so two staff completing one request at once get exactly one outcome:
// - consolidation ('Registrar consolidado'): every package scanned, the new box weighed and measured; a new package
//   ('Recibido en Miami', the originals' owner, address, contents and declared values) charged with the rates in
//   force plus the fee; the originals 'Consolidado en el paquete {N}' (final), their charges annulled, their credit
//   given back and their fee lines carried to the new package;
// - repack: each package's new box, its charge recomputed with the rates of its receipt, plus the fee;
// - photos: the new photos given to the package, plus the fee;
// - return: 'Devuelto' ('Devuelto a la tienda') with the carrier and guide, its storage to date, the flight taken out
//   of its charge, plus the fee: what it owes stays its 'Valor a pagar', payable online.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { LINE_OF_REQUEST } from '../../shared/requests/kinds.ts';
import {
  type Box,
  type CompleteBody,
  consolidatedGuide,
  queueMessages,
} from '../../shared/requests/warehouse.ts';
import { recordAudit } from '../audit/audit.ts';
import { addChargeLines, annulChargeLines } from '../charges/charge-lines.ts';
import { chargePackage } from '../charges/package-charge.ts';
import type { Database, Transaction } from '../db/open.ts';
import {
  packageChargeLines,
  packageCharges,
  packageEvents,
  type packageRequests,
  packages,
  rateSettings,
} from '../db/schema.ts';
import { Conflict, Invalid } from '../errors.ts';
import {
  type Actor,
  changeStates,
  type MailSettings,
  notifyPackageChanges,
  recordEvent,
} from '../packages/state-change.ts';
import { attachPhotos } from '../warehouse/receiving.ts';
import { annulCharges, takeOutFlight } from './charge-changes.ts';
import { tellRequestOutcome } from './outcome-notices.ts';
import { lockedRequest, requestNumbers, scanForRequest } from './queue.ts';
import { closeRequest } from './requests.ts';
import { chargeStorage } from './storage.ts';

type RequestRow = typeof packageRequests.$inferSelect;
type PackageRow = typeof packages.$inferSelect;

const boxColumns = (box: Box) => ({
  weightLb: (box.weightLb / 100).toFixed(2),
  lengthIn: (box.lengthIn / 10).toFixed(1),
  widthIn: (box.widthIn / 10).toFixed(1),
  heightIn: (box.heightIn / 10).toFixed(1),
});

async function lockedPackages(tx: Transaction, numbers: number[]): Promise<PackageRow[]> {
  return tx
    .select()
    .from(packages)
    .where(inArray(packages.number, numbers))
    .orderBy(packages.number)
    .for('update');
}

/** A step of a request in the package's 'Historial' that is no move. */
async function requestEvent(tx: Transaction, row: PackageRow, actor: Actor, note: string) {
  await tx.insert(packageEvents).values({
    packageNumber: row.number,
    state: row.state,
    kind: 'request',
    actorId: actor.id,
    actorRole: actor.role,
    note,
  });
}

async function consolidate(
  tx: Transaction,
  request: RequestRow,
  numbers: number[],
  body: CompleteBody,
  actor: Actor,
  mail: MailSettings,
) {
  // A scan of one of its own numbers needs no lookup; a guide, or another package, is read as 'Escanear' reads it.
  const scanned = new Set<number>();
  for (const code of body.scanned) {
    const own = numbers.find((number) => String(number) === code.trim());
    scanned.add(own ?? (await scanForRequest(tx, request.id, code)).number);
  }
  const missing = numbers.filter((number) => !scanned.has(number));
  if (missing.length > 0)
    throw new Invalid('invalid', queueMessages.missingScans(missing), { field: 'scanned' });
  if (!body.box) throw new Invalid('invalid', queueMessages.weight, { field: 'weightLb' });
  const originals = await lockedPackages(tx, numbers);
  const [first] = originals;
  if (!first?.userId) throw new Conflict('conflict', queueMessages.notOpen(request.state));
  const now = new Date();
  const [created] = await tx
    .insert(packages)
    .values({
      userId: first.userId,
      guide: consolidatedGuide(request.id),
      store: 'Consolidado',
      content: originals
        .map((row) => `${row.number}: ${row.content}`)
        .join('; ')
        .slice(0, 500),
      declaredValueCents: originals.reduce((sum, row) => sum + row.declaredValueCents, 0),
      quantity: originals.reduce((sum, row) => sum + row.quantity, 0),
      deliveryAddress: first.deliveryAddress,
      addressChoice: first.addressChoice,
      instructions: first.instructions,
      lockerNumber: first.lockerNumber,
      ...boxColumns(body.box),
      receivedAt: now,
      receivedBy: actor.id,
      state: 'recibido',
    })
    .returning();
  if (!created) throw new Error('insert returned nothing');
  await recordEvent(tx, created.number, 'recibido', actor, {
    note: `Consolidado de los paquetes ${numbers.join(', ')} (solicitud ${request.id}).`,
  });
  await attachPhotos(tx, body.box.photoIds, created.number, first.userId);
  // The originals owe nothing: their charges annulled, the credit they used given back for the new charge.
  const annulNote = `Anulado: consolidado en ${created.number}`;
  await annulCharges(tx, first.userId, numbers, annulNote);
  await chargePackage(tx, created, actor.id);
  // Fees the originals carried (photos asked before) follow the contents to the new package.
  const carried = await tx
    .select()
    .from(packageChargeLines)
    .where(and(inArray(packageChargeLines.packageNumber, numbers), isNull(packageChargeLines.annulledAt)));
  if (carried.length > 0)
    await tx.insert(packageChargeLines).values(
      carried.map(({ id: _id, packageNumber: _from, createdAt: _at, ...line }) => ({
        ...line,
        packageNumber: created.number,
      })),
    );
  await annulChargeLines(tx, { packageNumbers: numbers }, annulNote, actor.id);
  const moved = await changeStates(tx, numbers, 'consolidado', actor, mail, {
    note: `Consolidado en el paquete ${created.number}`,
    requestId: request.id,
  });
  if (moved.refused.length > 0)
    throw new Conflict('conflict', moved.refused.map((refusal) => refusal.reason).join(' '));
  return created;
}

async function repack(
  tx: Transaction,
  request: RequestRow,
  numbers: number[],
  body: CompleteBody,
  actor: Actor,
) {
  const rows = await lockedPackages(tx, numbers);
  for (const row of rows) {
    const box = body.boxes.find((candidate) => candidate.number === row.number);
    if (!box)
      throw new Invalid('invalid', `${queueMessages.weight} (paquete ${row.number})`, { field: 'boxes' });
    const [before] = await tx
      .select()
      .from(packageCharges)
      .where(eq(packageCharges.packageNumber, row.number));
    const [updated] = await tx
      .update(packages)
      .set({ ...boxColumns(box), updatedAt: new Date() })
      .where(eq(packages.number, row.number))
      .returning();
    if (!updated) continue;
    await attachPhotos(tx, box.photoIds, row.number, row.userId);
    const after = await chargePackage(tx, updated, actor.id);
    await requestEvent(
      tx,
      updated,
      actor,
      `Reempacado (solicitud ${request.id}): peso cobrable ${before?.chargeableLb ?? '—'} lb → ${after?.chargeableLb ?? '—'} lb.`,
    );
  }
}

/**
 * A return to the store ('Devuelto a la tienda', design/requests.md 'Charges, line by line'): the package leaves
 * Miami, so its storage to date is charged as at a dispatch; it never flies, so its charge no longer counts the
 * flight. What it owes then (the return's fee, added after this, its storage and any earlier fee) stays its 'Valor a
 * pagar', payable online. What each charge owed before, for the audit.
 */
async function returnToStore(
  tx: Transaction,
  request: RequestRow,
  numbers: number[],
  body: CompleteBody,
  actor: Actor,
  mail: MailSettings,
) {
  if (!body.carrier) throw new Invalid('invalid', queueMessages.carrier, { field: 'carrier' });
  if (!body.carrierGuide) throw new Invalid('invalid', queueMessages.guide, { field: 'carrierGuide' });
  const rows = await lockedPackages(tx, numbers);
  await chargeStorage(tx, rows, new Date(), actor.id);
  const before = await takeOutFlight(tx, request.userId, numbers, actor.id);
  const moved = await changeStates(tx, numbers, 'devuelto', actor, mail, {
    note: 'Devuelto a la tienda',
    carrier: body.carrier,
    carrierGuide: body.carrierGuide,
    requestId: request.id,
  });
  if (moved.refused.length > 0)
    throw new Conflict('conflict', moved.refused.map((refusal) => refusal.reason).join(' '));
  return before;
}

/** Completes request `id`; what to tell the warehouse, and the new package of a consolidation. */
export async function completeRequest(
  db: Database,
  id: number,
  body: CompleteBody,
  actor: Actor,
  mail: MailSettings,
): Promise<{ message: string; newPackage: number | null }> {
  return db.transaction(async (tx) => {
    const request = await lockedRequest(tx, id);
    if (request.state === 'pendiente') throw new Conflict('not_started', queueMessages.notStarted);
    if (request.state !== 'en_proceso') throw new Conflict('not_open', queueMessages.notOpen(request.state));
    const numbers = await requestNumbers(tx, id);
    const [rates] = await tx.select().from(rateSettings).where(eq(rateSettings.id, request.rateSettingsId));
    if (!rates) throw new Error('the request names no rates row');
    let newPackage: number | null = null;
    let flightTakenOut: Awaited<ReturnType<typeof returnToStore>> = [];
    if (request.kind === 'consolidar')
      newPackage = (await consolidate(tx, request, numbers, body, actor, mail)).number;
    else if (request.kind === 'reempacar') await repack(tx, request, numbers, body, actor);
    else if (request.kind === 'fotos')
      for (const row of await lockedPackages(tx, numbers)) {
        await attachPhotos(tx, body.photoIds, row.number, row.userId);
        await requestEvent(tx, row, actor, `Fotos adicionales (solicitud ${request.id}): ${request.note}`);
      }
    else flightTakenOut = await returnToStore(tx, request, numbers, body, actor, mail);
    // The fee the customer accepted: once on the new package, or once on each package.
    const kind = LINE_OF_REQUEST[request.kind];
    const targets = newPackage === null ? numbers : [newPackage];
    await addChargeLines(
      tx,
      targets.map((packageNumber) => ({ packageNumber, kind, requestId: id })),
      rates,
      actor.id,
    );
    const done = await closeRequest(tx, id, ['en_proceso'], 'completada', {
      finishedBy: actor.id,
      resultPackageNumber: newPackage,
    });
    if (!done) throw new Conflict('not_open', queueMessages.notOpen(request.state));
    await tellRequestOutcome(tx, done, numbers, mail);
    await recordAudit(tx, {
      action: 'request_completed',
      actorId: actor.id,
      detail: {
        requestId: id,
        numbers,
        newPackage,
        ...(flightTakenOut.length > 0 ? { flightTakenOut } : {}),
      },
    });
    await notifyPackageChanges(tx, [request.userId]);
    return {
      message: newPackage === null ? queueMessages.completed(id) : queueMessages.consolidated(id, newPackage),
      newPackage,
    };
  });
}
