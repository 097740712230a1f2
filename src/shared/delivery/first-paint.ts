// The courier screen's first paint (issue 19): the server draws '/reparto' with the courier's route and writes the
// route it drew into the page in JSON, so the browser's first render reads the same data and takes the HTML over
// (hydration) instead of drawing it again. A data block: the CSP runs no inline script, and this one never runs.
import type { MyRouteAnswer } from './api-types.ts';

export const FIRST_PAINT_ROUTE_ID = 'courier-route-data';

/**
 * The route as a `<script type="application/json">`: every `<` is written `\u003c`, so no text of the route (an
 * address with `</script>` in it) can end the block early; JSON.parse reads it back unchanged.
 */
export function routeDataScript(answer: MyRouteAnswer): string {
  const json = JSON.stringify(answer).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_PAINT_ROUTE_ID}">${json}</script>`;
}
