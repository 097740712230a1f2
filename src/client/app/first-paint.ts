// The browser's side of a screen drawn on the server (src/shared/first-paint.ts): the screen takes the answer the
// server drew it with into its query cache before its first render, so that render matches the server's HTML.
import { FIRST_PAINT_DATA_ID } from '../../shared/first-paint.ts';
import { answerOf } from './request.ts';

/**
 * The answer of GET `api` the server drew this page with, or undefined (another request's, none, unreadable). Read
 * once: the block goes with the first reading, so a later opening of the screen asks the server.
 */
export function takeServerAnswer<T>(api: string): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const block = document.getElementById(FIRST_PAINT_DATA_ID);
  if (!block || block.dataset.api !== api) return undefined;
  block.remove();
  try {
    return answerOf<T>(JSON.parse(block.textContent ?? ''));
  } catch {
    // Unreadable: the screen asks the server as it would without a first paint.
    return undefined;
  }
}
