// Sign-in: 50 accounts registered through the API, then 50 concurrent users each signing in 10 times in a row;
// p95 of POST /api/login, on each driver. The issue sets no budget: the figure is reported, with the floor that
// verifying 50 argon2id hashes on these cores sets for it.
import { login, register } from './support/api.ts';
import { measureHash, measureHashCapacity } from './support/hashing.ts';
import { pool } from './support/load.ts';
import { cores } from './support/machine.ts';
import { type BenchResult, benchResult, markdownTable, ms, type Row } from './support/report.ts';
import { withServer } from './support/server.ts';
import { percentile } from './support/stats.ts';
import { type Driver, onEachDriver } from './support/storage.ts';

const USERS = 50;
const SIGN_INS_EACH = 10;

async function runDriver(driver: Driver) {
  return withServer(driver, async (server) => {
    const emails = Array.from(
      { length: USERS },
      (_, i) => `signin${i}-${Date.now().toString(36)}@example.com`,
    );
    await pool(USERS, 10, async (i) => {
      await register(server.url, emails[i] as string);
    });
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      emails.map(async (email) => {
        for (let n = 0; n < SIGN_INS_EACH; n++) latencies.push((await login(server.url, email)).loginMs);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      throughput: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
    };
  });
}

export async function run(): Promise<BenchResult> {
  const hashMs = await measureHash();
  const capacity = await measureHashCapacity();
  // With every user waiting on a hash verification, the last of 50 waits for 50 hashes at the machine's rate.
  const floor = (USERS / capacity) * 1000;
  const { runs, note } = await onEachDriver(runDriver);
  const rows: Row[] = [];
  const table: string[][] = [];
  for (const { driver, result } of runs) {
    rows.push({
      measure: `${driver}: login p95 at ${USERS} concurrent users`,
      value: ms(result.p95),
      budget: 'none set (report only)',
      verdict: '—',
    });
    table.push([driver, result.throughput.toFixed(1), ms(result.p50), ms(result.p95), ms(result.p99)]);
  }
  const details = [
    `${USERS} accounts registered through the API, then ${USERS} concurrent users each sign in ${SIGN_INS_EACH} times`,
    `in a row (${USERS * SIGN_INS_EACH} POST /api/login). Each sign-in verifies one argon2id hash (${ms(hashMs)} here),`,
    `and this machine verifies ${capacity.toFixed(0)} hashes/s with ${cores()} in flight: with ${USERS} users waiting,`,
    `hashing alone puts a request near ${USERS} ÷ ${capacity.toFixed(0)}/s ≈ ${ms(floor)}.`,
    '',
    markdownTable(['driver', 'sign-ins/s', 'p50', 'p95', 'p99'], table),
  ];
  return benchResult(rows, details, note);
}
