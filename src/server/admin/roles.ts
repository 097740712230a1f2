// Roles (design/packages.md 'Roles'): ADMIN_EMAILS get role admin at registration (register.ts) and at every start-up
// (here); `npm run admin -- role` and the admin screen set any role. Every change of role goes to the audit trail,
// with the role before and after and who changed it.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { ROLES, type Role } from '../../shared/accounts/roles.ts';
import { recordAudit } from '../audit/audit.ts';
import { isRole } from '../auth/session.ts';
import type { Database } from '../db/open.ts';
import { users } from '../db/schema.ts';

export { isRole, ROLES, type Role };

/** How the CLI and the admin screen name each role. */
export const ROLE_NAMES: Record<Role, string> = {
  customer: 'cliente',
  reparto: 'mensajero',
  bodega: 'bodega',
  admin: 'administrador',
};

/** Higher means more rights: a change upwards is audited as role_granted, downwards as role_revoked. */
const RANK: Record<Role, number> = { customer: 0, reparto: 1, bodega: 2, admin: 3 };

export interface RoleChange {
  id: string;
  email: string;
  name: string;
  from: Role;
  to: Role;
  /** False when the account already had that role: nothing was written. */
  changed: boolean;
}

/** Who changes the role, for the audit trail: `by` is an admin's e-mail, 'npm run admin' or 'ADMIN_EMAILS'. */
export interface RoleChangeActor {
  by: string;
  actorId?: string;
  ip?: string;
}

/**
 * Sets the role of the account found by e-mail (any case) or id; null when there is none. The read, the update and
 * the audit entry share one transaction, so the audited "from" is the role that was really replaced.
 */
export async function changeRole(
  db: Database,
  account: { email: string } | { id: string },
  to: Role,
  actor: RoleChangeActor,
): Promise<RoleChange | null> {
  const where =
    'email' in account ? eq(users.email, account.email.trim().toLowerCase()) : eq(users.id, account.id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, email: users.email, name: users.name, role: users.role })
      .from(users)
      .where(where)
      .for('update');
    if (!row) return null;
    // An unknown stored role (none is written any more) counts as customer.
    const from: Role = isRole(row.role) ? row.role : 'customer';
    const change = { id: row.id, email: row.email, name: row.name, from, to };
    if (from === to && row.role === to) return { ...change, changed: false };
    await tx.update(users).set({ role: to }).where(eq(users.id, row.id));
    await recordAudit(tx, {
      action: RANK[to] >= RANK[from] ? 'role_granted' : 'role_revoked',
      actorId: actor.actorId ?? null,
      subjectId: row.id,
      email: row.email,
      ip: actor.ip,
      detail: { from, to, by: actor.by },
    });
    return { ...change, changed: true };
  });
}

export async function ensureAdmins(db: Database, adminEmails: string[]): Promise<void> {
  if (adminEmails.length === 0) return;
  const pending = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.email, adminEmails), ne(users.role, 'admin')));
  for (const user of pending) await changeRole(db, { id: user.id }, 'admin', { by: 'ADMIN_EMAILS' });
}

/** Sets the role of the account with this e-mail; false when there is no such account. */
export async function setRole(db: Database, email: string, role: Role): Promise<boolean> {
  return (await changeRole(db, { email }, role, { by: 'npm run admin' })) !== null;
}
