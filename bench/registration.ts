// Registration: 500 sign-ups over HTTP at concurrency 50 (each GET /api/captcha then POST /api/register), on each
// driver. Throughput is compared with the bound that password hashing sets: cores ÷ one argon2id hash. Where the
// CPU went is read from /proc, and the hashing capacity actually measured with every core hashing is shown too.
import { register } from './support/api.ts';
import { measureHash, measureHashCapacity } from './support/hashing.ts';
import { pool } from './support/load.ts';
import { cores, cpuByPid, cpuSince, processCpuMs } from './support/machine.ts';
import { type BenchResult, benchResult, markdownTable, ms, type Row, verdict } from './support/report.ts';
import { withServer } from './support/server.ts';
import { percentile } from './support/stats.ts';
import { type Driver, onEachDriver } from './support/storage.ts';

const REGISTRATIONS = 500;
const CONCURRENCY = 50;
const FIRST_LOCKER = 1334;
const BUDGET_SHARE = 0.7;

/** Null when the numbers are exactly FIRST_LOCKER … FIRST_LOCKER + count - 1, else what is wrong. */
function lockerProblem(numbers: string[]): string | null {
  const sorted = numbers.map(Number).sort((a, b) => a - b);
  const repeats = sorted.filter((n, i) => i > 0 && n === sorted[i - 1]).length;
  const expected = Array.from({ length: REGISTRATIONS }, (_, i) => FIRST_LOCKER + i);
  const missing = expected.filter((n) => !sorted.includes(n));
  if (repeats === 0 && missing.length === 0 && sorted.length === REGISTRATIONS) return null;
  return `${sorted.length} numbers, ${repeats} repeated, missing ${missing.slice(0, 5).join(', ')}`;
}

async function runDriver(driver: Driver) {
  return withServer(driver, async (server) => {
    const lockers: string[] = [];
    const latencies: number[] = [];
    const failures: string[] = [];
    const run = Date.now().toString(36);
    const pid = server.process.pid as number;
    const serverBefore = processCpuMs(pid);
    const clientBefore = process.cpuUsage();
    const postgresBefore = cpuByPid('postgres');
    const started = performance.now();
    await pool(REGISTRATIONS, CONCURRENCY, async (i) => {
      try {
        const result = await register(server.url, `bench${i}-${run}@example.com`);
        lockers.push(result.lockerNumber);
        latencies.push(result.registerMs);
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const serverAfter = processCpuMs(pid);
    const client = process.cpuUsage(clientBefore);
    const postgres = cpuSince(postgresBefore, cpuByPid('postgres'));
    const done = Math.max(1, lockers.length);
    // CPU milliseconds per registration.
    const cpu = {
      main: (serverAfter.main - serverBefore.main) / done,
      server: (serverAfter.total - serverBefore.total) / done,
      client: (client.user + client.system) / 1000 / done,
      postgres: postgres / done,
    };
    return {
      throughput: lockers.length / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      cpu,
      mainBusy: (cpu.main * done) / 1000 / seconds,
      lockers: failures.length ? `${failures.length} failed: ${failures[0]}` : lockerProblem(lockers),
    };
  });
}

export async function run(): Promise<BenchResult> {
  const hashMs = await measureHash();
  const capacity = await measureHashCapacity();
  const bound = cores() / (hashMs / 1000);
  const { runs, note } = await onEachDriver(runDriver);
  const rows: Row[] = [
    { measure: 'one argon2id hash (median of 21)', value: ms(hashMs), budget: '', verdict: '—' },
    {
      measure: `hashing bound (${cores()} cores ÷ hash)`,
      value: `${bound.toFixed(0)} /s`,
      budget: '',
      verdict: '—',
    },
    {
      measure: `hashing measured, ${cores()} hashes in flight`,
      value: `${capacity.toFixed(0)} /s`,
      budget: '',
      verdict: '—',
    },
  ];
  const table: string[][] = [];
  const cpuTable: string[][] = [];
  for (const { driver, result } of runs) {
    const share = result.throughput / bound;
    const budgeted = driver === 'postgres';
    rows.push(
      {
        measure: `${driver}: throughput (share of bound)`,
        value: `${result.throughput.toFixed(1)} /s (${(share * 100).toFixed(0)}%)`,
        budget: budgeted ? `≥ ${BUDGET_SHARE * 100}%` : 'report only',
        verdict: budgeted ? verdict(share >= BUDGET_SHARE) : '—',
      },
      {
        measure: `${driver}: register p50 / p95 / p99`,
        value: `${ms(result.p50)} / ${ms(result.p95)} / ${ms(result.p99)}`,
        budget: '',
        verdict: '—',
      },
      {
        measure: `${driver}: lockers ${FIRST_LOCKER}…${FIRST_LOCKER + REGISTRATIONS - 1}`,
        value: result.lockers ?? 'no gap, no repeat',
        budget: 'no gap, no repeat',
        verdict: verdict(result.lockers === null),
      },
    );
    table.push([
      driver,
      result.throughput.toFixed(1),
      `${(share * 100).toFixed(0)}%`,
      `${((result.throughput / capacity) * 100).toFixed(0)}%`,
      ms(result.p50),
      ms(result.p95),
      ms(result.p99),
      result.lockers ?? 'ok',
    ]);
    const { main, server, client, postgres } = result.cpu;
    const total = server + client + postgres;
    cpuTable.push([
      driver,
      `${ms(main)} (${(result.mainBusy * 100).toFixed(0)}% busy)`,
      ms(server - main),
      driver === 'postgres' ? ms(postgres) : 'in main thread',
      ms(client),
      ms(total),
      `${((cores() * 1000) / total).toFixed(0)} /s`,
    ]);
  }
  const details = [
    `${REGISTRATIONS} registrations at concurrency ${CONCURRENCY} on a fresh database per driver (server as a child`,
    'process, RATE_LIMITS=off, CAPTCHA_TEST_ANSWER set, no SMTP so mails go to the log). Each registration is',
    'GET /api/captcha then POST /api/register; throughput counts both, the percentiles are of the POST alone.',
    `The budget's bound is what hashing alone would allow if every core hashed: ${cores()} cores ÷ ${ms(hashMs)} =`,
    `${bound.toFixed(0)}/s. Measured with ${cores()} hashes in flight at once, this machine does ${capacity.toFixed(0)} hashes/s`,
    `(${((capacity / bound) * 100).toFixed(0)}% of that bound: argon2id with 19 MiB per hash does not scale fully across cores).`,
    '',
    markdownTable(
      [
        'driver',
        'registrations/s',
        'of the bound',
        'of measured hashing',
        'p50',
        'p95',
        'p99',
        'locker numbers',
      ],
      table,
    ),
    '',
    "CPU time per registration, from /proc: the server main thread (every request's JavaScript and, on PGlite,",
    'the database; "busy" is its share of the wall time), the server\'s other threads (argon2 on the libuv pool,',
    'GC), the PostgreSQL backends, this load generator, and their sum. The last column is what the cores would',
    'allow at that cost with nothing else running.',
    '',
    markdownTable(
      [
        'driver',
        'main thread',
        'other server threads',
        'PostgreSQL',
        'client',
        'sum',
        `${cores()} cores ÷ sum`,
      ],
      cpuTable,
    ),
  ];
  return benchResult(rows, details, note);
}
