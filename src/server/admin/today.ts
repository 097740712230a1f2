// 'Hoy', where an admin lands (issue 37): what waits for someone today, as counts, each read on an index of its own
// table: PQR awaiting an answer already 'Vencida' or due within DUE_SOON_BUSINESS_DAYS (pqrs_open_due_idx), routes
// whose cash is not closed yet (their day sums), and the packages that need a decision ('Requieren decisión',
// 'Sin identificar', 'Retenidos'), and the customers' requests waiting in Miami ('Pendiente' or 'En proceso').
import { and, count, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { AdminToday } from '../../shared/admin/api-types.ts';
import { AWAITING_ANSWER, DUE_SOON_BUSINESS_DAYS } from '../../shared/pqr/states.ts';
import { OPEN_REQUEST_STATES } from '../../shared/requests/kinds.ts';
import type { Database } from '../db/open.ts';
import { collectionDaySums, deliveryRoutes, packageRequests, packages, pqrs } from '../db/schema.ts';
import { flaggedPackages } from '../delivery/close.ts';
import { type PqrSettings, todayInBogota } from '../pqr/settings.ts';

async function packagesIn(db: Database, state: 'sin_identificar' | 'retenido'): Promise<number> {
  const [row] = await db.select({ n: count() }).from(packages).where(eq(packages.state, state));
  return row?.n ?? 0;
}

/** Requests in Miami not done yet, on their open index. */
async function requestsWaiting(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(packageRequests)
    .where(inArray(packageRequests.state, [...OPEN_REQUEST_STATES]));
  return row?.n ?? 0;
}

async function pqrDue(db: Database, settings: PqrSettings, now: Date) {
  const today = todayInBogota(now);
  const horizon = settings.calendar.addBusinessDays(today, DUE_SOON_BUSINESS_DAYS);
  const [row] = await db
    .select({
      overdue: sql<number>`count(*) filter (where ${lt(pqrs.runningDue, today)})::int`,
      soon: sql<number>`count(*) filter (where ${pqrs.runningDue} >= ${today})::int`,
    })
    .from(pqrs)
    .where(and(inArray(pqrs.state, [...AWAITING_ANSWER]), lte(pqrs.runningDue, horizon)));
  return { overdue: row?.overdue ?? 0, soon: row?.soon ?? 0 };
}

/** Routes not closed that collected something, and the cash they hold, from their day sums. */
async function cashNotClosed(db: Database) {
  const day = collectionDaySums;
  const [row] = await db
    .select({
      routes: sql<number>`count(distinct ${day.routeId})::int`,
      cashCop: sql<string>`coalesce(sum(${day.amountCop}) filter (where ${day.means} = 'efectivo'), 0)`,
    })
    .from(day)
    .innerJoin(deliveryRoutes, eq(deliveryRoutes.id, day.routeId))
    .where(and(eq(day.source, 'route'), ne(deliveryRoutes.state, 'cerrada')));
  return { routes: row?.routes ?? 0, cashCop: Number(row?.cashCop ?? 0) };
}

export async function adminToday(
  db: Database,
  options: { settings: PqrSettings; maxAttempts: number; now?: Date },
): Promise<AdminToday> {
  const [pqr, cash, flagged, unidentified, held, requests] = await Promise.all([
    pqrDue(db, options.settings, options.now ?? new Date()),
    cashNotClosed(db),
    flaggedPackages(db, options.maxAttempts),
    packagesIn(db, 'sin_identificar'),
    packagesIn(db, 'retenido'),
    requestsWaiting(db),
  ]);
  return {
    pqrOverdue: pqr.overdue,
    pqrDueSoon: pqr.soon,
    cashRoutes: cash.routes,
    cashCop: cash.cashCop,
    requiresDecision: flagged.length,
    unidentified,
    held,
    requestsWaiting: requests,
  };
}
