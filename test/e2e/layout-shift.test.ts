// Signed-in screens load their data after the first paint: what is already on screen must not move when it arrives
// (Lighthouse's cumulative layout shift; the footer jumping down on /locker once cost 0.21 and 11 points).
import { describe, expect, it } from 'vitest';
import { appInBrowser, registerViaApi, signInThroughForm } from './harness.ts';

declare global {
  interface Window {
    __layoutShifts: Array<{ value: number; sources: string[] }>;
  }
}

describe('layout stability in Chromium', () => {
  const e2e = appInBrowser();

  it('loads /locker, /paquetes and /notify on a phone without moving what is in view', async () => {
    const account = await registerViaApi(e2e.app);
    const signedIn = await e2e.browser.newPage();
    await signInThroughForm(signedIn, e2e.app, account.email, account.password);
    await signedIn.waitForURL(`${e2e.app.url}/locker`);
    for (const path of ['/locker', '/paquetes', '/notify']) {
      const page = await e2e.browser.newPage();
      await page.addInitScript(() => {
        window.__layoutShifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }
          >)
            window.__layoutShifts.push({
              value: entry.value,
              sources: (entry.sources ?? []).map(
                (source) => (source.node as Element | undefined)?.className ?? '',
              ),
            });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${e2e.app.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const shifts = await page.evaluate(() => window.__layoutShifts);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, `${path}: ${JSON.stringify(shifts)}`).toBeLessThan(0.05);
      await page.close();
    }
  });
});
