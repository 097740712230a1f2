// The courier's read API ('Mi ruta', DELIVERY.md 'The courier's screen'): today's route in course with its stops in
// order, and one stop. A courier reads only their own: another courier's stop is a 404, as if it did not exist.
import { Hono } from 'hono';
import { isoDayInColombia } from '../../shared/dates.ts';
import type { MyRouteAnswer, MyStop } from '../../shared/delivery/api-types.ts';
import { deliveryMessages } from '../../shared/delivery/route-forms.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import { NotFound } from '../errors.ts';
import type { RouteDeps } from '../http.ts';
import { packageNumberParam } from '../packages/list-query.ts';
import { courierRoute, courierStop } from './route-queries.ts';

export function courierRoutes({ db, auth, config }: RouteDeps) {
  const routes = new Hono<SessionEnv>();
  routes.use('/delivery/*', requireCaller(auth, db, { role: 'reparto', verifiedEmail: config.production }));

  routes.get('/delivery/my-route', async (c) => {
    const courier = c.get('caller').record;
    c.header('cache-control', 'no-store');
    const route = await courierRoute(db, courier.id, isoDayInColombia(new Date()));
    return c.json({ route } satisfies MyRouteAnswer);
  });

  routes.get('/delivery/stops/:number', async (c) => {
    const courier = c.get('caller').record;
    const found = await courierStop(db, courier.id, packageNumberParam(c));
    if (!found) throw new NotFound(deliveryMessages.stopNotFound, 'stop_not_found');
    c.header('cache-control', 'no-store');
    return c.json(found satisfies MyStop);
  });

  return routes;
}
