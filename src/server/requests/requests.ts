// A customer's requests in Miami (design/requests.md 'Solicitudes'): asking, cancelling while 'Pendiente', reading
// their own, and the guard every move of a package runs (a package held by an open request is not dispatched or moved).
// A request holds its packages through package_request_items.open, whose partial unique index keeps a package in
// one open request at most: two requests racing for it end with exactly one.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { requestVerdict } from '../../shared/packages/offers.ts';
import { STATE_LABELS } from '../../shared/packages/states.ts';
import type * as Api from '../../shared/requests/api-types.ts';
import { REQUEST_LABELS, REQUEST_STATE_LABELS, type RequestState } from '../../shared/requests/kinds.ts';
import { type NewRequest, requestFee, requestMessages } from '../../shared/requests/requests.ts';
import { recordAudit } from '../audit/audit.ts';
import { feesOf, ratesInForce } from '../charges/rates.ts';
import { settlementsInForce } from '../collections/settlements.ts';
import type { Reader } from '../collections/sums.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Transaction } from '../db/open.ts';
import { dispatchPackages, files, packageRequestItems, packageRequests, packages } from '../db/schema.ts';
import { Conflict, Invalid, NotFound, PACKAGE_NOT_FOUND, type Refusal } from '../errors.ts';
import { fileUrl } from '../files/store.ts';

type RequestRow = typeof packageRequests.$inferSelect;

/** The open request holding each of `numbers`, if any. */
export async function openRequestsOf(db: Reader, numbers: number[]) {
  if (numbers.length === 0) return new Map<number, Pick<RequestRow, 'id' | 'kind' | 'state'>>();
  const rows = await db
    .select({
      number: packageRequestItems.packageNumber,
      id: packageRequests.id,
      kind: packageRequests.kind,
      state: packageRequests.state,
    })
    .from(packageRequestItems)
    .innerJoin(packageRequests, eq(packageRequests.id, packageRequestItems.requestId))
    .where(and(inArray(packageRequestItems.packageNumber, numbers), eq(packageRequestItems.open, true)));
  return new Map(rows.map(({ number, ...request }) => [number, request]));
}

/** The refusals of moving or dispatching `numbers` while an open request holds them (each names its request). */
export async function openRequestRefusals(
  db: Reader,
  numbers: number[],
  except?: number,
): Promise<Refusal[]> {
  const held = await openRequestsOf(db, numbers);
  return [...held]
    .filter(([, request]) => request.id !== except)
    .map(([number, request]) => ({
      number,
      reason: requestMessages.busy(number, request.id, request.kind, request.state),
    }));
}

/** The customer's packages of `numbers`, locked in order; NotFound when one is not theirs (or does not exist). */
async function ownPackagesLocked(tx: Transaction, userId: string, numbers: number[]) {
  const rows = await tx
    .select({
      number: packages.number,
      state: packages.state,
      address: packages.deliveryAddress,
      dispatchId: dispatchPackages.dispatchId,
    })
    .from(packages)
    .leftJoin(dispatchPackages, eq(dispatchPackages.packageNumber, packages.number))
    .where(and(inArray(packages.number, numbers), eq(packages.userId, userId)))
    .orderBy(asc(packages.number))
    .for('update', { of: packages });
  if (rows.length !== numbers.length) throw new NotFound(PACKAGE_NOT_FOUND);
  return rows;
}

/** A label the caller uploaded for a return, unused by another request. */
async function checkLabel(tx: Transaction, userId: string, fileId: string) {
  const [file] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerId, userId), eq(files.kind, 'return_label')));
  if (!file) throw new Invalid('invalid', requestMessages.label, { field: 'labelFileId' });
}

/** Records a customer's request with the fee they accepted, holding its packages; the stored request. */
export async function createRequest(
  tx: Transaction,
  userId: string,
  body: NewRequest,
  ip?: string,
): Promise<RequestRow> {
  const rows = await ownPackagesLocked(tx, userId, body.numbers);
  // The rule the package's screens offer the requests by (shared/packages/offers.ts), each refusal naming its package.
  // Paid online: its money is settled and frozen, and a fee now would never be collected.
  const paid = new Set((await settlementsInForce(tx, body.numbers)).map((row) => row.packageNumber));
  const open = await openRequestsOf(tx, body.numbers);
  const verdicts = rows.map((row) => ({
    row,
    verdict: requestVerdict({
      ...row,
      paid: paid.has(row.number),
      openRequest: open.get(row.number)?.id ?? null,
    }),
  }));
  for (const { row, verdict } of verdicts) {
    if (verdict === 'not_received')
      throw new Conflict('not_received', requestMessages.notReceived(row.number, STATE_LABELS[row.state]));
    if (verdict === 'in_dispatch' && row.dispatchId !== null)
      throw new Conflict('in_dispatch', requestMessages.inDispatch(row.number, row.dispatchId));
  }
  const paidOne = verdicts.find(({ verdict }) => verdict === 'paid');
  if (paidOne) throw new Conflict('paid', requestMessages.paidOnline(paidOne.row.number));
  if (body.kind === 'consolidar' && new Set(rows.map((row) => row.address.trim().toLowerCase())).size > 1)
    throw new Invalid('invalid', requestMessages.sameAddress, { field: 'numbers' });
  const [busy] = await openRequestRefusals(tx, body.numbers);
  if (busy) throw new Conflict('busy', busy.reason);
  if (body.kind === 'devolver') await checkLabel(tx, userId, body.labelFileId ?? '');
  const rates = await ratesInForce(tx);
  const fee = requestFee(body.kind, rows.length, { ...feesOf(rates), trmHundredths: rates.trmHundredths });
  const [request] = await tx
    .insert(packageRequests)
    .values({
      kind: body.kind,
      userId,
      repackOption: body.kind === 'reempacar' ? (body.repackOption ?? null) : null,
      note: body.note,
      labelFileId: body.kind === 'devolver' ? (body.labelFileId ?? null) : null,
      feeCents: fee.cents,
      feeCop: fee.cop,
      rateSettingsId: rates.id,
    })
    .returning();
  if (!request) throw new Error('insert returned nothing');
  try {
    // A savepoint: a package another request took meanwhile is a clear 409, not an aborted transaction.
    await tx.transaction((savepoint) =>
      savepoint
        .insert(packageRequestItems)
        .values(body.numbers.map((packageNumber) => ({ requestId: request.id, packageNumber }))),
    );
  } catch (error) {
    if (!isUniqueViolation(error, 'package_request_items_open_unique')) throw error;
    const [taken] = await openRequestRefusals(tx, body.numbers, request.id);
    throw new Conflict('busy', taken?.reason ?? requestMessages.twice);
  }
  await recordAudit(tx, {
    action: 'request_created',
    actorId: userId,
    ip,
    detail: {
      requestId: request.id,
      kind: body.kind,
      numbers: body.numbers,
      feeCents: fee.cents,
      feeCop: fee.cop,
    },
  });
  return request;
}

/** Closes request `id` in `to` (its packages freed), if it is still in one of `from`; the row, or null. */
export async function closeRequest(
  tx: Transaction,
  id: number,
  from: RequestState[],
  to: RequestState,
  set: Partial<typeof packageRequests.$inferInsert> = {},
): Promise<RequestRow | null> {
  const [row] = await tx
    .update(packageRequests)
    .set({ ...set, state: to, finishedAt: new Date() })
    .where(and(eq(packageRequests.id, id), inArray(packageRequests.state, from)))
    .returning();
  if (!row) return null;
  await tx.update(packageRequestItems).set({ open: false }).where(eq(packageRequestItems.requestId, id));
  return row;
}

/** The customer's 'Cancelar', only while 'Pendiente'; 404 for another's request. */
export async function cancelRequest(tx: Transaction, userId: string, id: number, ip?: string) {
  const [own] = await tx
    .select()
    .from(packageRequests)
    .where(and(eq(packageRequests.id, id), eq(packageRequests.userId, userId)))
    .for('update');
  if (!own) throw new NotFound(requestMessages.notFound);
  const cancelled = await closeRequest(tx, id, ['pendiente'], 'cancelada', { finishedBy: userId });
  if (!cancelled) throw new Conflict('not_cancellable', requestMessages.notCancellable);
  await recordAudit(tx, { action: 'request_cancelled', actorId: userId, ip, detail: { requestId: id } });
  return cancelled;
}

/** A deleted account's requests keep their figures (they are the charge's record) and lose their free text. */
export async function eraseRequestsOf(tx: Transaction, userId: string) {
  await tx.update(packageRequests).set({ note: '' }).where(eq(packageRequests.userId, userId));
}

/** Requests as the screens show them, with their packages. */
export async function shownRequests(db: Reader, rows: RequestRow[]): Promise<Api.PackageRequest[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select({
      requestId: packageRequestItems.requestId,
      number: packages.number,
      guide: packages.guide,
      store: packages.store,
      location: packages.location,
    })
    .from(packageRequestItems)
    .innerJoin(packages, eq(packages.number, packageRequestItems.packageNumber))
    .where(
      inArray(
        packageRequestItems.requestId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(packages.number));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    kindLabel: REQUEST_LABELS[row.kind],
    state: row.state,
    stateLabel: REQUEST_STATE_LABELS[row.state],
    packages: items
      .filter((item) => item.requestId === row.id)
      .map(({ number, guide, store, location }) => ({ number, guide, store, location })),
    repackOption: row.repackOption,
    note: row.note,
    labelUrl: row.labelFileId ? fileUrl(row.labelFileId) : null,
    feeCents: row.feeCents,
    feeCop: row.feeCop,
    reason: row.reason,
    resultPackageNumber: row.resultPackageNumber,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }));
}

/** The customer's requests, newest first; only those of package `number` when given. */
export async function customerRequests(db: Reader, userId: string, number?: number) {
  const mine = eq(packageRequests.userId, userId);
  const where =
    number === undefined
      ? mine
      : and(
          mine,
          sql`exists (select 1 from ${packageRequestItems} i where i.request_id = ${packageRequests.id} and i.package_number = ${number})`,
        );
  const rows = await db
    .select()
    .from(packageRequests)
    .where(where)
    .orderBy(desc(packageRequests.createdAt), desc(packageRequests.id))
    .limit(100);
  return shownRequests(db, rows);
}
