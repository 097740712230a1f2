// Roles: ADMIN_EMAILS get role admin at registration (register.ts) and at every start-up (here); the admin command
// grants and revokes it by hand.
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/open.ts';
import { users } from '../db/schema.ts';

export async function ensureAdmins(db: Database, adminEmails: string[]): Promise<void> {
  if (adminEmails.length === 0) return;
  await db.update(users).set({ role: 'admin' }).where(inArray(users.email, adminEmails));
}

/** Sets the role of the account with this e-mail; false when there is no such account. */
export async function setRole(db: Database, email: string, role: 'admin' | 'customer'): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ role })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return updated.length > 0;
}
