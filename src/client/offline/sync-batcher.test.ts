// The batcher sends the actions handed in together as one POST /api/delivery/sync per MAX_SYNC_ACTIONS, in the
// courier's order, one chunk after the other; each action settles with its own result; a refusal in the middle
// leaves the others alone; a failed request is every action's to retry, and nothing later goes before them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoorActionDone, SyncResult } from '../../shared/delivery/api-types.ts';
import { MAX_SYNC_ACTIONS } from '../../shared/delivery/door-choices.ts';
import { RequestError } from '../api/request.ts';
import { type BatchItem, createSyncBatcher, isRefusal, type SyncAction } from './sync-batcher.ts';

const item = (id: number, order = id): BatchItem => ({
  id,
  order: [1000 + order, id],
  action: { kind: 'deliver', number: 100 + id, body: { key: `key-${id}` } },
});
const done = (action: SyncAction): SyncResult => ({
  ok: true,
  key: action.body.key,
  number: action.number,
  done: { message: `Paquete ${action.number} entregado.` } as DoorActionDone,
});

/** A server that answers each action done, and records what each request carried. */
function server(answer: (action: SyncAction) => SyncResult = done) {
  const requests: number[][] = [];
  const send = vi.fn(async (actions: SyncAction[]) => {
    requests.push(actions.map((action) => action.number - 100));
    return actions.map(answer);
  });
  return { requests, send };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createSyncBatcher', () => {
  it('sends the actions due together in one request, in the order confirmed, whatever order they came in', async () => {
    const { requests, send } = server();
    const batcher = createSyncBatcher({ send });
    const settled = [3, 1, 2].map((id) => batcher.submit(item(id)));
    await vi.runAllTimersAsync();
    expect(requests).toEqual([[1, 2, 3]]);
    expect(await Promise.all(settled)).toEqual([
      { message: 'Paquete 103 entregado.' },
      { message: 'Paquete 101 entregado.' },
      { message: 'Paquete 102 entregado.' },
    ]);
  });

  it('sends 450 actions as 200, 200 and 50, each request after the previous one was answered', async () => {
    const { requests, send } = server();
    let inFlight = 0;
    let most = 0;
    const counting = vi.fn(async (actions: SyncAction[]) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 100));
      inFlight--;
      return send(actions);
    });
    const batcher = createSyncBatcher({ send: counting });
    const settled = Array.from({ length: 450 }, (_, index) => batcher.submit(item(index + 1)));
    await vi.runAllTimersAsync();
    await Promise.all(settled);
    expect(MAX_SYNC_ACTIONS).toBe(200);
    expect(requests.map((request) => request.length)).toEqual([200, 200, 50]);
    expect(requests.flat()).toEqual(Array.from({ length: 450 }, (_, index) => index + 1));
    expect(most).toBe(1);
  });

  it('cuts a chunk before it outgrows the body limit (photos travel inside the actions)', async () => {
    const { requests, send } = server();
    const batcher = createSyncBatcher({ send, maxBytes: 300 });
    const big = (id: number): BatchItem => {
      const base = item(id);
      return {
        ...base,
        action: { ...base.action, body: { key: `key-${id}`, photo: 'x'.repeat(100) } as never },
      };
    };
    const settled = [1, 2, 3].map((id) => batcher.submit(big(id)));
    await vi.runAllTimersAsync();
    await Promise.all(settled);
    expect(requests).toEqual([[1], [2], [3]]);
  });

  it('rejects a refused action with its own refusal and settles the others of its chunk', async () => {
    const { send } = server((action) =>
      action.number === 102
        ? {
            ok: false,
            key: action.body.key,
            number: 102,
            status: 409,
            error: { code: 'conflict', message: 'El paquete 102 ya fue entregado.' },
          }
        : done(action),
    );
    const batcher = createSyncBatcher({ send });
    const settled = Promise.allSettled([1, 2, 3].map((id) => batcher.submit(item(id))));
    await vi.runAllTimersAsync();
    const outcomes = await settled;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const refusal = (outcomes[1] as PromiseRejectedResult).reason;
    expect(refusal).toBeInstanceOf(RequestError);
    expect(refusal).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'El paquete 102 ya fue entregado.',
    });
    expect(isRefusal(refusal)).toBe(true);
  });

  it('on a failed request rejects the whole chunk as retryable, and holds later actions until they come back', async () => {
    let fail = true;
    const { requests, send } = server();
    const flaky = vi.fn(async (actions: SyncAction[]) => {
      if (fail) {
        fail = false;
        throw new TypeError('Failed to fetch');
      }
      return send(actions);
    });
    const batcher = createSyncBatcher({ send: flaky });
    const first = Promise.allSettled([1, 2].map((id) => batcher.submit(item(id))));
    await vi.runAllTimersAsync();
    const outcomes = await first;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(isRefusal((outcomes[0] as PromiseRejectedResult).reason)).toBe(false);

    // A later action comes before the failed ones are tried again: it waits for them.
    const later = batcher.submit(item(3));
    await vi.advanceTimersByTimeAsync(50);
    expect(requests).toEqual([]);
    // Their retries come (as TanStack's retry calls the mutation function again): all go, in order.
    const retried = [2, 1].map((id) => batcher.submit(item(id)));
    await vi.runAllTimersAsync();
    await Promise.all([...retried, later]);
    expect(requests).toEqual([[1, 2, 3]]);
  });

  it('holds actions confirmed after one still owed by the phone (outstanding) and never handed in yet', async () => {
    const { requests, send } = server();
    const owed = [item(1), item(2)].map(({ id, order }) => ({ id, order }));
    const batcher = createSyncBatcher({ send, outstanding: () => owed });
    const second = batcher.submit(item(2));
    await vi.advanceTimersByTimeAsync(50);
    expect(requests).toEqual([]);
    const first = batcher.submit(item(1));
    await vi.runAllTimersAsync();
    await Promise.all([first, second]);
    expect(requests).toEqual([[1, 2]]);
  });

  it('takes an action with no answer as not sent (retried), never as done', async () => {
    const send = vi.fn(async (actions: SyncAction[]) => actions.slice(0, 1).map(done));
    const batcher = createSyncBatcher({ send });
    const settled = Promise.allSettled([1, 2].map((id) => batcher.submit(item(id))));
    await vi.runAllTimersAsync();
    const outcomes = await settled;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
    expect(isRefusal((outcomes[1] as PromiseRejectedResult).reason)).toBe(false);
  });
});
