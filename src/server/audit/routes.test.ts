import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import {
  browser,
  registrationForm,
  startTestServer,
  type TestServer,
  verifyEmail,
} from '../../../test/support/server.ts';
import { setRole } from '../admin/roles.ts';

describe.each(logicDrivers)('the audit trail on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, { ADMIN_EMAILS: 'auditora@example.com' });
  });
  afterAll(() => server?.close());

  it('records sign-ins, failed sign-ins and role changes, with time, account and IP, for admins only', async () => {
    const admin = browser(server);
    const adminForm = await registrationForm(admin, { email: 'auditora@example.com' });
    await admin.post('/api/register', adminForm);
    const customer = browser(server);
    const customerForm = await registrationForm(customer);
    await customer.post('/api/register', customerForm);

    expect((await customer.get('/api/admin/audit')).status).toBe(401);
    await customer.post('/api/login', { email: customerForm.email, password: 'Mala#Clave1' });
    await customer.post('/api/login', { email: customerForm.email, password: customerForm.password });
    expect((await customer.get('/api/admin/audit')).status).toBe(403);
    await setRole(server.db, customerForm.email, 'admin');
    await setRole(server.db, customerForm.email, 'customer');

    await verifyEmail(server, adminForm.email);
    await admin.post('/api/login', { email: adminForm.email, password: adminForm.password });
    const response = await admin.get('/api/admin/audit?limit=50');
    expect(response.status).toBe(200);
    const entries = response.body.entries as Array<{
      action: string;
      email: string;
      ip: string;
      at: string;
      subjectId: string | null;
    }>;
    const forCustomer = entries
      .filter((entry) => entry.email === customerForm.email)
      .map((entry) => entry.action);
    expect(forCustomer).toEqual(['role_revoked', 'role_granted', 'sign_in', 'sign_in_failed']);
    const signIn = entries.find((entry) => entry.action === 'sign_in' && entry.email === customerForm.email);
    expect(signIn?.subjectId).toEqual(expect.any(String));
    expect(signIn?.ip).toBe('unknown');
    expect(new Date(signIn?.at ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);

    const onlyFailures = await admin.get('/api/admin/audit?action=sign_in_failed');
    expect(
      onlyFailures.body.entries.every((entry: { action: string }) => entry.action === 'sign_in_failed'),
    ).toBe(true);
  });
});
