// The one Server-Sent Events loop of every live page: it subscribes to a hub channel, sends what the page needs
// first, then what the notices bring, a heartbeat comment while idle, and ends when the browser leaves, the session
// no longer allows the stream, or the server shuts down (the hub's closeAll).
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { SESSION_ABSOLUTE_SECONDS } from '../auth/auth.ts';
import { isConnectionLost } from '../db/errors.ts';
import type { Database } from '../db/open.ts';
import { authSession, users } from '../db/schema.ts';
import type { LiveChannel, LiveHub } from './hub.ts';

export interface LiveStreamOptions<T> {
  hub: LiveHub;
  channel: LiveChannel<T>;
  /** Only the notices for this key (a customer's id); every notice without one. */
  key?: string;
  /** Comment lines keep proxies from closing an idle stream; the session is re-checked as often. */
  heartbeatMs: number;
  /** Checked at least once a heartbeat, also while notices keep the stream busy: false ends the stream. */
  stillAllowed(): Promise<boolean>;
  /** What the stream sends once the LISTEN is active: a replay of what was missed, then 'ready'. */
  start(stream: SSEStreamingApi): Promise<void>;
  /** Sends what the notices received since the last call brought, in commit order. */
  send(stream: SSEStreamingApi, events: T[]): Promise<void>;
}

export function liveStream<T>(c: Context, options: LiveStreamOptions<T>) {
  const { hub, heartbeatMs } = options;
  // Nginx and similar proxies would otherwise hold the events back in their buffers.
  c.header('x-accel-buffering', 'no');
  return streamSSE(c, async (stream) => {
    const pending: T[] = [];
    let ended = false;
    let rouse: (() => void) | null = null;
    const wake = () => {
      const resolve = rouse;
      rouse = null;
      resolve?.();
    };
    stream.onAbort(() => {
      ended = true;
      wake();
    });
    let unsubscribe: () => void;
    try {
      unsubscribe = await hub.subscribe(options.channel, {
        key: options.key,
        wake(event) {
          pending.push(event);
          wake();
        },
        end() {
          ended = true;
          wake();
        },
      });
    } catch {
      return;
    }
    try {
      await options.start(stream);
      let lastCheck = Date.now();
      while (!ended && !hub.closed && !stream.aborted) {
        if (Date.now() - lastCheck >= heartbeatMs) {
          if (!(await options.stillAllowed())) return;
          lastCheck = Date.now();
        }
        if (pending.length > 0) {
          await options.send(stream, pending.splice(0));
          continue;
        }
        const woken = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            rouse = null;
            resolve(false);
          }, heartbeatMs);
          rouse = () => {
            clearTimeout(timer);
            resolve(true);
          };
        });
        if (woken) continue;
        if (!(await options.stillAllowed())) return;
        lastCheck = Date.now();
        await stream.write(': heartbeat\n\n');
      }
    } catch (error) {
      // The database went away under the stream (a restart): it ends, and the page reconnects and reads again.
      if (!isConnectionLost(error)) throw error;
    } finally {
      unsubscribe();
    }
  });
}

/** The session still in force: not expired, not signed out, within the absolute lifetime readCaller enforces. */
export function sessionInForce(sessionToken: string): SQL | undefined {
  return and(
    eq(authSession.token, sessionToken),
    gt(authSession.expiresAt, sql`now()`),
    gt(authSession.createdAt, sql`now() - make_interval(secs => ${SESSION_ABSOLUTE_SECONDS})`),
  );
}

/** The role of the session's user while the session is in force: undefined when it is not (null: no such user). */
export async function roleInForce(db: Database, sessionToken: string) {
  const [row] = await db
    .select({ role: users.role })
    .from(authSession)
    .leftJoin(users, eq(users.id, authSession.userId))
    .where(sessionInForce(sessionToken))
    .limit(1);
  return row ? row.role : undefined;
}
