// The warehouse's queue of requests ('Solicitudes' on /bodega, staff only): the open ones oldest first, 'Iniciar',
// 'Rechazar' with its 'Motivo' (the customer is told) and the scan of a consolidation's packages. The request row
// is locked before any change, so two staff acting on one request at once get exactly one outcome.
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { QueuedRequest } from '../../shared/requests/api-types.ts';
import { OPEN_REQUEST_STATES, QUEUE_PAGE, type RequestState } from '../../shared/requests/kinds.ts';
import { queueMessages } from '../../shared/requests/warehouse.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Reader } from '../collections/sums.ts';
import type { Database, Transaction } from '../db/open.ts';
import { packageRequestItems, packageRequests, packages, users } from '../db/schema.ts';
import { Conflict, NotFound } from '../errors.ts';
import { type Actor, type MailSettings, notifyPackageChanges } from '../packages/state-change.ts';
import { tellRequestOutcome } from './outcome-notices.ts';
import { closeRequest, openRequestsOf, shownRequests } from './requests.ts';

type RequestRow = typeof packageRequests.$inferSelect;

/** The oldest open requests (QUEUE_PAGE), with their customer and 'Casillero', and whether more wait behind. */
export async function warehouseQueue(db: Reader): Promise<{ requests: QueuedRequest[]; more: boolean }> {
  const rows = await db
    .select({ request: packageRequests, name: users.name, locker: users.lockerNumber })
    .from(packageRequests)
    .innerJoin(users, eq(users.id, packageRequests.userId))
    .where(inArray(packageRequests.state, [...OPEN_REQUEST_STATES]))
    .orderBy(asc(packageRequests.createdAt), asc(packageRequests.id))
    .limit(QUEUE_PAGE + 1);
  const page = rows.slice(0, QUEUE_PAGE);
  const shown = await shownRequests(
    db,
    page.map((row) => row.request),
  );
  const requests = shown.map((request, index) => ({
    ...request,
    customerName: page[index]?.name ?? '',
    lockerNumber: page[index]?.locker ?? '',
  }));
  return { requests, more: rows.length > QUEUE_PAGE };
}

/** Request `id`, locked; NotFound when there is none. */
export async function lockedRequest(tx: Transaction, id: number): Promise<RequestRow> {
  const [row] = await tx.select().from(packageRequests).where(eq(packageRequests.id, id)).for('update');
  if (!row) throw new NotFound('No encontramos esa solicitud.');
  return row;
}

/** The numbers of request `id`'s packages, in order. */
export async function requestNumbers(db: Reader, id: number): Promise<number[]> {
  const rows = await db
    .select({ number: packageRequestItems.packageNumber })
    .from(packageRequestItems)
    .where(eq(packageRequestItems.requestId, id))
    .orderBy(asc(packageRequestItems.packageNumber));
  return rows.map((row) => row.number);
}

const refuseUnless = (row: RequestRow, states: RequestState[]) => {
  if (!states.includes(row.state)) throw new Conflict('not_open', queueMessages.notOpen(row.state));
};

/** 'Iniciar': 'Pendiente' → 'En proceso'. */
export async function startRequest(db: Database, id: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    refuseUnless(row, ['pendiente']);
    await tx
      .update(packageRequests)
      .set({ state: 'en_proceso', startedAt: new Date(), startedBy: actor.id })
      .where(eq(packageRequests.id, id));
    await recordAudit(tx, { action: 'request_started', actorId: actor.id, detail: { requestId: id } });
  });
}

/** 'Rechazar' with its 'Motivo': the request closes, no fee is charged, the customer is told. */
export async function refuseRequest(
  db: Database,
  id: number,
  reason: string,
  actor: Actor,
  mail: MailSettings,
) {
  return db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    refuseUnless(row, ['pendiente', 'en_proceso']);
    const refused = await closeRequest(tx, id, ['pendiente', 'en_proceso'], 'rechazada', {
      reason,
      finishedBy: actor.id,
    });
    if (!refused) throw new Conflict('not_open', queueMessages.notOpen(row.state));
    await tellRequestOutcome(tx, refused, await requestNumbers(tx, id), mail);
    await recordAudit(tx, {
      action: 'request_refused',
      actorId: actor.id,
      detail: { requestId: id, reason },
    });
    await notifyPackageChanges(tx, [refused.userId]);
    return refused;
  });
}

/** A scan at 'Completar': the package of `code` (number or guide) if it is this request's; else what it is. */
export async function scanForRequest(db: Reader, id: number, code: string) {
  const normal = code.trim().toUpperCase();
  const asNumber = /^\d{1,9}$/.test(normal) ? Number(normal) : -1;
  const [found] = await db
    .select({ number: packages.number, locker: packages.lockerNumber })
    .from(packages)
    .where(or(eq(packages.number, asNumber), eq(packages.guide, normal)))
    .limit(1);
  if (!found) throw new NotFound(queueMessages.scanUnknown(code));
  const numbers = await requestNumbers(db, id);
  if (!numbers.includes(found.number)) {
    const other = (await openRequestsOf(db, [found.number])).get(found.number);
    throw new Conflict(
      'not_in_request',
      queueMessages.scanOther(found.number, other?.id ?? null, found.locker ?? '—'),
    );
  }
  return { number: found.number, message: queueMessages.scanned(found.number) };
}
