// The operations benchmark's live update: customers' package pages open on GET /api/packages/events, then state
// changes of one package of each, timed from the change's HTTP answer to each page's 'refresh'.
import type http from 'node:http';
import { login, timedPost } from '../support/api.ts';
import { now, openEventStream } from '../support/event-stream.ts';
import { pool } from '../support/load.ts';
import { waitForIdle } from '../support/machine.ts';
import type { BenchServer } from '../support/server.ts';
import type { LivePackage } from './prepare.ts';

export const LIVE_ROUNDS = 10;
const WAIT_MS = 15_000;

interface LiveStream {
  request: http.ClientRequest;
  /** The arrival of each round's 'refresh' (NaN until it comes). */
  arrivals: number[];
}

/** One customer page's stream (raw HTTP, its own socket); resolves once its 'ready' came. */
async function openStream(url: string, cookie: string, round: () => number): Promise<LiveStream> {
  const arrivals = Array.from({ length: LIVE_ROUNDS }, () => Number.NaN);
  const request = await openEventStream(url, '/api/packages/events', cookie, ({ event, at }) => {
    const r = round();
    if (event === 'refresh' && r >= 0 && Number.isNaN(arrivals[r])) arrivals[r] = at;
  });
  return { request, arrivals };
}

export interface LiveResult {
  openSeconds: number;
  /** Arrival − the change's HTTP answer, per stream and round. */
  fromAnswer: number[];
  /** Arrival − the change's request being sent. */
  fromRequest: number[];
  /** The state change's own time (500 packages). */
  changeMs: number[];
  /** Per round: the last stream's 'refresh' − the first one's (the fan-out to all the pages). */
  spreadMs: number[];
  missing: number;
}

export async function measureLive(
  server: BenchServer,
  admin: string,
  live: LivePackage[],
): Promise<LiveResult> {
  const pid = server.process.pid ?? 0;
  const cookies: string[] = new Array(live.length);
  await pool(live.length, 4, async (i) => {
    cookies[i] = (await login(server.url, (live[i] as LivePackage).email)).cookie;
  });
  let round = -1;
  const streams: LiveStream[] = [];
  const result: LiveResult = {
    openSeconds: 0,
    fromAnswer: [],
    fromRequest: [],
    changeMs: [],
    spreadMs: [],
    missing: 0,
  };
  try {
    const opened = performance.now();
    await pool(live.length, 50, async (i) => {
      streams.push(await openStream(server.url, cookies[i] as string, () => round));
    });
    result.openSeconds = (performance.now() - opened) / 1000;
    const numbers = live.map((p) => p.number);
    for (let r = 0; r < LIVE_ROUNDS; r++) {
      await waitForIdle(pid);
      round = r;
      // A hold and its release, in turn: the one package of each of the 500 customers changes state.
      const form =
        r % 2 === 0
          ? { numbers, state: 'retenido', note: 'Revisión de documentos de aduana.' }
          : { numbers, state: 'recibido' };
      const sent = now();
      const { elapsed } = await timedPost(server, admin, '/api/admin/packages/state', form, 200);
      const answered = now();
      result.changeMs.push(elapsed);
      const deadline = Date.now() + WAIT_MS;
      while (streams.some((s) => Number.isNaN(s.arrivals[r])) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      const arrived = streams.map((s) => s.arrivals[r] as number).filter((at) => !Number.isNaN(at));
      if (arrived.length) result.spreadMs.push(Math.max(...arrived) - Math.min(...arrived));
      for (const stream of streams) {
        const at = stream.arrivals[r] as number;
        if (Number.isNaN(at)) {
          result.missing++;
          continue;
        }
        result.fromAnswer.push(at - answered);
        result.fromRequest.push(at - sent);
      }
    }
    return result;
  } finally {
    for (const stream of streams) stream.request.destroy();
  }
}
