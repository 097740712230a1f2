// The staff's PQR inbox (design/pqr.md 'Answering'): by the due day of the answer awaited, with filters by state (or
// 'abiertas', 'vencida') and tipo and a search by radicado, name, e-mail, ID or package; one page at a time, each
// row with its business days left. Served by pqrs' due-day indexes (100,000 PQR: docs/PERFORMANCE.md 'PQR').
import { and, asc, count, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type * as Api from '../../shared/pqr/api-types.ts';
import { INBOX_COUNT_CAP, INBOX_PAGE_SIZE, type InboxQuery } from '../../shared/pqr/forms.ts';
import {
  AWAITING_ANSWER,
  DUE_SOON_BUSINESS_DAYS,
  isOverdue,
  OVERDUE_MEANING,
  PQR_STATE_LABELS,
  PQR_TYPE_LABELS,
  type PqrState,
} from '../../shared/pqr/states.ts';
import { containing } from '../db/like.ts';
import type { Database } from '../db/open.ts';
import { packages, pqrs } from '../db/schema.ts';
import { type PqrSettings, todayInBogota } from './settings.ts';

const AWAITING = [...AWAITING_ANSWER];

function conditionsOf(query: InboxQuery, today: string): SQL[] {
  const conditions: SQL[] = [];
  if (query.state === 'abiertas') conditions.push(inArray(pqrs.state, AWAITING));
  else if (query.state === 'vencida')
    conditions.push(inArray(pqrs.state, AWAITING), lt(pqrs.runningDue, today));
  else if (query.state !== '') conditions.push(eq(pqrs.state, query.state));
  if (query.type !== '') conditions.push(eq(pqrs.type, query.type));
  if (query.q !== '') conditions.push(sql`${pqrs.searchText} like ${containing(query.q.toLowerCase())}`);
  return conditions;
}

/** Business days left to a due day, and what they mean for the row's colour. */
export function dueFigures(settings: PqrSettings, state: PqrState, dueDate: string, today: string) {
  const businessDaysLeft = settings.calendar.businessDaysBetween(today, dueDate);
  const overdue = isOverdue(state, dueDate, today);
  return {
    businessDaysLeft,
    overdue,
    dueSoon: AWAITING_ANSWER.has(state) && !overdue && businessDaysLeft <= DUE_SOON_BUSINESS_DAYS,
  };
}

export async function inboxPage(
  db: Database,
  settings: PqrSettings,
  query: InboxQuery,
  now = new Date(),
): Promise<Api.PqrInbox> {
  const today = todayInBogota(now);
  const where = and(...conditionsOf(query, today));
  const offset = (query.page - 1) * INBOX_PAGE_SIZE;
  const byDue = [asc(pqrs.runningDue), asc(pqrs.number)];
  // A deep page takes its numbers from a due-day index alone (an index-only scan over the rows it skips), then
  // reads the page's rows by key: reading every skipped row from the table was most of a deep page's time.
  const pageWhere =
    offset === 0
      ? where
      : inArray(
          pqrs.number,
          db
            .select({ number: pqrs.number })
            .from(pqrs)
            .where(where)
            .orderBy(...byDue)
            .limit(INBOX_PAGE_SIZE)
            .offset(offset),
        );
  const page = db
    .select({
      radicado: pqrs.radicado,
      type: pqrs.type,
      state: pqrs.state,
      name: pqrs.name,
      userId: pqrs.userId,
      packageNumber: pqrs.packageNumber,
      guide: pqrs.guide,
      filedAt: pqrs.filedAt,
      runningDue: pqrs.runningDue,
    })
    .from(pqrs)
    .where(pageWhere)
    .orderBy(...byDue)
    .limit(INBOX_PAGE_SIZE);
  // Counted up to the cap, as the board does: a count of every match would read them all.
  const counted = () =>
    db
      .select({ n: count() })
      .from(
        db
          .select({ one: sql`1` })
          .from(pqrs)
          .where(where)
          .limit(INBOX_COUNT_CAP + 1)
          .as('matching'),
      )
      .then(([row]) => row?.n ?? 0);
  // Without a search, the page and its total at once (two connections of the pool on PostgreSQL). A search
  // scans the trigram index for each query: its first page, when short, is its total, so it is not searched twice.
  let rows: Awaited<typeof page>;
  let matching: number;
  if (query.q === '') [rows, matching] = await Promise.all([page, counted()]);
  else {
    rows = await page;
    matching = offset === 0 && rows.length < INBOX_PAGE_SIZE ? rows.length : await counted();
  }
  // The packages' guides after, for the page's rows only, so a deep page never joins the rows it skips.
  const numbers = [
    ...new Set(rows.flatMap((row) => (row.packageNumber === null ? [] : [row.packageNumber]))),
  ];
  const guides = new Map(
    numbers.length === 0
      ? []
      : (
          await db
            .select({ number: packages.number, guide: packages.guide })
            .from(packages)
            .where(inArray(packages.number, numbers))
        ).map((pkg) => [pkg.number, pkg.guide]),
  );
  return {
    rows: rows.map((row) => ({
      radicado: row.radicado,
      type: row.type,
      typeLabel: PQR_TYPE_LABELS[row.type],
      customerName: row.name,
      visitor: row.userId === null,
      packageNumber: row.packageNumber,
      guide: row.guide || (row.packageNumber === null ? '' : (guides.get(row.packageNumber) ?? '')),
      filedAt: row.filedAt.toISOString(),
      dueDate: row.runningDue,
      ...dueFigures(settings, row.state, row.runningDue, today),
      state: row.state,
      stateLabel: PQR_STATE_LABELS[row.state],
    })),
    total: Math.min(matching, INBOX_COUNT_CAP),
    capped: matching > INBOX_COUNT_CAP,
    page: query.page,
    pageSize: INBOX_PAGE_SIZE,
    filter: query.state,
    overdueMeaning: OVERDUE_MEANING,
  };
}
