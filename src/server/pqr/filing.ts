// Filing a PQR (design/pqr.md 'What a customer files'): by a customer (about one of their own packages, or none) or by
// a visitor (name, ID, e-mail). In one transaction: the radicado from its sequence, the filing time and the due date
// (stored, never edited), the 'radicada' event, the attachments claimed, and the acknowledgement in the outbox.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatCalendarDay } from '../../shared/dates.ts';
import type * as Api from '../../shared/pqr/api-types.ts';
import { type CustomerFiling, pqrMessages, type VisitorFiling } from '../../shared/pqr/forms.ts';
import { PQR_TYPE_LABELS } from '../../shared/pqr/states.ts';
import type { UserRecord } from '../auth/session.ts';
import type { Database, Transaction } from '../db/open.ts';
import { rawRows } from '../db/raw.ts';
import { packages, pqrEvents, pqrs } from '../db/schema.ts';
import { NotFound } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { claimUploads } from './attachments.ts';
import { filedMail, type Recipient } from './mails.ts';
import { type PqrSettings, radicadoOf } from './settings.ts';

interface NewPqr {
  type: Api.PqrFiled['type'];
  userId: string | null;
  name: string;
  idNumber: string;
  email: string;
  packageNumber: number | null;
  guide: string;
  description: string;
  channel: CustomerFiling['channel'];
  noGuide: boolean;
  attachments: string[];
  visitorKey: string | null;
}

async function nextNumber(tx: Transaction): Promise<number> {
  const [row] = await rawRows(
    tx,
    sql`select nextval('pqr_number_seq')::int as number`,
    z.object({ number: z.number() }),
  );
  if (!row) throw new Error('pqr_number_seq gave no number');
  return row.number;
}

async function insertPqr(db: Database, settings: PqrSettings, pqr: NewPqr): Promise<Api.PqrFiled> {
  return db.transaction(async (tx) => {
    if (pqr.userId !== null && pqr.packageNumber !== null) {
      const [own] = await tx
        .select({ number: packages.number })
        .from(packages)
        .where(and(eq(packages.number, pqr.packageNumber), eq(packages.userId, pqr.userId)));
      if (!own) throw new NotFound(pqrMessages.packageNotFound);
    }
    const filedAt = new Date();
    const number = await nextNumber(tx);
    const radicado = radicadoOf(settings.radicadoFormat, number, filedAt);
    const dueDate = settings.calendar.addBusinessDays(filedAt, settings.answerDays);
    await tx.insert(pqrs).values({
      number,
      radicado,
      type: pqr.type,
      state: 'radicada',
      userId: pqr.userId,
      name: pqr.name,
      idNumber: pqr.idNumber,
      email: pqr.email,
      packageNumber: pqr.packageNumber,
      guide: pqr.guide,
      description: pqr.description,
      channel: pqr.channel,
      noGuide: pqr.noGuide,
      filedAt,
      dueDate,
      runningDue: dueDate,
      visitorKey: pqr.visitorKey,
    });
    const [event] = await tx
      .insert(pqrEvents)
      .values({
        pqrNumber: number,
        kind: 'radicada',
        at: filedAt,
        actorId: pqr.userId,
        actorRole: pqr.userId ? 'customer' : 'visitor',
        state: 'radicada',
        dueDate,
      })
      .returning({ id: pqrEvents.id });
    if (!event) throw new Error('no filing event');
    await claimUploads(tx, pqr.attachments, { uploaderId: pqr.userId, pqrNumber: number, eventId: event.id });
    const typeLabel = PQR_TYPE_LABELS[pqr.type];
    const to: Recipient = { email: pqr.email, name: pqr.name, visitorKey: pqr.visitorKey };
    await enqueueMail(
      tx,
      filedMail(settings, to, { radicado, typeLabel, dueDate, description: pqr.description }),
    );
    return {
      radicado,
      type: pqr.type,
      typeLabel,
      dueDate,
      message: pqrMessages.filed(typeLabel.toLowerCase(), radicado, formatCalendarDay(dueDate)),
    };
  });
}

export function fileForCustomer(db: Database, settings: PqrSettings, user: UserRecord, form: CustomerFiling) {
  return insertPqr(db, settings, {
    ...form,
    userId: user.id,
    name: user.name,
    idNumber: user.cedula,
    email: user.email,
    guide: '',
    visitorKey: null,
  });
}

/** A visitor's filing: their follow-up link's key is mailed to them. */
export function fileForVisitor(db: Database, settings: PqrSettings, form: VisitorFiling) {
  return insertPqr(db, settings, {
    ...form,
    userId: null,
    packageNumber: null,
    visitorKey: randomBytes(24).toString('base64url'),
  });
}
