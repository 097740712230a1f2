// A PQR as staff read it (PQR.md 'A PQR's screen'): the thread with internal notes, who filed it, the package with
// its whole history, photos and proof of delivery, 'carga' for a parcel over mensajería expresa's 5 kg, the days
// left and what may be done now.
import { eq } from 'drizzle-orm';
import type * as Api from '../../shared/pqr/api-types.ts';
import { canAnswer, OVERDUE_MEANING } from '../../shared/pqr/states.ts';
import type { Database, Transaction } from '../db/open.ts';
import { users } from '../db/schema.ts';
import { findVisiblePackage, packageDetail } from '../packages/queries.ts';
import { movesFrom } from './actions.ts';
import { dueFigures } from './inbox.ts';
import { basePath, eventsOf, type PqrRow, threadOf } from './records.ts';
import { type PqrSettings, todayInBogota } from './settings.ts';

/** Mensajería expresa carries up to 5 kg; heavier is cargo (Código de Comercio). */
const EXPRESS_MAX_LB = 5 / 0.45359237;

async function customerOf(db: Database | Transaction, row: PqrRow): Promise<Api.PqrCustomer> {
  const [user] = row.userId ? await db.select().from(users).where(eq(users.id, row.userId)) : [];
  return {
    userId: row.userId,
    visitor: row.userId === null,
    name: row.name,
    idNumber: row.idNumber,
    email: row.email,
    phone: user && !user.deletedAt ? user.telefono : '',
    lockerNumber: user?.lockerNumber ?? null,
    deleted: Boolean(user?.deletedAt),
  };
}

export async function staffDetail(
  db: Database | Transaction,
  row: PqrRow,
  settings: PqrSettings,
  now = new Date(),
): Promise<Api.PqrStaffDetail> {
  const viewer = { kind: 'staff' } as const;
  const base = basePath(row.radicado, viewer);
  const thread = await threadOf(db, row, viewer, settings, base, now);
  const packageRow = row.packageNumber ? await findVisiblePackage(db, row.packageNumber, viewer) : null;
  const pkg = packageRow ? await packageDetail(db, packageRow, viewer) : null;
  const events = await eventsOf(db, row.number);
  const { businessDaysLeft, dueSoon } = dueFigures(settings, row.state, row.runningDue, todayInBogota(now));
  return {
    ...thread,
    customer: await customerOf(db, row),
    package: pkg,
    proof: pkg?.delivery ?? null,
    cargo: pkg?.weightLb !== null && pkg?.weightLb !== undefined && pkg.weightLb > EXPRESS_MAX_LB,
    businessDaysLeft,
    dueSoon,
    moves: movesFrom(row, events),
    canAnswer: canAnswer(row.state),
    canDecide: row.type === 'indemnizacion' && !events.some((event) => event.kind === 'decision'),
    expedienteUrl: `${base}/expediente.pdf`,
    overdueMeaning: OVERDUE_MEANING,
  };
}
