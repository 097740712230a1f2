// Lighthouse (default config = the mobile preset: Moto G class phone, simulated slow 4G and 4× CPU slowdown) with
// the system Chromium on `/`, `/login`, `/register` and, signed in as a new customer, `/locker` of a running server.
// Three runs each; lists the costly audits of the worst run of any category under 100.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumPath } from '../test/e2e/harness.ts';
import { login, register } from './support/api.ts';
import { type BenchResult, markdownTable, type Row, verdict } from './support/report.ts';
import { withServer } from './support/server.ts';
import { median } from './support/stats.ts';

/** The pages, and whether Lighthouse opens them with a customer's session cookie. */
const PAGES: Array<{ path: string; signedIn?: boolean }> = [
  { path: '/' },
  { path: '/login' },
  { path: '/register' },
  { path: '/locker', signedIn: true },
];
export const BUDGETS: Record<string, number> = { performance: 95, accessibility: 100, 'best-practices': 95 };
/** Runs per page: a budget holds when every run meets it (issue 35: '≥ 95 in three runs'). */
const RUNS = 3;
// The harness's flags (design/architecture.md trap 6), with Chrome's current headless mode, which Lighthouse needs.
export const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** One Lighthouse run; a failed trace (Lighthouse's NO_NAVSTART and the like) is tried again, at most 3 times. */
export async function runLighthouse(url: string, port: number, cookie?: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(BUDGETS),
      // The session cookie on every request of the page (its document, scripts and API calls).
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const error = result ? result.lhr.runtimeError : { message: 'no result' };
    if (result && !error) return result.lhr;
    if (attempt === 3) throw new Error(`lighthouse ${url}: ${error?.message}`);
    console.log(`  lighthouse ${url}: ${error?.message}; trying again`);
  }
}

function scoreOf(lhr: { categories: Record<string, { score: number | null } | undefined> }, id: string) {
  return Math.round((lhr.categories[id]?.score ?? 0) * 100);
}

/** The text of an audit's first detail item (e.g. which issue Chrome logged), shortened. */
function firstItem(details: unknown): string {
  const items = (details as { items?: unknown[] } | undefined)?.items;
  if (!items?.length) return '';
  const text = JSON.stringify(items[0]).slice(0, 300);
  return ` — first of ${items.length}: \`${text}\``;
}

export async function run(): Promise<BenchResult> {
  return withServer('pglite', async (server) => {
    const profile = mkdtempSync(join(tmpdir(), 'casillero-lighthouse-'));
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: FLAGS,
      userDataDir: profile,
      logLevel: 'silent',
    });
    const rows: Row[] = [];
    const table: string[][] = [];
    const costs: string[] = [];
    try {
      // A customer who has just registered: the unverified notice shows, as on a first visit.
      const email = `lighthouse-${Date.now()}@bench.example.com`;
      await register(server.url, email);
      const { cookie } = await login(server.url, email);
      for (const { path: page, signedIn } of PAGES) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          const lhr = await runLighthouse(`${server.url}${page}`, chrome.port, signedIn ? cookie : undefined);
          // A session that did not hold would measure /login instead.
          if (new URL(lhr.finalDisplayedUrl).pathname !== page)
            throw new Error(`lighthouse ${page}: ended on ${lhr.finalDisplayedUrl}`);
          runs.push(lhr);
          const metric = (key: string) => lhr.audits[key]?.displayValue ?? '';
          table.push([
            page,
            String(i + 1),
            ...Object.keys(BUDGETS).map((id) => String(scoreOf(lhr, id))),
            metric('first-contentful-paint'),
            metric('largest-contentful-paint'),
            metric('total-blocking-time'),
            metric('cumulative-layout-shift'),
          ]);
        }
        for (const [id, budget] of Object.entries(BUDGETS)) {
          const scores = runs.map((lhr) => scoreOf(lhr, id));
          const worst = Math.min(...scores);
          rows.push({
            measure: `${page}${signedIn ? ' (signed in)' : ''}: ${id}, median of ${RUNS} (${scores.join(', ')})`,
            value: String(median(scores)),
            budget: budget === 100 ? '100' : `≥ ${budget}`,
            verdict: verdict(worst >= budget),
          });
          // The audits that cost points in the worst run: scored under 1 and weighted in this category.
          const lhr = runs[scores.indexOf(worst)];
          const category = lhr?.categories[id];
          if (worst === 100 || !lhr || !category) continue;
          for (const ref of category.auditRefs) {
            const audit = lhr.audits[ref.id];
            if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
            const line = `${page} ${id}: ${audit.id} (${Math.round(audit.score * 100)}) ${audit.title}${
              audit.displayValue ? ` — ${audit.displayValue}` : ''
            }${firstItem(audit.details)}`;
            costs.push(worst < budget ? `**under budget** ${line}` : line);
            if (worst < budget) console.log(`  ${line}`);
          }
        }
      }
    } finally {
      await chrome.kill();
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
    const details = [
      'Lighthouse 12, default (mobile) configuration with simulated throttling, system Chromium headless, against the',
      `built app served by the server on loopback (PGlite). ${RUNS} runs per page; the worst run's costly audits.`,
      '',
      markdownTable(
        ['page', 'run', 'performance', 'accessibility', 'best practices', 'FCP', 'LCP', 'TBT', 'CLS'],
        table,
      ),
      costs.length
        ? `\nAudits that cost points (in categories under budget they are the failures):\n\n${costs.map((l) => `- ${l}`).join('\n')}`
        : '',
    ].join('\n');
    return { rows, details };
  });
}
