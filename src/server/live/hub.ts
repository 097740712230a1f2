// The one LISTEN hub of an app instance (design/architecture.md "live updates"): every live feature (the admin list,
// customers' package pages, the mail worker) subscribes here to a NOTIFY channel. The hub holds ONE LISTEN per channel
// however many subscribe, reads each notice once, fans it out, and ends every subscription when the server shuts down.
import type { Database, OpenDatabase } from '../db/open.ts';
import { logFailure } from '../observability/log.ts';

/** A NOTIFY channel, declared once by the module that sends on it or reads it. */
export interface LiveChannel<T> {
  name: string;
  /**
   * What a notice's payload means, read once however many subscribers it has, and one notice at a time so that
   * subscribers get them in commit order; null drops the notice.
   */
  decode(payload: string, db: Database): T | null | Promise<T | null>;
  /** The keys a notice concerns: a subscription with a key hears only the notices that name it. */
  keysOf?(event: T): Iterable<string>;
}

export interface Subscription<T> {
  /** Only notices whose keysOf names this key; without one, every notice. */
  key?: string;
  wake(event: T): void;
  /** The hub is closing (the server shuts down), or the LISTEN was lost: this subscription is over. */
  end?(): void;
}

/** One channel's LISTEN and its subscriptions. */
interface Feed {
  channel: LiveChannel<unknown>;
  everyone: Set<Subscription<unknown>>;
  byKey: Map<string, Set<Subscription<unknown>>>;
  size: number;
  listening: Promise<() => Promise<void>> | null;
  delivery: Promise<void>;
}

export class LiveHub {
  closed = false;
  readonly #feeds = new Map<string, Feed>();

  constructor(readonly database: OpenDatabase) {}

  /**
   * Adds a subscription; resolves once the channel's LISTEN is active, so whatever the caller reads from the
   * database afterwards plus what it is woken with covers every change. Resolves to the unsubscribe function.
   */
  async subscribe<T>(channel: LiveChannel<T>, subscription: Subscription<T>): Promise<() => void> {
    if (this.closed) throw new Error(`live ${channel.name}: the hub is closed`);
    // Methods are bivariant: a channel and a subscription of T serve as ones of unknown.
    const feed = this.#feed(channel);
    const entry: Subscription<unknown> = subscription;
    const set = entry.key === undefined ? feed.everyone : (feed.byKey.get(entry.key) ?? new Set());
    if (entry.key !== undefined) feed.byKey.set(entry.key, set);
    set.add(entry);
    feed.size++;
    const unsubscribe = () => {
      if (set.delete(entry)) feed.size--;
      if (entry.key !== undefined && set.size === 0 && feed.byKey.get(entry.key) === set)
        feed.byKey.delete(entry.key);
    };
    try {
      await this.#listen(feed);
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** How many subscriptions the channel has now. */
  subscriberCount(channel: LiveChannel<unknown>): number {
    return this.#feeds.get(channel.name)?.size ?? 0;
  }

  /** Ends every subscription (streams end) and every LISTEN: SIGTERM and Server.close() call it. */
  async closeAll(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const feeds = [...this.#feeds.values()];
    for (const feed of feeds) {
      for (const subscription of subscriptionsOf(feed)) subscription.end?.();
      feed.everyone.clear();
      feed.byKey.clear();
      feed.size = 0;
    }
    await Promise.all(
      feeds.map(async (feed) => {
        await feed.delivery;
        const stop = await feed.listening?.catch(() => null);
        await stop?.().catch(() => {});
      }),
    );
  }

  #feed(channel: LiveChannel<unknown>): Feed {
    let feed = this.#feeds.get(channel.name);
    if (!feed) {
      feed = {
        channel,
        everyone: new Set(),
        byKey: new Map(),
        size: 0,
        listening: null,
        delivery: Promise.resolve(),
      };
      this.#feeds.set(channel.name, feed);
    }
    return feed;
  }

  #listen(feed: Feed): Promise<() => Promise<void>> {
    if (!feed.listening) {
      const listening = this.database.listen(
        feed.channel.name,
        (payload) => this.#onNotify(feed, payload),
        () => this.#lost(feed, listening),
      );
      feed.listening = listening;
      // A failed LISTEN (database down) is tried again by the next subscription.
      listening.catch(() => {
        if (feed.listening === listening) feed.listening = null;
      });
    }
    return feed.listening;
  }

  /**
   * The channel's LISTEN connection was lost (PostgreSQL restarted): the notices sent meanwhile are gone, so every
   * subscription ends — a stream closes and its page reconnects and reads again (docs/OPERATIONS.md, 'Faults'), a
   * worker subscribes again at its next poll — and the next subscription LISTENs anew.
   */
  #lost(feed: Feed, listening: Feed['listening']) {
    if (feed.listening !== listening) return;
    feed.listening = null;
    const ended = [...subscriptionsOf(feed)];
    // The sets themselves are emptied: a later unsubscribe of an ended subscription then changes no count.
    for (const set of feed.byKey.values()) set.clear();
    feed.everyone.clear();
    feed.byKey.clear();
    feed.size = 0;
    for (const subscription of ended) subscription.end?.();
  }

  #onNotify(feed: Feed, payload: string) {
    // Chained, never awaited here, so the driver's notification callback never waits on a query of its own
    // connection; one at a time, so notices keep their commit order.
    feed.delivery = feed.delivery
      .then(() => this.#deliver(feed, payload))
      .catch((error: unknown) =>
        logFailure('live', `live ${feed.channel.name}: no se pudo leer el aviso`, error),
      );
  }

  async #deliver(feed: Feed, payload: string) {
    if (this.closed || feed.size === 0) return;
    const event = await feed.channel.decode(payload, this.database.db);
    if (event === null || this.closed) return;
    for (const subscription of feed.everyone) subscription.wake(event);
    if (feed.byKey.size === 0 || !feed.channel.keysOf) return;
    for (const key of feed.channel.keysOf(event))
      for (const subscription of feed.byKey.get(key) ?? []) subscription.wake(event);
  }
}

function* subscriptionsOf(feed: Feed) {
  yield* feed.everyone;
  for (const set of feed.byKey.values()) yield* set;
}

const hubs = new WeakMap<OpenDatabase, LiveHub>();

/** The app instance's hub (one per OpenDatabase), made on first use. */
export function liveHub(database: OpenDatabase): LiveHub {
  let hub = hubs.get(database);
  if (!hub) {
    hub = new LiveHub(database);
    hubs.set(database, hub);
  }
  return hub;
}
