// The customer's own changes (design/requests.md 'Solicitudes'): asking, 'Cancelar' and 'Despachar', each in one
// transaction with the live notice that refreshes their open screens.
import type { NewRequest } from '../../shared/requests/requests.ts';
import type { Database, Transaction } from '../db/open.ts';
import { notifyPackageChanges } from '../packages/state-change.ts';
import { releasePackages } from './instructions.ts';
import { cancelRequest, createRequest } from './requests.ts';

function ownChange<T>(db: Database, userId: string, apply: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await apply(tx);
    await notifyPackageChanges(tx, [userId]);
    return result;
  });
}

/** Records the customer's request (requests.ts `createRequest`); the stored request. */
export const askRequest = (db: Database, userId: string, body: NewRequest, ip?: string) =>
  ownChange(db, userId, (tx) => createRequest(tx, userId, body, ip));

/** The customer's 'Cancelar' of request `id` (requests.ts `cancelRequest`); the cancelled request. */
export const cancelOwnRequest = (db: Database, userId: string, id: number, ip?: string) =>
  ownChange(db, userId, (tx) => cancelRequest(tx, userId, id, ip));

/** The customer's 'Despachar' of their waiting packages (instructions.ts `releasePackages`); the numbers released. */
export const releaseOwnPackages = (db: Database, userId: string, numbers: number[]) =>
  ownChange(db, userId, (tx) => releasePackages(tx, userId, numbers));
