// The browser's side of the courier screen's first paint (src/shared/delivery/first-paint.ts): the route the server
// drew is put in the query cache before the screen first renders, so that render matches the server's HTML.
import type { QueryClient } from '@tanstack/react-query';
import type { MyRouteAnswer } from '../../../shared/delivery/api-types.ts';
import { FIRST_PAINT_ROUTE_ID } from '../../../shared/delivery/first-paint.ts';
import { answerOf } from '../../app/request.ts';
import { deliveryKeys } from '../api.ts';

/** Moves the route written into the page (if any) to the cache; read once, so a later opening asks the server. */
export function takeServerRoute(client: QueryClient): void {
  if (typeof document === 'undefined') return;
  const block = document.getElementById(FIRST_PAINT_ROUTE_ID);
  if (!block) return;
  block.remove();
  try {
    client.setQueryData(deliveryKeys.myRoute, answerOf<MyRouteAnswer>(JSON.parse(block.textContent ?? '')));
  } catch {
    // Unreadable: the screen asks the server as it would without a first paint.
  }
}
