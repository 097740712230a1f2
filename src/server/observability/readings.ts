// What the metrics and the readiness read from the database when asked: each query is small and served by an index
// (the queues' partial indexes, the PQR's open-due index, the packages' state index for the open states), so a scrape every 15–30 s
// costs little (docs/PERFORMANCE.md 'Observability').
import { readFileSync } from 'node:fs';
import { and, count, eq, inArray, isNull, max, min, ne, sql } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { FINAL_STATES, PACKAGE_STATES } from '../../shared/packages/states.ts';
import { bogotaDay } from '../../shared/pqr/business-days.ts';
import { AWAITING_ANSWER, type PqrState } from '../../shared/pqr/states.ts';
import { type Database, MIGRATIONS_FOLDER } from '../db/open.ts';
import {
  collectionDaySums,
  deliveryRoutes,
  notices,
  outbox,
  packages,
  paymentEvents,
  pqrs,
} from '../db/schema.ts';

export type QueueName = 'mail' | 'whatsapp' | 'payments';

export interface QueueReading {
  /** Rows waiting (mail not sent yet; notices still queued; Wompi's events stored, not yet applied). */
  depth: number;
  /** Seconds since the oldest waiting row was queued; 0 when none waits. */
  oldestAgeSeconds: number;
  /** Seconds the longest-due row has been due without a worker taking it (a claim moves its next attempt on). */
  overdueSeconds: number;
}

const secondsSince = (at: Date | string | null, now: number) =>
  at === null ? 0 : Math.max(0, Math.round((now - new Date(at).getTime()) / 1000));

export async function readQueues(db: Database, now = Date.now()): Promise<Record<QueueName, QueueReading>> {
  const [[mail], [whatsapp], [payments]] = await Promise.all([
    db
      .select({ depth: count(), oldest: min(outbox.createdAt), due: min(outbox.nextAttemptAt) })
      .from(outbox)
      .where(isNull(outbox.sentAt)),
    db
      .select({ depth: count(), oldest: min(notices.createdAt), due: min(notices.nextAttemptAt) })
      .from(notices)
      .where(eq(notices.state, 'queued')),
    // A stored event is due at once: the worker applies it within moments of its arrival.
    db
      .select({ depth: count(), oldest: min(paymentEvents.receivedAt), due: min(paymentEvents.receivedAt) })
      .from(paymentEvents)
      .where(eq(paymentEvents.outcome, 'recibido')),
  ]);
  const reading = (row: typeof mail) => ({
    depth: row?.depth ?? 0,
    oldestAgeSeconds: secondsSince(row?.oldest ?? null, now),
    overdueSeconds: secondsSince(row?.due ?? null, now),
  });
  return { mail: reading(mail), whatsapp: reading(whatsapp), payments: reading(payments) };
}

/** The states a package can still leave: the final ones only grow (a million delivered), so they are not counted. */
export const OPEN_PACKAGE_STATES = PACKAGE_STATES.filter((state) => !FINAL_STATES.has(state));

/**
 * Packages per open state, on the state index (an index-only scan of the open ones: a few percent of the table;
 * counting the delivered too took over a second at 1M packages, docs/PERFORMANCE.md 'Observability').
 */
export async function readPackagesByState(db: Database) {
  return db
    .select({ state: packages.state, count: count() })
    .from(packages)
    .where(inArray(packages.state, OPEN_PACKAGE_STATES))
    .groupBy(packages.state);
}

/** Open PQR (awaiting an answer) past their due day, and due today (Bogotá), on the open-due index. */
export async function readPqrDue(db: Database, now = new Date()) {
  const today = bogotaDay(now);
  const [row] = await db
    .select({
      pastDue: sql<number>`count(*) filter (where ${pqrs.runningDue} < ${today})::int`,
      dueToday: sql<number>`count(*) filter (where ${pqrs.runningDue} = ${today})::int`,
    })
    .from(pqrs)
    .where(
      sql`${pqrs.state} in ${[...AWAITING_ANSWER] satisfies PqrState[]} and ${pqrs.runningDue} <= ${today}`,
    );
  return { pastDue: Number(row?.pastDue ?? 0), dueToday: Number(row?.dueToday ?? 0) };
}

/**
 * Routes with collections and no cash close yet ('Recaudos', 'cash not yet closed'): how many and how much cash,
 * for today's routes and for earlier days' (a close missing at the end of a day).
 */
export async function readUnclosedCash(db: Database, now = new Date()) {
  const today = bogotaDay(now);
  const day = collectionDaySums;
  const sums = db
    .select({
      deliveries: sql<number>`coalesce(sum(${day.count}), 0)::int`.as('deliveries'),
      cashCop: sql<string>`coalesce(sum(${day.amountCop}) filter (where ${day.means} = 'efectivo'), 0)`.as(
        'cash_cop',
      ),
    })
    .from(day)
    .where(and(eq(day.routeId, deliveryRoutes.id), eq(day.source, 'route')))
    .as('sums');
  const rows = await db
    .select({ date: deliveryRoutes.date, cashCop: sums.cashCop })
    .from(deliveryRoutes)
    .innerJoinLateral(sums, sql`true`)
    .where(and(ne(deliveryRoutes.state, 'cerrada'), sql`${sums.deliveries} > 0`));
  const totals = { today: { routes: 0, cashCop: 0 }, earlier: { routes: 0, cashCop: 0 } };
  for (const row of rows) {
    const when = row.date < today ? totals.earlier : totals.today;
    when.routes++;
    when.cashCop += Number(row.cashCop);
  }
  return totals;
}

/** Drizzle's own record of the migrations it applied (not part of the app's schema, so drizzle-kit ignores it). */
const drizzleMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id'),
  hash: text('hash'),
  createdAt: bigint('created_at', { mode: 'number' }),
});

/** The newest migration this code ships (drizzle/meta/_journal.json), read once. */
const newestMigration: number = (() => {
  const journal: { entries: Array<{ when: number }> } = JSON.parse(
    readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8'),
  );
  return Math.max(...journal.entries.map((entry) => entry.when));
})();

/** True when the database holds the newest migration of this code. */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const [row] = await db.select({ newest: max(drizzleMigrations.createdAt) }).from(drizzleMigrations);
  return Number(row?.newest ?? 0) >= newestMigration;
}
