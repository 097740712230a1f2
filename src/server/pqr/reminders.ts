// The morning reminders to staff (design/pqr.md 'Deadlines'): from the configured hour in Bogotá, each admin gets one
// mail listing the PQR awaiting an answer that are due within 3 business days or already 'Vencida'. A PQR is reminded
// once per day whichever instance runs it: the (PQR, day) key of pqr_reminders is claimed in the transaction that
// queues the mails, so two instances at once mail it once.
import { and, asc, inArray, isNull, lte, sql } from 'drizzle-orm';
import { colombiaHour, formatCalendarDay } from '../../shared/dates.ts';
import { paths, screenUrl } from '../../shared/paths.ts';
import {
  AWAITING_ANSWER,
  DUE_SOON_BUSINESS_DAYS,
  OVERDUE_MEANING,
  PQR_TYPE_LABELS,
} from '../../shared/pqr/states.ts';
import type { Database } from '../db/open.ts';
import { outbox, pqrReminders, pqrs, users } from '../db/schema.ts';
import { layout } from '../mail/templates.ts';
import { removeUnclaimedUploads } from './attachments.ts';
import { type PqrSettings, todayInBogota } from './settings.ts';

/** Mails the day's reminders if it is time and they were not sent; resolves to how many PQR were reminded. */
export async function sendPqrReminders(
  db: Database,
  settings: PqrSettings,
  now = new Date(),
): Promise<number> {
  if (colombiaHour(now) < settings.reminderHour) return 0;
  const today = todayInBogota(now);
  const horizon = settings.calendar.addBusinessDays(today, DUE_SOON_BUSINESS_DAYS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        number: pqrs.number,
        radicado: pqrs.radicado,
        type: pqrs.type,
        name: pqrs.name,
        due: pqrs.runningDue,
      })
      .from(pqrs)
      .where(and(inArray(pqrs.state, [...AWAITING_ANSWER]), lte(pqrs.runningDue, horizon)))
      .orderBy(asc(pqrs.runningDue), asc(pqrs.number));
    if (due.length === 0) return 0;
    const claimed = new Set<number>();
    for (let i = 0; i < due.length; i += 1000) {
      const rows = await tx
        .insert(pqrReminders)
        .values(due.slice(i, i + 1000).map((pqr) => ({ pqrNumber: pqr.number, day: today })))
        .onConflictDoNothing()
        .returning({ number: pqrReminders.pqrNumber });
      for (const row of rows) claimed.add(row.number);
    }
    const reminded = due.filter((pqr) => claimed.has(pqr.number));
    if (reminded.length === 0) return 0;
    const admins = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(sql`${users.role} = 'admin'`, isNull(users.deletedAt)));
    const overdue = reminded.filter((pqr) => pqr.due < today);
    const soon = reminded.filter((pqr) => pqr.due >= today);
    const line = (pqr: (typeof reminded)[number]) => {
      const left = settings.calendar.businessDaysBetween(today, pqr.due);
      const when = pqr.due < today ? 'Vencida' : left === 0 ? 'vence hoy' : `${left} días hábiles`;
      return `${pqr.radicado} · ${PQR_TYPE_LABELS[pqr.type]} · ${pqr.name} · vence el ${formatCalendarDay(pqr.due)} (${when})`;
    };
    const body = layout(
      settings.brandName,
      'PQR por responder',
      [
        `${overdue.length} vencidas y ${soon.length} que vencen en ${DUE_SOON_BUSINESS_DAYS} días hábiles o menos.`,
        ...(overdue.length > 0 ? [OVERDUE_MEANING, ...overdue.map(line)] : []),
        ...soon.map(line),
      ],
      { label: 'Abrir PQR', url: screenUrl(settings.appUrl, paths.adminPqr) },
    );
    const subject = `${settings.brandName}: ${reminded.length} PQR por responder (${overdue.length} vencidas)`;
    if (admins.length > 0)
      await tx
        .insert(outbox)
        .values(
          admins.map((admin) => ({ toAddress: admin.email, subject, html: body.html, text: body.text })),
        );
    return reminded.length;
  });
}

/** The PQR's share of each instance's housekeeping: forgotten uploads go, the morning reminders are sent. */
export async function pqrHousekeeping(db: Database, settings: PqrSettings): Promise<void> {
  await removeUnclaimedUploads(db);
  await sendPqrReminders(db, settings);
}
