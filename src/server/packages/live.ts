// Live 'Mis paquetes' (GET /api/packages/events): an open /paquetes or package page learns that one of its
// customer's packages changed, on any instance, through the NOTIFY that every state change sends on commit. The
// event carries no data, only 'refresh': the page reads its packages again through the normal, owner-checked API.
// The admins' view of one package (GET /api/admin/packages/:number/events) listens to its owner's the same way.

import type { Context } from 'hono';
import type { SessionEnv } from '../auth/session.ts';
import type { OpenDatabase } from '../db/open.ts';
import { type LiveChannel, liveHub } from '../live/hub.ts';
import { liveStream, roleInForce } from '../live/stream.ts';
import { PACKAGE_CHANNEL } from './state-change.ts';

/** Tunables of the package streams; tests shorten them. */
export const packageStreams = { heartbeatMs: 25_000 };

/** Package changes: each notice lists the customers whose packages changed, and wakes only their streams. */
export const packageChanges: LiveChannel<string[]> = {
  name: PACKAGE_CHANNEL,
  decode(payload) {
    let userIds: unknown;
    try {
      userIds = JSON.parse(payload);
    } catch {
      return null;
    }
    return Array.isArray(userIds) ? userIds.map(String) : null;
  },
  keysOf: (userIds) => userIds,
};

/**
 * The stream: 'ready', then 'refresh' whenever the packages of `owner` change (by default the caller's own: 'Mis
 * paquetes'; an admin's view of one package passes its owner's); heartbeats re-check the session and, for someone
 * else's packages, that the caller is still an admin.
 */
export function packageEventStream(c: Context<SessionEnv>, database: OpenDatabase, owner?: string) {
  const { userId, sessionToken } = c.get('caller');
  const { db } = database;
  const watched = owner ?? userId;
  return liveStream(c, {
    hub: liveHub(database),
    channel: packageChanges,
    key: watched,
    heartbeatMs: packageStreams.heartbeatMs,
    async stillAllowed() {
      const role = await roleInForce(db, sessionToken);
      return role !== undefined && (watched === userId || role === 'admin');
    },
    start: (stream) => stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 }),
    // However many changes arrived together, one 'refresh' reads them all.
    send: (stream) => stream.writeSSE({ event: 'refresh', data: '{}' }),
  });
}
