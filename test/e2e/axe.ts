// axe-core run inside the page under test, for any screen's browser test: the violations of impact serious or
// critical, each with the elements it found, so a failing assertion says what to fix; and an id used twice.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  /** The CSS selectors of the offending elements, with axe's summary of each. */
  nodes: string[];
}

/**
 * Runs axe on the page as it is now and returns the serious and critical violations ([] when none).
 * The app's CSP (script-src 'self') refuses an inline <script>, so axe is not added with addScriptTag({content}):
 * page.evaluate runs through the DevTools protocol, which the page's CSP does not govern.
 */
export async function seriousAxeViolations(page: Page, options: RunOptions = {}): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe.run(
        document,
        runOptions,
      ),
    { resultTypes: ['violations'], ...options } as RunOptions,
  );
  const found = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  const repeated = await repeatedIds(page);
  if (repeated.length)
    found.push({
      rule: 'duplicate-id',
      impact: 'serious',
      help: 'Ids unique on a page, so every label leads to its own field (issue 47)',
      nodes: repeated,
    });
  return found;
}

/** The ids that stand on more than one element of the page (axe 4.7 no longer checks them), with their count. */
export function repeatedIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const counts = new Map<string, number>();
    for (const element of document.querySelectorAll('[id]'))
      counts.set(element.id, (counts.get(element.id) ?? 0) + 1);
    return [...counts].filter(([, count]) => count > 1).map(([id, count]) => `#${id} × ${count}`);
  });
}

/** Phone (the harness's default) and desktop: the two sizes each screen is checked at. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
