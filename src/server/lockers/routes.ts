// The customer's own record: a customer reads only their own users record (design/architecture.md decision 3).
import { Hono } from 'hono';
import type { Me } from '../../shared/accounts/api-types.ts';
import type { AdminUser } from '../../shared/admin/api-types.ts';
import type { Auth } from '../auth/auth.ts';
import { requireCaller, type SessionEnv, type UserRecord } from '../auth/session.ts';
import type { Database } from '../db/open.ts';

/**
 * The users record as the API shows it: design/product.md §3's field names, without the internal search column, its
 * instants as the ISO strings JSON would make of them.
 */
export function publicRecord(record: UserRecord): AdminUser {
  const {
    searchText: _searchText,
    consentIp: _ip,
    consentUserAgent: _agent,
    politicaVersion: _version,
    ...fields
  } = record;
  return {
    ...fields,
    fechaAceptoPolitica: fields.fechaAceptoPolitica.toISOString(),
    deletedAt: fields.deletedAt?.toISOString() ?? null,
    createdAt: fields.createdAt.toISOString(),
  };
}

export function lockerRoutes({ db, auth }: { db: Database; auth: Auth }) {
  const routes = new Hono<SessionEnv>();
  routes.get('/me', requireCaller(auth, db), (c) => {
    const caller = c.get('caller');
    c.header('cache-control', 'no-store');
    return c.json({ ...publicRecord(caller.record), emailVerified: caller.emailVerified } satisfies Me);
  });

  return routes;
}
