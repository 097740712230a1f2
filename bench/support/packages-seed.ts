// The packages seed the packages, warehouse and operations benchmarks run on: the users seed, then 1,000,000
// packages with ≈2.5M events in one transaction (indexes and foreign keys built after the rows), and a real
// credential for 100 customers with 10–40 packages each.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../src/server/auth/password.ts';
import type { Transaction } from '../../src/server/db/open.ts';
import * as schema from '../../src/server/db/schema.ts';
import { PASSWORD } from './api.ts';
import {
  CUSTOMERS,
  eventsInsert,
  FIRST_NUMBER,
  HEAVY_COUNT,
  HISTORY_FUNCTION,
  PACKAGES,
  packagesInsert,
} from './packages-seed-sql.ts';
import { markdownTable } from './report.ts';
import { rowsOf, type Storage, withDatabase } from './storage.ts';
import { seedUsers } from './users-seed.ts';

export { CUSTOMERS, FIRST_NUMBER, PACKAGES };

/** Customers signed in; each is a "heavy" one (10–40 packages), spread over the whole seed. */
export const SIGNED_IN = 100;

interface Deferred {
  /** Statements that drop the secondary indexes and foreign keys of the two tables… */
  drop: string[];
  /** …and those that make them again, exactly as the migrations defined them (read from the catalog). */
  create: string[];
}

/** Indexes and foreign keys of packages and package_events, built once after the rows: much faster. */
async function deferredConstraints(db: Transaction): Promise<Deferred> {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public' and tablename in ('packages', 'package_events')
        and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`),
  );
  const keys = rowsOf<{ owner: string; name: string; definition: string }>(
    await db.execute(sql`
      select conrelid::regclass::text as owner, conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where contype = 'f' and conrelid in ('packages'::regclass, 'package_events'::regclass)`),
  );
  return {
    drop: [
      ...keys.map((k) => `alter table ${k.owner} drop constraint ${k.name}`),
      ...indexes.map((i) => `drop index ${i.name}`),
    ],
    create: [
      ...indexes.map((i) => i.definition),
      ...keys.map((k) => `alter table ${k.owner} add constraint ${k.name} ${k.definition}`),
    ],
  };
}

export interface Customer {
  id: string;
  email: string;
  /** How many packages the seed gave them. */
  packages: number;
}

/** The signed-in customers: the heavy customer (n = 5g + 1) of SIGNED_IN groups spread over the whole seed. */
function signedInSeeds(): { n: number; packages: number }[] {
  const groups = CUSTOMERS / 5;
  return Array.from({ length: SIGNED_IN }, (_, k) => {
    const g = Math.floor((k * groups) / SIGNED_IN) + (k % 7);
    return { n: g * 5 + 1, packages: HEAVY_COUNT(g) };
  });
}

/** One password hash for all of them (its salt shared: harmless here), as registration stores it. */
async function giveCredentials(db: Transaction): Promise<Customer[]> {
  const seeds = signedInSeeds();
  const found = rowsOf<{ n: string; id: string; email: string }>(
    await db.execute(
      sql.raw(`select n, id, email from bench_owner where n in (${seeds.map((s) => s.n).join(',')})`),
    ),
  );
  const byN = new Map(found.map((row) => [Number(row.n), row]));
  const passwordHash = await hashPassword(PASSWORD);
  const customers: Customer[] = seeds.map((s) => {
    const row = byN.get(s.n);
    if (!row) throw new Error(`seeded customer ${s.n} not found`);
    return { id: row.id, email: row.email, packages: s.packages };
  });
  await db.insert(schema.authAccount).values(
    customers.map((c) => ({
      id: `bench-${c.id}`,
      accountId: c.id,
      providerId: 'credential',
      userId: c.id,
      password: passwordHash,
    })),
  );
  return customers;
}

export interface Seeded {
  customers: Customer[];
  events: number;
  seconds: { users: number; packages: number; vacuum: number };
}

/** Users (admin-search's seed), then packages, events and credentials in one transaction, then VACUUM ANALYZE. */
export async function seedPackages(storage: Storage): Promise<Seeded> {
  const users = await seedUsers(storage);
  return withDatabase(storage, async ({ db }) => {
    let started = performance.now();
    const customers = await db.transaction(async (tx) => {
      const [{ total } = { total: '0' }] = rowsOf<{ total: string }>(
        await tx.execute(sql`select count(*) as total from users where role = 'customer'`),
      );
      if (Number(total) !== CUSTOMERS)
        throw new Error(`expected ${CUSTOMERS} seeded customers, found ${total}`);
      const deferred = await deferredConstraints(tx);
      const statements = [
        `set local work_mem = '64MB'`,
        `set local maintenance_work_mem = '256MB'`,
        HISTORY_FUNCTION,
        `create temp table bench_owner on commit drop as
         select row_number() over (order by locker_number::int) as n, id, email, locker_number,
           direccion1 || ', ' || ciudad1 as address
         from users where role = 'customer'`,
        'create unique index on bench_owner (n)',
        'analyze bench_owner',
        ...deferred.drop,
        packagesInsert(),
        ...[1, 2, 3, 4].map(eventsInsert),
        ...deferred.create,
        `select setval('package_number_seq', ${FIRST_NUMBER + PACKAGES - 1})`,
        'drop function bench_history(text)',
      ];
      for (const statement of statements) await tx.execute(sql.raw(statement));
      return giveCredentials(tx);
    });
    const packagesSeconds = (performance.now() - started) / 1000;
    // As autovacuum would have long since done: the visibility map set, hint bits written, statistics fresh.
    started = performance.now();
    await db.execute(sql.raw('vacuum analyze packages, package_events'));
    const vacuum = (performance.now() - started) / 1000;
    const [{ events } = { events: '0' }] = rowsOf<{ events: string }>(
      await db.execute(sql`select count(*) as events from package_events`),
    );
    return { customers, events: Number(events), seconds: { users, packages: packagesSeconds, vacuum } };
  });
}

/** The seed's duration as the benchmarks that reuse it report it: the total, and users + packages + vacuum. */
export function seedTimes(seeded: Seeded): { total: string; parts: string } {
  const s = seeded.seconds;
  return {
    total: `${(s.users + s.packages + s.vacuum).toFixed(0)} s`,
    parts: `${s.users.toFixed(0)} s + ${s.packages.toFixed(0)} s + ${s.vacuum.toFixed(0)} s`,
  };
}

/** The seed line of the warehouse's and operations' reports: one row per driver. */
export function seedTable(rows: { driver: string; seeded: Seeded }[]): string {
  return markdownTable(
    ['driver', 'seed', 'users + packages + vacuum'],
    rows.map(({ driver, seeded }) => {
      const times = seedTimes(seeded);
      return [driver, times.total, times.parts];
    }),
  );
}
