// POST /api/admin/users/:id/role: admins only, every change audited with the acting admin, no admin removes their
// own admin role, and the new role counts from the very next request.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import {
  browser,
  registrationForm,
  startTestServer,
  type TestServer,
  verifyEmail,
} from '../../../test/support/server.ts';
import { messages } from '../../shared/messages.ts';
import { auditLog, users } from '../db/schema.ts';
import { roleMessages } from './role-route.ts';

const ADMIN_EMAIL = 'jefa.roles@example.com';
const PASSWORD = 'Casa#Verde2026x';

describe.each(logicDrivers)('role changes on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let adminId: string;

  async function signedIn(email: string) {
    const client = browser(server);
    const form = await registrationForm(client, { email, password: PASSWORD, confirmPassword: PASSWORD });
    expect((await client.post('/api/register', form)).status).toBe(201);
    await verifyEmail(server, email);
    expect((await client.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    const [record] = await server.db.select().from(users).where(eq(users.email, email));
    return { client, id: record?.id as string };
  }
  const roleOf = async (id: string) =>
    (await server.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
  const setRole = (client: ReturnType<typeof browser>, id: string, role: unknown) =>
    client.post(`/api/admin/users/${encodeURIComponent(id)}/role`, { role });

  beforeAll(async () => {
    server = await startTestServer(driver, { ADMIN_EMAILS: ADMIN_EMAIL });
    ({ client: admin, id: adminId } = await signedIn(ADMIN_EMAIL));
  });
  afterAll(() => server?.close());

  it('lets an admin make a customer bodega and back, audited with the acting admin', async () => {
    const { id } = await signedIn('futura.bodega@example.com');
    const promoted = await setRole(admin, id, 'bodega');
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id, role: 'bodega', previousRole: 'customer', changed: true });
    expect(promoted.body.message).toBe('Rol cambiado: Ana María Pérez ahora es Bodega.');
    expect(await roleOf(id)).toBe('bodega');

    expect((await setRole(admin, id, 'customer')).body.role).toBe('customer');
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, id))
      .orderBy(desc(auditLog.id));
    const roleEntries = audit.filter((entry) => entry.action.startsWith('role_'));
    expect(
      roleEntries.map(({ action, actorId, email, detail }) => ({ action, actorId, email, detail })),
    ).toEqual([
      {
        action: 'role_revoked',
        actorId: adminId,
        email: 'futura.bodega@example.com',
        detail: { from: 'bodega', to: 'customer', by: ADMIN_EMAIL },
      },
      {
        action: 'role_granted',
        actorId: adminId,
        email: 'futura.bodega@example.com',
        detail: { from: 'customer', to: 'bodega', by: ADMIN_EMAIL },
      },
    ]);
  });

  it('makes a customer a courier (Mensajero) from the locker list', async () => {
    const { id } = await signedIn('futuro.mensajero@example.com');
    const promoted = await setRole(admin, id, 'reparto');
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id, role: 'reparto', previousRole: 'customer', changed: true });
    expect(promoted.body.message).toBe('Rol cambiado: Ana María Pérez ahora es Mensajero.');
    expect(await roleOf(id)).toBe('reparto');
  });

  it('answers 401 without a session and 403 to a customer, a courier or a bodega', async () => {
    const { client: customer, id } = await signedIn('cliente.roles@example.com');
    const { client: bodega, id: bodegaId } = await signedIn('bodega.roles@example.com');
    await server.db.update(users).set({ role: 'bodega' }).where(eq(users.id, bodegaId));
    const { client: courier, id: courierId } = await signedIn('mensajero.roles@example.com');
    await server.db.update(users).set({ role: 'reparto' }).where(eq(users.id, courierId));

    expect((await setRole(browser(server), id, 'admin')).status).toBe(401);
    for (const client of [customer, courier, bodega]) {
      const refused = await setRole(client, id, 'admin');
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: 'forbidden', message: messages.forbidden });
      // Nor may they read the list it lives on.
      expect((await client.get('/api/admin/users')).status).toBe(403);
    }
    expect(await roleOf(id)).toBe('customer');
  });

  it('takes effect on the next request of the person whose role changed', async () => {
    const { client, id } = await signedIn('segunda.jefa@example.com');
    expect((await client.get('/api/admin/users')).status).toBe(403);
    await setRole(admin, id, 'admin');
    expect((await client.get('/api/admin/users')).status).toBe(200);
    expect((await setRole(admin, id, 'bodega')).status).toBe(200);
    expect((await client.get('/api/admin/users')).status).toBe(403);
  });

  it('refuses to let an admin remove their own admin role', async () => {
    for (const role of ['customer', 'bodega']) {
      const refused = await setRole(admin, adminId, role);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: 'own_admin_role', message: roleMessages.ownAdminRole });
    }
    expect(await roleOf(adminId)).toBe('admin');
    const same = await setRole(admin, adminId, 'admin');
    expect(same.status).toBe(200);
    expect(same.body.changed).toBe(false);
  });

  it('refuses an unknown role, an unknown account and a deleted one', async () => {
    const { id } = await signedIn('otra.persona@example.com');
    for (const role of ['jefe', 'ADMIN', '', null, 7]) {
      const invalid = await setRole(admin, id, role);
      expect(invalid.status).toBe(400);
      expect(invalid.body.error).toEqual({
        code: 'invalid',
        message: roleMessages.unknownRole,
        field: 'role',
      });
    }
    const missing = await setRole(admin, 'no-existe', 'bodega');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'user_not_found', message: messages.userNotFound });

    await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id));
    const deleted = await setRole(admin, id, 'bodega');
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.message).toBe(roleMessages.deletedAccount);
    expect(await roleOf(id)).toBe('customer');
  });

  it('lists each locker with its role', async () => {
    const list = await admin.get(`/api/admin/users?q=${encodeURIComponent(ADMIN_EMAIL)}`);
    expect(list.body.users.map((user: { role: string }) => user.role)).toEqual(['admin']);
  });
});
