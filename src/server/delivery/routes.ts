// The staff's 'Rutas de reparto' API (admin and bodega, design/delivery.md 'Routes'): the couriers, the day's routes
// with their progress, a new route, one route with its stops, adding packages by number or guide, moving and removing
// stops while 'En preparación', 'Iniciar ruta', 'Cerrar ruta' (admin), the flagged packages, and the live stream of
// route changes. Every change answers the route as it now is and tells the open screens in its transaction.
import { type Context, Hono } from 'hono';
import type { RouteCash, RouteClosed } from '../../shared/collections/api-types.ts';
import { cashCloseSchema, collectionMessages } from '../../shared/collections/forms.ts';
import { isoDayInColombia } from '../../shared/dates.ts';
import type {
  CourierList,
  FlaggedList,
  RouteChanged,
  RouteDetail,
  RouteList,
} from '../../shared/delivery/api-types.ts';
import {
  deliveryMessages,
  newRouteSchema,
  routeDaySchema,
  routePackagesSchema,
  stopMoveSchema,
} from '../../shared/delivery/route-forms.ts';
import { formatCop } from '../../shared/money.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import { cashCloseRecord, routeCash } from '../collections/cash-close.ts';
import type { Database, OpenDatabase } from '../db/open.ts';
import { Invalid, NotFound } from '../errors.ts';
import { clientIp, type RouteDeps, readBody } from '../http.ts';
import { packageNumberParam, routeIdParam } from '../packages/list-query.ts';
import { mailSettingsOf, staffActor } from '../packages/state-change.ts';
import { closeRoute, flaggedPackages } from './close.ts';
import { routeEventStream } from './live.ts';
import { listCouriers, listRoutes, routeDetail } from './route-queries.ts';
import { addToRoute, createRoute, moveStop, removeStop, startRoute } from './routes-domain.ts';

async function foundRoute(db: Database, id: number): Promise<RouteDetail> {
  const detail = await routeDetail(db, id);
  if (!detail) throw new NotFound(deliveryMessages.routeNotFound, 'route_not_found');
  return detail;
}

export function deliveryRoutes({ db, database, auth, config }: RouteDeps & { database: OpenDatabase }) {
  const routes = new Hono<SessionEnv>();
  routes.use(
    '/admin/delivery/*',
    requireCaller(auth, db, { role: 'staff', verifiedEmail: config.production }),
  );
  const actorOf = (c: Context<SessionEnv>) => staffActor(c.get('caller').record);
  const mail = mailSettingsOf(config);
  const admin = requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production });
  const changed = async (id: number, message: string) =>
    ({ route: await foundRoute(db, id), message }) satisfies RouteChanged;

  routes.get('/admin/delivery/couriers', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ couriers: await listCouriers(db) } satisfies CourierList);
  });

  routes.get('/admin/delivery/routes', async (c) => {
    const date = c.req.query('fecha') ?? isoDayInColombia(new Date());
    // A real calendar day: '2026-02-31' has the shape and is no day at all.
    if (!routeDaySchema.safeParse(date).success)
      throw new Invalid('invalid', deliveryMessages.date, { field: 'fecha' });
    c.header('cache-control', 'no-store');
    return c.json({ date, routes: await listRoutes(db, date) } satisfies RouteList);
  });

  routes.post('/admin/delivery/routes', async (c) => {
    const form = await readBody(c, newRouteSchema);
    const id = await createRoute(db, form, actorOf(c).id ?? '');
    return c.json(await changed(id, deliveryMessages.created(id)), 201);
  });

  routes.get('/admin/delivery/routes/:id', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json((await foundRoute(db, routeIdParam(c))) satisfies RouteDetail);
  });

  routes.post('/admin/delivery/routes/:id/stops', async (c) => {
    const { packages } = await readBody(c, routePackagesSchema);
    const id = routeIdParam(c);
    const added = await addToRoute(db, id, packages);
    return c.json(await changed(id, deliveryMessages.added(added)));
  });

  routes.post('/admin/delivery/routes/:id/stops/:number/move', async (c) => {
    const { direction } = await readBody(c, stopMoveSchema);
    const id = routeIdParam(c);
    await moveStop(db, id, packageNumberParam(c), direction);
    return c.json(await changed(id, deliveryMessages.moved));
  });

  routes.delete('/admin/delivery/routes/:id/stops/:number', async (c) => {
    const id = routeIdParam(c);
    const number = packageNumberParam(c);
    await removeStop(db, id, number);
    return c.json(await changed(id, deliveryMessages.removed(number)));
  });

  routes.post('/admin/delivery/routes/:id/start', async (c) => {
    const id = routeIdParam(c);
    const moved = await startRoute(db, id, actorOf(c), mail);
    return c.json(await changed(id, deliveryMessages.started(id, moved)));
  });

  routes.get('/admin/delivery/routes/:id/cash', admin, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json((await routeCash(db, routeIdParam(c))) satisfies RouteCash);
  });

  routes.post('/admin/delivery/routes/:id/close', admin, async (c) => {
    const id = routeIdParam(c);
    const cash = await readBody(c, cashCloseSchema);
    const options = { maxAttempts: config.deliveryMaxAttempts, ip: clientIp(c, config.trustProxy), cash };
    const { back, differenceCop } = await closeRoute(db, id, actorOf(c), mail, options);
    const message =
      differenceCop === 0
        ? collectionMessages.closedWithCash(id, back)
        : collectionMessages.closedWithDifference(id, formatCop(differenceCop));
    const close = await cashCloseRecord(db, id);
    if (!close) throw new NotFound(collectionMessages.routeNotClosed, 'route_not_closed');
    return c.json({ route: await foundRoute(db, id), close, message } satisfies RouteClosed);
  });

  routes.get('/admin/delivery/flagged', async (c) => {
    c.header('cache-control', 'no-store');
    const maxAttempts = config.deliveryMaxAttempts;
    return c.json({ maxAttempts, packages: await flaggedPackages(db, maxAttempts) } satisfies FlaggedList);
  });

  routes.get('/admin/delivery/events', (c) => routeEventStream(c, database));

  return routes;
}
