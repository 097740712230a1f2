// POST /api/admin/users/:id/role {role}: an admin changes a role from the locker list (design/packages.md 'Roles'),
// audited with the acting admin. Mounted inside adminRoutes, behind its admin-only requireCaller.
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import type * as Api from '../../shared/admin/api-types.ts';
import { messages } from '../../shared/messages.ts';
import type { SessionEnv } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { users } from '../db/schema.ts';
import { Conflict, Forbidden, NotFound } from '../errors.ts';
import { clientIp, readBody } from '../http.ts';
import { changeRole, ROLES } from './roles.ts';

export const roleMessages = {
  unknownRole: 'Ese rol no existe: elige cliente, mensajero, bodega o administrador.',
  ownAdminRole: 'No puedes quitarte tu propio rol de administrador: pide a otro administrador que lo haga.',
  deletedAccount: 'Esa cuenta fue eliminada: no puede recibir un rol.',
} as const;

/** The role as the admin screen names it, for the confirmation. */
const ROLE_LABELS = {
  customer: 'Cliente',
  reparto: 'Mensajero',
  bodega: 'Bodega',
  admin: 'Administrador',
} as const;

const bodySchema = z.object({ role: z.enum(ROLES, { error: roleMessages.unknownRole }) });

export function registerRoleRoute(
  routes: Hono<SessionEnv>,
  { db, config }: { db: Database; config: Config },
) {
  routes.post('/users/:id/role', async (c) => {
    const { role } = await readBody(c, bodySchema);
    const id = c.req.param('id');
    const caller = c.get('caller');
    // Someone must stay able to hand out roles: the last word on an admin's own role is another admin's.
    if (id === caller.userId && role !== 'admin')
      throw new Forbidden('own_admin_role', roleMessages.ownAdminRole);
    const [target] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, id));
    if (!target) throw new NotFound(messages.userNotFound, 'user_not_found');
    if (target.deletedAt) throw new Conflict('account_deleted', roleMessages.deletedAccount);
    const change = await changeRole(db, { id }, role, {
      by: caller.record.email,
      actorId: caller.userId,
      ip: clientIp(c, config.trustProxy),
    });
    if (!change) throw new NotFound(messages.userNotFound, 'user_not_found');
    return c.json({
      id: change.id,
      role: change.to,
      previousRole: change.from,
      changed: change.changed,
      message: change.changed
        ? `Rol cambiado: ${change.name} ahora es ${ROLE_LABELS[change.to]}.`
        : `${change.name} ya tenía el rol ${ROLE_LABELS[change.to]}.`,
    } satisfies Api.RoleResult);
  });
}
