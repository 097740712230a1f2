// Issue 24 'Experience II: /paquetes': Lighthouse's mobile preset on 'Mis paquetes' signed in, for a customer with
// packages (three pre-alerted, three received with their 'Valor a pagar'), three runs, the median scored. The issue
// measured 85: the list waited on HTML → entry → page chunk → API. Its index.html now names the chunk, its large
// import and the list's and the session's answers (src/server/screen-preloads.ts), so they start after the HTML.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumPath } from '../test/e2e/harness.ts';
import { FLAGS, runLighthouse } from './lighthouse.ts';
import { guideMaker, login, prealert, register, registerAdmin, timedPost } from './support/api.ts';
import { type BenchResult, markdownTable, type Row, verdict } from './support/report.ts';
import { withServer } from './support/server.ts';
import { median } from './support/stats.ts';

const RUNS = 3;
const BUDGET = 90;

export async function run(): Promise<BenchResult> {
  return withServer('pglite', async (server) => {
    const admin = await registerAdmin(server);
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

    const profile = mkdtempSync(join(tmpdir(), 'casillero-lighthouse-'));
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: FLAGS,
      userDataDir: profile,
      logLevel: 'silent',
    });
    const table: string[][] = [];
    const scores: number[] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        const lhr = await runLighthouse(`${server.url}/paquetes`, chrome.port, cookie);
        if (new URL(lhr.finalDisplayedUrl).pathname !== '/paquetes')
          throw new Error(`lighthouse /paquetes: ended on ${lhr.finalDisplayedUrl}`);
        const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        scores.push(score);
        const metric = (key: string) => lhr.audits[key]?.displayValue ?? '';
        table.push([
          String(i + 1),
          String(score),
          String(Math.round((lhr.categories.accessibility?.score ?? 0) * 100)),
          metric('first-contentful-paint'),
          metric('largest-contentful-paint'),
          metric('total-blocking-time'),
          metric('cumulative-layout-shift'),
          metric('speed-index'),
        ]);
      }
    } finally {
      await chrome.kill();
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
    const middle = median(scores);
    const rows: Row[] = [
      {
        measure: `/paquetes (signed in, 6 packages): performance, median of ${RUNS}`,
        value: String(middle),
        budget: `≥ ${BUDGET}`,
        verdict: verdict(middle >= BUDGET),
      },
    ];
    const details = [
      'Lighthouse 12, default (mobile) configuration with simulated throttling, system Chromium headless, against the',
      'built app served by the server on loopback (PGlite); the session cookie on every request. Was 85 (issue 24):',
      "the list's answer waited for the page chunk, which waited for the entry. Now /paquetes' index.html preloads",
      "the page chunk and its large imports (modulepreload: the chunk, 'query' and 'common'), `/api/packages` and",
      '`/api/me` (preload as fetch); its tiny imports come with the chunk once the entry runs.',
      '',
      markdownTable(
        ['run', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index'],
        table,
      ),
    ].join('\n');
    return { rows, details };
  });
}
