// The courier screen's first opening on 'Fast 3G' (bench/courier-route.ts): the network profile, the requests the
// page made with when each left and came back, and the prose that explains the figure from them.
import type { Request } from 'playwright-core';
import { kb, ms } from '../support/report.ts';

export const OPEN_BUDGET_MS = 2000;
/** Chrome DevTools' 'Fast 3G' (Lighthouse's mobile network): 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up. */
export const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: 180_000,
  uploadThroughput: 84_375,
};

/**
 * A request of the first opening: its path and when it left and was answered, in ms after the page's request;
 * `sent` null when it had no answer yet as the stops were on the page (Chromium gives its times with the answer).
 */
export interface Span {
  path: string;
  sent: number | null;
  done: number | null;
}

/** The requests the page made (not its service worker's), in the order they left. */
export function spans(requests: Request[]): Span[] {
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

/** The prose under the first opening's figures: what the page brings, its requests, when the stops show and work. */
export function openingLines(
  script: { entry: number; total: number },
  timings: { cold: number; coldReady: number; coldRequests: Span[]; page: number; sheets: number },
  stops: number,
): string[] {
  const answered = timings.coldRequests.filter((span) => span.done !== null) as Array<{
    path: string;
    sent: number;
    done: number;
  }>;
  const pageDone = answered[0]?.done ?? 0;
  const sheetsDone = Math.max(
    ...answered.filter((span) => span.path.endsWith('.css')).map((span) => span.done),
  );
  const scriptsDone = Math.max(
    ...answered.filter((span) => span.path.endsWith('.js')).map((span) => span.done),
  );
  const floor = 2 * FAST_3G.latency + ((timings.page + timings.sheets) / FAST_3G.downloadThroughput) * 1000;
  const pending = timings.coldRequests.filter((span) => span.done === null).map((span) => span.path);
  return [
    "'/reparto' is drawn by the server for a courier's page navigation (src/server/delivery/courier-page.ts, ADR",
    `0014): the page's first answer holds the ${stops} stop cards, rendered by the screen's own components, and the`,
    `route beside them as JSON (${kb(timings.page)} gzip in all), and links its two stylesheets (${kb(timings.sheets)} gzip), which`,
    "the stops are painted with. So the route shows after two round trips on 'Fast 3G' (the page, then its",
    `stylesheets: ${ms(2 * FAST_3G.latency)}) and those bytes at 180 KB/s, ${ms(floor)} at best; measured: the page in at ${ms(pageDone)}, its`,
    `stylesheets at ${ms(sheetsDone)}, the stops painted at ${ms(timings.cold)}. The scripts (the entry ${kb(script.entry)} with its`,
    `stylesheet, the courier files ${kb(script.total)}, gzip) leave with the stylesheets and share the line with them; the last`,
    `is in at ${ms(scriptsDone)}, and React takes the drawn stops over (hydration, no second drawing) at ${ms(timings.coldReady)}: until then`,
    "'Llamar' and 'WhatsApp' work (plain links) and a tap on 'Entregar' does nothing. Drawn in the browser, as",
    'before, the same opening took 2605 ms on this machine on 2026-11-24 (two round trips and 111 KB of script',
    'before React could draw anything, then 0.7 s of rendering at 4× CPU). The service worker keeps the plain page,',
    'so the daily opening (the next row) is drawn on the phone from its own copy, as before. Figures vary with the',
    "machine's other work (the CPU share printed with the section).",
    '',
    `Requests of the first opening (ms after the page was asked for: sent → answered): ${answered
      .map((span) => `${span.path} ${span.sent.toFixed(0)} → ${span.done.toFixed(0)}`)
      .join(
        ', ',
      )}${pending.length ? `; asked for, not answered yet when the page was taken over: ${pending.join(', ')}` : ''}.`,
  ];
}
