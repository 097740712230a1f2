// Live 'Reparto' (GET /api/admin/delivery/events): the staff's routes screen learns that a route changed (built,
// started, a delivery or an attempt, closed) on any instance, through the NOTIFY each change sends in its own
// transaction. The event carries only the route's id and date: the screen reads the route again through the API.
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { SessionEnv } from '../auth/session.ts';
import { isStaff } from '../auth/session.ts';
import type { OpenDatabase, Transaction } from '../db/open.ts';
import { deliveryRoutes } from '../db/schema.ts';
import { type LiveChannel, liveHub } from '../live/hub.ts';
import { liveStream, roleInForce } from '../live/stream.ts';

export const ROUTE_CHANNEL = 'delivery_routes';

/** What a route's notice says. */
export interface RouteNotice {
  routeId: number;
  date: string;
}

const routeNotice = z.object({ routeId: z.number(), date: z.string() }) satisfies z.ZodType<RouteNotice>;

/** Tunables of the route streams; tests shorten them. */
export const routeStreams = { heartbeatMs: 25_000 };

export const routeChanges: LiveChannel<RouteNotice> = {
  name: ROUTE_CHANNEL,
  decode(payload) {
    try {
      const notice = routeNotice.safeParse(JSON.parse(payload));
      return notice.success ? notice.data : null;
    } catch {
      return null;
    }
  },
};

/** Tells every instance's staff screens that route `id` changed (sent when the transaction commits). */
export async function notifyRouteChange(tx: Transaction, id: number) {
  await tx.execute(
    sql`select pg_notify(${ROUTE_CHANNEL}, json_build_object('routeId', ${deliveryRoutes.id}, 'date', ${deliveryRoutes.date})::text) from ${deliveryRoutes} where ${eq(deliveryRoutes.id, id)}`,
  );
}

/** The stream: 'ready', then one 'route-changed' per route changed (data {routeId, date}); staff only. */
export function routeEventStream(c: Context<SessionEnv>, database: OpenDatabase) {
  const { sessionToken } = c.get('caller');
  const { db } = database;
  return liveStream(c, {
    hub: liveHub(database),
    channel: routeChanges,
    heartbeatMs: routeStreams.heartbeatMs,
    stillAllowed: async () => isStaff(await roleInForce(db, sessionToken)),
    start: (stream) => stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 }),
    async send(stream, notices) {
      // Changes that arrived together name each route once.
      const routes = new Map(notices.map((notice) => [notice.routeId, notice]));
      for (const notice of routes.values())
        await stream.writeSSE({ event: 'route-changed', data: JSON.stringify(notice) });
    },
  });
}
