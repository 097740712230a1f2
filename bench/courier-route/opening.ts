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

/** Fast 3G's floor for the first opening: two round trips (the page, then the rest) and the bytes at 180 KB/s. */
const networkFloor = (bytes: number) => 2 * FAST_3G.latency + (bytes / FAST_3G.downloadThroughput) * 1000;

/** The prose under the first opening's figures: its requests, when they left and came back, what is left. */
export function openingLines(
  script: { entry: number; total: number },
  timings: { cold: number; coldRequests: Span[]; api: number },
  stops: number,
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
    `(${ms(lastAnswer)} measured); then parsing and the first render of ${stops} stops at 4× CPU, ${ms(timings.cold - lastAnswer)}`,
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
