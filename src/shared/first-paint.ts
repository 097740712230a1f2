// A screen drawn on the server (issue 19: the courier's '/reparto'; issue 37: a package's page): the server draws it
// with the answer of the API request the screen opens with, and writes that answer into the page in JSON beside the
// request's path, so the browser's first render reads the same data and takes the HTML over (hydration) instead of
// drawing it again. A data block: the CSP runs no inline script, and this one never runs.

export const FIRST_PAINT_DATA_ID = 'first-paint-data';

/**
 * The answer of GET `api` as a `<script type="application/json">`: every `<` is written `\u003c`, so no text of it
 * (an address with `</script>` in it) can end the block early; JSON.parse reads it back unchanged. The path is a
 * number-only API path (`/api/packages/100042`), written as an attribute as it is.
 */
export function firstPaintData(api: string, answer: unknown): string {
  const json = JSON.stringify(answer).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_PAINT_DATA_ID}" data-api="${api}">${json}</script>`;
}

/** The requests the drawn screens open with: the server names them in the block, the screens ask for them by it. */
export const firstPaintApi = {
  courierRoute: '/api/delivery/my-route',
  packageDetail: (number: number | string) => `/api/packages/${number}`,
};

/** A page the server draws: the screen's pattern (shared/paths.ts), the page's path and the path's parameters. */
export interface DrawnRequest {
  pattern: string;
  path: string;
  params: Record<string, string>;
}
