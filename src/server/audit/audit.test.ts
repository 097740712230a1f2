// An audit entry that cannot be written never undoes the action it records: an admin's role change still commits
// (and says so) while the audit table refuses every insert, and the failure is logged.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../../../test/support/console.ts';
import { drivers } from '../../../test/support/database.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { auditLog, users } from '../db/schema.ts';

describe.each(drivers)('a failing audit write on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'jefa.auditoria@example.com'));
  });
  afterAll(() => server?.close());

  it('keeps the role change it should have recorded, and logs the failure', async () => {
    const customer = await signedUpCustomer(server);
    // From here on every audit insert raises, as a full disk or a broken column would.
    await server.db.execute(sql`
      create function audit_refuses() returns trigger language plpgsql
      as $$ begin raise exception 'auditoría caída (prueba)'; end $$`);
    await server.db.execute(sql`
      create trigger audit_refuses before insert on audit_log
      for each row execute function audit_refuses()`);
    const logged = expectConsoleError();
    try {
      const response = await admin.post(`/api/admin/users/${customer.record.id}/role`, { role: 'bodega' });
      const [stored] = await server.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, customer.record.id));
      // Never 200 with nothing saved: the action keeps its change (a 5xx refusal would also be honest).
      expect(response.status).toBe(200);
      expect(stored?.role).toBe('bodega');
      expect(logged.some((line) => line.includes('No se pudo escribir la auditoría:'))).toBe(true);
      const entries = await server.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectId, customer.record.id));
      expect(entries.filter((entry) => entry.action === 'role_granted')).toEqual([]);
    } finally {
      await server.db.execute(sql`drop trigger audit_refuses on audit_log`);
      await server.db.execute(sql`drop function audit_refuses()`);
    }
  });

  it('writes the entry again once the audit table accepts it', async () => {
    const customer = await signedUpCustomer(server);
    const response = await admin.post(`/api/admin/users/${customer.record.id}/role`, { role: 'bodega' });
    expect(response.status).toBe(200);
    const entries = await server.db.select().from(auditLog).where(eq(auditLog.subjectId, customer.record.id));
    expect(entries.map((entry) => entry.action)).toContain('role_granted');
  });
});
