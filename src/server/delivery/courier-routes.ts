// The courier's read API ('Mi ruta', design/delivery.md 'The courier's screen'): today's route in course with its stops
// in order, and one stop; and the door's actions, 'Entregar' and 'No entregado', each applied once per phone key. A
// courier reads and acts only on their own: another courier's stop is a 404, as if it did not exist.
import { Hono } from 'hono';
import { isoDayInColombia } from '../../shared/dates.ts';
import type { DoorActionDone, MyRouteAnswer, MyStop, SyncAnswer } from '../../shared/delivery/api-types.ts';
import { MAX_DOOR_BODY_BYTES } from '../../shared/delivery/door-choices.ts';
import { attemptSchema, deliverySchema, syncSchema } from '../../shared/delivery/door-forms.ts';
import { deliveryMessages } from '../../shared/delivery/route-forms.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import { NotFound } from '../errors.ts';
import { jsonBodyLimit, type RouteDeps, readBody } from '../http.ts';
import { packageNumberParam } from '../packages/list-query.ts';
import { recordAttempt } from './attempt.ts';
import { deliver } from './deliver.ts';
import { doorPhoto } from './door-common.ts';
import { courierRoute, courierStop } from './route-queries.ts';
import { syncActions } from './sync.ts';

/** The door's actions carry their photos inside the JSON (a queued action is one value): a limit of their own. */
const doorBody = jsonBodyLimit(MAX_DOOR_BODY_BYTES);

export function courierRoutes({ db, auth, config }: RouteDeps) {
  const routes = new Hono<SessionEnv>();
  const mail = { brandName: config.brandName, appUrl: config.appUrl, supportEmail: config.supportEmail };
  routes.use('/delivery/*', requireCaller(auth, db, { role: 'reparto', verifiedEmail: config.production }));

  routes.get('/delivery/my-route', async (c) => {
    const courier = c.get('caller').record;
    c.header('cache-control', 'no-store');
    const route = await courierRoute(db, courier.id, isoDayInColombia(new Date()));
    return c.json({ route, courierId: courier.id } satisfies MyRouteAnswer);
  });

  routes.get('/delivery/stops/:number', async (c) => {
    const courier = c.get('caller').record;
    const found = await courierStop(db, courier.id, packageNumberParam(c));
    if (!found) throw new NotFound(deliveryMessages.stopNotFound, 'stop_not_found');
    c.header('cache-control', 'no-store');
    return c.json(found satisfies MyStop);
  });

  routes.post('/delivery/stops/:number/deliver', doorBody, async (c) => {
    const form = await readBody(c, deliverySchema);
    const photos = {
      photo: await doorPhoto(form.photo, 'photo'),
      noveltyPhoto: await doorPhoto(form.noveltyPhoto, 'noveltyPhoto'),
    };
    const courier = c.get('caller').record;
    const answer = await deliver(db, courier.id, packageNumberParam(c), form, photos, mail);
    return c.json(answer satisfies DoorActionDone);
  });

  routes.post('/delivery/stops/:number/attempt', doorBody, async (c) => {
    const form = await readBody(c, attemptSchema);
    const photo = await doorPhoto(form.photo, 'photo');
    const courier = c.get('caller').record;
    const answer = await recordAttempt(db, courier.id, packageNumberParam(c), form, photo, mail);
    return c.json(answer satisfies DoorActionDone);
  });

  routes.post('/delivery/sync', doorBody, async (c) => {
    const { actions } = await readBody(c, syncSchema);
    const courier = c.get('caller').record;
    const results = await syncActions(db, courier.id, actions, mail);
    return c.json({ results } satisfies SyncAnswer);
  });

  return routes;
}
