// Admin search: 100,000 users seeded in bulk with SQL (not through the API) before the server starts, one admin
// registered through the API, then GET /api/admin/users?q=…&page=1 (first page and total) for 20 varied terms.
import { desc, sql } from 'drizzle-orm';
import { listCondition } from '../src/server/admin/routes.ts';
import { type OpenDatabase, openPglite, openPostgres } from '../src/server/db/open.ts';
import { users } from '../src/server/db/schema.ts';
import {
  availableDrivers,
  type BenchResult,
  type BenchServer,
  type Driver,
  freshStorage,
  markdownTable,
  median,
  ms,
  percentile,
  type Row,
  registerAdmin,
  type Storage,
  startServer,
  verdict,
} from './shared.ts';

const USERS = 100_000;
const FIRST_LOCKER = 1334;
const ROUNDS = 5;
const BUDGET_MS: Record<Driver, number> = { postgres: 50, pglite: 150 };

// biome-ignore format: a list of names
const FIRST_NAMES = [
  'María', 'José', 'Juan', 'Luis', 'Carlos', 'Ana', 'Sofía', 'Valentina', 'Andrés', 'Camila',
  'Diego', 'Isabella', 'Sebastián', 'Lucía', 'Mateo', 'Daniela', 'Santiago', 'Gabriela', 'Alejandro', 'Paula',
  'Jorge', 'Natalia', 'Fernando', 'Mariana', 'Ricardo', 'Laura', 'Julián', 'Catalina', 'Miguel', 'Verónica',
  'Óscar', 'Ángela', 'Héctor', 'Adriana', 'Raúl', 'Mónica', 'Iván', 'Patricia', 'Nicolás', 'Juliana',
];
// biome-ignore format: a list of names
const LAST_NAMES = [
  'García', 'Rodríguez', 'Martínez', 'López', 'González', 'Pérez', 'Sánchez', 'Ramírez', 'Torres', 'Flores',
  'Rivera', 'Gómez', 'Díaz', 'Cruz', 'Morales', 'Reyes', 'Gutiérrez', 'Ortiz', 'Ramos', 'Castillo',
  'Jiménez', 'Vargas', 'Romero', 'Herrera', 'Medina', 'Aguilar', 'Castro', 'Muñoz', 'Rojas', 'Mendoza',
  'Ruiz', 'Álvarez', 'Suárez', 'Peña', 'Ospina', 'Cárdenas', 'Restrepo', 'Zapata', 'Londoño', 'Quintero',
];
const CITIES = ['Bogotá', 'Medellín', 'Cali', 'Barranquilla', 'Caracas', 'Lima', 'Quito', 'Guadalajara'];
const DOMAINS = ['gmail.com', 'hotmail.com', 'yahoo.com', 'outlook.com', 'gmail.com', 'icloud.com'];

/** The referral code of seeded user n: a bijection of n onto 6 base-36 characters, so codes never repeat. */
function refCode(n: number): string {
  let x = (BigInt(n) * 1_000_003n + 60_466_176n) % 2_176_782_336n;
  let code = '';
  for (let k = 0; k < 6; k++) {
    code = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(Number(x % 36n)) + code;
    x /= 36n;
  }
  return code;
}

// Seeded user n, as the SQL below makes it (both lists have 40 entries: every first/last name pair occurs).
const firstName = (n: number) => FIRST_NAMES[n % 40] as string;
const lastName = (n: number) => LAST_NAMES[Math.floor(n / 40) % 40] as string;
const plain = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
const emailStart = (n: number) => `${plain(firstName(n))}.${plain(lastName(n))}`;

const list = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;
const ascii = (column: string) => `translate(lower(${column}), 'áéíóúñüÁÉÍÓÚÑ', 'aeiounuaeioun')`;

/** The seed, as plain SQL both drivers run. Users n = 1 … USERS, locker 1333 + n, created over the past year. */
function seedStatements(): string[] {
  const person = `
    select n,
      bench_code(n) as code,
      (${list(FIRST_NAMES)})[n % 40 + 1] as first,
      (${list(LAST_NAMES)})[(n / 40) % 40 + 1] as last1,
      (${list(LAST_NAMES)})[(n / 1600 + n) % 40 + 1] as last2
    from generate_series(1, ${USERS}) as n`;
  return [
    `create function bench_code(n bigint) returns text language sql immutable as $$
       select string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
                                ((x / power(36, k)::bigint) % 36)::int + 1, 1), '' order by k desc)
       from (select (n * 1000003 + 60466176) % 2176782336 as x) s, generate_series(0, 5) as k
     $$`,
    // Built once after the rows are in, as the migration defines it: much faster than row by row.
    'drop index users_search_trgm_idx',
    `insert into auth_user (id, name, email, email_verified, created_at, updated_at)
     select code || substr(md5(n::text), 1, 26), first || ' ' || last1 || ' ' || last2,
       ${ascii('first')} || '.' || ${ascii('last1')} || n || '@' || (${list(DOMAINS)})[n % ${DOMAINS.length} + 1],
       n % 4 <> 0, now() - interval '365 days' + n * interval '315 seconds',
       now() - interval '365 days' + n * interval '315 seconds'
     from (${person}) p`,
    `insert into users (id, name, registered_name, email, cedula, telefono, direccion1, ciudad1, codigo_postal1,
       locker_number, office_address, ref_code, referred_by, acepto_politica, fecha_acepto_politica,
       politica_version, consent_ip, role, created_at)
     select u.id, u.name, u.name, u.email, (10000000 + n * 37)::text,
       case when n % 10 = 0 then ''
            when n % 10 = 1 then '+58412' || lpad(((n * 7919) % 10000000)::text, 7, '0')
            when n % 10 = 2 then '+52155' || lpad(((n * 7919) % 100000000)::text, 8, '0')
            else '+573' || lpad((n % 25)::text, 2, '0') || lpad(((n * 7919) % 10000000)::text, 7, '0') end,
       'Calle ' || (n % 120 + 1) || ' # ' || (n % 90 + 1) || '-' || (n % 99 + 1),
       (${list(CITIES)})[n % ${CITIES.length} + 1], lpad(((n * 31) % 999999)::text, 6, '0'),
       (${FIRST_LOCKER - 1} + n)::text, '3750 W 16th Ave, Suite 114' || chr(10) || 'Hialeah, FL 33012' || chr(10) || 'USA',
       code, case when n % 3 = 0 and n > 30 then bench_code(n / 7) else '' end,
       true, u.created_at, '2026-11-22', '127.0.0.1', 'customer', u.created_at
     from (${person}) p join auth_user u on u.id = p.code || substr(md5(n::text), 1, 26)`,
    'create index users_search_trgm_idx on users using gin (search_text gin_trgm_ops)',
    `insert into locker_counter (id, last_number) values ('lockers', ${FIRST_LOCKER - 1 + USERS})
     on conflict (id) do update set last_number = excluded.last_number`,
    'drop function bench_code(bigint)',
    'analyze',
  ];
}

/** The 20 terms: names, partial e-mails, lockers, phone fragments, referral codes, mixed case, none, short. */
export function searchTerms(): string[] {
  return [
    'maría', // a first name with an accent
    'Rodríguez', // a last name
    `${firstName(31_415)} ${lastName(31_415)}`, // first and last name together
    emailStart(27_182), // the start of an e-mail
    '@hotmail', // an e-mail domain fragment
    `${emailStart(4242).split('.')[1]}4242`, // a partial e-mail with digits
    '45678', // a whole locker number
    '10133', // a locker prefix
    '3157', // a phone fragment
    '+58412', // a country and carrier prefix
    refCode(777), // a referral code
    refCode(4242).toLowerCase(), // a referral code typed in lower case
    'GaRcÍa', // mixed case
    'QuInTeRo', // mixed case, ASCII
    'zzqxjw', // no match
    'a', // one letter
    '7', // one digit
    'lu', // two letters
    'ez', // two letters, very common
    'gmail.com', // half of the list
  ];
}

async function openStorage(storage: Storage): Promise<OpenDatabase> {
  return storage.driver === 'postgres' ? openPostgres(storage.location) : openPglite(storage.location);
}

/** Migrates the fresh storage (as the server would) and seeds it; closes it so the server can open it. */
export async function seed(storage: Storage): Promise<number> {
  const started = performance.now();
  const database = await openStorage(storage);
  try {
    for (const statement of seedStatements()) await database.db.execute(sql.raw(statement));
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

/**
 * The three queries GET /api/admin/users makes for a term, as drizzle writes them: the newest user's cursor
 * (events.ts newestCursor), the page and the total. Each with EXPLAIN (ANALYZE, BUFFERS).
 */
async function explain(storage: Storage, q: string): Promise<string> {
  const database = await openStorage(storage);
  try {
    const { db } = database;
    const newestFirst = [desc(users.createdAt), desc(users.id)] as const;
    const queries = {
      cursor: db
        .select({ createdAt: users.createdAt, id: users.id })
        .from(users)
        .orderBy(...newestFirst)
        .limit(1)
        .toSQL(),
      page: db
        .select()
        .from(users)
        .where(listCondition(q))
        .orderBy(...newestFirst)
        .limit(50)
        .offset(0)
        .toSQL(),
      total: db.select({ total: sql<number>`count(*)::int` }).from(users).where(listCondition(q)).toSQL(),
    };
    const out: string[] = [];
    for (const [label, query] of Object.entries(queries)) {
      // Parameters inlined as literals (fewer than 10, so $1 never prefixes $10): both drivers run the same text.
      const text = query.params.reduce<string>(
        (acc, param, i) => acc.replace(`$${i + 1}`, `'${String(param).replace(/'/g, "''")}'`),
        query.sql,
      );
      const result = await db.execute(sql.raw(`explain (analyze, buffers) ${text}`));
      const lines = (result as unknown as { rows: Record<string, string>[] }).rows.map(
        (row) => Object.values(row)[0] ?? '',
      );
      out.push(
        `-- ${label}: ${text.replace(/select .* from "users"/, 'select … from "users"')}`,
        ...lines,
        '',
      );
    }
    return out.join('\n');
  } finally {
    await database.close();
  }
}

/** GET /api/admin/users for every term: one warm-up round, then ROUNDS timed rounds. */
async function measure(server: BenchServer) {
  const { url } = server;
  const cookie = await registerAdmin(server);
  const terms = searchTerms();
  const samples = new Map<string, number[]>(terms.map((t) => [t, []]));
  const totals = new Map<string, number>();
  for (let round = 0; round <= ROUNDS; round++) {
    for (const term of terms) {
      const started = performance.now();
      const response = await fetch(`${url}/api/admin/users?q=${encodeURIComponent(term)}&page=1`, {
        headers: { cookie },
      });
      const body = (await response.json()) as { total?: number };
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`search ${term}: ${response.status}`);
      if (round > 0) samples.get(term)?.push(elapsed);
      totals.set(term, body.total ?? -1);
    }
  }
  return [...samples].map(([term, times]) => ({
    term,
    times,
    median: median(times),
    max: Math.max(...times),
    total: totals.get(term) ?? -1,
  }));
}

async function runDriver(driver: Driver) {
  const storage = await freshStorage(driver);
  try {
    const seedSeconds = await seed(storage);
    const server = await startServer(storage);
    let perTerm: Awaited<ReturnType<typeof measure>>;
    try {
      perTerm = await measure(server);
    } finally {
      await server.stop();
    }
    const p95 = percentile(
      perTerm.flatMap((t) => t.times),
      95,
    );
    const slowest = [...perTerm].sort((a, b) => b.median - a.median)[0];
    // The query plan of the slowest term, on the same data, once the server has let go of it.
    const plan = p95 >= BUDGET_MS[driver] && slowest ? await explain(storage, slowest.term) : '';
    return { seedSeconds, p95, perTerm, slowest, plan };
  } finally {
    await storage.remove();
  }
}

export async function run(): Promise<BenchResult> {
  const { drivers, note } = await availableDrivers();
  const rows: Row[] = [];
  const details: string[] = [
    `${USERS.toLocaleString('en')} users seeded with one INSERT … SELECT generate_series per table (Spanish names,`,
    'e-mails, phones of CO/VE/MX, unique lockers and referral codes, a third referred by an earlier user,',
    'created over the past year), the trigram index built after the rows, then ANALYZE. One admin registered through',
    `the API. Each of the 20 terms is asked once to warm up, then ${ROUNDS} rounds are timed: GET`,
    '/api/admin/users?q=…&page=1 (first page of 50 and the total), measured at the client.',
  ];
  for (const driver of drivers) {
    const result = await runDriver(driver);
    const budget = BUDGET_MS[driver];
    rows.push({
      measure: `${driver}: search p95 (${USERS.toLocaleString('en')} users, 20 terms)`,
      value: ms(result.p95),
      budget: `< ${budget} ms`,
      verdict: verdict(result.p95 < budget),
    });
    details.push(
      '',
      `### ${driver} (seeded in ${result.seedSeconds.toFixed(1)} s)`,
      '',
      markdownTable(
        ['term', 'total', 'median', 'max'],
        result.perTerm.map((t) => [`\`${t.term}\``, String(t.total), ms(t.median), ms(t.max)]),
      ),
    );
    if (result.plan && result.slowest) {
      details.push(
        '',
        `Over budget. Slowest term \`${result.slowest.term}\` (median ${ms(result.slowest.median)}): EXPLAIN`,
        '(ANALYZE, BUFFERS) of the three queries the route makes, run after the benchmark on the same data:',
        '',
        '```',
        result.plan.trim(),
        '```',
      );
      console.log(`\n${driver}: EXPLAIN ANALYZE for "${result.slowest.term}"\n${result.plan}`);
    }
  }
  if (note) details.push('', note);
  return { rows, details: details.join('\n') };
}
