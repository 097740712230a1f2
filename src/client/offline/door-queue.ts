// The courier's phone queue (DELIVERY.md 'No signal'): 'Entregar' and 'No entregado' are TanStack Query mutations
// with keys of their own, kept with the route in IndexedDB (idb-keyval) by TanStack Query's persister. A confirmed
// action is in the cache at once (the screen shows it done), waits while there is no signal, survives a reload or a
// closed browser (restored, then resumed), and is retried on a network error or a 5xx; a refusal (4xx) is kept with
// its reason and never retried. The actions due together are sent together, in the order confirmed, through
// POST /api/delivery/sync (sync-batcher.ts, which keeps the order a TanStack `scope` kept before). ADR 0011.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  type PersistedClient,
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/query-persist-client-core';
import { type Mutation, MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import type { DoorActionDone } from '../../shared/delivery/api-types.ts';
import type { Attempt, Delivery } from '../../shared/delivery/door-forms.ts';
import { deliveryKeys, postSync } from '../api/delivery.ts';
import { RequestError } from '../api/request.ts';
import { phoneCopy } from './phone-copy.ts';
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

/** A refusal as JSON (an Error's message is not enumerable, so JSON.stringify would drop it). */
function plainError(error: unknown): Refusal | null {
  if (!error) return null;
  const { status, field } = error as Partial<Refusal>;
  return { status: status ?? 0, message: (error as Error).message ?? '', field };
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

let started: Promise<void> | undefined;

/** How long the changes of a moment are gathered before the phone's copy is written once. */
const SAVE_AFTER_MS = 20;

/**
 * Writes the phone's copy once per moment of changes. Not persistQueryClient's own subscription: it dehydrates the
 * whole cache at every event before its throttle, and 1,000 actions synced are thousands of events, each
 * dehydrating 1,000 actions (seconds of a phone's CPU, the signal back and the queue not yet sent).
 */
function saveOnChange(client: QueryClient, options: PersistQueryClientOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = ({ type }: { type: string }) => {
    if (timer !== undefined || (type !== 'added' && type !== 'removed' && type !== 'updated')) return;
    timer = setTimeout(() => {
      timer = undefined;
      void persistQueryClientSave(options);
    }, SAVE_AFTER_MS);
  };
  client.getQueryCache().subscribe(changed);
  client.getMutationCache().subscribe(changed);
}

const orderOf = (mutation: Mutation): Order => [mutation.state.submittedAt, mutation.mutationId];

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
      for (const mutation of cache.getAll())
        if (mutation.state.variables) byVariables.set(mutation.state.variables as object, mutation);
    }
    return byVariables.get(variables);
  };
  const batcher = createSyncBatcher({
    send: (actions) => postSync(actions).then((answer) => answer.results),
    outstanding: () =>
      cache
        .getAll()
        .filter((mutation) => isDoorAction(mutation) && mutation.state.status === 'pending')
        .map((mutation) => ({ id: mutation.mutationId, order: orderOf(mutation) })),
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

/**
 * Sets the door actions' defaults (before the restore, so restored actions know how to send), restores the route
 * and the waiting actions from IndexedDB, resumes them, and from then on writes every change. Once per page load.
 */
export function startDoorQueue(client: QueryClient): Promise<void> {
  if (started) return started;
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

  // One IndexedDB database of the phone's own: the route and the actions that wait (opened here, not on import).
  const store = createStore('casillero-reparto', 'cola');
  const persister = createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key, store).then((value) => value ?? null),
      // Each write's outcome is the screen's: when it was saved, or that the phone could not keep it.
      setItem: (key, value: string) =>
        set(key, value, store).then(
          () => phoneCopy.saved(Date.now()),
          (error: unknown) => {
            phoneCopy.failed();
            throw error;
          },
        ),
      removeItem: (key) => del(key, store),
    },
    key: 'mi-ruta',
    // Written right after each change: a browser closed a moment after 'Confirmar entrega' keeps the action.
    throttleTime: 50,
    serialize,
    deserialize: (text) => {
      const client: PersistedClient = JSON.parse(text);
      phoneCopy.saved(client.timestamp);
      return client;
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
  const resume = (read: boolean) => {
    if (!read) phoneCopy.failed();
    saveOnChange(client, options);
    // Written at once, not at the next change: the route the server drew into the page (first-paint.ts) was in the
    // cache before this subscription, and without a change (say, no signal from here on) it was never kept (issue 37).
    void persistQueryClientSave(options);
    void client.resumePausedMutations();
  };
  started = persistQueryClientRestore(options).then(
    () => resume(true),
    () => resume(false),
  );
  return started;
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
