// Admin search: 100,000 users seeded in bulk with SQL (not through the API) before the server starts, one admin
// registered through the API, then GET /api/admin/users?q=…&page=1 (first page and total) for 20 varied terms.
import { desc, sql } from 'drizzle-orm';
import { listCondition } from '../src/server/admin/lockers.ts';
import { users } from '../src/server/db/schema.ts';
import { registerAdmin, timedGet } from './support/api.ts';
import { type BenchResult, benchResult, markdownTable, ms, type Row, verdict } from './support/report.ts';
import { type BenchServer, whileServing } from './support/server.ts';
import { median, percentile } from './support/stats.ts';
import {
  availableDrivers,
  type Driver,
  onFreshStorage,
  rowsOf,
  type Storage,
  withDatabase,
} from './support/storage.ts';
import { emailStart, firstName, lastName, refCode, seedUsers, USERS } from './support/users-seed.ts';

const ROUNDS = 5;
const BUDGET_MS: Record<Driver, number> = { postgres: 50, pglite: 150 };

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

/**
 * The three queries GET /api/admin/users makes for a term, as drizzle writes them: the newest user's cursor
 * (events.ts newestCursor), the page and the total. Each with EXPLAIN (ANALYZE, BUFFERS).
 */
async function explain(storage: Storage, q: string): Promise<string> {
  return withDatabase(storage, async ({ db }) => {
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
      const lines = rowsOf<Record<string, string>>(result).map((row) => Object.values(row)[0] ?? '');
      out.push(
        `-- ${label}: ${text.replace(/select .* from "users"/, 'select … from "users"')}`,
        ...lines,
        '',
      );
    }
    return out.join('\n');
  });
}

/** GET /api/admin/users for every term: one warm-up round, then ROUNDS timed rounds. */
async function measure(server: BenchServer) {
  const cookie = await registerAdmin(server);
  const terms = searchTerms();
  const samples = new Map<string, number[]>(terms.map((t) => [t, []]));
  const totals = new Map<string, number>();
  for (let round = 0; round <= ROUNDS; round++) {
    for (const term of terms) {
      const { elapsed, body } = await timedGet(
        server,
        cookie,
        `/api/admin/users?q=${encodeURIComponent(term)}&page=1`,
      );
      if (round > 0) samples.get(term)?.push(elapsed);
      totals.set(term, (body as { total?: number }).total ?? -1);
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
  return onFreshStorage(driver, async (storage) => {
    const seedSeconds = await seedUsers(storage);
    const perTerm = await whileServing(storage, measure);
    const p95 = percentile(
      perTerm.flatMap((t) => t.times),
      95,
    );
    const slowest = [...perTerm].sort((a, b) => b.median - a.median)[0];
    // The query plan of the slowest term, on the same data, once the server has let go of it.
    const plan = p95 >= BUDGET_MS[driver] && slowest ? await explain(storage, slowest.term) : '';
    return { seedSeconds, p95, perTerm, slowest, plan };
  });
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
  return benchResult(rows, details, note);
}
