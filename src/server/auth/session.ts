// Who is calling: the better-auth session and the users record behind it; middleware that requires them.
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { ROLES, type Role } from '../../shared/accounts/roles.ts';
import { messages } from '../../shared/messages.ts';
import type { Database } from '../db/open.ts';
import { authSession, users } from '../db/schema.ts';
import { Forbidden, NotFound } from '../errors.ts';
import { ApiError, clientIp } from '../http.ts';
import { noteSignedInUser } from '../observability/log.ts';
import { type Auth, SESSION_ABSOLUTE_SECONDS } from './auth.ts';

export type UserRecord = typeof users.$inferSelect;

/** The staff roles (design/packages.md 'Roles'); the roles themselves are in src/shared/accounts/roles.ts. */
export const STAFF_ROLES: readonly Role[] = ['bodega', 'admin'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && ROLES.some((role) => role === value);
}

export function isStaff(role: string | null | undefined): boolean {
  return isRole(role) && STAFF_ROLES.includes(role);
}

/** What `requireCaller`'s `role` option asks for: `admin` only, `staff` (bodega or admin), or `reparto` only. */
export type RequiredRole = 'admin' | 'staff' | 'reparto';

/** Whether a users record's role meets `required`. */
export function hasRole(role: string | null | undefined, required: RequiredRole): boolean {
  return required === 'staff' ? isStaff(role) : role === required;
}

export interface Caller {
  userId: string;
  sessionToken: string;
  emailVerified: boolean;
  /** Null for an account without a users record (design/product.md §6). */
  record: UserRecord | null;
}

/** The caller of a route behind requireCaller: signed in and with a users record, so handlers read it as is. */
export interface SignedInCaller extends Caller {
  record: UserRecord;
}

export type SessionEnv = { Variables: { caller: SignedInCaller } };

/** Who made a change, as the audit trail records it: the signed-in caller and the address they called from. */
export function auditActor(c: Context<SessionEnv>, trustProxy: boolean): { id: string; ip: string } {
  return { id: c.get('caller').record.id, ip: clientIp(c, trustProxy) };
}

export async function readCaller(c: Context, auth: Auth, db: Database): Promise<Caller | null> {
  if (!c.req.header('cookie')) return null;
  const { headers, response } = await auth.api.getSession({
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  // A refreshed session comes back with a new cookie: pass it on.
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
  if (!response) return null;
  noteSignedInUser(response.user.id);
  // better-auth's expiry slides with use (the idle lifetime); this caps a session's whole life.
  if (Date.now() - new Date(response.session.createdAt).getTime() > SESSION_ABSOLUTE_SECONDS * 1000) {
    await endSession(db, response.session.token);
    return null;
  }
  const [record] = await db.select().from(users).where(eq(users.id, response.user.id));
  return {
    userId: response.user.id,
    sessionToken: response.session.token,
    emailVerified: response.user.emailVerified,
    record: record ?? null,
  };
}

/** Ends one session in the database (the browser's cookie then names nothing). */
export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(authSession).where(eq(authSession.token, token));
}

/** The role of an account's users record; null for an account without one. */
export async function roleOf(db: Database, userId: string): Promise<Role | null> {
  const [record] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return record?.role ?? null;
}

/**
 * 401 without a session, 404 'Usuario no encontrado.' without a users record; `role: 'admin'` adds a 403 for
 * anyone but an admin, `role: 'staff'` for anyone but bodega or admin, `role: 'reparto'` for anyone but a courier
 * (an admin reads routes through the staff API), and with `verifiedEmail` (production) for
 * staff whose e-mail is not verified yet.
 */
export function requireCaller(
  auth: Auth,
  db: Database,
  options: { role?: RequiredRole; verifiedEmail?: boolean } = {},
): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const caller = await readCaller(c, auth, db);
    if (!caller) throw new ApiError(401, 'unauthenticated', messages.unauthenticated);
    const { record } = caller;
    if (!record) throw new NotFound(messages.userNotFound, 'user_not_found');
    if (options.role && !hasRole(record.role, options.role))
      throw new Forbidden('forbidden', messages.forbidden);
    // ADMIN_EMAILS grants the role to whoever registers the address: in production staff rights count only once
    // the mailbox is proven.
    if (options.role && options.verifiedEmail && !caller.emailVerified)
      throw new Forbidden('email_unverified', messages.adminEmailUnverified);
    c.set('caller', { ...caller, record });
    await next();
  };
}
