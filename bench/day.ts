// A day of traffic (issue 23, item 5), on PostgreSQL: for BENCH_DAY_SECONDS (300 by default; shorter for a quick
// run) 300 customers browse 'Mis paquetes' and their package pages with their live streams open, 5 scanners receive
// pre-alerted parcels and 2 admins dispatch and import states, all at once against one server. Budgets: no failed
// request, no 5xx, and the server's memory (RSS of its process, read in /proc) at the end within 20% of its start;
// each kind of request's p95 is reported.
import { readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { CUSTOMERS, type DayPrepared, POOL, PREALERTED, prepare, SCANNERS } from './day/prepare.ts';
import { admin, customer, type Day, Recorder, scanner } from './day/traffic.ts';
import { login, registerAdmin } from './support/api.ts';
import { pool } from './support/load.ts';
import { openFileLimitFor, waitForIdle } from './support/machine.ts';
import { type BenchResult, benchResult, markdownTable, ms, type Row, verdict } from './support/report.ts';
import { whileServing } from './support/server.ts';
import { median, percentile } from './support/stats.ts';
import { availableDrivers, onFreshStorage, type Storage } from './support/storage.ts';
import { seedUsers } from './support/users-seed.ts';
import { makePhoto } from './warehouse/photo.ts';

const SECONDS = Number(process.env.BENCH_DAY_SECONDS ?? 300);
const CUSTOMER_THINK_MS = 10_000;
const SCANNER_THINK_MS = 4_000;
const ADMIN_THINK_MS = 20_000;
const ADMIN_BATCH = 100;
const MEMORY_BUDGET = 0.2;
/** The memory's start is read this long into the day: a fifth of it, at most a minute. */
const WARM_UP_S = Math.min(60, SECONDS / 5);

/** The resident memory of process `pid` in bytes (VmRSS of /proc/<pid>/status). */
function rssOf(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) * 1024;
}

interface Measured {
  recorder: Recorder;
  rss: { before: number; start: number; end: number; max: number };
  seconds: number;
  streamsOpen: number;
}

async function live(storage: Storage, prepared: DayPrepared, photo: Uint8Array<ArrayBuffer>) {
  return whileServing(storage, async (server): Promise<Measured> => {
    const pid = server.process.pid ?? 0;
    const admins = [await registerAdmin(server), (await login(server.url, prepared.admin.email)).cookie];
    const scanners: string[] = [];
    for (const person of prepared.scanners) scanners.push((await login(server.url, person.email)).cookie);
    const cookies: string[] = [];
    await pool(prepared.customers.length, 10, async (i) => {
      cookies[i] = (await login(server.url, prepared.customers[i]?.email ?? '')).cookie;
    });
    const recorder = new Recorder();
    // The pages open their streams first; the day starts once all are open and the server is idle.
    const day: Day = { server, recorder, until: Number.POSITIVE_INFINITY };
    let go: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      go = resolve;
    });
    const opened: Array<Promise<http.ClientRequest | null>> = [];
    await pool(prepared.customers.length, 25, async (i) => {
      const person = prepared.customers[i];
      if (!person) return;
      let ready: () => void = () => {};
      const isOpen = new Promise<void>((resolve) => {
        ready = resolve;
      });
      opened.push(
        customer(day, cookies[i] ?? '', person.numbers, CUSTOMER_THINK_MS, async () => {
          ready();
          await started;
        }),
      );
      await Promise.race([isOpen, new Promise((resolve) => setTimeout(resolve, 60_000))]);
    });
    await waitForIdle(pid);
    const rss = { before: rssOf(pid), start: 0, end: 0, max: 0 };
    rss.max = rss.before;
    const sampler = setInterval(() => {
      rss.max = Math.max(rss.max, rssOf(pid));
    }, 5000);
    const t0 = Date.now();
    day.until = t0 + SECONDS * 1000;
    go();
    // The start is read once the traffic has warmed the server up (its heap and caches grown to their working size).
    const warmUp = setTimeout(() => {
      rss.start = rssOf(pid);
    }, WARM_UP_S * 1000);
    const awb = (() => {
      let n = 0;
      return () => `729-${String(30_000_000 + ++n)}`;
    })();
    const perAdmin = Math.floor(prepared.pool.length / admins.length);
    const others = [
      ...scanners.map((cookie, s) =>
        scanner(
          day,
          cookie,
          // Interleaved: at any moment the scanners hold parcels of different customers.
          prepared.prealerted.filter((_, j) => j % SCANNERS === s),
          photo,
          SCANNER_THINK_MS,
        ),
      ),
      ...admins.map((cookie, a) =>
        admin(
          day,
          cookie,
          prepared.pool.slice(a * perAdmin, (a + 1) * perAdmin),
          ADMIN_BATCH,
          ADMIN_THINK_MS,
          awb,
        ),
      ),
    ];
    const streams = await Promise.all(opened);
    await Promise.all(others);
    const seconds = (Date.now() - t0) / 1000;
    // The day is over, the streams still open: once the server is idle again, its memory is read.
    await waitForIdle(pid);
    clearInterval(sampler);
    clearTimeout(warmUp);
    rss.end = rssOf(pid);
    rss.max = Math.max(rss.max, rss.end);
    // What the server logged of its failures, to say why in the report.
    if (recorder.samples.some((sample) => sample.status >= 500))
      for (const line of server
        .output()
        .split('\n')
        .filter((text) => /error|fail|rror/i.test(text))
        .slice(-10))
        recorder.note(`server: ${line.slice(0, 400)}`);
    if (process.env.BENCH_DAY_LOG) writeFileSync(process.env.BENCH_DAY_LOG, server.output());
    const streamsOpen = streams.filter((stream) => stream && !stream.destroyed).length;
    for (const stream of streams) stream?.destroy();
    return { recorder, rss, seconds, streamsOpen };
  });
}

export async function run(): Promise<BenchResult> {
  const { drivers } = await availableDrivers();
  if (!drivers.includes('postgres'))
    return benchResult([], [], 'PostgreSQL did not answer: a day of traffic runs on PostgreSQL only.');
  openFileLimitFor(CUSTOMERS * 2);
  const photo = new Uint8Array((await makePhoto()).bytes);
  const result = await onFreshStorage('postgres', async (storage) => {
    await seedUsers(storage);
    const prepared = await prepare(storage);
    return live(storage, prepared, photo);
  });
  const { recorder, rss } = result;
  const failed = recorder.samples.filter((sample) => !sample.ok).length + recorder.streamErrors;
  const errors5xx = recorder.samples.filter((sample) => sample.status >= 500).length;
  const growth = rss.end / rss.start - 1;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const rows: Row[] = [
    {
      measure: `postgres: failed requests of ${recorder.samples.length.toLocaleString('en')} (and live streams broken) in ${result.seconds.toFixed(0)} s`,
      value: String(failed),
      budget: '0',
      verdict: verdict(failed === 0 && result.streamsOpen === CUSTOMERS),
    },
    {
      measure: 'postgres: answers 5xx',
      value: String(errors5xx),
      budget: '0',
      verdict: verdict(errors5xx === 0),
    },
    {
      measure: `postgres: the server's memory (RSS) at the end vs its start (${WARM_UP_S.toFixed(0)} s into the day)`,
      value: `${mb(rss.start)} → ${mb(rss.end)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%)`,
      budget: `within ${MEMORY_BUDGET * 100}%`,
      verdict: verdict(Math.abs(growth) <= MEMORY_BUDGET),
    },
  ];
  const kinds = [...new Set(recorder.samples.map((sample) => sample.kind))];
  const table = kinds.map((kind) => {
    const of = recorder.samples.filter((sample) => sample.kind === kind);
    const times = of.map((sample) => sample.ms);
    return [
      kind,
      of.length.toLocaleString('en'),
      String(of.filter((sample) => !sample.ok).length),
      ms(median(times)),
      ms(percentile(times, 95)),
      ms(Math.max(...times)),
    ];
  });
  const details = [
    `For ${result.seconds.toFixed(0)} s (BENCH_DAY_SECONDS=${SECONDS}) against one server on PostgreSQL, over the users seed`,
    `(100,000 customers) plus, in SQL: ${CUSTOMERS} customers with a credential and 6 packages each to browse,`,
    `${POOL.toLocaleString('en')} 'Recibido en Miami' for the admins and ${PREALERTED.toLocaleString('en')} pre-alerted parcels for the scanners.`,
    `${CUSTOMERS} customers each hold their page's live stream (GET /api/packages/events) open all day and, every`,
    `${CUSTOMER_THINK_MS / 1000} s ±50%, read 'Mis paquetes' or one of their packages in turn ('Mis paquetes' again after a`,
    `'refresh'); ${SCANNERS} scanners receive a parcel every ${SCANNER_THINK_MS / 1000} s ±50% (lookup, a 1.5 MB photo, the receipt);`,
    `2 admins (the ADMIN_EMAILS one and another) every ${ADMIN_THINK_MS / 1000} s ±50% create a dispatch of ${ADMIN_BATCH} packages, move it`,
    `to 'En tránsito', then move ${ADMIN_BATCH} others by 'Importar estados'. The day starts once every stream is open`,
    "and the server idle; the server's RSS (/proc/<pid>/status) is read then (before any traffic:",
    `${mb(rss.before)}), ${WARM_UP_S.toFixed(0)} s into the day (the start the budget compares with), every 5 s (max ${mb(rss.max)}), and`,
    `once the server is idle again after the day, the streams still open. ${recorder.refreshes.toLocaleString('en')} 'refresh' events`,
    `reached the pages; ${result.streamsOpen} of ${CUSTOMERS} streams were open at the end.`,
    '',
    markdownTable(['request', 'count', 'failed', 'median', 'p95', 'max'], table),
    '',
    "Found by this benchmark's first runs (2026-11-23 18:35–18:41 UTC), when each scanner took a run of parcels and so",
    "all five received the same customer's parcels at once: 3–4 of 28 receipts answered 500, PostgreSQL's deadlock",
    "(40P01) on the customer's users row: chargePackage's `select … from users … for update`",
    '(src/server/charges/package-charge.ts:42, from receiveInTransaction) waits for another receipt of the same',
    'customer that holds a key-share lock on that row (its inserts referencing it) and wants the same. Fixed: the',
    'charge now locks the owner FOR NO KEY UPDATE (a test in src/server/warehouse/receiving.test.ts receives 12 of one',
    "customer's parcels at once); the scanners still take interleaved parcels, as a day's arrivals would come.",
    ...(recorder.errors.length ? ['', 'First errors:', '', ...recorder.errors.map((e) => `- ${e}`)] : []),
  ];
  return benchResult(rows, details, '');
}
