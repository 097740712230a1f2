// The warehouse's 'Solicitudes' API (staff only, 403 to anyone else): the queue oldest first, 'Iniciar',
// 'Rechazar' with its 'Motivo', the scan of a consolidation's packages and 'Completar'.
import { type Context, Hono } from 'hono';
import type * as Api from '../../shared/requests/api-types.ts';
import { completeSchema, queueMessages, refuseSchema, scanSchema } from '../../shared/requests/warehouse.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import { NotFound } from '../errors.ts';
import { type RouteDeps, readBody } from '../http.ts';
import { mailSettingsOf, staffActor } from '../packages/state-change.ts';
import { completeRequest } from './complete.ts';
import { refuseRequest, scanForRequest, startRequest, warehouseQueue } from './queue.ts';

const idParam = (c: Context) => {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
    throw new NotFound('No encontramos esa solicitud.');
  return id;
};

export function requestQueueRoutes({ db, auth, config }: RouteDeps) {
  const routes = new Hono<SessionEnv>();
  routes.use(
    '/warehouse/requests',
    requireCaller(auth, db, { role: 'staff', verifiedEmail: config.production }),
  );
  routes.use(
    '/warehouse/requests/*',
    requireCaller(auth, db, { role: 'staff', verifiedEmail: config.production }),
  );
  const actorOf = (c: Context<SessionEnv>) => staffActor(c.get('caller').record);
  const mail = mailSettingsOf(config);

  routes.get('/warehouse/requests', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json((await warehouseQueue(db)) satisfies Api.RequestQueue);
  });

  routes.post('/warehouse/requests/:id/start', async (c) => {
    const id = idParam(c);
    await startRequest(db, id, actorOf(c));
    return c.json({ message: queueMessages.started(id), newPackage: null } satisfies Api.QueueChanged);
  });

  routes.post('/warehouse/requests/:id/refuse', async (c) => {
    const { reason } = await readBody(c, refuseSchema);
    const id = idParam(c);
    await refuseRequest(db, id, reason, actorOf(c), mail);
    return c.json({ message: queueMessages.refused(id), newPackage: null } satisfies Api.QueueChanged);
  });

  routes.post('/warehouse/requests/:id/scan', async (c) => {
    const { code } = await readBody(c, scanSchema);
    return c.json((await scanForRequest(db, idParam(c), code)) satisfies Api.Scanned);
  });

  routes.post('/warehouse/requests/:id/complete', async (c) => {
    const body = await readBody(c, completeSchema);
    const id = idParam(c);
    const done = await completeRequest(db, id, body, actorOf(c), mail);
    return c.json(done satisfies Api.QueueChanged);
  });

  return routes;
}
