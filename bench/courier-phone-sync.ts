// Courier screen, the queue as the phone sends it (design/delivery.md 'Budgets': 1,000 queued deliveries sync in < 10
// s, and sent again change nothing). On PostgreSQL, a started route of 1,000 stops (seeded as bench/courier-sync.ts
// does), opened in Chromium (390 × 844, 4× CPU slowdown through CDP, network not throttled) with the real screen and
// its service worker. With no signal, one delivery is confirmed through the form; the other 999 are written beside it
// into the phone's queue in IndexedDB in the persister's own format (copies of that mutation with their own stop,
// key, amount and means, confirmed 1 ms apart), and the page is reloaded without signal: the queue's restore shows
// 1,000 'Por enviar'. Then the signal comes back (CDP) and the time runs until no stop says 'Por enviar'; the
// server's counts are read. Then the same queue (same keys) is written again and replayed the same way: every
// action must come back `repeated` and the counts must not move.
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { SyncAnswer } from '../src/shared/delivery/api-types.ts';
import { CHROMIUM_FLAGS, chromiumPath } from '../test/e2e/harness.ts';
import { counts, seed, startedRoute } from './courier-sync.ts';
import { login, register, registerAdmin } from './support/api.ts';
import { type Row, seconds, verdict } from './support/report.ts';
import type { BenchServer } from './support/server.ts';
import type { Storage } from './support/storage.ts';

export const PHONE_STOPS = 1000;
const COURIER_EMAIL = 'mensajero@bench.example.com';
const CUSTOMER_EMAIL = 'cliente@bench.example.com';

/** The browser globals the page functions read (the benchmarks are typed without the DOM). */
interface Globals {
  document: { querySelectorAll(selector: string): { length: number } };
  navigator: { serviceWorker: { controller: unknown } };
  indexedDB: {
    open(name: string): {
      onsuccess: (() => void) | null;
      onerror: (() => void) | null;
      result: {
        transaction(
          store: string,
          mode: string,
        ): {
          objectStore(name: string): {
            get(key: string): { onsuccess: (() => void) | null; result: unknown };
            put(value: unknown, key: string): void;
          };
          oncomplete: (() => void) | null;
        };
      };
    };
  };
  crypto: { randomUUID(): string };
  localStorage: { getItem(key: string): string | null };
}

const waiting = (page: Page, count: number, timeout = 120_000) =>
  page.waitForFunction(
    (n) => (globalThis as unknown as Globals).document.querySelectorAll('.stop-card__waiting').length === n,
    count,
    { polling: 100, timeout },
  );

/** Reads the queue written by the persister, adds the other stops' deliveries as copies of the first, writes it. */
function fillQueue(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const { indexedDB, crypto, localStorage } = globalThis as unknown as Globals;
        // The courier's own copy (src/client/delivery/courier-route/offline/phone-store.ts): 'mi-ruta:{their id}'.
        const key = `mi-ruta:${localStorage.getItem('casillero.reparto')}`;
        const open = indexedDB.open('casillero-reparto');
        open.onerror = () => reject(new Error('no queue database'));
        open.onsuccess = () => {
          const read = open.result.transaction('cola', 'readonly').objectStore('cola').get(key);
          read.onsuccess = () => {
            type Mutation = {
              mutationKey: string[];
              state: { submittedAt: number; variables: { number: number; body: Record<string, unknown> } };
            };
            const client = JSON.parse(read.result as string) as {
              clientState: {
                mutations: Mutation[];
                queries: Array<{ state: { data: { route?: { stops: Array<Record<string, unknown>> } } } }>;
              };
            };
            const [first] = client.clientState.mutations;
            const stops = client.clientState.queries.find((query) => query.state.data?.route)?.state.data
              .route?.stops;
            if (!first || !stops) return reject(new Error('nothing queued'));
            for (const [index, stop] of stops.entries()) {
              if (stop.number === first.state.variables.number) continue;
              const nequi = index % 3 === 0;
              const copy = JSON.parse(JSON.stringify(first)) as Mutation;
              copy.state.submittedAt = first.state.submittedAt + index + 1;
              copy.state.variables = {
                number: stop.number as number,
                body: {
                  ...first.state.variables.body,
                  key: crypto.randomUUID(),
                  collectedCop: stop.valueToPayCop,
                  means: nequi ? 'nequi' : 'efectivo',
                  reference: nequi ? `NQ${stop.number}` : '',
                },
              };
              client.clientState.mutations.push(copy);
            }
            resolve(JSON.stringify(client));
          };
        };
      }),
  );
}

function writeQueue(page: Page, value: string): Promise<void> {
  return page.evaluate(
    (written) =>
      new Promise<void>((resolve) => {
        const { indexedDB, localStorage } = globalThis as unknown as Globals;
        const open = indexedDB.open('casillero-reparto');
        open.onsuccess = () => {
          const tx = open.result.transaction('cola', 'readwrite');
          tx.objectStore('cola').put(written, `mi-ruta:${localStorage.getItem('casillero.reparto')}`);
          tx.oncomplete = () => resolve();
        };
      }),
    value,
  );
}

/** The queue restored without signal, then the signal back: ms until no stop says 'Por enviar', and the answers. */
async function replay(page: Page, setOffline: (offline: boolean) => Promise<void>, queue: string) {
  await setOffline(true);
  await writeQueue(page, queue);
  await page.reload({ waitUntil: 'commit' });
  await waiting(page, PHONE_STOPS);
  const answers: SyncAnswer['results'] = [];
  let requests = 0;
  /** Each request's [sent, answered] in ms after the signal came back (where the time goes). */
  const spans: Array<[number, number]> = [];
  const sentAt = new Map<unknown, number>();
  const onRequest = (request: { url(): string }) => {
    if (request.url().endsWith('/api/delivery/sync')) sentAt.set(request, performance.now() - started);
  };
  const listener = async (response: { url(): string; json(): Promise<unknown>; request(): unknown }) => {
    if (!response.url().endsWith('/api/delivery/sync')) return;
    requests++;
    spans.push([sentAt.get(response.request()) ?? 0, performance.now() - started]);
    answers.push(...((await response.json()) as SyncAnswer).results);
  };
  page.on('request', onRequest);
  page.on('response', listener);
  const started = performance.now();
  await setOffline(false);
  await waiting(page, 0);
  const elapsed = performance.now() - started;
  // The last answer's body may still be read by the listener.
  await page.waitForTimeout(500);
  page.off('response', listener);
  page.off('request', onRequest);
  return { elapsed, requests, answers, spans };
}

export async function phoneSync(server: BenchServer, storage: Storage) {
  const admin = await registerAdmin(server);
  await register(server.url, CUSTOMER_EMAIL);
  await register(server.url, COURIER_EMAIL);
  const { courierId, charges } = await seed(storage);
  await startedRoute(
    server,
    admin,
    courierId,
    [...charges.keys()].sort((a, b) => a - b),
  );
  const cookie = (await login(server.url, COURIER_EMAIL)).cookie;
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
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const setOffline = (offline: boolean) =>
      cdp
        .send('Network.emulateNetworkConditions', {
          offline,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        })
        .then(() => undefined);
    await page.goto(`${server.url}/reparto`);
    await page.waitForFunction(
      (n) => (globalThis as unknown as Globals).document.querySelectorAll('.stop-card').length === n,
      PHONE_STOPS,
      { polling: 200, timeout: 120_000 },
    );
    await page.waitForFunction(
      () => (globalThis as unknown as Globals).navigator.serviceWorker.controller !== null,
      undefined,
      { timeout: 60_000 },
    );
    await setOffline(true);
    const card = page.locator('.stop-card').first();
    await card.getByRole('button', { name: 'Entregar' }).click();
    await card.getByLabel('Recibido por').fill('Carlos Gómez');
    await card.getByLabel('Documento').fill('79123456');
    await card.getByLabel('Relación').selectOption('titular');
    await card.getByLabel('Medio de pago').selectOption('nequi');
    await card.getByLabel('Referencia').fill('NQ1');
    await card.getByRole('button', { name: 'Confirmar entrega' }).click();
    await waiting(page, 1);
    // The persister writes 50 ms after a change.
    await page.waitForTimeout(500);
    const queue = await fillQueue(page);
    const first = await replay(page, setOffline, queue);
    const afterFirst = await counts(storage);
    const again = await replay(page, setOffline, queue);
    const afterAgain = await counts(storage);
    return { first, afterFirst, again, afterAgain };
  } finally {
    await browser.close();
  }
}

const SYNC_BUDGET_MS = 10_000;

/** The section's rows: the first sync against its budget and counts, and the same keys sent again. */
/** Where the time went: each request's sending and answer, in seconds after the signal came back. */
export function phoneSyncSpans(sync: Awaited<ReturnType<typeof phoneSync>>): string {
  const list = (spans: Array<[number, number]>) =>
    spans.map(([sent, answered]) => `${(sent / 1000).toFixed(1)}→${(answered / 1000).toFixed(1)}`).join(', ');
  return `Requests (sent→answered, s after the signal): first ${list(sync.first.spans)}; again ${list(sync.again.spans)}.`;
}

export function phoneSyncRows(sync: Awaited<ReturnType<typeof phoneSync>>): Row[] {
  const { first, afterFirst, again, afterAgain } = sync;
  const firstOk =
    first.answers.length === PHONE_STOPS &&
    first.answers.every((answer) => answer.ok && !answer.done.repeated) &&
    afterFirst.deliveries === PHONE_STOPS &&
    afterFirst.collections === PHONE_STOPS;
  const againOk =
    again.answers.length === PHONE_STOPS &&
    again.answers.every((answer) => answer.ok && answer.done.repeated) &&
    afterAgain.deliveries === afterFirst.deliveries &&
    afterAgain.collections === afterFirst.collections &&
    afterAgain.collectedCop === afterFirst.collectedCop;
  return [
    {
      measure: `phone: ${PHONE_STOPS.toLocaleString('en')} deliveries queued offline, synced once the signal is back (${first.requests} requests; ${afterFirst.deliveries} deliveries, ${afterFirst.collections} collections)`,
      value: seconds(first.elapsed),
      budget: `< ${seconds(SYNC_BUDGET_MS)}, ${PHONE_STOPS} of each`,
      verdict: verdict(first.elapsed < SYNC_BUDGET_MS && firstOk),
    },
    {
      measure: `phone: the same ${PHONE_STOPS.toLocaleString('en')} keys sent again (${again.requests} requests; ${afterAgain.deliveries} deliveries, ${afterAgain.collections} collections)`,
      value: seconds(again.elapsed),
      budget: 'all `repeated`, counts unchanged',
      verdict: verdict(againOk),
    },
  ];
}
