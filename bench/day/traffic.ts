// The actors of 'A day of traffic', each a loop until the day ends: customers browsing 'Mis paquetes' and their
// packages with the page's live stream open (a 'refresh' makes the page read its list again), scanners receiving
// pre-alerted parcels ('Recepción en bodega': lookup, photo, receipt), admins dispatching and importing states.
// Every request is recorded by kind with its time and status; a refused one (network error, other status) counts
// as failed.
import type http from 'node:http';
import { openEventStream } from '../support/event-stream.ts';
import type { BenchServer } from '../support/server.ts';
import type { DayPrepared } from './prepare.ts';

export interface Sample {
  kind: string;
  ms: number;
  /** The HTTP status, or 0 when the request itself failed. */
  status: number;
  ok: boolean;
}

export class Recorder {
  readonly samples: Sample[] = [];
  readonly errors: string[] = [];
  streamErrors = 0;
  refreshes = 0;

  /** Sends one request of `kind`; true when it answered `expected`. */
  async request(
    kind: string,
    url: string,
    init: RequestInit,
    expected: number,
  ): Promise<{ ok: boolean; body: unknown }> {
    const started = performance.now();
    let status = 0;
    let body: unknown = null;
    try {
      const response = await fetch(url, init);
      status = response.status;
      const text = await response.text();
      body = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    } catch (error) {
      this.note(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const ok = status === expected;
    if (!ok && status) this.note(`${kind}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
    this.samples.push({ kind, ms: performance.now() - started, status, ok });
    return { ok, body };
  }

  note(error: string) {
    if (this.errors.length < 30) this.errors.push(error);
  }
}

export interface Day {
  server: BenchServer;
  recorder: Recorder;
  /** Epoch ms when the day ends. */
  until: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Think time around `mean` ms (±50%), never past the end of the day. */
const think = (day: Day, mean: number) =>
  sleep(Math.min(mean * (0.5 + Math.random()), Math.max(0, day.until - Date.now())));

const get = (day: Day, kind: string, cookie: string, path: string) =>
  day.recorder.request(kind, `${day.server.url}${path}`, { headers: { cookie } }, 200);

const post = (day: Day, kind: string, cookie: string, path: string, body: unknown, expected = 200) =>
  day.recorder.request(
    kind,
    `${day.server.url}${path}`,
    {
      method: 'POST',
      headers: { cookie, origin: day.server.url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    expected,
  );

/** A customer's page: its live stream held open all day, and the list or one package read every `thinkMs`;
 * `opened` is awaited once the stream is open (the day starts when every page has its stream). */
export async function customer(
  day: Day,
  cookie: string,
  numbers: number[],
  thinkMs: number,
  opened: () => Promise<void>,
): Promise<http.ClientRequest | null> {
  let stale = false;
  const started = performance.now();
  let stream: http.ClientRequest | null = null;
  try {
    stream = await openEventStream(day.server.url, '/api/packages/events', cookie, ({ event }) => {
      if (event === 'refresh') {
        stale = true;
        day.recorder.refreshes += 1;
      }
    });
    day.recorder.samples.push({
      kind: 'live stream opened',
      ms: performance.now() - started,
      status: 200,
      ok: true,
    });
    // A stream the server ended, or that broke, before the day was over counts as a failure.
    stream.on('close', () => {
      if (Date.now() < day.until) day.recorder.streamErrors += 1;
    });
    stream.on('error', (error) => day.recorder.note(`stream: ${error.message}`));
  } catch (error) {
    day.recorder.samples.push({
      kind: 'live stream opened',
      ms: performance.now() - started,
      status: 0,
      ok: false,
    });
    day.recorder.note(`stream: ${error instanceof Error ? error.message : String(error)}`);
  }
  await opened();
  let turn = Math.floor(Math.random() * 10);
  while (Date.now() < day.until) {
    await think(day, thinkMs);
    if (Date.now() >= day.until) break;
    if (stale || turn % 2 === 0) {
      stale = false;
      await get(day, "GET /api/packages ('Mis paquetes')", cookie, '/api/packages');
    } else {
      const number = numbers[turn % numbers.length] ?? numbers[0];
      await get(day, 'GET /api/packages/:number (package page)', cookie, `/api/packages/${number}`);
    }
    turn += 1;
  }
  return stream;
}

/** A scanner at 'Recepción en bodega': each parcel looked up by its guide, its photo sent, then its receipt. */
export async function scanner(
  day: Day,
  cookie: string,
  parcels: DayPrepared['prealerted'],
  photo: Uint8Array<ArrayBuffer>,
  thinkMs: number,
) {
  for (const parcel of parcels) {
    if (Date.now() >= day.until) return;
    await get(day, 'GET /api/warehouse/lookup', cookie, `/api/warehouse/lookup?guia=${parcel.guide}`);
    const uploaded = await day.recorder.request(
      'POST /api/warehouse/photos',
      `${day.server.url}/api/warehouse/photos`,
      {
        method: 'POST',
        headers: { cookie, origin: day.server.url, 'content-type': 'image/jpeg' },
        body: photo,
      },
      201,
    );
    const id = (uploaded.body as { id?: string } | null)?.id;
    if (id)
      await post(
        day,
        'POST /api/warehouse/receipts',
        cookie,
        '/api/warehouse/receipts',
        {
          guide: parcel.guide,
          lockerNumber: parcel.lockerNumber,
          weightLb: '4.5',
          lengthIn: '14',
          widthIn: '10',
          heightIn: '6',
          condition: 'bueno',
          notes: '',
          photoIds: [id],
        },
        201,
      );
    await think(day, thinkMs);
  }
}

/** An admin: a dispatch of `batch` packages created and moved to 'En tránsito', then `batch` others moved by
 * 'Importar estados', every `thinkMs`, while the pool lasts. */
export async function admin(
  day: Day,
  cookie: string,
  pool: DayPrepared['pool'],
  batch: number,
  thinkMs: number,
  awb: () => string,
) {
  for (let at = 0; at + 2 * batch <= pool.length && Date.now() < day.until; at += 2 * batch) {
    const numbers = pool.slice(at, at + batch).map((item) => item.number);
    const created = await post(
      day,
      'POST /api/admin/dispatches',
      cookie,
      '/api/admin/dispatches',
      { masterAwb: awb(), airline: 'Avianca Cargo', flightDate: '2026-12-01', numbers },
      201,
    );
    const id = (created.body as { dispatch?: { id: number } } | null)?.dispatch?.id;
    if (id)
      await post(
        day,
        "POST /api/admin/dispatches/:id/state ('En tránsito')",
        cookie,
        `/api/admin/dispatches/${id}/state`,
        {
          state: 'en_transito',
        },
      );
    await think(day, thinkMs / 2);
    if (Date.now() >= day.until) return;
    const csv = `guia,estado\n${pool
      .slice(at + batch, at + 2 * batch)
      .map((item) => `${item.guide},en_transito`)
      .join('\n')}\n`;
    await day.recorder.request(
      "POST /api/admin/packages/import ('Importar estados')",
      `${day.server.url}/api/admin/packages/import`,
      { method: 'POST', headers: { cookie, origin: day.server.url, 'content-type': 'text/csv' }, body: csv },
      200,
    );
    await think(day, thinkMs / 2);
  }
}
