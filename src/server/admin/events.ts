// The live side of the admin area (SPEC.md §4 Admin, DESIGN.md "live updates"): ONE LISTEN on the registration
// channel per app instance, fanned out to every connected admin stream, and the Server-Sent Events stream itself.
// Registrations on any instance reach every instance, because PostgreSQL (or PGlite in-process) delivers the NOTIFY
// that register.ts sends inside the registration transaction to every listener once it commits.
import { and, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { SESSION_ABSOLUTE_SECONDS } from '../auth/auth.ts';
import { USER_REGISTERED_CHANNEL } from '../auth/register.ts';
import type { SessionEnv } from '../auth/session.ts';
import type { Database, OpenDatabase } from '../db/open.ts';
import { authSession, authUser, users } from '../db/schema.ts';
import { publicRecord } from '../lockers/routes.ts';
import {
  type Cursor,
  compareCursors,
  cursorOf,
  formatCursor,
  newestCursor,
  parseCursor,
} from './event-cursor.ts';

export type PublicUser = ReturnType<typeof publicRecord>;

/** One committed registration, as every stream sends it. */
export interface RegisteredUser {
  record: PublicUser;
  cursor: Cursor;
}

export interface Subscriber {
  push(event: RegisteredUser): void;
  /** The hub is closing: the stream must end. */
  end(): void;
}

/** One per app instance (per OpenDatabase): the single LISTEN and the set of connected admin streams. */
class AdminEventHub {
  /** Comment lines keep proxies from closing an idle stream; tests shorten it. */
  heartbeatMs = 15_000;
  /**
   * createdAt is taken in the application before the registration commits, so two registrations can commit out
   * of createdAt order (the second waits for the locker counter's row lock). A resume therefore replays from a
   * little before the cursor; the page ignores users it has already shown.
   */
  replayGraceMs = 10_000;
  /** A reconnect that missed more than this many registrations gets `resync` (reload the list) instead. */
  replayLimit = 500;
  closed = false;

  readonly #database: OpenDatabase;
  readonly #subscribers = new Set<Subscriber>();
  #listening: Promise<() => Promise<void>> | null = null;
  #delivery: Promise<void> = Promise.resolve();

  constructor(database: OpenDatabase) {
    this.#database = database;
  }

  get db(): Database {
    return this.#database.db;
  }

  get subscriberCount(): number {
    return this.#subscribers.size;
  }

  /**
   * Adds a stream; resolves once the LISTEN is active, so whatever the caller reads from the database afterwards
   * plus what it is pushed covers every registration.
   */
  async subscribe(subscriber: Subscriber): Promise<() => void> {
    if (this.closed) throw new Error('admin events are closed');
    this.#subscribers.add(subscriber);
    try {
      await this.#listen();
    } catch (error) {
      this.#subscribers.delete(subscriber);
      throw error;
    }
    return () => {
      this.#subscribers.delete(subscriber);
    };
  }

  #listen(): Promise<() => Promise<void>> {
    if (!this.#listening) {
      this.#listening = this.#database.listen(USER_REGISTERED_CHANNEL, (id) => this.#onNotify(id));
      // A failed LISTEN (database down) is tried again by the next stream.
      this.#listening.catch(() => {
        this.#listening = null;
      });
    }
    return this.#listening;
  }

  #onNotify(id: string) {
    // One at a time: NOTIFYs arrive in commit order and the streams keep that order. Chained, never awaited here,
    // so the driver's notification callback never waits on a query of its own connection.
    this.#delivery = this.#delivery
      .then(() => this.#deliver(id))
      .catch((error: unknown) => console.error('admin events: no se pudo leer el usuario', id, error));
  }

  async #deliver(id: string) {
    if (this.closed || this.#subscribers.size === 0) return;
    const [record] = await this.#database.db.select().from(users).where(eq(users.id, id));
    if (!record || record.deletedAt) return;
    const event = { record: publicRecord(record), cursor: cursorOf(record) };
    for (const subscriber of this.#subscribers) subscriber.push(event);
  }

  /** Ends every stream and the LISTEN; called when the server closes. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const subscriber of this.#subscribers) subscriber.end();
    this.#subscribers.clear();
    await this.#delivery;
    const stop = await this.#listening?.catch(() => null);
    await stop?.().catch(() => {});
  }
}

const hubs = new WeakMap<OpenDatabase, AdminEventHub>();

/** The app instance's hub, made on first use. */
export function adminEventHub(database: OpenDatabase): AdminEventHub {
  let hub = hubs.get(database);
  if (!hub) {
    hub = new AdminEventHub(database);
    hubs.set(database, hub);
  }
  return hub;
}

/** Ends the instance's admin streams and its LISTEN (start.ts calls it before closing the database). */
export async function closeAdminEvents(database: OpenDatabase): Promise<void> {
  await hubs.get(database)?.close();
}

/**
 * GET /api/admin/events. Without a cursor it starts live from the newest user; with Last-Event-ID (the browser's
 * reconnect) or `?after=` (the page's first connect, with the cursor the list answered) it first sends the users
 * registered after that cursor. Events: `ready` (data {cursor}), `user-registered` (data: the users record),
 * `resync` (too many missed: reload the list).
 */
export function adminEventStream(
  c: Context<SessionEnv>,
  hub: AdminEventHub,
  options: { verifiedEmail: boolean } = { verifiedEmail: false },
) {
  const resumeFrom = parseCursor(c.req.header('last-event-id')) ?? parseCursor(c.req.query('after'));
  const { sessionToken } = c.get('caller');
  // Nginx and similar proxies would otherwise hold the events back in their buffers.
  c.header('x-accel-buffering', 'no');
  return streamSSE(c, async (stream) => {
    const pending: RegisteredUser[] = [];
    let ended = false;
    let wake: (() => void) | null = null;
    const rouse = () => {
      const resolve = wake;
      wake = null;
      resolve?.();
    };
    stream.onAbort(() => {
      ended = true;
      rouse();
    });
    let unsubscribe: () => void;
    try {
      unsubscribe = await hub.subscribe({
        push(event) {
          pending.push(event);
          rouse();
        },
        end() {
          ended = true;
          rouse();
        },
      });
    } catch {
      return;
    }
    try {
      const sent = new Set<string>();
      let last = resumeFrom ?? (await newestCursor(hub.db));
      if (resumeFrom) {
        const missed = await hub.db
          .select()
          .from(users)
          .where(
            and(
              gte(
                users.createdAt,
                sql`${new Date(resumeFrom.time - hub.replayGraceMs).toISOString()}::timestamptz`,
              ),
              ne(users.id, resumeFrom.id),
              isNull(users.deletedAt),
            ),
          )
          .orderBy(users.createdAt, users.id)
          .limit(hub.replayLimit + 1);
        if (missed.length > hub.replayLimit) {
          last = await newestCursor(hub.db);
          await stream.writeSSE({ event: 'resync', data: '{}', id: formatCursor(last) });
        } else {
          for (const record of missed) {
            if (ended) return;
            const cursor = cursorOf(record);
            if (compareCursors(cursor, last) > 0) last = cursor;
            sent.add(record.id);
            await send(stream, { record: publicRecord(record), cursor }, last);
          }
        }
      }
      await stream.writeSSE({
        event: 'ready',
        data: JSON.stringify({ cursor: formatCursor(last) }),
        id: formatCursor(last),
        retry: 3000,
      });

      let lastCheck = Date.now();
      while (!ended && !hub.closed && !stream.aborted) {
        // The session may have ended, or the role been revoked, since the stream opened: checked at least once
        // a heartbeat, also while registrations keep the stream busy.
        if (Date.now() - lastCheck >= hub.heartbeatMs) {
          if (!(await stillAdmin(hub.db, sessionToken, options.verifiedEmail))) return;
          lastCheck = Date.now();
        }
        const event = pending.shift();
        if (event) {
          if (sent.has(event.record.id)) continue;
          // Ids only grow, even when registrations commit out of createdAt order: the grace covers the rest.
          if (compareCursors(event.cursor, last) > 0) last = event.cursor;
          await send(stream, event, last);
          continue;
        }
        const woken = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            wake = null;
            resolve(false);
          }, hub.heartbeatMs);
          wake = () => {
            clearTimeout(timer);
            resolve(true);
          };
        });
        if (woken || ended) continue;
        if (!(await stillAdmin(hub.db, sessionToken, options.verifiedEmail))) return;
        lastCheck = Date.now();
        await stream.write(': heartbeat\n\n');
      }
    } finally {
      unsubscribe();
    }
  });
}

function send(stream: SSEStreamingApi, event: RegisteredUser, last: Cursor) {
  return stream.writeSSE({
    event: 'user-registered',
    data: JSON.stringify(event.record),
    id: formatCursor(last),
  });
}

async function stillAdmin(db: Database, sessionToken: string, verifiedEmail: boolean): Promise<boolean> {
  const [row] = await db
    .select({ role: users.role, verified: authUser.emailVerified })
    .from(authSession)
    .innerJoin(users, eq(users.id, authSession.userId))
    .innerJoin(authUser, eq(authUser.id, authSession.userId))
    .where(
      and(
        eq(authSession.token, sessionToken),
        gt(authSession.expiresAt, sql`now()`),
        // The same absolute lifetime that readCaller enforces.
        gt(authSession.createdAt, sql`now() - make_interval(secs => ${SESSION_ABSOLUTE_SECONDS})`),
      ),
    )
    .limit(1);
  return row?.role === 'admin' && (row.verified || !verifiedEmail);
}
