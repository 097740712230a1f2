// The courier's phone queue (design/delivery.md 'No signal'): 'Entregar' and 'No entregado' are TanStack Query
// mutations with keys of their own, kept with the route in IndexedDB (idb-keyval) by TanStack Query's persister. A
// confirmed action is in the cache at once (the screen shows it done), waits while there is no signal, survives a
// reload or a closed browser (restored, then resumed), and is retried on a network error or a 5xx; a refusal (4xx) is
// kept with its reason and never retried. Each courier's copy is their own (phone-store.ts: one key per courier,
// deleted at sign-out once nothing waits; issue 30 item 8). The actions due together are sent together, in the order
// confirmed, through POST /api/delivery/sync (sync-batcher.ts keeps the order a TanStack `scope` kept). ADR 0011.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  type PersistedClient,
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/query-persist-client-core';
import { type Mutation, MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import type { DoorActionDone } from '../../../../shared/delivery/api-types.ts';
import type { Attempt, Delivery } from '../../../../shared/delivery/door-forms.ts';
import { RequestError } from '../../../app/request.ts';
import { whenSigningOut } from '../../../auth/session.ts';
import { deliveryKeys, postSync } from '../../api.ts';
import { phoneCopy } from './phone-copy.ts';
import { askToPersist, copyKey, courierStorage, forgetCopy, rememberOwner } from './phone-store.ts';
import { createSyncBatcher, isRefusal, type Order, type SyncAction } from './sync-batcher.ts';

export { isRefusal };

export interface DeliverVariables {
  number: number;
  body: Delivery;
}
export interface AttemptVariables {
  number: number;
  body: Attempt;
}

/** A refusal as the queue keeps it: the server's message and the request field it names. */
export interface Refusal {
  status: number;
  message: string;
  field?: string | undefined;
}

// No `scope`: it would run one mutation at a time, so no batch could form. The batcher keeps the order instead.
const door = {
  retry: (_failures: number, error: unknown) => !isRefusal(error),
  retryDelay: (failures: number) => Math.min(1000 * 2 ** failures, 30_000),
  // A refused action stays on the screen until the courier reads it; nothing is dropped behind their back.
  gcTime: Number.POSITIVE_INFINITY,
} as const;

/** A refusal in JSON (an Error's message is not enumerable, so JSON.stringify would drop it). */
function plainError(error: unknown): Refusal | null {
  if (!error) return null;
  const fields: object = typeof error === 'object' ? error : {};
  return {
    status: 'status' in fields && typeof fields.status === 'number' ? fields.status : 0,
    message: 'message' in fields && typeof fields.message === 'string' ? fields.message : '',
    field: 'field' in fields && typeof fields.field === 'string' ? fields.field : undefined,
  };
}

/**
 * What is written: every action still pending is marked paused, so an action in flight when the browser closed is
 * sent again on the next start (the server applies each key once); errors keep their message.
 */
export function serialize(client: PersistedClient): string {
  const mutations = client.clientState.mutations.map((mutation) => ({
    ...mutation,
    state: {
      ...mutation.state,
      isPaused: mutation.state.status === 'pending' ? true : mutation.state.isPaused,
      error: plainError(mutation.state.error),
    },
  }));
  return JSON.stringify({ ...client, clientState: { ...client.clientState, mutations } });
}

const isDoorAction = (mutation: Pick<Mutation, 'options' | 'state'>) =>
  mutation.options.mutationKey?.[0] === deliveryKeys.all[0] &&
  (mutation.state.status === 'pending' || mutation.state.status === 'error');

/** How long the changes of a moment are gathered before the phone's copy is written once. */
const SAVE_AFTER_MS = 20;

/**
 * Writes the phone's copy once per moment of changes. Not persistQueryClient's own subscription: it dehydrates the
 * whole cache at every event before its throttle, and 1,000 actions synced are thousands of events, each
 * dehydrating 1,000 actions (seconds of a phone's CPU, the signal back and the queue not yet sent).
 */
function saveOnChange(client: QueryClient, options: PersistQueryClientOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = ({ type }: { type: string }) => {
    if (timer !== undefined || (type !== 'added' && type !== 'removed' && type !== 'updated')) return;
    timer = setTimeout(() => {
      timer = undefined;
      void persistQueryClientSave(options);
    }, SAVE_AFTER_MS);
  };
  const stopQueries = client.getQueryCache().subscribe(changed);
  const stopMutations = client.getMutationCache().subscribe(changed);
  return () => {
    clearTimeout(timer);
    stopQueries();
    stopMutations();
  };
}

const orderOf = (mutation: Mutation): Order => [mutation.state.submittedAt, mutation.mutationId];

/** The stop (package number) a door action is for; 0 for one unreadable (held by no other). */
const stopOf = (variables: unknown): number =>
  typeof variables === 'object' &&
  variables !== null &&
  'number' in variables &&
  typeof variables.number === 'number'
    ? variables.number
    : 0;

/**
 * The batcher that sends this client's door actions. A mutation's function gets its variables only: the mutation
 * (its id, and its place in the courier's order) is found by them, through a map rebuilt when one is unknown.
 */
function doorBatcher(client: QueryClient) {
  const cache = client.getMutationCache();
  let byVariables = new WeakMap<object, Mutation>();
  const mutationOf = (variables: object) => {
    if (!byVariables.has(variables)) {
      byVariables = new WeakMap();
      for (const mutation of cache.getAll()) {
        const { variables } = mutation.state;
        if (typeof variables === 'object' && variables) byVariables.set(variables, mutation);
      }
    }
    return byVariables.get(variables);
  };
  const batcher = createSyncBatcher({
    send: (actions) => postSync(actions).then((answer) => answer.results),
    outstanding: () =>
      cache
        .getAll()
        .filter((mutation) => isDoorAction(mutation) && mutation.state.status === 'pending')
        .map((mutation) => ({
          id: mutation.mutationId,
          order: orderOf(mutation),
          number: stopOf(mutation.state.variables),
        })),
    // The route read again once the wave of actions was answered, not once per action.
    onAnswered: () => void client.invalidateQueries({ queryKey: deliveryKeys.myRoute }),
  });
  return (kind: SyncAction['kind'], variables: DeliverVariables | AttemptVariables) => {
    const mutation = mutationOf(variables);
    // Not in the cache (never seen): sent last, in the order handed in.
    const order: Order = mutation ? orderOf(mutation) : [Date.now(), Number.MAX_SAFE_INTEGER];
    const action = { kind, number: variables.number, body: variables.body };
    return batcher.submit({ id: mutation?.mutationId ?? -1, order, action });
  };
}

let prepared = false;

/**
 * Sets the door actions' defaults (before any restore, so restored actions know how to send) once per page load,
 * asks the browser to keep the phone's storage, and forgets this phone's copy when the courier signs out.
 */
export function prepareDoorQueue(client: QueryClient): void {
  if (prepared) return;
  prepared = true;
  const send = doorBatcher(client);
  client.setMutationDefaults(deliveryKeys.deliver, {
    ...door,
    mutationFn: (variables: DeliverVariables) => send('deliver', variables),
  });
  client.setMutationDefaults(deliveryKeys.attempt, {
    ...door,
    mutationFn: (variables: AttemptVariables) => send('attempt', variables),
  });
  // The route restored from the phone must outlive the screen that shows it.
  client.setQueryDefaults(deliveryKeys.myRoute, { gcTime: Number.POSITIVE_INFINITY });
  // TanStack Query starts 'online'; a page opened without signal must pause its actions from the first one.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  askToPersist();
  whenSigningOut(() => forgetOnSignOut(client));
}

const waitsToBeSent = (client: QueryClient) =>
  client
    .getMutationCache()
    .getAll()
    .some((mutation) => isDoorAction(mutation) && mutation.state.status === 'pending');

/** The courier whose copy this page reads and writes: their id, the restore, and how to stop writing it. */
let current: { owner: string; restored: Promise<void>; stop: () => void } | undefined;

/**
 * Signing out: the phone no longer opens this courier's copy without signal, and the copy is deleted unless an
 * action in it still waits to be sent (then it stays, and is sent when this courier signs in here again).
 */
async function forgetOnSignOut(client: QueryClient): Promise<void> {
  rememberOwner(null);
  const mine = current;
  if (!mine) return;
  await mine.restored;
  mine.stop();
  current = undefined;
  if (!waitsToBeSent(client)) await forgetCopy(mine.owner);
}

/**
 * Restores `owner`'s route and waiting actions from the phone, resumes them, and from then on writes every change
 * to their copy. Once per courier per page load: another courier's id (the server named someone else) stops
 * writing the first one's copy and takes their actions off this page, which stay in their copy.
 */
export function startDoorQueue(client: QueryClient, owner: string): Promise<void> {
  prepareDoorQueue(client);
  if (current?.owner === owner) return current.restored;
  if (current) {
    current.stop();
    for (const mutation of client.getMutationCache().findAll({ mutationKey: deliveryKeys.all }))
      client.getMutationCache().remove(mutation);
    phoneCopy.reset();
  }
  rememberOwner(owner);
  const storage = courierStorage();
  const persister = createAsyncStoragePersister({
    storage,
    key: copyKey(owner),
    // Written right after each change: a browser closed a moment after 'Confirmar entrega' keeps the action.
    throttleTime: 50,
    serialize,
    deserialize: (text) => {
      const read: PersistedClient = JSON.parse(text);
      phoneCopy.saved(read.timestamp);
      return read;
    },
  });
  const options: PersistQueryClientOptions = {
    queryClient: client,
    persister,
    // An action confirmed days ago without signal is still the courier's: it never expires on the phone.
    maxAge: Number.POSITIVE_INFINITY,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        query.queryKey[0] === deliveryKeys.all[0] && query.state.status === 'success',
      shouldDehydrateMutation: isDoorAction,
    },
  };
  let stopSaving = () => {};
  const resume = (read: boolean) => {
    if (!read) phoneCopy.failed();
    if (current?.owner !== owner) return;
    stopSaving = saveOnChange(client, options);
    // Written at once, not at the next change: the route the server drew into the page (first-paint.ts) was in the
    // cache before this subscription, and without a change (say, no signal from here on) it was never kept (issue 37).
    void persistQueryClientSave(options);
    void client.resumePausedMutations();
  };
  // Read in a task of its own, after the screen's effects that start the queue (issue 37: one task of 40 ms at 4× CPU).
  const restored = new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => persistQueryClientRestore(options))
    .then(
      () => resume(true),
      () => resume(false),
    );
  current = {
    owner,
    restored,
    stop: () => {
      stopSaving();
      storage.close();
    },
  };
  return restored;
}

/**
 * Queues a confirmed action: it is in the cache (and on the screen) at once, and sent by its defaults above. The
 * screen reads the queue from the mutation cache (useDoorActions), so no component subscribes to this one mutation
 * (a useMutation would redraw the 200-stop list once more for each change of its state).
 */
export function queueDelivery(client: QueryClient, variables: DeliverVariables): void {
  const observer = new MutationObserver<DoorActionDone, Error, DeliverVariables>(client, {
    mutationKey: deliveryKeys.deliver,
  });
  // Its outcome (sent, refused) is the queue's to show: the promise only must not reject unhandled.
  observer.mutate(variables).catch(() => undefined);
}

export function queueAttempt(client: QueryClient, variables: AttemptVariables): void {
  const observer = new MutationObserver<DoorActionDone, Error, AttemptVariables>(client, {
    mutationKey: deliveryKeys.attempt,
  });
  observer.mutate(variables).catch(() => undefined);
}

/** The refusal a failed action carries (a RequestError now, or its plain copy after a restore). */
export function refusalOf(error: unknown): Refusal | null {
  if (error instanceof RequestError)
    return { status: error.status, message: error.message, field: error.field };
  return plainError(error);
}
