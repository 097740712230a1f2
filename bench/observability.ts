// Observability's cost (issue 36): GET /api/packages at 1M packages (the packages benchmark's seed), answered by
// this code — a JSON log line per request on stdout, read by the benchmark as a log shipper would, each request
// counted by prom-client, /metrics scraped every 5 s with its database reads — and by the commit before the logger
// was added (a detached worktree of it, sharing this checkout's node_modules and build), on the same database, in
// turns (without, with, three times) so that the machine's drift falls on both. Budget: p95 with ≤ 110 % of without.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { startAppProcess } from '../test/support/app-process.ts';
import { login, timedGet } from './support/api.ts';
import { type Customer, PACKAGES, seedPackages, seedTimes } from './support/packages-seed.ts';
import { type BenchResult, benchResult, markdownTable, ms, type Row, verdict } from './support/report.ts';
import { ROOT } from './support/root.ts';
import { type BenchServer, CAPTCHA, ensureBuild } from './support/server.ts';
import { median, percentile } from './support/stats.ts';
import { type Driver, onEachDriver, onFreshStorage, type Storage } from './support/storage.ts';

/** Each turn lists for this long: past the business' gauges' read (once a minute) with a scrape every 5 s. */
const TURN_SECONDS = 75;
const TURNS = ['without', 'with', 'without', 'with', 'without', 'with'] as const;
const SCRAPE_EVERY_MS = 5000;
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';
type Turn = (typeof TURNS)[number];

const git = (...args: string[]) => {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};

/** The commit before the logger came (BENCH_OBS_BASE overrides), checked out beside this one. */
function baseline() {
  const added = git('log', '--diff-filter=A', '--format=%H', '--', 'src/server/observability/log.ts')
    .split('\n')
    .at(-1);
  const commit = process.env.BENCH_OBS_BASE ?? git('rev-parse', `${added}^`);
  const root = join(mkdtempSync(join(os.tmpdir(), 'casillero-base-')), 'app');
  git('worktree', 'add', '--detach', root, commit);
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  symlinkSync(join(ROOT, 'dist'), join(root, 'dist'));
  return {
    commit: commit.slice(0, 10),
    root,
    remove: () => {
      git('worktree', 'remove', '--force', root);
      rmSync(join(root, '..'), { recursive: true, force: true });
    },
  };
}

interface TurnResult {
  turn: Turn;
  times: number[];
  logLines: number;
  scrapes: number[];
}

async function serve(storage: Storage, turn: Turn, root: string): Promise<BenchServer & { lines(): number }> {
  const env = { NODE_ENV: 'development', RATE_LIMITS: 'off', CAPTCHA_TEST_ANSWER: CAPTCHA, SMTP_URL: '' };
  const app = await startAppProcess(
    { ...env, ...storage.env, ...(turn === 'with' ? { LOG_LEVEL: 'info', METRICS_TOKEN } : {}) },
    { startTimeoutMs: 120_000, outputLimit: 65_536, root },
  );
  let lines = 0;
  app.process.stdout?.on('data', (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 10) lines++;
  });
  return {
    url: app.url,
    process: app.process,
    output: app.output,
    lines: () => lines,
    stop: async () => void (await app.stop('SIGTERM', 20_000)),
  };
}

async function runTurn(
  storage: Storage,
  turn: Turn,
  root: string,
  sessions: Array<Customer & { cookie: string }>,
) {
  const server = await serve(storage, turn, root);
  const scrapes: number[] = [];
  let scraping: NodeJS.Timeout | undefined;
  try {
    // Sessions live in the database: one sign-in each serves every turn.
    for (const session of sessions)
      if (!session.cookie) session.cookie = (await login(server.url, session.email)).cookie;
    for (const session of sessions.slice(0, 10)) await timedGet(server, session.cookie, '/api/packages');
    if (turn === 'with')
      scraping = setInterval(async () => {
        const started = performance.now();
        const answer = await fetch(`${server.url}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        await answer.text();
        if (answer.ok) scrapes.push(performance.now() - started);
      }, SCRAPE_EVERY_MS);
    const before = server.lines();
    const times: number[] = [];
    const ends = performance.now() + TURN_SECONDS * 1000;
    for (let i = 0; performance.now() < ends; i++) {
      const session = sessions[i % sessions.length];
      if (session) times.push((await timedGet(server, session.cookie, '/api/packages')).elapsed);
    }
    return { turn, times, logLines: server.lines() - before, scrapes } satisfies TurnResult;
  } finally {
    clearInterval(scraping);
    await server.stop();
  }
}

async function runDriver(driver: Driver) {
  return onFreshStorage(driver, async (storage) => {
    const seeded = await seedPackages(storage);
    const base = baseline();
    try {
      const sessions = seeded.customers.map((customer) => ({ ...customer, cookie: '' }));
      const turns: TurnResult[] = [];
      for (const turn of TURNS)
        turns.push(await runTurn(storage, turn, turn === 'with' ? ROOT : base.root, sessions));
      return { seeded, turns, base: base.commit };
    } finally {
      base.remove();
    }
  });
}

export async function run(): Promise<BenchResult> {
  ensureBuild();
  const { runs, note } = await onEachDriver(runDriver);
  const rows: Row[] = [];
  const table: string[][] = [];
  let base = '';
  for (const { driver, result } of runs) {
    base = result.base;
    const of = (turn: Turn) => result.turns.filter((t) => t.turn === turn);
    const without = of('without').flatMap((t) => t.times);
    const withIt = of('with').flatMap((t) => t.times);
    const [p95Without, p95With] = [percentile(without, 95), percentile(withIt, 95)];
    // Each pair of turns (without, then with) ran back to back: the median of the pairs' ratios is what a busy
    // machine disturbs least (one slow turn moves the pooled p95, not the median pair).
    const ratios = of('with').map(
      (t, i) => percentile(t.times, 95) / percentile(of('without')[i]?.times ?? [], 95),
    );
    const ratio = median(ratios);
    const percent = (r: number) => `${r >= 1 ? '+' : '−'}${(Math.abs(r - 1) * 100).toFixed(0)} %`;
    rows.push({
      measure: `${driver}: GET /api/packages p95 with logs and metrics / without (median pair)`,
      value: `${percent(ratio)} (pairs ${ratios.map(percent).join(', ')}; pooled ${ms(p95With)} / ${ms(p95Without)})`,
      budget: '≤ +10 %',
      verdict: verdict(ratio <= 1.1),
    });
    for (const t of result.turns)
      table.push([
        driver,
        t.turn,
        String(t.times.length),
        ms(median(t.times)),
        ms(percentile(t.times, 95)),
        t.turn === 'with' ? String(t.logLines) : '—',
        t.scrapes.length
          ? `${t.scrapes.length}: ${ms(median(t.scrapes))} median, ${ms(Math.max(...t.scrapes))} max`
          : '—',
      ]);
    table.push([driver, `seed ${seedTimes(result.seeded).total}`, '', '', '', '', '']);
  }
  const details = [
    `${PACKAGES.toLocaleString('en')} packages as the packages benchmark seeds them; its 100 signed-in customers take`,
    `turns listing their packages (GET /api/packages, first page and counts) for ${TURN_SECONDS} s a turn, one request at a`,
    `time, after 10 warm-up requests. "without": the commit before the logger (${base}), same database and build;`,
    '"with": this code at LOG_LEVEL=info (one JSON line per request on stdout, read by the benchmark) and',
    `METRICS_TOKEN set, /metrics scraped every ${SCRAPE_EVERY_MS / 1000} s during the turn (each scrape reads the queues; the`,
    "business' gauges — packages in open states, PQR due, unclosed cash — are read at the first scrape and then once",
    "a minute, METRICS_BUSINESS_SECONDS' default). Turns alternate: without, with, three times.",
    '',
    markdownTable(['driver', 'turn', 'requests', 'median', 'p95', 'log lines', 'scrapes (time)'], table),
    '',
    'A first run (2026-11-26, PostgreSQL, two pairs of turns) counted the packages of every state at each scrape:',
    'a group-by over the million delivered rows took 1.1–2.8 s a scrape, competed with the list for the two cores,',
    'and the p95 with was 595 ms against 416 ms without (+43 %, on a machine other work kept fully busy). The gauge',
    'now counts the open states only, an index-only scan of a few percent of the table.',
    'A second run (the same code as now, load average 9–20 from other work) gave a pooled p95 of 126 ms with against',
    '79 ms without (+59 %), but pair by pair +209 %, −8 %, −35 %: one slow first turn with. The verdict is since then',
    'the median of the pairs, the pooled figures beside it.',
    'A third run (turns of 300 requests, about 6 s, with one scrape each that read every gauge) gave +35 % (pairs',
    "+36 %, +30 %, +35 %): the scrape's 193–276 ms of reads ran beside the list. The business' gauges are since then",
    'read once a minute, and a turn lasts long enough to hold that read and fifteen scrapes.',
  ];
  return benchResult(rows, details, note);
}
