// Courier screen (DELIVERY.md 'Budgets'): '/reparto''s own script beyond the shared entry, from the Vite manifest
// (the route chunk and its static imports the entry lacks, gzipped); then, on PostgreSQL (PGlite when absent), a
// started route of 200 stops opened in Chromium on a phone profile (4× CPU slowdown and Fast 3G through CDP):
// first with nothing on the phone, then again with the service worker and the IndexedDB copy in place; and, with
// no signal, how long a confirmed delivery takes to show as done ('Por enviar').
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from 'playwright-core';
import { isoDayInColombia } from '../src/shared/dates.ts';
import { CHROMIUM_FLAGS, chromiumPath } from '../test/e2e/harness.ts';
import { phoneSync, phoneSyncRows, phoneSyncSpans } from './courier-phone-sync.ts';
import { closure, type Manifest, sizes } from './page-weight.ts';
import { login, register, registerAdmin, timedPost } from './support/api.ts';
import { pool } from './support/load.ts';
import { type BenchResult, benchResult, kb, markdownTable, ms, type Row, verdict } from './support/report.ts';
import { ROOT } from './support/root.ts';
import { type BenchServer, ensureBuild, withServer } from './support/server.ts';
import { median } from './support/stats.ts';
import { availableDrivers } from './support/storage.ts';

const STOPS = 200;
const SCRIPT_BUDGET = 60 * 1024;
const OPEN_BUDGET_MS = 2000;
const CONFIRM_BUDGET_MS = 100;
const COURIER_CHUNK = 'pages/courier-route/courier-route-page.tsx';
/** Chrome DevTools' 'Fast 3G' (Lighthouse's mobile network): 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };

/** The courier screen's files beyond the entry's, gzipped as the server sends them. */
function courierScript() {
  const manifest = JSON.parse(
    readFileSync(join(ROOT, 'dist/client/.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = new Set(closure(manifest, ['index.html']));
  const files = closure(manifest, [COURIER_CHUNK])
    .filter((file) => !entry.has(file))
    .map(sizes);
  const gzip = (list: Array<{ gzip: number }>) => list.reduce((sum, file) => sum + file.gzip, 0);
  return { files, total: gzip(files), entry: gzip([...entry, 'index.html'].map(sizes)) };
}

const post = (server: BenchServer, cookie: string, path: string, body: unknown = {}, expected = 200) =>
  timedPost(server, cookie, path, body, expected).then(
    ({ body: answer }) => answer as Record<string, unknown>,
  );

/** A courier with a started route of today of STOPS packages of one customer; returns the courier's cookie. */
async function startedRoute(server: BenchServer): Promise<string> {
  const admin = await registerAdmin(server);
  await register(server.url, 'mensajero@bench.example.com');
  const courier = (await login(server.url, 'mensajero@bench.example.com')).cookie;
  const me = (await (await fetch(`${server.url}/api/me`, { headers: { cookie: courier } })).json()) as {
    id: string;
  };
  await post(server, admin, `/api/admin/users/${me.id}/role`, { role: 'reparto' });
  const { lockerNumber } = await register(server.url, 'cliente@bench.example.com');
  const customer = (await login(server.url, 'cliente@bench.example.com')).cookie;
  const numbers: number[] = [];
  await pool(STOPS, 4, async (i) => {
    const guide = `1ZCOURIER${String(i).padStart(9, '0')}`;
    const form = {
      guide,
      store: 'Amazon',
      content: 'Audífonos',
      declaredValue: '40',
      quantity: 1,
      address: 1,
    };
    const saved = await post(server, customer, '/api/packages', { ...form, instructions: 'Portería' }, 201);
    numbers.push((saved.package as { number: number }).number);
    await post(server, admin, '/api/warehouse/receipts', { guide, lockerNumber, weightLb: '3' }, 201);
  });
  for (const state of ['en_transito', 'en_aduana', 'en_bodega_colombia'])
    await post(server, admin, '/api/admin/packages/state', { numbers, state });
  const created = await post(
    server,
    admin,
    '/api/admin/delivery/routes',
    {
      date: isoDayInColombia(new Date()),
      courierId: me.id,
      zone: 'Laureles',
    },
    201,
  );
  const id = (created.route as { id: number }).id;
  await post(server, admin, `/api/admin/delivery/routes/${id}/stops`, { packages: numbers.map(String) });
  await post(server, admin, `/api/admin/delivery/routes/${id}/start`);
  return courier;
}

/** The few browser globals the page functions below read (the benchmarks are typed without the DOM). */
interface PageGlobals {
  document: { querySelectorAll(selector: string): { length: number } };
  navigator: { serviceWorker: { controller: unknown } };
}

interface ConfirmCard {
  querySelector(selector: string): unknown;
}
interface ConfirmGlobals {
  document: {
    querySelector(selector: string): unknown;
    querySelectorAll(selector: string): unknown;
    body: unknown;
  };
  MutationObserver: new (
    callback: () => void,
  ) => { observe(target: unknown, options: object): void; disconnect(): void };
}

/** Milliseconds from the navigation's start until the last stop is on the page. */
async function openRoute(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/reparto`, { waitUntil: 'commit' });
  await page.waitForFunction(
    (count) =>
      (globalThis as unknown as PageGlobals).document.querySelectorAll('.stop-card').length === count,
    STOPS,
    {
      polling: 'raf',
      timeout: 60_000,
    },
  );
  return page.evaluate(() => performance.now());
}

/**
 * A request of the first opening: its path and when it left and was answered, in ms after the page's request;
 * `sent` null when it had no answer yet as the stops were on the page (Chromium gives its times with the answer).
 */
interface Span {
  path: string;
  sent: number | null;
  done: number | null;
}

/** The requests the page made (not its service worker's), in the order they left. */
function spans(requests: Request[]): Span[] {
  const timed = requests.map((request) => {
    const timing = request.timing();
    const answered = timing.startTime > 0 && timing.responseEnd >= 0;
    return {
      path: new URL(request.url()).pathname,
      // When it left (after any wait for one of the 6 connections), not when the page asked for it.
      sent: answered ? timing.startTime + Math.max(0, timing.requestStart) : null,
      done: answered ? timing.startTime + timing.responseEnd : null,
    };
  });
  const start = timed[0]?.sent ?? 0;
  const relative = (time: number | null) => (time === null ? null : time - start);
  return timed
    .map((span) => ({ path: span.path, sent: relative(span.sent), done: relative(span.done) }))
    .sort((a, b) => (a.sent ?? Number.POSITIVE_INFINITY) - (b.sent ?? Number.POSITIVE_INFINITY));
}

/** Deliveries confirmed in a row with no signal, each timed apart. */
const CONFIRMS = 7;

/** With no signal: 'Confirmar entrega' on stop `index` until its card says 'Por enviar'. */
async function confirmOffline(page: Page, index: number): Promise<number> {
  const card = page.locator('.stop-card').nth(index);
  await card.getByRole('button', { name: 'Entregar' }).click();
  await card.getByLabel('Recibido por').fill('Ana Primera');
  await card.getByLabel('Documento').fill('1020304050');
  await card.getByLabel('Relación').selectOption('titular');
  await card.getByLabel('Medio de pago').selectOption('efectivo');
  // Runs in the page, serialized: it may read nothing from this module but types (erased).
  return page.evaluate(
    (nth) =>
      new Promise<number>((resolve) => {
        const { document, MutationObserver } = globalThis as unknown as ConfirmGlobals;
        const button = document.querySelector('.door-form button[type="submit"]') as { click(): void };
        const started = performance.now();
        const observer = new MutationObserver(() => {
          const cards = document.querySelectorAll('.stop-card') as unknown as Array<ConfirmCard>;
          if (!cards[nth]?.querySelector('.stop-card__waiting')) return;
          observer.disconnect();
          resolve(performance.now() - started);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        button.click();
      }),
    index,
  );
}

async function inChromium(server: BenchServer, cookie: string) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CO' });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: server.url };
      }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const requests: Request[] = [];
    const listen = (request: Request) => requests.push(request);
    page.on('request', listen);
    const cold = await openRoute(page, server.url);
    page.off('request', listen);
    const coldRequests = spans(requests.filter((request) => !request.url().startsWith('data:')));
    await page.waitForFunction(
      () => (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller !== null,
      undefined,
      {
        timeout: 60_000,
      },
    );
    const warm = await openRoute(page, server.url);
    await cdp.send('Network.emulateNetworkConditions', { ...FAST_3G, offline: true });
    const confirms: number[] = [];
    for (let index = 0; index < CONFIRMS; index++) confirms.push(await confirmOffline(page, index));
    return { cold, coldRequests, warm, confirm: median(confirms), confirmMax: Math.max(...confirms) };
  } finally {
    await browser.close();
  }
}

/** Fast 3G's floor for the first opening: two round trips (the page, then the rest) and the bytes at 180 KB/s. */
const networkFloor = (bytes: number) => 2 * FAST_3G.latency + (bytes / FAST_3G.downloadThroughput) * 1000;

/** The prose under the first opening's figures: its requests, when they left and came back, what is left. */
function openingLines(
  script: ReturnType<typeof courierScript>,
  timings: { cold: number; coldRequests: Span[]; api: number },
): string[] {
  const [, ...after] = timings.coldRequests;
  const answered = after.filter((span) => span.done !== null) as Array<{
    path: string;
    sent: number;
    done: number;
  }>;
  // What the page's links ask for, before any script runs: they left before the entry's script came back.
  const entryDone = answered.find((span) => /^\/assets\/index-.*\.js$/.test(span.path))?.done ?? 0;
  const early = answered.filter((span) => span.sent < entryDone && span.path !== '/favicon.svg');
  // Left at once: within 100 ms of the first (a queued one leaves when an answer frees its connection, 562.5 ms on).
  const waveStart = Math.min(...early.map((span) => span.sent));
  const together = early.filter((span) => span.sent < waveStart + 100).length;
  const lastAnswer = Math.max(...early.map((span) => span.done));
  const pending = after.filter((span) => span.done === null).map((span) => span.path);
  const bytes = script.entry + script.total + timings.api;
  const last = early.find((span) => span.done === lastAnswer)?.path ?? '';
  return [
    "For /reparto the server's index.html preloads the courier chunk's files and the route's answer",
    '(src/server/screen-preloads.ts), and the build keeps the shared modules the courier screen imports in two',
    "chunks, 'query' and 'common', and dates.ts apart (vite.config.ts), not a dozen of 0.2–3 KB. A request on 'Fast 3G' costs a",
    '562.5 ms round trip and Chromium opens 6 connections to one HTTP/1.1 server: the 14 courier files, with the',
    "entry's two and the route's answer, went out in three waves (4234 ms on 2026-11-23, 1806 ms the second",
    `opening). Now the page's links ask for ${early.length} files and answers before any script runs, ${together} of them at once`,
    `and the rest as soon as an answer frees a connection; the last (${last}) arrives ${ms(lastAnswer)} after the`,
    'page was asked for (all the requests below).',
    '',
    timings.cold < OPEN_BUDGET_MS
      ? "The first-ever opening meets 2 s on 'Fast 3G'. Its parts:"
      : "The first-ever opening still misses 2 s on 'Fast 3G'. What is left:",
    `two round trips (the page, then its links: ${ms(2 * FAST_3G.latency)}); the bytes at 180 KB/s (the entry with its`,
    `stylesheet ${kb(script.entry)} gzip, the courier files ${kb(script.total)}, the route's answer ${kb(timings.api)}:`,
    `${ms(networkFloor(bytes) - 2 * FAST_3G.latency)}), so ${ms(networkFloor(bytes))} at best before any script runs`,
    `(${ms(lastAnswer)} measured); then parsing and the first render of ${STOPS} stops at 4× CPU, ${ms(timings.cold - lastAnswer)}`,
    'after the last answer. It happens once per phone and build; the daily opening is the second row. Figures',
    "vary with the machine's other work (the CPU share printed with the section).",
    '',
    `Requests of the first opening (ms after the page was asked for: sent → answered): ${timings.coldRequests
      .filter((span) => span.done !== null)
      .map((span) => `${span.path} ${span.sent?.toFixed(0)} → ${span.done?.toFixed(0)}`)
      .join(
        ', ',
      )}${pending.length ? `; asked for, not answered yet when the stops were on the page: ${pending.join(', ')}` : ''}.`,
  ];
}

export async function run(): Promise<BenchResult> {
  ensureBuild(true);
  const script = courierScript();
  const { drivers } = await availableDrivers();
  const driver = drivers.includes('postgres') ? 'postgres' : 'pglite';
  const timings = await withServer(driver, async (server) => {
    const cookie = await startedRoute(server);
    const answer = await fetch(`${server.url}/api/delivery/my-route`, { headers: { cookie } });
    return { ...(await inChromium(server, cookie)), api: gzipSync(await answer.text()).length };
  });
  const sync = drivers.includes('postgres') ? await withServer('postgres', phoneSync) : null;
  const rows: Row[] = [
    {
      measure: `/reparto: route chunk + static imports beyond the entry (${script.files.length} files, gzip)`,
      value: kb(script.total),
      budget: `≤ ${kb(SCRIPT_BUDGET)}`,
      verdict: verdict(script.total <= SCRIPT_BUDGET),
    },
    {
      measure: `${STOPS}-stop route opened, nothing on the phone (4× CPU, Fast 3G)`,
      value: ms(timings.cold),
      budget: `< ${ms(OPEN_BUDGET_MS)}`,
      verdict: verdict(timings.cold < OPEN_BUDGET_MS),
    },
    {
      measure: `${STOPS}-stop route opened again, service worker and IndexedDB copy in place`,
      value: ms(timings.warm),
      budget: `< ${ms(OPEN_BUDGET_MS)}`,
      verdict: verdict(timings.warm < OPEN_BUDGET_MS),
    },
    {
      measure: `confirmed delivery shown as done with no signal ('Por enviar', 4× CPU), median of ${CONFIRMS}`,
      value: ms(timings.confirm),
      budget: `< ${ms(CONFIRM_BUDGET_MS)}`,
      verdict: verdict(timings.confirm < CONFIRM_BUDGET_MS),
    },
    {
      measure: `confirmed delivery shown as done with no signal, slowest of ${CONFIRMS}`,
      value: ms(timings.confirmMax),
      budget: '—',
      verdict: '—',
    },
  ];
  if (sync) rows.push(...phoneSyncRows(sync));
  const details = [
    'Queue sync as the phone does it (bench/courier-phone-sync.ts, PostgreSQL): a started route of 1,000 stops,',
    'the real screen in Chromium at 4× CPU (network not throttled). Without signal one delivery is confirmed',
    "through the form; the other 999 are written beside it into the phone's IndexedDB queue in the persister's",
    'own format (copies of that mutation, each with its stop, a new key, its amount and means, 1 ms apart), and',
    "the page is reloaded without signal: the restore shows 1,000 'Por enviar'. Timed from the signal's return",
    "until no stop says 'Por enviar' (the batcher's POST /api/delivery/sync, 200 actions a request). Then the same",
    "queue (same keys) is replayed: every answer must be `repeated` and the counts must not move. The phone's own",
    'part is the time before the first request and between requests; the rest is the server answering (the same',
    "requests sent from Node are the 'Last mile' section).",
    ...(sync ? [phoneSyncSpans(sync)] : []),
    '',
    `The route's ${STOPS} stops are packages of one customer, received, flown and started through the API as the`,
    `staff's screens do (${driver}). Chromium (390 × 844) gets the courier's session cookie, then CDP's`,
    "Emulation.setCPUThrottlingRate 4 and Network.emulateNetworkConditions 'Fast 3G' (562.5 ms, 1.44 Mbit/s down).",
    'An opening is timed from the navigation start until the last stop card is on the page. The first opening has',
    'an empty cache and no service worker; the second comes after the worker took the page.',
    ...openingLines(script, timings),
    '',
    markdownTable(
      ['file', 'raw', 'gzip'],
      [
        ...script.files.map((file) => [file.file, kb(file.raw), kb(file.gzip)]),
        ['**total**', '', `**${kb(script.total)}**`],
      ],
    ),
  ];
  return benchResult(rows, details, '');
}
