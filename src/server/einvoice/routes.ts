// The electronic invoice's routes: the customer's 'Datos de facturación' (GET/POST /me/facturacion).
import { Hono } from 'hono';
import type * as Api from '../../shared/einvoice/api-types.ts';
import { billingDataSchema, billingMessages } from '../../shared/einvoice/billing-data.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import { clientIp, type RouteDeps, readBody } from '../http.ts';
import { billingDataView, saveBillingData } from './billing-data.ts';

export function einvoiceRoutes({ db, auth, config }: RouteDeps) {
  const routes = new Hono<SessionEnv>();
  const signedIn = requireCaller(auth, db);

  routes.get('/me/facturacion', signedIn, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json((await billingDataView(db, c.get('caller').userId)) satisfies Api.BillingDataView);
  });

  routes.post('/me/facturacion', signedIn, async (c) => {
    const userId = c.get('caller').userId;
    const body = await readBody(c, billingDataSchema);
    await saveBillingData(db, userId, body, clientIp(c, config.trustProxy));
    return c.json({
      message: billingMessages.saved,
      data: await billingDataView(db, userId),
    } satisfies Api.BillingDataSaved);
  });

  return routes;
}
