// What 'Avisos' shows staff: the last notices with their state, counts per template and state for a range of days,
// the share read, and the customers who opted out.
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type * as Api from '../../shared/notices/api-types.ts';
import type { Database } from '../db/open.ts';
import { notices, users, whatsappConsent } from '../db/schema.ts';

/** The overview of the last `days` days; `whatsappOn` says whether WhatsApp is configured. */
export async function noticesOverview(
  db: Database,
  days: number,
  whatsappOn: boolean,
): Promise<Api.NoticesOverview> {
  const since = sql`now() - make_interval(days => ${days})`;
  const last = await db
    .select({ notice: notices, customerName: users.name, lockerNumber: users.lockerNumber })
    .from(notices)
    .innerJoin(users, eq(users.id, notices.userId))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(50);
  const counts = await db
    .select({ template: notices.template, state: notices.state, count: count() })
    .from(notices)
    .where(gte(notices.createdAt, since))
    .groupBy(notices.template, notices.state)
    .orderBy(notices.template, notices.state);
  const reached = counts.filter((row) => ['sent', 'delivered', 'read'].includes(row.state));
  const sentTotal = reached.reduce((total, row) => total + row.count, 0);
  const readTotal = reached
    .filter((row) => row.state === 'read')
    .reduce((total, row) => total + row.count, 0);
  const optedOut = await db
    .select({
      userId: users.id,
      name: users.name,
      lockerNumber: users.lockerNumber,
      at: whatsappConsent.at,
      source: whatsappConsent.source,
    })
    .from(whatsappConsent)
    .innerJoin(users, eq(users.id, whatsappConsent.userId))
    .where(and(eq(whatsappConsent.granted, false), inArray(whatsappConsent.source, ['mis_datos', 'mensaje'])))
    .orderBy(desc(whatsappConsent.at))
    .limit(200);
  return {
    days,
    last: last.map(({ notice, customerName, lockerNumber }) => ({
      id: notice.id,
      template: notice.template,
      state: notice.state,
      packageNumber: notice.packageNumber,
      customerName,
      lockerNumber,
      createdAt: notice.createdAt.toISOString(),
      sentAt: notice.sentAt?.toISOString() ?? null,
      deliveredAt: notice.deliveredAt?.toISOString() ?? null,
      readAt: notice.readAt?.toISOString() ?? null,
      failedAt: notice.failedAt?.toISOString() ?? null,
      error: notice.state === 'failed' ? (notice.lastError ?? '') : '',
      errorCode: notice.errorCode,
      mailed: notice.mailedAt !== null,
    })),
    counts,
    readShare: sentTotal ? readTotal / sentTotal : 0,
    optedOut: optedOut.map((row) => ({ ...row, at: row.at.toISOString() })),
    whatsappOn,
  };
}
