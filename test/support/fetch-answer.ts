// The browser's `fetch` answering one JSON body, for the tests of src/client/api/*.ts: what each call sends is read
// from the returned mock's calls. Un-stubbed after every test of a file that imports this.
import { afterEach, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

export function answer(status: number, json: unknown) {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => Response.json(json, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
