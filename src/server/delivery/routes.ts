// The staff's 'Rutas de reparto' API (admin and bodega, DELIVERY.md 'Routes'): the couriers, the day's routes with
// their progress, a new route, one route with its stops, adding packages by number or guide, moving and removing
// stops while 'En preparación', and 'Iniciar ruta'. Every change answers the route as it now is.
import { type Context, Hono } from 'hono';
import { isoDayInColombia } from '../../shared/dates.ts';
import type { CourierList, RouteChanged, RouteDetail, RouteList } from '../../shared/delivery/api-types.ts';
import {
  deliveryMessages,
  newRouteSchema,
  routePackagesSchema,
  stopMoveSchema,
} from '../../shared/delivery/route-forms.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Database } from '../db/open.ts';
import { Invalid, NotFound } from '../errors.ts';
import { type RouteDeps, readBody } from '../http.ts';
import { packageNumberParam, routeIdParam } from '../packages/list-query.ts';
import type { Actor } from '../packages/state-change.ts';
import { listCouriers, listRoutes, routeDetail } from './route-queries.ts';
import { addToRoute, createRoute, moveStop, removeStop, startRoute } from './routes-domain.ts';

async function foundRoute(db: Database, id: number): Promise<RouteDetail> {
  const detail = await routeDetail(db, id);
  if (!detail) throw new NotFound(deliveryMessages.routeNotFound, 'route_not_found');
  return detail;
}

export function deliveryRoutes({ db, auth, config }: RouteDeps) {
  const routes = new Hono<SessionEnv>();
  routes.use(
    '/admin/delivery/*',
    requireCaller(auth, db, { role: 'staff', verifiedEmail: config.production }),
  );
  const actorOf = (c: Context<SessionEnv>): Actor => {
    const { record } = c.get('caller');
    return { id: record.id, role: record.role === 'admin' ? 'admin' : 'bodega' };
  };
  const mail = { brandName: config.brandName, appUrl: config.appUrl };
  const changed = async (id: number, message: string) =>
    ({ route: await foundRoute(db, id), message }) satisfies RouteChanged;

  routes.get('/admin/delivery/couriers', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ couriers: await listCouriers(db) } satisfies CourierList);
  });

  routes.get('/admin/delivery/routes', async (c) => {
    const date = c.req.query('fecha') ?? isoDayInColombia(new Date());
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Invalid('invalid', deliveryMessages.date);
    c.header('cache-control', 'no-store');
    return c.json({ date, routes: await listRoutes(db, date) } satisfies RouteList);
  });

  routes.post('/admin/delivery/routes', async (c) => {
    const form = await readBody(c, newRouteSchema);
    const id = await db.transaction((tx) => createRoute(tx, form, actorOf(c).id ?? ''));
    return c.json(await changed(id, deliveryMessages.created(id)), 201);
  });

  routes.get('/admin/delivery/routes/:id', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await foundRoute(db, routeIdParam(c)));
  });

  routes.post('/admin/delivery/routes/:id/stops', async (c) => {
    const { packages } = await readBody(c, routePackagesSchema);
    const id = routeIdParam(c);
    const added = await db.transaction((tx) => addToRoute(tx, id, packages));
    return c.json(await changed(id, deliveryMessages.added(added)));
  });

  routes.post('/admin/delivery/routes/:id/stops/:number/move', async (c) => {
    const { direction } = await readBody(c, stopMoveSchema);
    const id = routeIdParam(c);
    await db.transaction((tx) => moveStop(tx, id, packageNumberParam(c), direction));
    return c.json(await changed(id, deliveryMessages.moved));
  });

  routes.delete('/admin/delivery/routes/:id/stops/:number', async (c) => {
    const id = routeIdParam(c);
    const number = packageNumberParam(c);
    await db.transaction((tx) => removeStop(tx, id, number));
    return c.json(await changed(id, deliveryMessages.removed(number)));
  });

  routes.post('/admin/delivery/routes/:id/start', async (c) => {
    const id = routeIdParam(c);
    const moved = await db.transaction((tx) => startRoute(tx, id, actorOf(c), mail));
    return c.json(await changed(id, deliveryMessages.started(id, moved)));
  });

  return routes;
}
