// What happens to a filed PQR (design/pqr.md 'Answering'): staff's 'Responder' (mailed, its notification time stored),
// internal notes, 'Cambiar estado', the customer's 'Añadir información' and 'Recurso de reposición' with 'Apelación'
// en subsidio. Each is
// one transaction on the locked PQR: its event (who, when), its state, its attachments and its mail.
import { eq } from 'drizzle-orm';
import { formatCalendarDay } from '../../shared/dates.ts';
import { type Answer, type MoreInfo, pqrMessages, type Review } from '../../shared/pqr/forms.ts';
import { allowedPqrMove, canAnswer, PQR_STATE_LABELS, type PqrState } from '../../shared/pqr/states.ts';
import type { UserRecord } from '../auth/session.ts';
import type { Database, Transaction } from '../db/open.ts';
import { pqrEvents, pqrs } from '../db/schema.ts';
import { Conflict, NotFound } from '../errors.ts';
import { enqueueMail, type Mail } from '../mail/outbox.ts';
import { claimUploads } from './attachments.ts';
import { answerMail, answerWithRights, type Recipient, reviewMail } from './mails.ts';
import { eventsOf, findPqr, type PqrRow, type PqrViewer, reviewWindow } from './records.ts';
import type { PqrSettings } from './settings.ts';

type NewEvent = typeof pqrEvents.$inferInsert;

/**
 * One action on PQR `radicado`, locked, as `viewer` may see it (else NotFound): what the action says, and the PQR as
 * it now is, drawn by `show`.
 */
export function onLockedPqr<T>(
  db: Database,
  radicado: string,
  viewer: PqrViewer,
  action: (tx: Transaction, row: PqrRow) => Promise<string>,
  show: (tx: Transaction, row: PqrRow) => Promise<T>,
): Promise<{ pqr: T; message: string }> {
  return db.transaction(async (tx) => {
    const row = await findPqr(tx, radicado, viewer, { forUpdate: true });
    if (!row) throw new NotFound(pqrMessages.notFound);
    const message = await action(tx, row);
    const updated = (await findPqr(tx, row.radicado, viewer)) ?? row;
    return { pqr: await show(tx, updated), message };
  });
}

/** Adds an event; with `state`, moves the PQR there too. Answers the event's id. */
export async function addEvent(tx: Transaction, row: PqrRow, event: Omit<NewEvent, 'pqrNumber'>) {
  const [added] = await tx
    .insert(pqrEvents)
    .values({ ...event, pqrNumber: row.number })
    .returning({ id: pqrEvents.id });
  if (!added) throw new Error('no event');
  if (event.state) await tx.update(pqrs).set({ state: event.state }).where(eq(pqrs.number, row.number));
  return added.id;
}

/** Queues a mail to whoever filed it, unless their address is gone (a deleted account): its outbox id, or null. */
export async function mailFiler(
  tx: Transaction,
  row: PqrRow,
  build: (to: Recipient) => Mail,
): Promise<number | null> {
  if (!row.email) return null;
  return enqueueMail(tx, build({ email: row.email, name: row.name, visitorKey: row.visitorKey }));
}

const staffActor = (staff: UserRecord) => ({
  actorId: staff.id,
  actorRole: 'staff' as const,
  actorName: staff.name,
});

/**
 * 'Responder': the answer with the right-to-review sentence, queued for mail. Its notification time is when the mail
 * is sent: the outbox's trigger writes it (and the PQR's first answer time) then; until then the review term has not
 * started, and staff see the mail waiting or why it fails.
 */
export async function answerPqr(
  tx: Transaction,
  settings: PqrSettings,
  row: PqrRow,
  staff: UserRecord,
  form: Answer,
) {
  if (!canAnswer(row.state))
    throw new Conflict('not_answerable', pqrMessages.notAnswerable(PQR_STATE_LABELS[row.state]));
  const text = answerWithRights(settings, form.text);
  const mailId = await mailFiler(tx, row, (to) => answerMail(settings, to, row.radicado, text));
  const eventId = await addEvent(tx, row, {
    kind: 'respuesta',
    ...staffActor(staff),
    text,
    state: 'respondida',
    mailId,
  });
  await claimUploads(tx, form.attachments, { uploaderId: staff.id, pqrNumber: row.number, eventId });
  return pqrMessages.answered(row.radicado);
}

/** An internal note: staff only, never shown or mailed to the customer. */
export async function addNote(tx: Transaction, row: PqrRow, staff: UserRecord, text: string) {
  await addEvent(tx, row, { kind: 'nota', ...staffActor(staff), text });
  return pqrMessages.noteSaved;
}

/** The moves 'Cambiar estado' offers now ('Enviada a la SIC' only after an answered review with 'Apelación'). */
export async function movesOf(tx: Transaction, row: PqrRow): Promise<PqrState[]> {
  const events = await eventsOf(tx, row.number);
  return movesFrom(row, events);
}

export function movesFrom(row: PqrRow, events: Awaited<ReturnType<typeof eventsOf>>): PqrState[] {
  const review = events.findLast((event) => event.kind === 'reposicion');
  const reviewAnswered =
    review !== undefined && events.some((event) => event.kind === 'respuesta' && event.id > review.id);
  const toSic = reviewAnswered && review?.appeal === true;
  return (
    ['radicada', 'en_tramite', 'respondida', 'en_reposicion', 'enviada_sic', 'cerrada'] as const
  ).filter((to) => allowedPqrMove(row.state, to) && (to !== 'enviada_sic' || toSic));
}

/** 'Cambiar estado' by staff: only the moves of PQR_MOVES, and to the SIC only when the law sends it there. */
export async function changePqrState(
  tx: Transaction,
  row: PqrRow,
  staff: UserRecord,
  to: PqrState,
  note: string,
) {
  const moves = await movesOf(tx, row);
  if (!moves.includes(to)) {
    if (to === 'enviada_sic' && allowedPqrMove(row.state, to))
      throw new Conflict('needs_appeal', pqrMessages.sicNeedsAppeal);
    throw new Conflict(
      'move_refused',
      pqrMessages.moveRefused(PQR_STATE_LABELS[row.state], PQR_STATE_LABELS[to]),
    );
  }
  await addEvent(tx, row, { kind: 'estado', ...staffActor(staff), text: note, state: to });
  return pqrMessages.stateChanged(PQR_STATE_LABELS[to]);
}

/** 'Añadir información': what the filer adds to a PQR awaiting an answer; its state and due day stay as they are. */
export async function addInformation(
  tx: Transaction,
  row: PqrRow,
  form: MoreInfo,
  filer: { userId: string | null },
) {
  if (!canAnswer(row.state)) throw new Conflict('not_open', pqrMessages.moreInfoClosed);
  const eventId = await addEvent(tx, row, {
    kind: 'informacion',
    actorId: filer.userId,
    actorRole: filer.userId ? 'customer' : 'visitor',
    text: form.text,
  });
  await claimUploads(tx, form.attachments, { uploaderId: filer.userId, pqrNumber: row.number, eventId });
  return pqrMessages.moreInfoAdded(row.radicado);
}

/**
 * 'Recurso de reposición' by whoever filed it, within the review term of the answer's notification; refused after
 * with the day it closed. Its own due day (the answer term again) becomes the one the inbox orders by.
 */
export async function fileReview(
  tx: Transaction,
  settings: PqrSettings,
  row: PqrRow,
  form: Review,
  filer: { userId: string | null },
) {
  const events = await eventsOf(tx, row.number);
  const now = new Date();
  const window = reviewWindow(row, events, settings, now);
  if (!window.open) throw new Conflict('review_closed', window.reason ?? pqrMessages.reviewNotAnswered);
  const dueDate = settings.calendar.addBusinessDays(now, settings.answerDays);
  const eventId = await addEvent(tx, row, {
    kind: 'reposicion',
    at: now,
    actorId: filer.userId,
    actorRole: filer.userId ? 'customer' : 'visitor',
    text: form.text,
    state: 'en_reposicion',
    appeal: form.appeal,
    dueDate,
  });
  await claimUploads(tx, form.attachments, { uploaderId: filer.userId, pqrNumber: row.number, eventId });
  await tx.update(pqrs).set({ runningDue: dueDate }).where(eq(pqrs.number, row.number));
  await mailFiler(tx, row, (to) =>
    reviewMail(settings, to, { radicado: row.radicado, dueDate, appeal: form.appeal }),
  );
  return pqrMessages.reviewFiled(row.radicado, formatCalendarDay(dueDate));
}
