// The batcher sends the actions handed in together as one POST /api/delivery/sync per MAX_SYNC_ACTIONS, in the
// courier's order, one chunk after the other; each action settles with its own result; a refusal in the middle
// leaves the others alone; a failed request is every action's to retry, and nothing later goes before them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoorActionDone, SyncResult } from '../../../../shared/delivery/api-types.ts';
import { MAX_SYNC_ACTIONS } from '../../../../shared/delivery/door-choices.ts';
import { RequestError } from '../../../app/request.ts';
import {
  type BatchItem,
  createSyncBatcher,
  isRefusal,
  MAX_SYNC_CHUNK_BYTES,
  type SyncAction,
} from './sync-batcher.ts';

/** Action `id` (stop 100 + id unless `stop` is given), confirmed `order`-th. */
const item = (id: number, order = id, stop = 100 + id): BatchItem => ({
  id,
  order: [1000 + order, id],
  action: { kind: 'deliver', number: stop, body: { key: `key-${id}` } },
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

    // A later action of the first one's stop comes before the failed ones are tried again: it waits for them.
    const later = batcher.submit(item(3, 3, 101));
    await vi.advanceTimersByTimeAsync(50);
    expect(requests).toEqual([]);
    // Their retries come (as TanStack's retry calls the mutation function again): all go, in order.
    const retried = [2, 1].map((id) => batcher.submit(item(id)));
    await vi.runAllTimersAsync();
    await Promise.all([...retried, later]);
    expect(requests).toEqual([[1, 2, 1]]);
  });

  it("holds an action confirmed after one of its stop still owed by the phone, and not other stops' (issue 30 item 2)", async () => {
    const { requests, send } = server();
    const owed = [item(1), item(2, 2, 101), item(3)].map(({ id, order, action }) => ({
      id,
      order,
      number: action.number,
    }));
    const batcher = createSyncBatcher({ send, outstanding: () => owed });
    const second = batcher.submit(item(2, 2, 101));
    const other = batcher.submit(item(3));
    await vi.advanceTimersByTimeAsync(50);
    // Stop 103 does not wait for stop 101's first action; stop 101's second one does.
    expect(requests).toEqual([[3]]);
    const first = batcher.submit(item(1));
    await vi.runAllTimersAsync();
    await Promise.all([first, second, other]);
    expect(requests).toEqual([[3], [1, 1]]);
  });

  /** A server that fails a whole request carrying stop `culprit` with `status`, and answers the others. */
  function failingOn(culprit: number, status: number) {
    const { requests, send } = server();
    const failing = vi.fn(async (actions: SyncAction[]) => {
      if (actions.some((action) => action.number === culprit)) {
        requests.push(actions.map((action) => action.number - 100));
        throw new RequestError(status, 'x', `Falló por ${culprit}`);
      }
      return send(actions);
    });
    return { requests, send: failing };
  }

  it('splits a chunk refused whole (4xx) down to the action at fault: it alone is refused, the others applied', async () => {
    const { requests, send } = failingOn(105, 400);
    const batcher = createSyncBatcher({ send });
    const settled = Promise.allSettled([1, 2, 3, 4, 5, 6, 7, 8].map((id) => batcher.submit(item(id))));
    await vi.runAllTimersAsync();
    const outcomes = await settled;
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      ...Array(4).fill('fulfilled'),
      'rejected',
      ...Array(3).fill('fulfilled'),
    ]);
    const refusal = (outcomes[4] as PromiseRejectedResult).reason;
    expect(isRefusal(refusal)).toBe(true);
    expect(refusal).toMatchObject({ status: 400, message: 'Falló por 105' });
    // 8 → 4 + 4 → 2 + 2 → 1 + 1: a few requests, not one per action.
    expect(requests).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8],
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [5, 6],
      [5],
      [6],
      [7, 8],
    ]);
  });

  it('applies the others of a chunk one action breaks (500), retries that one, and sends it alone from then on', async () => {
    const { requests, send } = failingOn(103, 500);
    const batcher = createSyncBatcher({ send });
    const settled = Promise.allSettled([1, 2, 3, 4].map((id) => batcher.submit(item(id))));
    await vi.runAllTimersAsync();
    const outcomes = await settled;
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(isRefusal((outcomes[2] as PromiseRejectedResult).reason)).toBe(false);
    requests.length = 0;
    // Its retry, with two new actions of other stops: it goes alone, and does not hold them back.
    const again = Promise.allSettled([3, 5, 6].map((id) => batcher.submit(item(id))));
    await vi.runAllTimersAsync();
    expect((await again).map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(requests).toEqual([[3], [5, 6]]);
  });

  it('does not split a chunk down to every action when the server fails them all', async () => {
    const requests: number[][] = [];
    const down = vi.fn(async (actions: SyncAction[]) => {
      requests.push(actions.map((action) => action.number - 100));
      throw new RequestError(500, 'server_error', 'Error del servidor');
    });
    const batcher = createSyncBatcher({ send: down });
    const settled = Promise.allSettled([1, 2, 3, 4, 5, 6, 7, 8].map((id) => batcher.submit(item(id))));
    await vi.runAllTimersAsync();
    const outcomes = await settled;
    expect(outcomes.every((outcome) => outcome.status === 'rejected' && !isRefusal(outcome.reason))).toBe(
      true,
    );
    expect(requests).toEqual([[1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4], [1, 2], [1], [2]]);
  });

  it('caps a chunk at 512 KB, so a weak uplink is never asked to carry megabytes at once', async () => {
    const { requests, send } = server();
    const batcher = createSyncBatcher({ send });
    const photo = (id: number): BatchItem => {
      const base = item(id);
      return {
        ...base,
        action: { ...base.action, body: { key: `key-${id}`, photo: 'x'.repeat(200_000) } as never },
      };
    };
    const settled = [1, 2, 3, 4, 5].map((id) => batcher.submit(photo(id)));
    await vi.runAllTimersAsync();
    await Promise.all(settled);
    expect(MAX_SYNC_CHUNK_BYTES).toBe(512 * 1024);
    expect(requests).toEqual([[1, 2], [3, 4], [5]]);
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
