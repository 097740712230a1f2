// Observability's cost (issue 36): GET /api/packages at 1M packages (the packages benchmark's seed), answered by
// this code — a JSON log line per request on stdout, read by the benchmark as a log shipper would, each request
// counted by prom-client, /metrics scraped with its database reads — and by the same code without the request log
// and counters (a detached worktree of this commit, that one line taken out, sharing node_modules and the build),
// both running side by side and taking short turns so that the machine's drift falls on both. Budget: p95 with
// ≤ 110 % of without.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

/** Each server's turn: short, so the two see the same machine; 36 pairs make six minutes of each. */
const SLICE_SECONDS = 5;
const PAIRS = 36;
type Turn = 'with' | 'without';
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';

const git = (...args: string[]) => {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};

/** The line that logs and counts every request: the baseline is this code without it. */
const OBSERVED = 'app.use(...requestLog(metrics));';

/**
 * This commit (BENCH_OBS_BASE: another) checked out beside this one, with the request log and its counters taken
 * out of src/server/app.ts: the same list, the same queries, only observability's per-request work missing.
 */
function baseline() {
  const commit = process.env.BENCH_OBS_BASE ?? git('rev-parse', 'HEAD');
  const root = join(mkdtempSync(join(os.tmpdir(), 'casillero-base-')), 'app');
  git('worktree', 'add', '--detach', root, commit);
  const appFile = join(root, 'src/server/app.ts');
  const source = readFileSync(appFile, 'utf8');
  if (!source.includes(OBSERVED)) throw new Error(`${OBSERVED} is no longer in src/server/app.ts`);
  writeFileSync(appFile, source.replace(OBSERVED, '// (the baseline: no request log, no request metrics)'));
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

interface Served extends BenchServer {
  lines(): number;
}

/** This code ('with', logging at info and /metrics on) or the baseline ('without') on `env`'s database. */
async function serve(env: Record<string, string>, turn: Turn, root: string): Promise<Served> {
  const base = { NODE_ENV: 'development', RATE_LIMITS: 'off', CAPTCHA_TEST_ANSWER: CAPTCHA, SMTP_URL: '' };
  const app = await startAppProcess(
    { ...base, ...env, ...(turn === 'with' ? { LOG_LEVEL: 'info', METRICS_TOKEN } : {}) },
    { startTimeoutMs: 180_000, outputLimit: 65_536, root },
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

async function scrape(server: Served): Promise<number | null> {
  const started = performance.now();
  const answer = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  await answer.text();
  return answer.ok ? performance.now() - started : null;
}

interface Side {
  server: Served;
  cookies: string[];
  times: number[];
  /** The p95 of each of its turns, in order. */
  turnP95: number[];
}

/** One turn of one side: the customers list their packages one request at a time for SLICE_SECONDS. */
async function turnOf(side: Side, scrapes: number[] | null) {
  // 'with' is scraped once a turn, that is every SLICE_SECONDS of its own time, beside its requests.
  const scraped = scrapes ? scrape(side.server).then((ms) => ms !== null && scrapes.push(ms)) : null;
  const times: number[] = [];
  const ends = performance.now() + SLICE_SECONDS * 1000;
  for (let i = 0; performance.now() < ends; i++) {
    const cookie = side.cookies[i % side.cookies.length] ?? '';
    times.push((await timedGet(side.server, cookie, '/api/packages')).elapsed);
  }
  await scraped;
  side.times.push(...times);
  side.turnP95.push(percentile(times, 95));
}

async function sideOf(server: Served, customers: Customer[]): Promise<Side> {
  // Each side signs its customers in on its own database (PGlite's copy holds none of the other's sessions).
  const cookies: string[] = [];
  for (const customer of customers) cookies.push((await login(server.url, customer.email)).cookie);
  for (const cookie of cookies.slice(0, 10)) await timedGet(server, cookie, '/api/packages');
  return { server, cookies, times: [], turnP95: [] };
}

/** PGlite's folder belongs to one process: the baseline gets a copy of the seeded one; PostgreSQL is shared. */
function secondEnv(storage: Storage): { env: Record<string, string>; remove(): void } {
  if (storage.driver === 'postgres') return { env: storage.env, remove: () => {} };
  const copy = join(mkdtempSync(join(os.tmpdir(), 'casillero-obs-')), 'db');
  cpSync(storage.location, copy, { recursive: true });
  return {
    env: { ...storage.env, DATA_DIR: copy },
    remove: () => rmSync(join(copy, '..'), { recursive: true }),
  };
}

async function runDriver(driver: Driver) {
  return onFreshStorage(driver, async (storage) => {
    const seeded = await seedPackages(storage);
    const base = baseline();
    const second = secondEnv(storage);
    const servers: Served[] = [];
    try {
      servers.push(await serve(storage.env, 'with', ROOT), await serve(second.env, 'without', base.root));
      const [withServer, withoutServer] = servers;
      if (!withServer || !withoutServer) throw new Error('a server did not start');
      const withIt = await sideOf(withServer, seeded.customers);
      const without = await sideOf(withoutServer, seeded.customers);
      const before = withServer.lines();
      const scrapes: number[] = [];
      for (let pair = 0; pair < PAIRS; pair++) {
        await turnOf(without, null);
        await turnOf(withIt, scrapes);
      }
      return { seeded, withIt, without, scrapes, logLines: withServer.lines() - before, base: base.commit };
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      second.remove();
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
  const percent = (r: number) => `${r >= 1 ? '+' : '−'}${(Math.abs(r - 1) * 100).toFixed(0)} %`;
  for (const { driver, result } of runs) {
    base = result.base;
    const { withIt, without, scrapes } = result;
    const ratio = percentile(withIt.times, 95) / percentile(without.times, 95);
    const pairs = withIt.turnP95.map((p95, i) => p95 / (without.turnP95[i] ?? p95));
    rows.push({
      measure: `${driver}: GET /api/packages p95 with logs and metrics / without (${PAIRS} pairs of turns)`,
      value: `${percent(ratio)} (${ms(percentile(withIt.times, 95))} / ${ms(percentile(without.times, 95))}; median pair ${percent(median(pairs))})`,
      budget: '≤ +10 %',
      verdict: verdict(ratio <= 1.1),
    });
    for (const [turn, side] of [
      ['without', without],
      ['with', withIt],
    ] as const)
      table.push([
        driver,
        turn,
        String(side.times.length),
        ms(median(side.times)),
        ms(percentile(side.times, 95)),
        ms(percentile(side.times, 99)),
        turn === 'with' ? String(result.logLines) : '—',
        turn === 'with' && scrapes.length
          ? `${scrapes.length}: ${ms(median(scrapes))} median, ${ms(Math.max(...scrapes))} max`
          : '—',
      ]);
    table.push([driver, `seed ${seedTimes(result.seeded).total}`, '', '', '', '', '', '']);
  }
  const details = [
    `${PACKAGES.toLocaleString('en')} packages as the packages benchmark seeds them; its 100 customers list their`,
    'packages (GET /api/packages, first page and counts), one request at a time, from two servers running side by',
    `side: "without", this code (${base}) with the request log and its counters taken out of app.ts, and "with", as it`,
    'runs at LOG_LEVEL=info (one JSON line',
    'per request on stdout, read by the benchmark) with METRICS_TOKEN set. They take turns of',
    `${SLICE_SECONDS} s, ${PAIRS} pairs, so a change of the machine's load (other work shares it) falls on both alike;`,
    `"with" is scraped at the start of each of its turns, every ${SLICE_SECONDS} s of its time (each scrape reads the`,
    "queues; the business' gauges — packages in open states, PQR due, unclosed cash — at the first scrape and then",
    "once a minute, METRICS_BUSINESS_SECONDS' default). On PGlite the baseline runs on a copy of the seeded folder.",
    'The verdict is the pooled p95 of every request; the median of the pairs of turns is beside it.',
    '',
    markdownTable(
      ['driver', 'server', 'requests', 'median', 'p95', 'p99', 'log lines', 'scrapes (time)'],
      table,
    ),
    '',
    'Earlier runs took turns of one server at a time, restarted for each turn, and were at the mercy of the',
    "machine's other work: +43 % (every state counted at each scrape, 1.1–2.8 s a scrape; the gauge now counts the",
    'open states only), +59 % pooled with pairs of +209 %, −8 %, −35 %, then +35 % with turns of 300 requests that',
    "each held a scrape of every gauge (193–276 ms of reads beside the list; the business' gauges are since read",
    'once a minute), then, with 75-s turns, PostgreSQL pairs of −42 %, +33 %, +59 % as the load swung between turns',
    '(4,478 to 17,791 requests in a turn). Hence the two servers side by side and the short turns. Until',
    '2026-11-26 "without" was the commit before the logger (b2ea2cf): its list lacked the later settlement and charge',
    "lines' reads, so their cost counted as observability's (PGlite +23 %); now both sides run the same list.",
  ];
  return benchResult(rows, details, note);
}
