// The live side of the admin area (design/product.md §4 Admin, design/architecture.md "live updates"): the
// registrations channel of the instance's live hub (one LISTEN, fanned out to every connected admin stream) and the
// Server-Sent Events stream. Registrations on any instance reach every instance, because PostgreSQL (or PGlite
// in-process) delivers the NOTIFY that register.ts sends inside the registration transaction to every listener once
// it commits.
import { and, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { SSEStreamingApi } from 'hono/streaming';
import { USER_REGISTERED_CHANNEL } from '../auth/register.ts';
import type { SessionEnv } from '../auth/session.ts';
import type { Database, OpenDatabase } from '../db/open.ts';
import { authSession, authUser, users } from '../db/schema.ts';
import { type LiveChannel, liveHub } from '../live/hub.ts';
import { liveStream, sessionInForce } from '../live/stream.ts';
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

/** Tunables of the admin streams; tests shorten them. */
export const adminStreams = {
  /** Comment lines keep proxies from closing an idle stream; the session and role are re-checked as often. */
  heartbeatMs: 15_000,
  /**
   * createdAt is taken in the application before the registration commits, so two registrations can commit out
   * of createdAt order (the second waits for the locker counter's row lock). A resume therefore replays from a
   * little before the cursor; the page ignores users it has already shown.
   */
  replayGraceMs: 10_000,
  /** A reconnect that missed more than this many registrations gets `resync` (reload the list) instead. */
  replayLimit: 500,
};

/** Registrations, as the NOTIFY that register.ts sends on commit: the users row is read once for every stream. */
export const registrations: LiveChannel<RegisteredUser> = {
  name: USER_REGISTERED_CHANNEL,
  async decode(id, db) {
    const [record] = await db.select().from(users).where(eq(users.id, id));
    if (!record || record.deletedAt) return null;
    return { record: publicRecord(record), cursor: cursorOf(record) };
  },
};

/**
 * GET /api/admin/events. Without a cursor it starts live from the newest user; with Last-Event-ID (the browser's
 * reconnect) or `?after=` (the page's first connect, with the cursor the list answered) it first sends the users
 * registered after that cursor. Events: `ready` (data {cursor}), `user-registered` (data: the users record),
 * `resync` (too many missed: reload the list).
 */
export function adminEventStream(
  c: Context<SessionEnv>,
  database: OpenDatabase,
  options: { verifiedEmail: boolean } = { verifiedEmail: false },
) {
  const hub = liveHub(database);
  const resumeFrom = parseCursor(c.req.header('last-event-id')) ?? parseCursor(c.req.query('after'));
  const { sessionToken } = c.get('caller');
  const { db } = database;
  const sent = new Set<string>();
  let last: Cursor;
  return liveStream(c, {
    hub,
    channel: registrations,
    heartbeatMs: adminStreams.heartbeatMs,
    // The session may have ended, or the role been revoked, since the stream opened.
    stillAllowed: () => stillAdmin(db, sessionToken, options.verifiedEmail),
    async start(stream) {
      last = resumeFrom ?? (await newestCursor(db));
      if (resumeFrom) {
        const missed = await db
          .select()
          .from(users)
          .where(
            and(
              gte(
                users.createdAt,
                sql`${new Date(resumeFrom.time - adminStreams.replayGraceMs).toISOString()}::timestamptz`,
              ),
              ne(users.id, resumeFrom.id),
              isNull(users.deletedAt),
            ),
          )
          .orderBy(users.createdAt, users.id)
          .limit(adminStreams.replayLimit + 1);
        if (missed.length > adminStreams.replayLimit) {
          last = await newestCursor(db);
          await stream.writeSSE({ event: 'resync', data: '{}', id: formatCursor(last) });
        } else {
          for (const record of missed) {
            if (stream.aborted || hub.closed) return;
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
    },
    async send(stream, events) {
      for (const event of events) {
        if (sent.has(event.record.id)) continue;
        // Ids only grow, even when registrations commit out of createdAt order: the grace covers the rest.
        if (compareCursors(event.cursor, last) > 0) last = event.cursor;
        await send(stream, event, last);
      }
    },
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
    .where(sessionInForce(sessionToken))
    .limit(1);
  return row?.role === 'admin' && (row.verified || !verifiedEmail);
}
