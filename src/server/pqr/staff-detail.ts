// A PQR as staff read it (design/pqr.md 'A PQR's screen'): the thread with internal notes, who filed it, the package
// with its whole history, photos and proof of delivery, 'carga' for a parcel over mensajería expresa's 5 kg, the days
// left and what may be done now.
import { eq, inArray } from 'drizzle-orm';
import type * as Api from '../../shared/pqr/api-types.ts';
import { pqrMessages } from '../../shared/pqr/forms.ts';
import { canAnswer, OVERDUE_MEANING } from '../../shared/pqr/states.ts';
import type { Database, Transaction } from '../db/open.ts';
import { outbox, users } from '../db/schema.ts';
import { packageDetail } from '../packages/detail.ts';
import { findVisiblePackage } from '../packages/queries.ts';
import { movesFrom } from './actions.ts';
import { dueFigures } from './inbox.ts';
import { basePath, eventsOf, type PqrEventRow, type PqrRow, threadOf } from './records.ts';
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

/** The answers not notified yet: their mail waits in the outbox (with its last error), or there was no address. */
async function unsentAnswers(
  db: Database | Transaction,
  events: readonly PqrEventRow[],
): Promise<Api.PqrUnsentAnswer[]> {
  const waiting = events.filter((event) => event.kind === 'respuesta' && !event.notifiedAt);
  const ids = waiting.flatMap((event) => (event.mailId === null ? [] : [event.mailId]));
  const mails =
    ids.length === 0
      ? []
      : await db
          .select({ id: outbox.id, attempts: outbox.attempts, lastError: outbox.lastError })
          .from(outbox)
          .where(inArray(outbox.id, ids));
  return waiting.map((event) => {
    const mail = mails.find((row) => row.id === event.mailId);
    return {
      eventId: event.id,
      at: event.at.toISOString(),
      message: mail ? pqrMessages.answerUnsent(mail.attempts, mail.lastError) : pqrMessages.answerNoAddress,
    };
  });
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
    unsentAnswers: await unsentAnswers(db, events),
  };
}
