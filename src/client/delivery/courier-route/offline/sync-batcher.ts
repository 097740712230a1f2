// The phone's queue sent in batches (POST /api/delivery/sync). Each door action stays a TanStack mutation of its own
// (its key, its state on the screen, its retries, its copy in IndexedDB); only the request is shared. The actions
// handed in within a few milliseconds of each other (a restore, the signal coming back, a retry wave) are sent in
// the order the courier confirmed them, in chunks of at most MAX_SYNC_ACTIONS and MAX_SYNC_CHUNK_BYTES (512 KB: a
// bigger chunk on a weak uplink may never get through whole, and is sent whole again each time), one chunk after
// the other; each action gets its own answer.
//
// Order: the server applies a chunk in the order sent, and a chunk leaves only after the one before it was
// answered. An action is never sent while one of the same stop confirmed before it is still owed (known through
// `outstanding`: a pending mutation not yet handed in, e.g. one waiting for its retry): it is held until that one
// arrives. Other stops' actions go on (issue 30 item 2: one action never holds back the rest). This is why the door
// actions need no TanStack `scope` (a scope would let only one mutation run at a time, so no batch could form).
//
// A chunk the server refuses or fails as a whole (a 4xx or a 500 for the request, not for one action: one action
// it cannot read, or one that breaks the server) is split in halves at once, down to the action at fault, which
// alone is refused (shown to the courier with why) or tried again; the others are applied. Should the first half
// fail whole as well, the server itself is failing, not one action: the rest waits for the retry. An action that
// failed alone is sent alone from then on.
import type { DoorActionDone, SyncResult } from '../../../../shared/delivery/api-types.ts';
import { MAX_SYNC_ACTIONS } from '../../../../shared/delivery/door-choices.ts';
import { RequestError } from '../../../app/request.ts';

export interface SyncAction {
  kind: 'deliver' | 'attempt';
  number: number;
  body: { key: string };
}

/** Where an action stands in the courier's order: [confirmed at (ms), tie-breaker (the mutation's id)]. */
export type Order = readonly [number, number];

/** At most this much JSON a request (a single action bigger than this goes alone). */
export const MAX_SYNC_CHUNK_BYTES = 512 * 1024;

/** An action the phone still owes the server: its id, its place, and its stop (the package number). */
export interface Owed {
  id: number;
  order: Order;
  number: number;
}

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
  outstanding?: () => Owed[];
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
/** The server out of reach behind its proxy: no action of the chunk is at fault. */
const UNREACHABLE_5XX = new Set([502, 503, 504]);

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : 0;

/** A failure of the whole request that one action of it may have caused (so splitting the chunk finds it). */
function mayBeOneAction(error: unknown): boolean {
  const status = statusOf(error);
  return status >= 400 && !RETRYABLE_4XX.has(status) && !UNREACHABLE_5XX.has(status);
}

/** The server said no (a 4xx): trying again would get the same answer. Network errors (status 0) and 5xx are not. */
export function isRefusal(error: unknown): boolean {
  const status = statusOf(error);
  return status >= 400 && status < 500 && !RETRYABLE_4XX.has(status);
}

const before = (a: Order, b: Order) => a[0] - b[0] || a[1] - b[1];

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'El servidor no pudo recibir estas acciones.';

/** A result's refusal as the queue keeps it (the same RequestError a single request's refusal is). */
const refusalOf = (result: Extract<SyncResult, { ok: false }>) =>
  new RequestError(result.status, result.error.code, result.error.message, result.error.field);

export function createSyncBatcher(options: BatcherOptions) {
  const { send, waitMs = 5, maxActions = MAX_SYNC_ACTIONS, recheckMs = 2000 } = options;
  // The chunk's envelope ({"actions":[...]}) and the commas between actions.
  const maxBytes = (options.maxBytes ?? MAX_SYNC_CHUNK_BYTES) - 64;
  const queue: Entry[] = [];
  /** Ids answered for good (done or refused): their mutations may still read 'pending' for a few microtasks. */
  const answered = new Set<number>();
  /** Ids that failed and will be handed in again (used when no `outstanding` is given). */
  const failed = new Map<number, Owed>();
  /** Ids that failed alone as a whole request: sent alone from now on, so they hold no chunk back. */
  const alone = new Set<number>();
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

  /** Per stop, the earliest action owed but not handed in: nothing of that stop after it may go yet. */
  function firstMissing(): Map<number, Order> {
    const queued = new Set(queue.map((entry) => entry.id));
    const owed = options.outstanding?.() ?? [...failed.values()];
    const first = new Map<number, Order>();
    for (const { id, order, number } of owed) {
      const known = first.get(number);
      if (!queued.has(id) && !answered.has(id) && (!known || before(order, known) < 0))
        first.set(number, order);
    }
    return first;
  }

  /**
   * The next chunk: the oldest actions not held by an earlier one of their stop, within the count and size limits;
   * an action that failed alone before goes alone.
   */
  function nextChunk(): Entry[] {
    queue.sort((a, b) => before(a.order, b.order));
    const missing = firstMissing();
    const chunk: Entry[] = [];
    let bytes = 0;
    for (const entry of queue) {
      const limit = missing.get(entry.action.number);
      if (limit && before(entry.order, limit) > 0) continue;
      if (alone.has(entry.id) && chunk.length > 0) continue;
      if (chunk.length === maxActions || (chunk.length > 0 && bytes + entry.bytes > maxBytes)) break;
      chunk.push(entry);
      bytes += entry.bytes + 1;
      if (alone.has(entry.id)) break;
    }
    const taken = new Set(chunk);
    const rest = queue.filter((entry) => !taken.has(entry));
    queue.length = 0;
    for (const entry of rest) queue.push(entry);
    return chunk;
  }

  const owedOf = (entry: Entry): Owed => ({ id: entry.id, order: entry.order, number: entry.action.number });

  function reject(entry: Entry, error: unknown) {
    if (isRefusal(error)) {
      answered.add(entry.id);
      alone.delete(entry.id);
    } else failed.set(entry.id, owedOf(entry));
    entry.reject(error);
  }

  function settle(entry: Entry, result: SyncResult | undefined) {
    alone.delete(entry.id);
    if (result?.ok && result.key === entry.action.body.key) {
      answered.add(entry.id);
      entry.resolve(result.done);
    } else if (result && !result.ok && result.key === entry.action.body.key) reject(entry, refusalOf(result));
    else reject(entry, new RequestError(0, 'no_answer', 'El servidor no respondió por esta acción.'));
  }

  /** Sends a chunk; true when the server answered some action of it (applied or refused one by one). */
  async function sendChunk(chunk: Entry[]): Promise<boolean> {
    let results: SyncResult[];
    try {
      results = await send(chunk.map((entry) => entry.action));
    } catch (error) {
      if (chunk.length > 1 && mayBeOneAction(error)) return splitChunk(chunk, error);
      // Nothing of the chunk was applied: tried again by its mutation's retry, or, alone and refused, final.
      const [only] = chunk;
      if (only && chunk.length === 1 && mayBeOneAction(error)) alone.add(only.id);
      for (const entry of chunk) reject(entry, error);
      return false;
    }
    for (const [index, entry] of chunk.entries()) settle(entry, results[index]);
    return true;
  }

  /** The halves of a chunk that failed whole, each sent on its own (see the top of this file). */
  async function splitChunk(chunk: Entry[], error: unknown): Promise<boolean> {
    const half = Math.ceil(chunk.length / 2);
    const [first, second] = [chunk.slice(0, half), chunk.slice(half)];
    const firstAnswered = await sendChunk(first);
    if (!firstAnswered && first.length > 1) {
      // Retryable, whatever the status: the request failed, not these actions.
      const failure = new RequestError(0, 'chunk_failed', messageOf(error));
      for (const entry of second) reject(entry, failure);
      return false;
    }
    return (await sendChunk(second)) || firstAnswered;
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
