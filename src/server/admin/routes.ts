// The admin area's API under /api/admin (design/product.md §2 Admin screen, §6; design/architecture.md decision 3):
// 'Hoy' (today.ts), the paged, searchable list of lockers, its CSV export, the live stream of registrations and role
// changes (role-route.ts). Every route needs a session with role admin: 401 without one, 403 for a customer or bodega.
import { Hono } from 'hono';
import { z } from 'zod';
import type * as Api from '../../shared/admin/api-types.ts';
import { messages } from '../../shared/messages.ts';
import { firstIssueMessage } from '../../shared/schemas.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Auth } from '../auth/auth.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Config } from '../config.ts';
import { csvStream } from '../csv.ts';
import type { Database, OpenDatabase } from '../db/open.ts';
import { Invalid } from '../errors.ts';
import { clientIp } from '../http.ts';
import { pqrSettingsOf } from '../pqr/settings.ts';
import { formatCursor, newestCursor } from './event-cursor.ts';
import { adminEventStream } from './events.ts';
import { countLockers, LOCKERS_CSV_COLUMNS, lockerCsvRows, lockerPage } from './lockers.ts';
import { registerRoleRoute } from './role-route.ts';
import { adminToday } from './today.ts';

export { listCondition, TOTAL_CAP } from './lockers.ts';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;
const MAX_SEARCH_LENGTH = 100;

const searchField = z
  .string()
  // Control characters cannot be typed, and U+001F separates the fields inside search_text.
  .transform((q) => q.replace(/\p{Cc}/gu, '').trim())
  .pipe(z.string().max(MAX_SEARCH_LENGTH, messages.adminSearchTooLong))
  .default('');

const listQuerySchema = z.object({
  q: searchField,
  page: z.coerce
    .number({ error: messages.adminPageInvalid })
    .int(messages.adminPageInvalid)
    .min(1, messages.adminPageInvalid)
    .max(1_000_000, messages.adminPageInvalid)
    .default(1),
  pageSize: z.coerce
    .number({ error: messages.adminPageSizeInvalid })
    .int(messages.adminPageSizeInvalid)
    .min(1, messages.adminPageSizeInvalid)
    .max(MAX_PAGE_SIZE, messages.adminPageSizeInvalid)
    .default(DEFAULT_PAGE_SIZE),
});

const csvQuerySchema = z.object({ q: searchField });

function readQuery<S extends z.ZodType>(query: Record<string, string>, schema: S): z.output<S> {
  // An empty parameter (?page=) means "not given".
  const given = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
  const result = schema.safeParse(given);
  if (!result.success) throw new Invalid('invalid', firstIssueMessage(result.error));
  return result.data;
}

export interface AdminRoutesDeps {
  db: Database;
  auth: Auth;
  config: Config;
  /** The instance's database, whose LISTEN feeds the event stream. */
  database: OpenDatabase;
}

export function adminRoutes({ db, auth, config, database }: AdminRoutesDeps) {
  const routes = new Hono<SessionEnv>();
  routes.use(requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production }));
  routes.use(async (c, next) => {
    await next();
    // Personal data: never kept by a browser or a shared cache.
    c.res.headers.set('cache-control', 'no-store');
  });

  const pqrSettings = pqrSettingsOf(config);
  routes.get('/today', async (c) =>
    c.json(
      (await adminToday(db, {
        settings: pqrSettings,
        maxAttempts: config.deliveryMaxAttempts,
      })) satisfies Api.AdminToday,
    ),
  );

  routes.get('/users', async (c) => {
    const { q, page, pageSize } = readQuery(c.req.query(), listQuerySchema);
    // Read before the page, so a registration committed in between reaches the page through the stream.
    const cursor = await newestCursor(db);
    const [rows, total] = await Promise.all([lockerPage(db, q, page, pageSize), countLockers(db, q)]);
    return c.json({
      users: rows,
      total: total.count,
      totalIsCapped: total.capped,
      page,
      pageSize,
      cursor: formatCursor(cursor),
    } satisfies Api.UsersPage);
  });

  routes.get('/users.csv', async (c) => {
    const { q } = readQuery(c.req.query(), csvQuerySchema);
    const rows = await lockerCsvRows(db, q);
    const caller = c.get('caller');
    await recordAudit(db, {
      action: 'admin_export',
      actorId: caller.userId,
      email: caller.record.email,
      ip: clientIp(c, config.trustProxy),
      detail: { q },
    });
    const day = new Date().toISOString().slice(0, 10);
    return csvStream(c, `casilleros-${day}.csv`, LOCKERS_CSV_COLUMNS, rows);
  });

  registerRoleRoute(routes, { db, config });

  routes.get('/events', (c) => adminEventStream(c, database, { verifiedEmail: config.production }));

  return routes;
}
