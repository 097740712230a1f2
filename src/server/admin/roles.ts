// Roles: ADMIN_EMAILS get role admin at registration (register.ts) and at every start-up (here); the admin command
// grants and revokes it by hand. Every change of role goes to the audit trail.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/open.ts';
import { users } from '../db/schema.ts';

export async function ensureAdmins(db: Database, adminEmails: string[]): Promise<void> {
  if (adminEmails.length === 0) return;
  const promoted = await db
    .update(users)
    .set({ role: 'admin' })
    .where(and(inArray(users.email, adminEmails), ne(users.role, 'admin')))
    .returning({ id: users.id, email: users.email });
  for (const user of promoted) {
    await recordAudit(db, {
      action: 'role_granted',
      subjectId: user.id,
      email: user.email,
      detail: { by: 'ADMIN_EMAILS' },
    });
  }
}

/** Sets the role of the account with this e-mail; false when there is no such account. */
export async function setRole(db: Database, email: string, role: 'admin' | 'customer'): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ role })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id, email: users.email });
  for (const user of updated) {
    await recordAudit(db, {
      action: role === 'admin' ? 'role_granted' : 'role_revoked',
      subjectId: user.id,
      email: user.email,
      detail: { by: 'npm run admin' },
    });
  }
  return updated.length > 0;
}
