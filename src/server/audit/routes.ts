// GET /api/admin/audit: the newest audit entries, for admins only.
import { Hono } from 'hono';
import { z } from 'zod';
import type * as Api from '../../shared/admin/api-types.ts';
import type { Auth } from '../auth/auth.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { Invalid } from '../errors.ts';
import { auditEntries } from './audit.ts';

const query = z.object({
  action: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export function auditRoutes({ db, auth, config }: { db: Database; auth: Auth; config: Config }) {
  const routes = new Hono<SessionEnv>();
  routes.get('/', requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production }), async (c) => {
    const parsed = query.safeParse(c.req.query());
    if (!parsed.success) throw new Invalid('invalid', 'Los filtros de la auditoría no son válidos.');
    const entries = await auditEntries(db, parsed.data);
    c.header('cache-control', 'no-store');
    return c.json({
      entries: entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    } satisfies Api.AuditTrail);
  });
  return routes;
}
