// PQR: 100,000 PQR seeded with SQL on PostgreSQL before the server starts, one admin registered through the API,
// then the inbox GET /api/admin/pqr (first page by due date and its total) for 12 filters, searches and pages;
// and the due-date computation (15 Colombian business days from a filing instant) in process.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { inboxPage } from '../src/server/pqr/inbox.ts';
import { pqrSettingsOf } from '../src/server/pqr/settings.ts';
import { businessCalendar } from '../src/shared/pqr/business-days.ts';
import { inboxQuerySchema } from '../src/shared/pqr/forms.ts';
import { registerAdmin, timedGet } from './support/api.ts';
import { type BenchResult, benchResult, markdownTable, ms, type Row, verdict } from './support/report.ts';
import { type BenchServer, whileServing } from './support/server.ts';
import { median, percentile } from './support/stats.ts';
import { availableDrivers, onFreshStorage, type Storage, withDatabase } from './support/storage.ts';
import { sqlArray } from './support/users-seed.ts';

const PQRS = 100_000;
const ROUNDS = 5;
const BUDGET_MS = 50;
const DUE_DATES = 300_000;
const DUE_BUDGET_PER_SECOND = 100_000;

// biome-ignore format: a list of names
const NAMES = ['María García', 'José Rodríguez', 'Ana Martínez', 'Luis López', 'Sofía González', 'Carlos Pérez',
  'Valentina Sánchez', 'Andrés Ramírez', 'Camila Torres', 'Diego Flores', 'Lucía Gómez', 'Mateo Díaz'];

/** The inbox requests timed: filters, tipos, searches (radicado, name, ID fragment) and deep pages. */
const QUERIES = [
  '',
  '?state=abiertas',
  '?state=vencida',
  '?state=respondida',
  '?type=reclamo',
  '?type=indemnizacion&state=radicada',
  '?q=PQR-2026-054321',
  `?q=${encodeURIComponent('garcía')}`,
  `?q=${encodeURIComponent('ramírez')}&state=abiertas`,
  '?q=7012345',
  '?page=200',
  '?state=cerrada&page=50',
];

/** 100,000 PQR filed over the past year: a third still open (some past due), the rest answered or closed. */
async function seed(storage: Storage): Promise<number> {
  const started = performance.now();
  await withDatabase(storage, async ({ db }) => {
    await db.execute(
      sql.raw(`
      insert into pqrs (number, radicado, type, state, name, id_number, email, guide, description, channel,
                        filed_at, due_date, running_due)
      select n,
        'PQR-2026-' || lpad(n::text, 6, '0'),
        (array['peticion','queja','reclamo','indemnizacion'])[n % 4 + 1],
        (array['radicada','en_tramite','respondida','en_reposicion','enviada_sic','cerrada','cerrada','respondida','cerrada'])[n % 9 + 1],
        (${sqlArray(NAMES)})[n % 12 + 1],
        (7000000 + n)::text,
        'cliente' || n || '@example.com',
        'TBA' || lpad((n * 7919 % 1000000)::text, 9, '0'),
        'Descripción de la PQR número ' || n || ' con el detalle de lo que pasó con el paquete.',
        'correo',
        now() - make_interval(secs => (n % 365) * 86400 + n % 86400),
        to_char(now() - make_interval(days => n % 365) + interval '21 days', 'YYYY-MM-DD'),
        to_char(now() - make_interval(days => n % 365) + interval '21 days', 'YYYY-MM-DD')
      from generate_series(1, ${PQRS}) as n`),
    );
    await db.execute(sql.raw(`select setval('pqr_number_seq', ${PQRS + 1}, false)`));
    // As autovacuum leaves a table that has grown over a year: statistics and the visibility map up to date.
    await db.execute(sql.raw('vacuum analyze pqrs'));
  });
  return (performance.now() - started) / 1000;
}

async function measure(server: BenchServer) {
  const cookie = await registerAdmin(server);
  const samples = new Map<string, number[]>(QUERIES.map((query) => [query, []]));
  const totals = new Map<string, string>();
  for (let round = 0; round <= ROUNDS; round++)
    for (const query of QUERIES) {
      const { elapsed, body } = await timedGet(server, cookie, `/api/admin/pqr${query}`);
      if (round > 0) samples.get(query)?.push(elapsed);
      const { total, capped } = body as { total?: number; capped?: boolean };
      totals.set(query, `${total ?? -1}${capped ? '+' : ''}`);
    }
  return [...samples].map(([query, times]) => ({
    query,
    times,
    median: median(times),
    max: Math.max(...times),
    total: totals.get(query) ?? '-1',
  }));
}

/** The route's own work without HTTP and the session: inboxPage for each request, on the benchmark's connection. */
async function inProcess(storage: Storage): Promise<number[]> {
  const settings = pqrSettingsOf(loadConfig({}));
  return withDatabase(storage, async ({ db }) => {
    const times: number[] = [];
    for (let round = 0; round <= ROUNDS; round++)
      for (const query of QUERIES) {
        const parsed = inboxQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
        const started = performance.now();
        await inboxPage(db, settings, parsed);
        if (round > 0) times.push(performance.now() - started);
      }
    return times;
  });
}

/** Due dates per second: 15 business days from instants spread over 2026–2027 (holidays loaded as reached). */
function dueDatesPerSecond(): number {
  const calendar = businessCalendar({ extra: ['2026-07-09'] });
  const start = Date.UTC(2026, 0, 1);
  const step = (2 * 365 * 86_400_000) / DUE_DATES;
  let checksum = 0;
  const started = performance.now();
  for (let i = 0; i < DUE_DATES; i++)
    checksum += calendar.addBusinessDays(new Date(start + i * step), 15).length;
  const seconds = (performance.now() - started) / 1000;
  if (checksum !== DUE_DATES * 10) throw new Error('a due date was not a day');
  return DUE_DATES / seconds;
}

export async function run(): Promise<BenchResult> {
  const { drivers, note } = await availableDrivers();
  const rows: Row[] = [];
  const details: string[] = [
    `${PQRS.toLocaleString('en')} PQR seeded with one INSERT … SELECT generate_series (four tipos, six states, a`,
    'third awaiting an answer, filed over the past year), then VACUUM ANALYZE. One admin registered through the API. Each',
    `of the ${QUERIES.length} inbox requests is asked once to warm up, then ${ROUNDS} rounds are timed at the client:`,
    'GET /api/admin/pqr… (a page of 50 by due date, its total counted up to 1,000 — "1000+" when there are more — and',
    'each row’s business days left). The inbox is measured on PostgreSQL, the production database. "inboxPage alone"',
    'times the same requests in this process on its own connection, without HTTP and the session check.',
  ];
  if (drivers.includes('postgres')) {
    const result = await onFreshStorage('postgres', async (storage) => {
      const seedSeconds = await seed(storage);
      const perQuery = await whileServing(storage, measure);
      return { seedSeconds, perQuery, inProcess: await inProcess(storage) };
    });
    const p95 = percentile(
      result.perQuery.flatMap((entry) => entry.times),
      95,
    );
    rows.push({
      measure: `postgres: inbox p95 (${PQRS.toLocaleString('en')} PQR, ${QUERIES.length} requests)`,
      value: ms(p95),
      budget: `< ${BUDGET_MS} ms`,
      verdict: verdict(p95 < BUDGET_MS),
    });
    rows.push({
      measure: 'postgres: inboxPage alone p95 (no HTTP, no session; report only)',
      value: ms(percentile(result.inProcess, 95)),
      budget: '—',
      verdict: '—',
    });
    details.push(
      '',
      `### postgres (seeded in ${result.seedSeconds.toFixed(1)} s)`,
      '',
      markdownTable(
        ['request', 'total', 'median', 'max'],
        result.perQuery.map((entry) => [
          `\`${entry.query || '(all)'}\``,
          entry.total,
          ms(entry.median),
          ms(entry.max),
        ]),
      ),
    );
  }
  const perSecond = dueDatesPerSecond();
  rows.push({
    measure: `due dates (15 business days, ${DUE_DATES.toLocaleString('en')} instants)`,
    value: `${Math.round(perSecond).toLocaleString('en')} /s`,
    budget: `≥ ${DUE_BUDGET_PER_SECOND.toLocaleString('en')} /s`,
    verdict: verdict(perSecond >= DUE_BUDGET_PER_SECOND),
  });
  return benchResult(rows, details, note);
}
