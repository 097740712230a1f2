// Lighthouse's mobile preset on the screens people open on a phone every day, signed in, three runs each, the median
// scored: 'Mis paquetes' (issue 24: a customer with six packages, three received with their 'Valor a pagar'), a
// package's page `/paquetes/:number` and the courier's `/reparto` (issue 37: a started route of today), and the
// admin's `/admin/paquetes` (issue 35 item 6: measured). /paquetes measured 85 when its list waited on HTML → entry
// → page chunk → API; its index.html now names the chunk, its large imports and the list's and the session's
// answers (src/server/screen-preloads.ts), so they start after the HTML.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumPath } from '../test/e2e/harness.ts';
import { startedRoute } from './courier-route/world.ts';
import { FLAGS, runLighthouse } from './lighthouse.ts';
import { guideMaker, login, prealert, register, timedPost } from './support/api.ts';
import { type BenchResult, markdownTable, type Row, verdict } from './support/report.ts';
import { ADMIN_EMAIL, type BenchServer, withServer } from './support/server.ts';
import { median } from './support/stats.ts';

const RUNS = 3;
/** A courier's day on the route: stops of the one customer of the courier's world. */
const ROUTE_STOPS = 30;

interface Screen {
  path: string;
  who: string;
  cookie: string;
  /** The performance budget, when the screen has one. */
  budget?: number;
}

/** The customers, staff and packages the screens show; returns the screens with their sessions. */
async function world(server: BenchServer): Promise<Screen[]> {
  const courier = await startedRoute(server, ROUTE_STOPS);
  const admin = (await login(server.url, ADMIN_EMAIL)).cookie;
  const routeCustomer = (await login(server.url, 'cliente@bench.example.com')).cookie;
  const mine = (await (
    await fetch(`${server.url}/api/packages`, { headers: { cookie: routeCustomer } })
  ).json()) as {
    packages: Array<{ number: number }>;
  };
  const onRoute = mine.packages[0]?.number;
  if (onRoute === undefined) throw new Error('the route customer has no packages');

  const email = `paquetes-${Date.now()}@bench.example.com`;
  const { lockerNumber } = await register(server.url, email);
  const { cookie } = await login(server.url, email);
  const guide = guideMaker('1ZPKGLH');
  for (let i = 0; i < 6; i++) {
    const parcel = { guide: guide(), content: `Compra ${i + 1}`, declaredValue: '49,99' };
    await prealert(server, cookie, parcel);
    if (i % 2 === 0)
      await timedPost(
        server,
        admin,
        '/api/warehouse/receipts',
        { guide: parcel.guide, lockerNumber, weightLb: '3' },
        201,
      );
  }
  return [
    { path: '/paquetes', who: 'customer, 6 packages', cookie, budget: 90 },
    { path: `/paquetes/${onRoute}`, who: 'customer, package on a route', cookie: routeCustomer, budget: 95 },
    { path: '/reparto', who: `courier, started route of ${ROUTE_STOPS} stops`, cookie: courier, budget: 95 },
    { path: '/admin/paquetes', who: 'admin', cookie: admin },
  ];
}

export async function run(): Promise<BenchResult> {
  return withServer('pglite', async (server) => {
    const screens = await world(server);
    const profile = mkdtempSync(join(tmpdir(), 'casillero-lighthouse-'));
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: FLAGS,
      userDataDir: profile,
      logLevel: 'silent',
    });
    const table: string[][] = [];
    const rows: Row[] = [];
    try {
      for (const screen of screens) {
        const scores: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const lhr = await runLighthouse(`${server.url}${screen.path}`, chrome.port, screen.cookie);
          if (new URL(lhr.finalDisplayedUrl).pathname !== screen.path)
            throw new Error(`lighthouse ${screen.path}: ended on ${lhr.finalDisplayedUrl}`);
          const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
          scores.push(score);
          const metric = (key: string) => lhr.audits[key]?.displayValue ?? '';
          table.push([
            screen.path,
            String(i + 1),
            String(score),
            String(Math.round((lhr.categories.accessibility?.score ?? 0) * 100)),
            metric('first-contentful-paint'),
            metric('largest-contentful-paint'),
            metric('total-blocking-time'),
            metric('cumulative-layout-shift'),
            metric('speed-index'),
          ]);
          if (screen.budget !== undefined && score < screen.budget) console.log(`  ${screen.path}: ${score}`);
        }
        const middle = median(scores);
        rows.push({
          measure: `${screen.path} (${screen.who}): performance, median of ${RUNS} (${scores.join(', ')})`,
          value: String(middle),
          budget: screen.budget === undefined ? '—' : `≥ ${screen.budget}`,
          verdict: screen.budget === undefined ? '—' : verdict(Math.min(...scores) >= screen.budget),
        });
      }
    } finally {
      await chrome.kill();
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
    const details = [
      'Lighthouse 12, default (mobile) configuration with simulated throttling, system Chromium headless, against the',
      'built app served by the server on loopback (PGlite); the session cookie on every request. A budget holds when',
      "every run meets it. /paquetes was 85 (issue 24): the list's answer waited for the page chunk, which waited for",
      'the entry; its index.html now preloads the page chunk and its large imports and the answers it reads.',
      '',
      markdownTable(
        ['screen', 'run', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index'],
        table,
      ),
    ].join('\n');
    return { rows, details };
  });
}
