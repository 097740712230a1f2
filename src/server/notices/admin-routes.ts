// 'Avisos' for staff (design/notices.md 'What people see'): the last notices with their state, counts per template and
// state for a range of days, the share read, and the customers who opted out.
import { Hono } from 'hono';
import { z } from 'zod';
import type * as Api from '../../shared/notices/api-types.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { RouteDeps } from '../http.ts';
import { noticesOverview } from './overview.ts';

const daysSchema = z.coerce.number().int().min(1).max(366).catch(7);

export function noticeAdminRoutes({ db, auth, config }: RouteDeps) {
  const routes = new Hono<SessionEnv>();
  const staff = requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production });

  routes.get('/avisos', staff, async (c) => {
    const days = daysSchema.parse(c.req.query('days'));
    const overview = await noticesOverview(db, days, config.whatsapp !== null);
    c.header('cache-control', 'no-store');
    return c.json(overview satisfies Api.NoticesOverview);
  });

  return routes;
}
