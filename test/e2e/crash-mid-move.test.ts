// Issue 23, item 3: `kill -9` in the middle of a 5,000-package dispatch move and of a burst of warehouse receipts
// (registrations: crash-safety.test.ts). After the crash the data opens again (on PGlite the dead process's lock of
// ADR 0006 is taken over) and every affected thing is all-or-nothing: the dispatch and its 5,000 packages all moved
// or none, every package's state is the state of its last event, no receipt half-written, and no mail queued for a
// change that did not commit. Then the app starts again and finishes the work.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../src/server/db/open.ts';
import { postAs, registerOverHttp, signInOverHttp, startAppProcess } from '../support/app-process.ts';
import { createPostgresDatabase, openDatabaseIn } from '../support/database.ts';

const drivers = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const CAPTCHA = 'CAIDA9';
const PASSWORD = 'Clave#Segura2026';
const ADMIN_EMAIL = 'jefa.movida@example.com';
const MOVED = 5000;
const RECEIPTS = 300;
const FIRST = 500_001;

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function rows<T>(database: OpenDatabase, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Opens the app's data as a command would (PGlite: taking over a dead holder's lock), runs `work`, closes it. */
async function withData<T>(env: Record<string, string>, work: (database: OpenDatabase) => Promise<T>) {
  const database = await openDatabaseIn(env);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** 5,000 received packages of three customers in one open dispatch, and RECEIPTS pre-alerted ones to receive. */
async function seed(database: OpenDatabase): Promise<string[]> {
  const owners = await rows<{ id: string; locker_number: string }>(
    database,
    sql`select id, locker_number from users where role = 'customer' order by locker_number`,
  );
  expect(owners).toHaveLength(3);
  const ids = owners.map((owner) => owner.id);
  const textArray = (values: string[]) =>
    sql`array[${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )}]::text[]`;
  const lockers = owners.map((owner) => owner.locker_number);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into packages (number, user_id, guide, carrier, store, content, declared_value_cents, state,
        locker_number, weight_lb, length_in, width_in, height_in, condition, received_at)
      select ${FIRST} + i, (${textArray(ids)})[i % 3 + 1], 'TBA' || lpad(i::text, 12, '0'), 'amazon', 'Amazon',
        'Libros', 2000, case when i < ${MOVED} then 'recibido' else 'prealertado' end,
        case when i < ${MOVED} then (${textArray(lockers)})[i % 3 + 1] end,
        case when i < ${MOVED} then 2.5 end, case when i < ${MOVED} then 10 end,
        case when i < ${MOVED} then 8 end, case when i < ${MOVED} then 4 end,
        case when i < ${MOVED} then 'Buen estado' end, case when i < ${MOVED} then now() end
      from generate_series(0, ${MOVED + RECEIPTS - 1}) as i`);
    await tx.execute(sql`
      insert into package_events (package_number, state, actor_role)
      select number, state, case when state = 'recibido' then 'bodega' else 'customer' end
      from packages where number >= ${FIRST}`);
    await tx.execute(sql`select setval('package_number_seq', ${FIRST + MOVED + RECEIPTS})`);
    await tx.execute(sql`
      insert into dispatches (id, master_awb, airline, flight_date) values (900, '729-12345675', 'Avianca Cargo',
        '2026-11-24')`);
    await tx.execute(sql`
      insert into dispatch_packages (dispatch_id, package_number)
      select 900, number from packages where number between ${FIRST} and ${FIRST + MOVED - 1}`);
  });
  return lockers;
}

/** The invariants a crash must not break, over the seeded packages. */
async function expectWhole(database: OpenDatabase) {
  // Every package's state is its last event's state: no event without its state, no state without its event.
  const [torn] = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from packages p where p.number >= ${FIRST} and p.state is distinct from
      (select e.state from package_events e where e.package_number = p.number order by e.id desc limit 1)`,
  );
  expect(torn?.n).toBe(0);
  // The dispatch moved whole or not at all, with each package's event.
  const states = await rows<{ state: string; n: number }>(
    database,
    sql`select p.state, count(*)::int as n from dispatch_packages d join packages p on p.number = d.package_number
      where d.dispatch_id = 900 group by p.state`,
  );
  expect(states).toHaveLength(1);
  const moved = states[0]?.state === 'en_transito';
  expect(states[0]).toEqual({ state: moved ? 'en_transito' : 'recibido', n: MOVED });
  const [dispatch] = await rows<{ state: string }>(
    database,
    sql`select state from dispatches where id = 900`,
  );
  expect(dispatch?.state).toBe(moved ? 'en_transito' : 'abierto');
  const [events] = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from package_events where state = 'en_transito' and package_number >= ${FIRST}`,
  );
  expect(events?.n).toBe(moved ? MOVED : 0);
  // No package received twice.
  const [twice] = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from (select package_number from package_events where state = 'recibido'
      and package_number >= ${FIRST} group by package_number having count(*) > 1) t`,
  );
  expect(twice?.n).toBe(0);
  return moved;
}

/** How many mails were queued after outbox row `after`. */
async function mailsAfter(database: OpenDatabase, after: number): Promise<number> {
  const [mails] = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from outbox where id > ${after}`,
  );
  return mails?.n ?? 0;
}

const lastOutboxId = async (database: OpenDatabase) =>
  (await rows<{ id: number }>(database, sql`select coalesce(max(id), 0)::int as id from outbox`))[0]?.id ?? 0;

describe.each(drivers)('kill -9 mid-move on %s', (driver) => {
  it('leaves the dispatch move and the receipts all-or-nothing, and the data opens again', async () => {
    const env: Record<string, string> = {
      CAPTCHA_TEST_ANSWER: CAPTCHA,
      RATE_LIMITS: 'off',
      ADMIN_EMAILS: ADMIN_EMAIL,
    };
    if (driver === 'postgres') {
      const { url, drop } = await createPostgresDatabase();
      env.DATABASE_URL = url;
      cleanups.push(drop);
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'casillero-movida-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env.DATA_DIR = join(dir, 'db');
    }
    const start = async () => {
      const app = await startAppProcess(env);
      cleanups.push(() => app.stop('SIGKILL'));
      return app;
    };

    let app = await start();
    await registerOverHttp(app.url, CAPTCHA, {
      email: ADMIN_EMAIL,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    for (const n of [1, 2, 3])
      await registerOverHttp(app.url, CAPTCHA, { email: `cliente${n}.movida@example.com` });
    await app.stop();
    const lockers = await withData(env, seed);
    const outboxBefore = await withData(env, lastOutboxId);

    // The dispatch move, killed once its transaction is under way (PostgreSQL: seen in pg_stat_activity).
    app = await start();
    let admin = await signInOverHttp(app.url, ADMIN_EMAIL, PASSWORD);
    const move = postAs(
      app.url,
      '/api/admin/dispatches/900/state',
      { state: 'en_transito' },
      { cookie: admin },
    )
      .then((response) => response.status)
      .catch(() => 'cut');
    await underWay(env);
    app.process.kill('SIGKILL');
    const answered = await move;
    await app.exited;
    const movedFirst = await withData(env, async (database) => {
      const moved = await expectWhole(database);
      // No mail queued for a move that did not commit.
      if (!moved) expect(await mailsAfter(database, outboxBefore)).toBe(0);
      return moved;
    });
    const outboxBeforeReceipts = await withData(env, lastOutboxId);
    // An answered move committed; a move cut before it answered may have committed or not, but whole.
    if (answered === 200) expect(movedFirst).toBe(true);

    // A burst of receipts from 4 scanners, killed after 40 were acknowledged.
    app = await start();
    admin = await signInOverHttp(app.url, ADMIN_EMAIL, PASSWORD);
    const acknowledged: number[] = [];
    let killed = false;
    const guides = Array.from({ length: RECEIPTS }, (_, i) => `TBA${String(MOVED + i).padStart(12, '0')}`);
    const scanner = async (from: number) => {
      for (let i = from; i < RECEIPTS && !killed; i += 4) {
        try {
          const response = await postAs(
            app.url,
            '/api/warehouse/receipts',
            { guide: guides[i], lockerNumber: lockers[(MOVED + i) % 3], weightLb: '1.5' },
            { cookie: admin },
          );
          if (response.status === 201)
            acknowledged.push(((await response.json()) as { number: number }).number);
          if (acknowledged.length >= 40 && !killed) {
            killed = true;
            app.process.kill('SIGKILL');
          }
        } catch {
          // Cut by the kill.
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(scanner));
    expect(killed).toBe(true);
    await app.exited;
    await withData(env, async (database) => {
      await expectWhole(database);
      const received = await rows<{ number: number }>(
        database,
        sql`select number from packages where number >= ${FIRST + MOVED} and state <> 'prealertado'`,
      );
      const numbers = new Set(received.map((row) => row.number));
      for (const number of acknowledged) expect(numbers.has(number)).toBe(true);
      // At most one mail per receipt that committed (each is queued in its receipt's transaction).
      expect(await mailsAfter(database, outboxBeforeReceipts)).toBeLessThanOrEqual(numbers.size);
    });

    // The app starts again on the same data and finishes the move if the crash undid it.
    app = await start();
    admin = await signInOverHttp(app.url, ADMIN_EMAIL, PASSWORD);
    if (!movedFirst) {
      const again = await postAs(
        app.url,
        '/api/admin/dispatches/900/state',
        { state: 'en_transito' },
        { cookie: admin },
      );
      expect(again.status).toBe(200);
    }
    await app.stop();
    await withData(env, async (database) => expect(await expectWhole(database)).toBe(true));
  }, 600_000);
});

/** Resolves once the move's transaction is writing (PostgreSQL), or shortly after the request left (PGlite). */
async function underWay(env: Record<string, string>) {
  if (!env.DATABASE_URL) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    return;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    for (let i = 0; i < 2000; i++) {
      const { rows: active } = await client.query(
        `select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and xact_start is not null and query ilike '%package%'`,
      );
      if (active.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await client.end();
  }
}
