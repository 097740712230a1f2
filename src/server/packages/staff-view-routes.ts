// The staff's view of one package (GET /api/admin/packages/:number), for the admins who see the 'Paquetes' board:
// anyone else gets 403, an unknown number 404. Its actions are the board's and the charges' own routes. While it is
// open, GET /api/admin/packages/:number/events says 'refresh' when the package (or another of its owner's) changes,
// whoever changed it: another admin, the warehouse, the courier, the customer's invoice.
import { Hono } from 'hono';
import type * as Api from '../../shared/operations/api-types.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { OpenDatabase } from '../db/open.ts';
import type { RouteDeps } from '../http.ts';
import { packageNumberParam } from './list-query.ts';
import { packageEventStream } from './live.ts';
import { staffPackageView, watchedKeyOf } from './staff-view.ts';

export function staffViewRoutes({ db, database, auth, config }: RouteDeps & { database: OpenDatabase }) {
  const routes = new Hono<SessionEnv>();
  const admin = requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production });

  routes.get('/admin/packages/:number', admin, async (c) => {
    const view = await staffPackageView(db, packageNumberParam(c));
    c.header('cache-control', 'no-store');
    return c.json(view satisfies Api.StaffPackage);
  });

  routes.get('/admin/packages/:number/events', admin, async (c) => {
    const watched = await watchedKeyOf(db, packageNumberParam(c));
    return packageEventStream(c, database, watched);
  });

  return routes;
}
