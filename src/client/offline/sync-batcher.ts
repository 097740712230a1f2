// The phone's queue sent in batches (POST /api/delivery/sync). Each door action stays a TanStack mutation of its own
// (its key, its state on the screen, its retries, its copy in IndexedDB); only the request is shared. The actions
// handed in within a few milliseconds of each other (a restore, the signal coming back, a retry wave) are sent in
// the order the courier confirmed them, in chunks of at most MAX_SYNC_ACTIONS and MAX_DOOR_BODY_BYTES, one chunk
// after the other; each action gets its own answer.
//
// Order: the server applies a chunk in the order sent, and a chunk leaves only after the one before it was
// answered. An action is never sent while one confirmed before it is still owed (known through `outstanding`: a
// pending mutation not yet handed in, e.g. one waiting for its retry): the later ones are held until it arrives.
// This is why the door actions need no TanStack `scope` (a scope would let only one mutation run at a time, so no
// batch could ever form).
import type { DoorActionDone, SyncResult } from '../../shared/delivery/api-types.ts';
import { MAX_DOOR_BODY_BYTES, MAX_SYNC_ACTIONS } from '../../shared/delivery/door-choices.ts';
import { RequestError } from '../api/request.ts';

export interface SyncAction {
  kind: 'deliver' | 'attempt';
  number: number;
  body: { key: string };
}

/** Where an action stands in the courier's order: [confirmed at (ms), tie-breaker (the mutation's id)]. */
export type Order = readonly [number, number];

export interface BatchItem {
  /** The action's id on the phone (its mutation's id). */
  id: number;
  order: Order;
  action: SyncAction;
}

export interface BatcherOptions {
  /** Sends one chunk; resolves with one result per action, in order. A rejection means nothing was applied. */
  send: (actions: SyncAction[]) => Promise<SyncResult[]>;
  /** Every action the phone still owes the server (sent or not): the later ones wait for an earlier one missing. */
  outstanding?: () => Array<{ id: number; order: Order }>;
  /** Called once the actions due were all sent and some were answered (e.g. to read the route again). */
  onAnswered?: () => void;
  /** How long the first action waits for the others due at the same moment. */
  waitMs?: number;
  maxActions?: number;
  maxBytes?: number;
  /** A second look at held actions, should the earlier one they wait for never come (e.g. it was removed). */
  recheckMs?: number;
}

interface Entry extends BatchItem {
  bytes: number;
  resolve: (done: DoorActionDone) => void;
  reject: (error: unknown) => void;
}

/** Statuses a later try can fix: a lost session (after signing in again), a timeout, too many requests. */
const RETRYABLE_4XX = new Set([401, 408, 429]);

/** The server said no (a 4xx): trying again would get the same answer. Network errors (status 0) and 5xx are not. */
export function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && !RETRYABLE_4XX.has(status);
}

const before = (a: Order, b: Order) => a[0] - b[0] || a[1] - b[1];

/** A result's refusal as the queue keeps it (the same RequestError a single request's refusal is). */
const refusalOf = (result: Extract<SyncResult, { ok: false }>) =>
  new RequestError(result.status, result.error.code, result.error.message, result.error.field);

export function createSyncBatcher(options: BatcherOptions) {
  const { send, waitMs = 5, maxActions = MAX_SYNC_ACTIONS, recheckMs = 2000 } = options;
  // The chunk's envelope ({"actions":[...]}) and the commas between actions.
  const maxBytes = (options.maxBytes ?? MAX_DOOR_BODY_BYTES) - 64;
  const queue: Entry[] = [];
  /** Ids answered for good (done or refused): their mutations may still read 'pending' for a few microtasks. */
  const answered = new Set<number>();
  /** Ids that failed and will be handed in again (used when no `outstanding` is given). */
  const failed = new Map<number, Order>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let recheck: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  const schedule = (delay: number) => {
    if (running || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void drain();
    }, delay);
  };

  /** The earliest action owed but not handed in: nothing after it may go yet. */
  function firstMissing(): Order | undefined {
    const queued = new Set(queue.map((entry) => entry.id));
    const owed = options.outstanding?.() ?? [...failed].map(([id, order]) => ({ id, order }));
    let first: Order | undefined;
    for (const { id, order } of owed)
      if (!queued.has(id) && !answered.has(id) && (!first || before(order, first) < 0)) first = order;
    return first;
  }

  /** The next chunk: the oldest actions, up to the first one missing, within the count and size limits. */
  function nextChunk(): Entry[] {
    queue.sort((a, b) => before(a.order, b.order));
    const limit = firstMissing();
    const chunk: Entry[] = [];
    let bytes = 0;
    for (const entry of queue) {
      if (limit && before(entry.order, limit) > 0) break;
      if (chunk.length === maxActions || (chunk.length > 0 && bytes + entry.bytes > maxBytes)) break;
      chunk.push(entry);
      bytes += entry.bytes + 1;
    }
    queue.splice(0, chunk.length);
    return chunk;
  }

  function settle(entry: Entry, result: SyncResult | undefined) {
    if (result?.ok && result.key === entry.action.body.key) {
      answered.add(entry.id);
      entry.resolve(result.done);
    } else if (result && !result.ok && result.key === entry.action.body.key) {
      const refusal = refusalOf(result);
      if (isRefusal(refusal)) answered.add(entry.id);
      else failed.set(entry.id, entry.order);
      entry.reject(refusal);
    } else {
      failed.set(entry.id, entry.order);
      entry.reject(new RequestError(0, 'no_answer', 'El servidor no respondió por esta acción.'));
    }
  }

  async function sendChunk(chunk: Entry[]) {
    let results: SyncResult[];
    try {
      results = await send(chunk.map((entry) => entry.action));
    } catch (error) {
      // Nothing of the chunk was applied: every action of it is tried again (by its mutation's retry); a refusal
      // of the whole request (a 4xx) is each action's.
      for (const entry of chunk) {
        if (isRefusal(error)) answered.add(entry.id);
        else failed.set(entry.id, entry.order);
        entry.reject(error);
      }
      return false;
    }
    for (const [index, entry] of chunk.entries()) settle(entry, results[index]);
    return true;
  }

  async function drain() {
    running = true;
    let anyAnswered = false;
    try {
      for (let chunk = nextChunk(); chunk.length > 0; chunk = nextChunk())
        anyAnswered = (await sendChunk(chunk)) || anyAnswered;
    } finally {
      running = false;
    }
    // Once per wave, not per chunk: a route of 1,000 stops read five times during a sync would slow it.
    if (anyAnswered) options.onAnswered?.();
    if (queue.length > 0) {
      clearTimeout(recheck);
      recheck = setTimeout(() => schedule(0), recheckMs);
    }
  }

  return {
    /** Hands in one action; settles with its own result once its chunk was answered. */
    submit(item: BatchItem): Promise<DoorActionDone> {
      failed.delete(item.id);
      return new Promise<DoorActionDone>((resolve, reject) => {
        queue.push({ ...item, bytes: JSON.stringify(item.action).length, resolve, reject });
        schedule(waitMs);
      });
    },
  };
}

export type SyncBatcher = ReturnType<typeof createSyncBatcher>;
