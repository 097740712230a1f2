// Live fan-out: 1,000 admin event streams (GET /api/admin/events, raw HTTP with the admin's cookie, one socket
// each) open on one server, then 20 registrations one after another. For each registration: the time from its
// createdAt (carried by the event) to its event arriving at the last of the 1,000 streams.
import type http from 'node:http';
import { register, registerAdmin } from './support/api.ts';
import { openEventStream } from './support/event-stream.ts';
import { pool } from './support/load.ts';
import { openFileLimitFor } from './support/machine.ts';
import { type BenchResult, benchResult, markdownTable, ms, type Row, verdict } from './support/report.ts';
import { withServer } from './support/server.ts';
import { percentile } from './support/stats.ts';
import { type Driver, onEachDriver } from './support/storage.ts';

const STREAMS = 1000;
const REGISTRATIONS = 20;
const BUDGET_MS = 250;
const WAIT_MS = 15_000;

interface Arrival {
  createdAt: number;
  times: number[];
}

/** One admin page's stream; resolves once its `ready` event came. Each user-registered event is recorded by e-mail. */
function openStream(
  url: string,
  cookie: string,
  arrivals: Map<string, Arrival>,
): Promise<http.ClientRequest> {
  return openEventStream(url, '/api/admin/events', cookie, ({ event, data, at }) => {
    if (event !== 'user-registered') return;
    const record = JSON.parse(data) as { email: string; createdAt: string };
    let arrival = arrivals.get(record.email);
    if (!arrival) {
      arrival = { createdAt: Date.parse(record.createdAt), times: [] };
      arrivals.set(record.email, arrival);
    }
    arrival.times.push(at);
  });
}

async function runDriver(driver: Driver) {
  return withServer(driver, async (server) => {
    const cookie = await registerAdmin(server);
    const arrivals = new Map<string, Arrival>();
    const requests: http.ClientRequest[] = [];
    try {
      const openStarted = performance.now();
      await pool(STREAMS, 50, async () => {
        requests.push(await openStream(server.url, cookie, arrivals));
      });
      const openSeconds = (performance.now() - openStarted) / 1000;
      const fromCommit: number[] = [];
      const fromResponse: number[] = [];
      let missing = 0;
      for (let i = 0; i < REGISTRATIONS; i++) {
        const email = `fanout${i}-${Date.now().toString(36)}@example.com`;
        const { answeredAt } = await register(server.url, email);
        const deadline = Date.now() + WAIT_MS;
        while ((arrivals.get(email)?.times.length ?? 0) < STREAMS && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 5));
        const arrival = arrivals.get(email);
        const count = arrival?.times.length ?? 0;
        missing += STREAMS - count;
        if (!arrival || count === 0) continue;
        const last = Math.max(...arrival.times);
        fromCommit.push(last - arrival.createdAt);
        fromResponse.push(last - answeredAt);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return {
        openSeconds,
        p50: percentile(fromCommit, 50),
        p95: percentile(fromCommit, 95),
        max: Math.max(...fromCommit),
        responseP95: percentile(fromResponse, 95),
        missing,
      };
    } finally {
      for (const request of requests) request.destroy();
    }
  });
}

export async function run(): Promise<BenchResult> {
  const limit = openFileLimitFor(STREAMS);
  const { runs, note } = await onEachDriver(runDriver);
  const rows: Row[] = [];
  const table: string[][] = [];
  for (const { driver, result } of runs) {
    rows.push({
      measure: `${driver}: commit → last of ${STREAMS} streams, p95 of ${REGISTRATIONS}`,
      value: result.missing ? `${ms(result.p95)}, ${result.missing} events missing` : ms(result.p95),
      budget: `< ${BUDGET_MS} ms`,
      verdict: verdict(result.p95 < BUDGET_MS && result.missing === 0),
    });
    table.push([
      driver,
      `${result.openSeconds.toFixed(1)} s`,
      ms(result.p50),
      ms(result.p95),
      ms(result.max),
      ms(result.responseP95),
      String(result.missing),
    ]);
  }
  const details = [
    `${STREAMS} GET /api/admin/events streams with the admin's cookie, each on its own socket (ulimit -n is`,
    `${limit}; the server and this process each hold ${STREAMS} sockets), opened 50 at a time, each waited for until`,
    `its \`ready\` event. Then ${REGISTRATIONS} registrations one after another; each is timed from the createdAt its`,
    'event carries (set in the registration transaction just before its inserts, so a few ms before the commit:',
    'the figure slightly overstates) to the arrival of its event at the last of the streams, measured in this',
    'process on the same clock. "after response" is the same arrival measured from the register response.',
    '',
    markdownTable(['driver', 'open all', 'p50', 'p95', 'max', 'after response p95', 'events missing'], table),
  ];
  return benchResult(rows, details, note);
}
