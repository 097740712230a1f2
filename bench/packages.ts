// Packages: the 100,000 users of the admin-search seed, then 1,000,000 packages over them with 1–4 events each
// (≈2.5M), seeded in SQL before the server starts; 100 customers with 10–40 packages each get a real credential.
// Signed in as each of them: GET /api/packages (first page and counts), GET /api/packages/:number of their own
// packages and POST /api/packages (a pre-alert with a new guide), beside GET /api/me (the session alone), with the
// CPU each request costs the server and PostgreSQL. EXPLAIN (ANALYZE) of the routes' queries after the run.
import { planBlock, routePlans } from './packages/plans.ts';
import {
  DETAILS_EACH,
  LIST_ROUNDS,
  measure,
  type Phase,
  PREALERTS_EACH,
  WARM_UP_CUSTOMERS,
} from './packages/requests.ts';
import { latencyAndCpuTable } from './support/cpu-meter.ts';
import {
  CUSTOMERS,
  type Customer,
  PACKAGES,
  SIGNED_IN,
  seedPackages,
  seedTimes,
} from './support/packages-seed.ts';
import {
  type BenchResult,
  benchResult,
  codeSection,
  markdownTable,
  ms,
  msOrNone,
  type Row,
  verdict,
} from './support/report.ts';
import { whileServing } from './support/server.ts';
import { median, percentile } from './support/stats.ts';
import { type Driver, onEachDriver, onFreshStorage } from './support/storage.ts';

const BUDGET_MS = {
  list: { postgres: 30, pglite: 100 } as Record<Driver, number>,
  detail: { postgres: 20 } as Partial<Record<Driver, number>>,
  prealert: { postgres: 50 } as Partial<Record<Driver, number>>,
};

async function runDriver(driver: Driver) {
  return onFreshStorage(driver, async (storage) => {
    const seeded = await seedPackages(storage);
    const samples = await whileServing(storage, (server) => measure(server, storage, seeded.customers));
    // The customer with the most packages: the longest page to sort, the most index entries to read.
    const busiest = [...seeded.customers].sort((x, y) => y.packages - x.packages)[0] as Customer;
    const plans = await routePlans(storage, busiest);
    console.log(`\n${driver}: EXPLAIN ANALYZE of the list's queries (first lines)`);
    for (const q of plans.list) console.log(`-- ${q.label}\n${q.plan.slice(0, 6).join('\n')}`);
    return { seeded, samples, plans };
  });
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

function phaseRow(driver: Driver, request: string, phase: Phase, times = phase.times): string[] {
  return [
    driver,
    request,
    ms(median(times)),
    ms(percentile(times, 95)),
    msOrNone(phase.cpu.server),
    msOrNone(phase.cpu.postgres),
  ];
}

export async function run(): Promise<BenchResult> {
  const { runs, note } = await onEachDriver(runDriver);
  const rows: Row[] = [];
  const seeds: string[][] = [];
  const requests: string[][] = [];
  const plansText: string[] = [];
  for (const { driver, result } of runs) {
    const { seeded, samples, plans } = result;
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
    plansText.push(
      ...codeSection(
        `${driver}: the routes' queries, EXPLAIN (ANALYZE, BUFFERS) after the run`,
        [
          ...planBlock(plans.list),
          '',
          '-- GET /api/packages/:number (their newest package)',
          ...planBlock(plans.detail),
        ],
        [
          `For the customer with the most packages (${plans.packages}); the session's queries come before these.`,
        ],
      ),
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
    latencyAndCpuTable('request', requests),
    ...plansText,
  ];
  return benchResult(rows, details, note);
}
