// Packages: the 100,000 users of the admin-search seed, then 1,000,000 packages over them with 1–4 events each
// (≈2.5M), seeded in SQL before the server starts; 100 customers with 10–40 packages each get a real credential.
// Signed in as each of them: GET /api/packages (first page and counts), GET /api/packages/:number of their own
// packages and POST /api/packages (a pre-alert with a new guide), beside GET /api/me (the session alone), with the
// CPU each request costs the server and PostgreSQL. EXPLAIN (ANALYZE) of the routes' queries after the run.
// The seed (`seed`), and the CPU meter and plan inspector, are exported: warehouse.ts and operations.ts run on it.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Logger, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { hashPassword } from '../src/server/auth/password.ts';
import {
  type Database,
  type OpenDatabase,
  openPglite,
  openPostgres,
  type Transaction,
} from '../src/server/db/open.ts';
import * as schema from '../src/server/db/schema.ts';
import { findVisiblePackage, listCustomerPackages, packageDetail } from '../src/server/packages/queries.ts';
import type { PackageDetail, PackageList } from '../src/shared/packages/api-types.ts';
import { seed as seedUsers } from './admin-search.ts';
import {
  availableDrivers,
  type BenchResult,
  type BenchServer,
  cpuByPid,
  cpuSince,
  type Driver,
  freshStorage,
  login,
  markdownTable,
  median,
  ms,
  PASSWORD,
  percentile,
  processCpuMs,
  type Row,
  type Storage,
  startServer,
  verdict,
} from './shared.ts';

export const CUSTOMERS = 100_000;
export const PACKAGES = 1_000_000;
export const FIRST_NUMBER = 100_001;
/** Customers signed in; each is a "heavy" one (10–40 packages), spread over the whole seed. */
const SIGNED_IN = 100;
const LIST_ROUNDS = 3;
const DETAILS_EACH = 5;
const PREALERTS_EACH = 2;
const WARM_UP_CUSTOMERS = 10;
const BUDGET_MS = {
  list: { postgres: 30, pglite: 100 } as Record<Driver, number>,
  detail: { postgres: 20 } as Partial<Record<Driver, number>>,
  prealert: { postgres: 50 } as Partial<Record<Driver, number>>,
};

// biome-ignore format: a list of names
const STORES = [
  'Amazon', 'eBay', 'Walmart', 'Best Buy', 'Shein', 'Nike', 'Apple', 'Target', 'AliExpress', 'Temu', 'Costco',
  'Adidas', 'Sephora', 'Newegg', 'Zara', 'Carters',
];
// biome-ignore format: a list of names
const CONTENTS = [
  'Ropa', 'Zapatos deportivos', 'Celular', 'Audífonos', 'Libros', 'Juguetes', 'Vitaminas', 'Repuestos de carro',
  'Maquillaje', 'Computador portátil', 'Reloj', 'Perfume', 'Accesorios de celular', 'Ropa de bebé', 'Tenis',
  'Consola de videojuegos', 'Herramientas', 'Suplementos',
];

const list = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

// Package i (0 … PACKAGES − 1) is number FIRST_NUMBER + i, created i × 31.5 s after a year ago. Its owner: a
// bijection s of i onto 0 … PACKAGES − 1 cuts the packages into groups of 50 slots, one per 5 customers; the first
// customer of group g (n = 5g + 1) takes a = 10 + 7g mod 31 slots (10–40 packages), the other four share the
// rest (2–10 each). The bijection scatters a customer's packages over the year and over the table.
const HEAVY_COUNT = (g: number) => 10 + ((g * 7) % 31);
const OWNER = `
  select i, s / 50 * 5 + case when s % 50 < 10 + (s / 50 * 7) % 31 then 1
                              else 2 + (s % 50 - 10 - (s / 50 * 7) % 31) % 4 end as n,
    (i * 2654435761) % 4294967291 % 100 as h
  from (select i, (i * 387433) % ${PACKAGES} as s from generate_series(0::bigint, ${PACKAGES - 1}) as i) x`;

// Recent packages are on their way, older ones mostly delivered (some cancelled, returned or never arrived).
const RECENT_4_DAYS = PACKAGES - Math.round((PACKAGES * 4) / 365);
const RECENT_15_DAYS = PACKAGES - Math.round((PACKAGES * 15) / 365);
const STATE = `case
  when i >= ${RECENT_4_DAYS} then case when h < 34 then 'prealertado' when h < 35 then 'sin_identificar'
    when h < 60 then 'recibido' when h < 80 then 'en_transito' when h < 88 then 'en_aduana'
    when h < 95 then 'en_bodega_colombia' else 'en_reparto' end
  when i >= ${RECENT_15_DAYS} then case when h < 5 then 'prealertado' when h < 15 then 'recibido'
    when h < 30 then 'en_transito' when h < 40 then 'en_aduana' when h < 50 then 'en_bodega_colombia'
    when h < 60 then 'en_reparto' when h < 61 then 'retenido' else 'entregado' end
  else case when h < 2 then 'cancelado' when h < 4 then 'devuelto' when h < 5 then 'prealertado'
    else 'entregado' end
end`;

// Unique by construction: UPS '1Z' + 16 hex digits of a bijection of i, USPS 22 digits, Amazon, FedEx, DHL.
const GUIDE = `case
  when i % 10 < 5 then '1Z' || lpad(upper(to_hex((i * 2654435761) % 1099511627776)), 16, '0')
  when i % 10 < 7 then '9400' || lpad(i::text, 18, '0')
  when i % 10 = 7 then 'TBA' || lpad(i::text, 12, '0')
  when i % 10 = 8 then '7' || lpad(i::text, 11, '0')
  else '3' || lpad(i::text, 9, '0') end`;
const CARRIER = `case when i % 10 < 5 then 'ups' when i % 10 < 7 then 'usps' when i % 10 = 7 then 'amazon'
  when i % 10 = 8 then 'fedex' else 'dhl' end`;

/** The states a package in `state` went through, in order: its events are the last 1–4 of them. */
const HISTORY_FUNCTION = `create function bench_history(state text) returns text[] language sql immutable as $$
  select case state
    when 'sin_identificar' then array['prealertado', 'sin_identificar']
    when 'retenido' then array['prealertado', 'recibido', 'retenido']
    when 'devuelto' then array['prealertado', 'recibido', 'en_transito', 'devuelto']
    when 'cancelado' then array['prealertado', 'cancelado']
    else (array['prealertado', 'recibido', 'en_transito', 'en_aduana', 'en_bodega_colombia', 'en_reparto',
                'entregado'])[1:array_position(array['prealertado', 'recibido', 'en_transito', 'en_aduana',
                'en_bodega_colombia', 'en_reparto', 'entregado'], state)]
  end
$$`;

const RECEIVED = `state not in ('prealertado', 'sin_identificar', 'cancelado')`;

function packagesInsert(): string {
  return `
    insert into packages (number, user_id, guide, carrier, store, content, declared_value_cents, quantity,
      delivery_address, address_choice, instructions, state, locker_number, weight_lb, length_in, width_in,
      height_in, condition, received_at, created_at, updated_at)
    select ${FIRST_NUMBER} + i, o.id, guide, carrier, (${list(STORES)})[i % ${STORES.length} + 1],
      (${list(CONTENTS)})[i / 7 % ${CONTENTS.length} + 1], 500 + (i * 7919) % 150000,
      case when i % 9 = 0 then 2 + i % 4 else 1 end, o.address, 1,
      case when i % 13 = 0 then 'Dejar en portería' else '' end, state,
      case when ${RECEIVED} then o.locker_number end,
      case when ${RECEIVED} then 0.5 + (i % 300) / 10.0 end,
      case when ${RECEIVED} then 6 + i % 30 end, case when ${RECEIVED} then 4 + i % 20 end,
      case when ${RECEIVED} then 2 + i % 15 end,
      case when ${RECEIVED} then case when i % 50 = 0 then 'Caja golpeada' else 'Buen estado' end end,
      case when ${RECEIVED} then least(created_at + interval '26 hours', now()) end,
      created_at, least(created_at + (cardinality(bench_history(state)) - 1) * interval '26 hours', now())
    from (select i, n, ${STATE} as state, ${GUIDE} as guide, ${CARRIER} as carrier,
            now() - interval '365 days' + i * interval '${(365 * 86_400) / PACKAGES} seconds' as created_at
          from (${OWNER}) w) p
    join bench_owner o on o.n = p.n`;
}

/**
 * Event j (1–4) of every package that has at least j: one statement per j, so that a package's events lie far
 * apart in the table, as events written days apart do, and their ids grow with time.
 */
function eventsInsert(j: number): string {
  const customer = `h[e] in ('prealertado', 'cancelado')`;
  return `
    insert into package_events (package_number, state, at, actor_id, actor_role, carrier, carrier_guide)
    select number, h[e], least(created_at + (e - 1) * interval '26 hours', now()),
      case when ${customer} then user_id end,
      case when ${customer} then 'customer'
           when h[e] in ('recibido', 'sin_identificar', 'retenido', 'en_transito', 'devuelto') then 'bodega'
           else 'system' end,
      case when h[e] = 'en_transito' then 'Avianca Cargo' else '' end,
      case when h[e] = 'en_transito' then '729-' || lpad((number % 100000000)::text, 8, '0') else '' end
    from (select number, user_id, created_at, h, k, cardinality(h) - k + ${j} as e
          from (select number, user_id, created_at, h, least(1 + number * 3 % 4, cardinality(h)) as k
                from (select number, user_id, created_at, bench_history(state) as h from packages) a) b) c
    where k >= ${j}`;
}

type Rows<T> = { rows: T[] };
export const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

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

export async function openStorage(storage: Storage): Promise<OpenDatabase> {
  return storage.driver === 'postgres' ? openPostgres(storage.location) : openPglite(storage.location);
}

export interface Seeded {
  customers: Customer[];
  events: number;
  seconds: { users: number; packages: number; vacuum: number };
}

/** Users (admin-search's seed), then packages, events and credentials in one transaction, then VACUUM ANALYZE. */
export async function seed(storage: Storage): Promise<Seeded> {
  const users = await seedUsers(storage);
  const database = await openStorage(storage);
  try {
    const { db } = database;
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
  } finally {
    await database.close();
  }
}

/** The seed's duration as the benchmarks that reuse it report it: the total, and users + packages + vacuum. */
export function seedTimes(seeded: Seeded): { total: string; parts: string } {
  const s = seeded.seconds;
  return {
    total: `${(s.users + s.packages + s.vacuum).toFixed(0)} s`,
    parts: `${s.users.toFixed(0)} s + ${s.packages.toFixed(0)} s + ${s.vacuum.toFixed(0)} s`,
  };
}

// ---------- the requests ----------

interface Session extends Customer {
  cookie: string;
  /** Package numbers of their first page, once listed. */
  numbers: number[];
}

export async function timed(url: string, init: RequestInit, expected: number) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body: unknown = await response.json();
  const elapsed = performance.now() - started;
  if (response.status !== expected)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return { elapsed, body };
}

async function listPackages(server: BenchServer, session: Session): Promise<number> {
  const { elapsed, body } = await timed(
    `${server.url}/api/packages`,
    { headers: { cookie: session.cookie } },
    200,
  );
  const page = body as PackageList;
  const counted = Object.values(page.counts).reduce((sum, n) => sum + (n ?? 0), 0);
  if (
    page.total !== session.packages ||
    counted !== page.total ||
    page.packages.length !== Math.min(20, page.total)
  )
    throw new Error(
      `list of ${session.email}: total ${page.total}, counts ${counted}, expected ${session.packages}`,
    );
  session.numbers = page.packages.map((p) => p.number);
  return elapsed;
}

async function readPackage(server: BenchServer, session: Session, number: number): Promise<number> {
  const { elapsed, body } = await timed(
    `${server.url}/api/packages/${number}`,
    { headers: { cookie: session.cookie } },
    200,
  );
  // A history may be empty to the customer: the warehouse's review ('sin_identificar') stays out of it.
  if ((body as PackageDetail).number !== number) throw new Error(`package ${number}: another answered`);
  return elapsed;
}

/** GET /api/me: the session's three queries and nothing else, the floor under the package routes. */
async function readMe(server: BenchServer, session: Session): Promise<number> {
  return (await timed(`${server.url}/api/me`, { headers: { cookie: session.cookie } }, 200)).elapsed;
}

let guides = 0;
/** A UPS-shaped guide no seeded package has ('N' and 'W' are not hex digits). */
const newGuide = () => `1ZNEW${String(++guides).padStart(13, '0')}`;

async function prealert(server: BenchServer, session: Session): Promise<number> {
  const form = {
    guide: newGuide(),
    store: 'Amazon',
    content: 'Audífonos inalámbricos',
    declaredValue: '49.99',
    quantity: 1,
    address: 1,
    instructions: '',
  };
  const { elapsed } = await timed(
    `${server.url}/api/packages`,
    {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(form),
    },
    201,
  );
  return elapsed;
}

/** One kind of request: its latencies, and the CPU spent on each by the server and by PostgreSQL. */
interface Phase {
  times: number[];
  serverCpuMs: number;
  /** The backends of this benchmark's database only; null on PGlite, which runs inside the server. */
  postgresCpuMs: number | null;
}

interface Samples {
  /** GET /api/me: the session middleware alone, the floor under every signed-in route. */
  me: Phase;
  /** LIST_ROUNDS rounds; the first is, for 90 of the customers, their first visit since the server started. */
  list: Phase;
  detail: Phase;
  prealert: Phase;
}

interface CpuReading {
  server: number;
  postgres: Map<number, number>;
}

/** Reads the CPU used so far by the server process and by the PostgreSQL backends connected to our database. */
export async function openCpuMeter(server: BenchServer, storage: Storage) {
  const pid = server.process.pid ?? 0;
  const client = storage.driver === 'postgres' ? new pg.Client({ connectionString: storage.location }) : null;
  await client?.connect();
  return {
    postgres: client !== null,
    async read(): Promise<CpuReading> {
      const serverMs = processCpuMs(pid).total;
      if (!client) return { server: serverMs, postgres: new Map() };
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      const ours = new Set(rows.map((row) => row.pid));
      return { server: serverMs, postgres: new Map([...cpuByPid('postgres')].filter(([p]) => ours.has(p))) };
    },
    async close() {
      await client?.end();
    },
  };
}

export type CpuMeter = Awaited<ReturnType<typeof openCpuMeter>>;

/** `count` requests one at a time, with the CPU they cost. */
async function phase(
  meter: CpuMeter,
  count: number,
  request: (i: number) => Promise<number>,
): Promise<Phase> {
  const before = await meter.read();
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await request(i));
  const after = await meter.read();
  return {
    times,
    serverCpuMs: (after.server - before.server) / count,
    postgresCpuMs: meter.postgres ? cpuSince(before.postgres, after.postgres) / count : null,
  };
}

/**
 * Signs every customer in and warms up on a few; then each kind of request in turn, one at a time, customer
 * after customer.
 */
async function measure(server: BenchServer, storage: Storage, customers: Customer[]): Promise<Samples> {
  const sessions: Session[] = [];
  for (const customer of customers)
    sessions.push({ ...customer, cookie: (await login(server.url, customer.email)).cookie, numbers: [] });
  const warmUp = sessions.slice(-WARM_UP_CUSTOMERS);
  for (const session of warmUp) {
    await readMe(server, session);
    await listPackages(server, session);
    await readPackage(server, session, session.numbers[0] as number);
    await prealert(server, session);
  }
  // Counts checked by listPackages are the seeded ones: the warmed-up customers have one package more.
  for (const session of warmUp) session.packages++;
  const n = sessions.length;
  const at = (i: number) => sessions[i % n] as Session;
  const meter = await openCpuMeter(server, storage);
  try {
    const me = await phase(meter, LIST_ROUNDS * n, (i) => readMe(server, at(i)));
    const list = await phase(meter, LIST_ROUNDS * n, (i) => listPackages(server, at(i)));
    // Every other package of the first page (each customer has at least 10): old and recent, short and long histories.
    const detail = await phase(meter, DETAILS_EACH * n, (i) =>
      readPackage(server, at(i), at(i).numbers[Math.floor(i / n) * 2] as number),
    );
    const prealerts = await phase(meter, PREALERTS_EACH * n, (i) => prealert(server, at(i)));
    return { me, list, detail, prealert: prealerts };
  } finally {
    await meter.close();
  }
}

// ---------- plans ----------

export interface Captured {
  sql: string;
  params: unknown[];
}

/** A drizzle on the benchmark's data that records the queries it sends, and runs EXPLAIN (ANALYZE, BUFFERS). */
export interface Inspector {
  db: Database;
  /** The queries sent since the last call. */
  take(): Captured[];
  explain(query: Captured): Promise<string[]>;
  close(): Promise<void>;
}

export async function openInspector(storage: Storage): Promise<Inspector> {
  const captured: Captured[] = [];
  const logger: Logger = { logQuery: (text, params) => captured.push({ sql: text, params }) };
  const take = () => captured.splice(0);
  const plan = (rows: Record<string, string>[]) => rows.map((row) => Object.values(row)[0] ?? '');
  if (storage.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: storage.location, max: 4 });
    return {
      db: drizzlePg(pool, { schema, logger }) as unknown as Database,
      take,
      explain: async (q) => plan((await pool.query(`explain (analyze, buffers) ${q.sql}`, q.params)).rows),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(storage.location, { extensions: { pg_trgm } });
  return {
    db: drizzlePglite(client, { schema, logger }) as unknown as Database,
    take,
    explain: async (q) =>
      plan(
        (await client.query<Record<string, string>>(`explain (analyze, buffers) ${q.sql}`, q.params)).rows,
      ),
    close: () => client.close(),
  };
}

interface RoutePlans {
  /** The customer's packages when explained (the run's pre-alerts included). */
  packages: number;
  /** The queries each route makes itself (the session's come before them), with their plans. */
  list: ExplainedQuery[];
  detail: ExplainedQuery[];
  /** How the page's plan reads packages_user_newest_idx: in order (no sort), as a bitmap (then a sort), or not. */
  newestIndex: string;
}

interface ExplainedQuery {
  label: string;
  sql: string;
  plan: string[];
}

const shortSql = (text: string) => text.replace(/^select .*? from/, 'select … from');

/** What a query of the routes is for, from its text (Promise.all sends them in no fixed order). */
function queryLabel(text: string): string {
  const table = /from "(\w+)"/.exec(text)?.[1] ?? '?';
  if (table !== 'packages') return table;
  if (text.includes('group by')) return 'counts per state';
  if (text.includes('count(')) return 'total';
  if (text.includes('limit')) return 'page';
  return 'package';
}

/** The list's and the detail's queries for one customer (of their newest package), as queries.ts makes them. */
async function routePlans(storage: Storage, customer: Customer): Promise<RoutePlans> {
  const inspector = await openInspector(storage);
  try {
    const explainAll = async () => {
      const out: ExplainedQuery[] = [];
      for (const query of inspector.take())
        out.push({
          label: queryLabel(query.sql),
          sql: shortSql(query.sql),
          plan: await inspector.explain(query),
        });
      return out;
    };
    const page = await listCustomerPackages(inspector.db, customer.id, { q: '', state: null, page: 1 });
    const list = await explainAll();
    const viewer = { kind: 'customer', userId: customer.id } as const;
    const row = await findVisiblePackage(inspector.db, page.packages[0]?.number ?? 0, viewer);
    if (!row) throw new Error(`${customer.email} has no package`);
    await packageDetail(inspector.db, row, viewer);
    const detail = await explainAll();
    const pagePlan = list.find((q) => q.label === 'page')?.plan.join('\n') ?? '';
    return {
      packages: page.total,
      list,
      detail,
      newestIndex: /(Index|Index Only) Scan using packages_user_newest_idx/.test(pagePlan)
        ? 'yes, in order (no sort)'
        : pagePlan.includes('packages_user_newest_idx')
          ? "yes, as a bitmap, then a sort of the customer's rows"
          : 'no',
    };
  } finally {
    await inspector.close();
  }
}

// ---------- the run ----------

async function runDriver(driver: Driver) {
  const storage = await freshStorage(driver);
  try {
    const seeded = await seed(storage);
    const server = await startServer(storage);
    let samples: Samples;
    try {
      samples = await measure(server, storage, seeded.customers);
    } finally {
      await server.stop();
    }
    // The customer with the most packages: the longest page to sort, the most index entries to read.
    const busiest = [...seeded.customers].sort((x, y) => y.packages - x.packages)[0] as Customer;
    const plans = await routePlans(storage, busiest);
    return { seeded, samples, plans };
  } finally {
    await storage.remove();
  }
}

function row(measure: string, phase: Phase, budget: number | undefined): Row {
  const p95 = percentile(phase.times, 95);
  return {
    measure,
    value: ms(p95),
    budget: budget === undefined ? 'none set (report only)' : `< ${budget} ms`,
    verdict: budget === undefined ? '—' : verdict(p95 < budget),
  };
}

function planBlock(queries: ExplainedQuery[]): string[] {
  return queries.flatMap((q) => [`-- ${q.label}: ${q.sql}`, ...q.plan, '']).slice(0, -1);
}

const INTRO = [
  `${CUSTOMERS.toLocaleString('en')} users as the admin-search benchmark seeds them, then ${PACKAGES.toLocaleString('en')}`,
  'packages in one INSERT … SELECT generate_series: numbers from 100001 in the order they were created over the',
  'past year, unique guides of five carriers, stores and contents from short lists; most delivered, the last two',
  'weeks on their way. Each customer owns 2–40 packages scattered over the year and the table (a fifth own 10–40).',
  'Every package has the last 1–4 events of its history (one INSERT per event rank). The secondary indexes and',
  'foreign keys of both tables are dropped first and made again after the rows, as the migrations define them; then',
  'the sequence is set and VACUUM ANALYZE runs. No files. The server starts after the seed.',
  '',
  `${SIGNED_IN} customers with 10–40 packages sign in (a real argon2id credential seeded for them) and warm up on`,
  `${WARM_UP_CUSTOMERS} of them. Then each kind of request in turn, one at a time, customer after customer, timed at`,
  `the client: GET /api/me (the session middleware alone, the floor under every signed-in route) and GET`,
  `/api/packages (first page of 20 and the counts per state) ${LIST_ROUNDS} times each, GET /api/packages/:number of`,
  `${DETAILS_EACH} of their own packages each, POST /api/packages (a pre-alert with a new guide) ${PREALERTS_EACH} times each.`,
  'CPU per request: the server process (with PGlite inside it), and the PostgreSQL backends of this database.',
];

const cpu = (value: number | null) => (value === null ? '—' : ms(value));

function phaseRow(driver: Driver, request: string, phase: Phase, times = phase.times): string[] {
  return [
    driver,
    request,
    ms(median(times)),
    ms(percentile(times, 95)),
    cpu(phase.serverCpuMs),
    cpu(phase.postgresCpuMs),
  ];
}

export async function run(): Promise<BenchResult> {
  const { drivers, note } = await availableDrivers();
  const rows: Row[] = [];
  const seeds: string[][] = [];
  const requests: string[][] = [];
  const plansText: string[] = [];
  for (const driver of drivers) {
    const { seeded, samples, plans } = await runDriver(driver);
    rows.push(
      row(`${driver}: GET /api/packages p95 (page + counts)`, samples.list, BUDGET_MS.list[driver]),
      row(`${driver}: GET /api/packages/:number p95`, samples.detail, BUDGET_MS.detail[driver]),
      row(`${driver}: POST /api/packages p95 (pre-alert)`, samples.prealert, BUDGET_MS.prealert[driver]),
    );
    const times = seedTimes(seeded);
    seeds.push([driver, times.total, times.parts, seeded.events.toLocaleString('en'), plans.newestIndex]);
    const firstRound = samples.list.times.slice(0, seeded.customers.length);
    requests.push(
      phaseRow(driver, 'GET /api/me (session only)', samples.me),
      phaseRow(driver, 'GET /api/packages', samples.list),
      [...phaseRow(driver, 'GET /api/packages, round 1', samples.list, firstRound).slice(0, 4), '—', '—'],
      phaseRow(driver, 'GET /api/packages/:number', samples.detail),
      phaseRow(driver, 'POST /api/packages', samples.prealert),
    );
    console.log(`\n${driver}: EXPLAIN ANALYZE of the list's queries (first lines)`);
    for (const q of plans.list) console.log(`-- ${q.label}\n${q.plan.slice(0, 6).join('\n')}`);
    plansText.push(
      '',
      `### ${driver}: the routes' queries, EXPLAIN (ANALYZE, BUFFERS) after the run`,
      '',
      `For the customer with the most packages (${plans.packages}); the session's queries come before these.`,
      '',
      '```',
      ...planBlock(plans.list),
      '',
      '-- GET /api/packages/:number (their newest package)',
      ...planBlock(plans.detail),
      '```',
    );
  }
  const details = [
    ...INTRO,
    '',
    markdownTable(
      ['driver', 'seed', 'users + packages + vacuum', 'events', 'list page uses packages_user_newest_idx'],
      seeds,
    ),
    '',
    markdownTable(
      ['driver', 'request', 'median', 'p95', 'server CPU per request', 'PostgreSQL CPU per request'],
      requests,
    ),
    ...plansText,
  ];
  if (note) details.push('', note);
  return { rows, details: details.join('\n') };
}
