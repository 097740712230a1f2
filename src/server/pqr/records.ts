// Reading PQR: one by radicado as a viewer may see it (a customer their own, a visitor by their link's key, staff
// all; anything else is null, answered 404), its events, and its summary with the figures read from today.
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { formatCalendarDay } from '../../shared/dates.ts';
import type * as Api from '../../shared/pqr/api-types.ts';
import { DECISION_OUTCOME_LABELS, INDEMNITY_PAYMENT_LABELS, pqrMessages } from '../../shared/pqr/forms.ts';
import {
  ANSWER_CHANNEL_LABELS,
  isOverdue,
  PQR_STATE_LABELS,
  PQR_TYPE_LABELS,
} from '../../shared/pqr/states.ts';
import type { Database, Transaction } from '../db/open.ts';
import { packages, pqrEvents, pqrs } from '../db/schema.ts';
import { attachmentsOf, attachmentView } from './attachments.ts';
import type { PqrSettings } from './settings.ts';
import { todayInBogota } from './settings.ts';

export type PqrRow = typeof pqrs.$inferSelect;
export type PqrEventRow = typeof pqrEvents.$inferSelect;

export type PqrViewer =
  | { kind: 'customer'; userId: string }
  | { kind: 'visitor'; key: string }
  | { kind: 'staff' };

/** The PQR `radicado` if `viewer` may see it; null otherwise (the caller answers 404, never 403). */
export async function findPqr(
  db: Database | Transaction,
  radicado: string,
  viewer: PqrViewer,
  options: { forUpdate?: boolean } = {},
): Promise<PqrRow | null> {
  if (radicado.length > 60) return null;
  const conditions: SQL[] = [eq(pqrs.radicado, radicado)];
  if (viewer.kind === 'customer') conditions.push(eq(pqrs.userId, viewer.userId));
  if (viewer.kind === 'visitor') conditions.push(eq(pqrs.visitorKey, viewer.key));
  const query = db
    .select()
    .from(pqrs)
    .where(and(...conditions));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function eventsOf(db: Database | Transaction, pqrNumber: number): Promise<PqrEventRow[]> {
  return db.select().from(pqrEvents).where(eq(pqrEvents.pqrNumber, pqrNumber)).orderBy(asc(pqrEvents.id));
}

/** The guide shown beside a PQR: the visitor's, or its package's. */
export async function guideOf(db: Database | Transaction, row: PqrRow): Promise<string> {
  if (row.guide || row.packageNumber === null) return row.guide;
  const [pkg] = await db
    .select({ guide: packages.guide })
    .from(packages)
    .where(eq(packages.number, row.packageNumber));
  return pkg?.guide ?? '';
}

/** The last answer's notification time, or null. */
export function lastNotified(events: readonly PqrEventRow[]): Date | null {
  const answers = events.filter((event) => event.kind === 'respuesta' && event.notifiedAt);
  return answers.at(-1)?.notifiedAt ?? null;
}

export function summaryOf(
  row: PqrRow,
  guide: string,
  events: readonly PqrEventRow[],
  now: Date,
): Api.PqrSummary {
  return {
    radicado: row.radicado,
    type: row.type,
    typeLabel: PQR_TYPE_LABELS[row.type],
    state: row.state,
    stateLabel: PQR_STATE_LABELS[row.state],
    packageNumber: row.packageNumber,
    guide,
    filedAt: row.filedAt.toISOString(),
    dueDate: row.runningDue,
    overdue: isOverdue(row.state, row.runningDue, todayInBogota(now)),
    answeredAt: lastNotified(events)?.toISOString() ?? null,
  };
}

/**
 * Whether the customer may still file 'Recurso de reposición': once, on an answered PQR, within the review term
 * counted from the next business day after the answer's notification.
 */
export function reviewWindow(
  row: PqrRow,
  events: readonly PqrEventRow[],
  settings: PqrSettings,
  now: Date,
): Api.PqrReviewWindow {
  const notified = lastNotified(events);
  if (!notified) return { open: false, closesOn: null, reason: pqrMessages.reviewNotAnswered };
  const closesOn = settings.calendar.addBusinessDays(notified, settings.reviewDays);
  if (events.some((event) => event.kind === 'reposicion'))
    return { open: false, closesOn, reason: pqrMessages.reviewAlready };
  if (row.state !== 'respondida') return { open: false, closesOn, reason: pqrMessages.reviewNotAnswered };
  if (todayInBogota(now) > closesOn)
    return { open: false, closesOn, reason: pqrMessages.reviewClosed(formatCalendarDay(closesOn)) };
  return { open: true, closesOn, reason: null };
}

const decisionView = (decision: Api.PqrDecision | null): Api.PqrDecision | null =>
  decision && {
    ...decision,
    outcomeLabel: DECISION_OUTCOME_LABELS[decision.outcome],
    paymentLabel: decision.payment ? INDEMNITY_PAYMENT_LABELS[decision.payment] : null,
  };

/** The events as `viewer` reads them: internal notes only for staff, our people's names only for staff. */
export async function eventViews(
  db: Database | Transaction,
  row: PqrRow,
  events: readonly PqrEventRow[],
  viewer: PqrViewer,
  base: string,
): Promise<Api.PqrEvent[]> {
  const staff = viewer.kind === 'staff';
  const stored = await attachmentsOf(db, row.number);
  // A visitor's link carries its key; so do the attachments' links it shows.
  const suffix = viewer.kind === 'visitor' ? `?clave=${encodeURIComponent(viewer.key)}` : '';
  const numbered = stored.map((attachment, index) => {
    const view = attachmentView(attachment, index + 1, base);
    return { ...view, url: `${view.url}${suffix}` };
  });
  return events
    .filter((event) => staff || event.kind !== 'nota')
    .map((event) => ({
      id: event.id,
      kind: event.kind,
      at: event.at.toISOString(),
      actor: actorOf(event, row, staff),
      text: event.kind === 'radicada' ? row.description : event.text,
      attachments: numbered.filter((_, index) => stored[index]?.eventId === event.id),
      state: event.state,
      stateLabel: event.state ? PQR_STATE_LABELS[event.state] : null,
      notifiedAt: event.notifiedAt?.toISOString() ?? null,
      appeal: event.appeal,
      decision: decisionView(event.decision),
    }));
}

function actorOf(event: PqrEventRow, row: PqrRow, staff: boolean): string {
  if (event.actorRole === 'customer' || event.actorRole === 'visitor') return staff ? row.name : 'Tú';
  if (event.actorRole === 'system') return 'Sistema';
  return staff ? event.actorName || 'Administración' : 'Servicio al cliente';
}

/** A PQR with its thread as `viewer` reads it. */
export async function threadOf(
  db: Database | Transaction,
  row: PqrRow,
  viewer: PqrViewer,
  settings: PqrSettings,
  base: string,
  now = new Date(),
): Promise<Api.PqrThread> {
  const events = await eventsOf(db, row.number);
  return {
    ...summaryOf(row, await guideOf(db, row), events, now),
    description: row.description,
    channel: row.channel,
    channelLabel: ANSWER_CHANNEL_LABELS[row.channel],
    noGuide: row.noGuide,
    events: await eventViews(db, row, events, viewer, base),
    review: reviewWindow(row, events, settings, now),
    deadlines: { answerDays: settings.answerDays, reviewDays: settings.reviewDays },
  };
}

/** Where a viewer's paths to this PQR start (its attachments are under it). */
export function basePath(radicado: string, viewer: PqrViewer): string {
  const encoded = encodeURIComponent(radicado);
  if (viewer.kind === 'staff') return `/api/admin/pqr/${encoded}`;
  if (viewer.kind === 'visitor') return `/api/pqr/seguimiento/${encoded}`;
  return `/api/pqr/${encoded}`;
}
