// The phone's queue keeps what the courier confirmed: a refusal (4xx) is final, a lost connection, a 5xx, a lost
// session, a timeout or a rate limit are tried again; what is written marks pending actions paused (so one in
// flight when the browser closed is sent again) and keeps a refusal's message.
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../app/request.ts';
import { isRefusal, refusalOf, serialize } from './door-queue.ts';

describe('isRefusal', () => {
  it('is final for a 4xx the server means, and retried for the network, 5xx, 401, 408 and 429', () => {
    for (const status of [400, 403, 404, 409, 413, 422])
      expect(isRefusal(new RequestError(status, 'x', 'm'))).toBe(true);
    for (const status of [0, 401, 408, 429, 500, 502, 503])
      expect(isRefusal(new RequestError(status, 'x', 'm'))).toBe(false);
    expect(isRefusal(new TypeError('Failed to fetch'))).toBe(false);
    // A refusal restored from the phone's storage is a plain object.
    expect(isRefusal({ status: 409, message: 'm' })).toBe(true);
  });
});

describe('serialize', () => {
  const mutation = (status: string, error: unknown = null) => ({
    mutationKey: ['delivery', 'deliver'],
    state: { status, isPaused: false, error, variables: { number: 101 } },
  });
  const client = (mutations: unknown[]) =>
    ({ timestamp: 1, buster: '', clientState: { queries: [], mutations } }) as unknown as PersistedClient;

  it('marks every pending action paused, so the next start sends it again', () => {
    const written = JSON.parse(serialize(client([mutation('pending')])));
    expect(written.clientState.mutations[0].state).toMatchObject({ status: 'pending', isPaused: true });
  });

  it("keeps a refusal's message, status and field (an Error's message is not enumerable)", () => {
    const error = new RequestError(409, 'conflict', 'El paquete 101 ya fue entregado.', 'document');
    const written = JSON.parse(serialize(client([mutation('error', error)])));
    expect(written.clientState.mutations[0].state.isPaused).toBe(false);
    expect(refusalOf(written.clientState.mutations[0].state.error)).toEqual({
      status: 409,
      message: 'El paquete 101 ya fue entregado.',
      field: 'document',
    });
  });
});
