// Courier screen (design/delivery.md 'Budgets'): '/reparto''s own script beyond the shared entry, from the Vite
// manifest (the route chunk and its static imports the entry lacks, gzipped); then, on PostgreSQL (PGlite when absent),
// a started route of 200 stops opened in Chromium on a phone profile (4× CPU slowdown and Fast 3G through CDP):
// first with nothing on the phone, then again with the service worker and the IndexedDB copy in place; and, with
// no signal, how long a confirmed delivery takes to show as done ('Por enviar').
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from '../test/e2e/harness.ts';
import { phoneSync, phoneSyncRows, phoneSyncSpans } from './courier-phone-sync.ts';
import { FAST_3G, OPEN_BUDGET_MS, openingLines, spans } from './courier-route/opening.ts';
import { STOPS, startedRoute } from './courier-route/world.ts';
import { closure, type Manifest, sizes } from './page-weight.ts';
import { type BenchResult, benchResult, kb, markdownTable, ms, type Row, verdict } from './support/report.ts';
import { ROOT } from './support/root.ts';
import { type BenchServer, ensureBuild, withServer } from './support/server.ts';
import { median } from './support/stats.ts';
import { availableDrivers } from './support/storage.ts';

const SCRIPT_BUDGET = 60 * 1024;
const CONFIRM_BUDGET_MS = 100;
const COURIER_CHUNK = 'delivery/courier-route/courier-route-page.tsx';

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

/**
 * '/reparto' as the courier's browser first gets it (a page navigation: the server draws the route into it), and the
 * stylesheets it links, gzipped.
 */
function drawnPage(server: BenchServer, cookie: string): Promise<{ page: number; sheets: number }> {
  return new Promise((resolve, reject) => {
    const headers = { cookie, 'sec-fetch-mode': 'navigate' };
    get(`${server.url}/reparto`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const html = Buffer.concat(chunks);
        const sheets = [
          ...html.toString('utf8').matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g),
        ].map(([, file = '']) => sizes(file).gzip);
        resolve({ page: gzipSync(html).length, sheets: sheets.reduce((sum, bytes) => sum + bytes, 0) });
      });
    }).on('error', reject);
  });
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

/**
 * Milliseconds from the navigation's start until the last stop is on the screen (`shown`: the stop cards are in the
 * page and it has been painted, its first contentful paint, which waits for its stylesheets), and until the page's
 * script has taken it over (`ready`: React's handlers are on the last stop's 'Entregar', so a tap does what it says).
 */
async function openRoute(page: Page, url: string): Promise<{ shown: number; ready: number }> {
  await page.goto(`${url}/reparto`, { waitUntil: 'commit' });
  const shown = await page.waitForFunction(
    (count) => {
      const { document } = globalThis as unknown as PageGlobals;
      if (document.querySelectorAll('.stop-card').length !== count) return false;
      const painted = performance.getEntriesByName('first-contentful-paint')[0];
      return !!painted && Math.max(painted.startTime, performance.now());
    },
    STOPS,
    { polling: 'raf', timeout: 60_000 },
  );
  const ready = await page.waitForFunction(
    () => {
      const { document } = globalThis as unknown as PageGlobals;
      const buttons = document.querySelectorAll(
        '.stop-card__actions button:first-child',
      ) as unknown as object[];
      const last = buttons[buttons.length - 1];
      return !!last && Object.keys(last).some((key) => key.startsWith('__reactProps')) && performance.now();
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return { shown: (await shown.jsonValue()) as number, ready: (await ready.jsonValue()) as number };
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
    return {
      cold: cold.shown,
      coldReady: cold.ready,
      coldRequests,
      warm: warm.shown,
      confirm: median(confirms),
      confirmMax: Math.max(...confirms),
    };
  } finally {
    await browser.close();
  }
}

export async function run(): Promise<BenchResult> {
  ensureBuild(true);
  const script = courierScript();
  const { drivers } = await availableDrivers();
  const driver = drivers.includes('postgres') ? 'postgres' : 'pglite';
  const timings = await withServer(driver, async (server) => {
    const cookie = await startedRoute(server);
    return { ...(await inChromium(server, cookie)), ...(await drawnPage(server, cookie)) };
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
      measure: `… and ready for 'Entregar' (the page's script has taken the drawn stops over)`,
      value: ms(timings.coldReady),
      budget: '—',
      verdict: '—',
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
    'An opening is timed from the navigation start until the last stop card is on the page and painted (its first',
    "contentful paint); 'ready' until React's handlers are on the last stop's 'Entregar'. The first opening has an",
    'empty cache and no service worker; the second comes after the worker took the page.',
    ...openingLines(script, timings, STOPS),
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
