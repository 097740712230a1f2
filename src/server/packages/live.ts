// Live 'Mis paquetes' (GET /api/packages/events): an open /paquetes or package page learns that one of its
// customer's packages changed, on any instance, through the NOTIFY that every state change sends on commit. The
// event carries no data, only 'refresh': the page reads its packages again through the normal, owner-checked API.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { SESSION_ABSOLUTE_SECONDS } from '../auth/auth.ts';
import type { SessionEnv } from '../auth/session.ts';
import type { Database, OpenDatabase } from '../db/open.ts';
import { authSession } from '../db/schema.ts';
import { PACKAGE_CHANNEL } from './state-change.ts';

const HEARTBEAT_MS = 25_000;

type Wake = () => void;

/** One LISTEN per instance, fanned out to the open streams of each customer. */
class PackageLiveHub {
  readonly #streams = new Map<string, Set<Wake>>();
  #listening: Promise<() => Promise<void>> | null = null;
  closed = false;

  constructor(readonly database: OpenDatabase) {}

  async subscribe(userId: string, wake: Wake): Promise<() => void> {
    if (this.closed) throw new Error('package events are closed');
    const set = this.#streams.get(userId) ?? new Set();
    set.add(wake);
    this.#streams.set(userId, set);
    if (!this.#listening) {
      this.#listening = this.database.listen(PACKAGE_CHANNEL, (payload) => this.#onNotify(payload));
      this.#listening.catch(() => {
        this.#listening = null;
      });
    }
    await this.#listening;
    return () => {
      set.delete(wake);
      if (set.size === 0) this.#streams.delete(userId);
    };
  }

  #onNotify(payload: string) {
    let userIds: unknown;
    try {
      userIds = JSON.parse(payload);
    } catch {
      return;
    }
    if (!Array.isArray(userIds)) return;
    for (const id of userIds) for (const wake of this.#streams.get(String(id)) ?? []) wake();
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    for (const set of this.#streams.values()) for (const wake of set) wake();
    this.#streams.clear();
    const stop = await this.#listening?.catch(() => null);
    await stop?.().catch(() => {});
  }
}

const hubs = new WeakMap<OpenDatabase, PackageLiveHub>();

export function packageLiveHub(database: OpenDatabase): PackageLiveHub {
  let hub = hubs.get(database);
  if (!hub) {
    hub = new PackageLiveHub(database);
    hubs.set(database, hub);
  }
  return hub;
}

/** Ends the instance's package streams and its LISTEN (start.ts, before the database closes). */
export async function closePackageEvents(database: OpenDatabase): Promise<void> {
  await hubs.get(database)?.close();
}

async function sessionAlive(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authSession.id })
    .from(authSession)
    .where(
      and(
        eq(authSession.token, token),
        gt(authSession.expiresAt, sql`now()`),
        gt(authSession.createdAt, sql`now() - make_interval(secs => ${SESSION_ABSOLUTE_SECONDS})`),
      ),
    );
  return Boolean(row);
}

/** The stream: 'ready', then 'refresh' whenever the caller's packages change; heartbeats re-check the session. */
export function packageEventStream(c: Context<SessionEnv>, hub: PackageLiveHub) {
  const { userId, sessionToken } = c.get('caller');
  c.header('x-accel-buffering', 'no');
  return streamSSE(c, async (stream) => {
    let changed = false;
    let wake: (() => void) | null = null;
    const rouse = () => {
      changed = true;
      const resolve = wake;
      wake = null;
      resolve?.();
    };
    stream.onAbort(rouse);
    let unsubscribe: () => void;
    try {
      unsubscribe = await hub.subscribe(userId, rouse);
    } catch {
      return;
    }
    try {
      await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
      while (!stream.aborted && !hub.closed) {
        if (changed) {
          changed = false;
          await stream.writeSSE({ event: 'refresh', data: '{}' });
          continue;
        }
        const woken = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            wake = null;
            resolve(false);
          }, HEARTBEAT_MS);
          wake = () => {
            clearTimeout(timer);
            resolve(true);
          };
        });
        if (woken) continue;
        if (!(await sessionAlive(hub.database.db, sessionToken))) return;
        await stream.write(': heartbeat\n\n');
      }
    } finally {
      unsubscribe();
    }
  });
}
