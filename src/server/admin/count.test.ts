// Large lists: a search's total is exact up to TOTAL_CAP and "more than" past it; the newest-first order and
// the cursor are served by the index, not by sorting the table.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import {
  browser,
  registrationForm,
  startTestServer,
  type TestServer,
  verifyEmail,
} from '../../../test/support/server.ts';
import { TOTAL_CAP } from './routes.ts';

const SEEDED = TOTAL_CAP + 5;

describe.each(drivers)('a list of more than %s… lockers', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    server = await startTestServer(driver, { ADMIN_EMAILS: 'jefa.grande@example.com' });
    admin = browser(server);
    const form = await registrationForm(admin, { email: 'jefa.grande@example.com' });
    await admin.post('/api/register', form);
    await verifyEmail(server, form.email);
    await admin.post('/api/login', { email: form.email, password: form.password });
    await server.db.execute(sql`
      insert into auth_user (id, name, email) select 'seed' || n, 'Zeta ' || n, 'zeta' || n || '@example.com'
      from generate_series(1, ${SEEDED}) as n`);
    // Older than the admin, whatever the time registering took: the admin is the newest row of the list.
    await server.db.execute(sql`
      insert into users (id, name, registered_name, email, cedula, direccion1, ciudad1, codigo_postal1, locker_number,
        office_address, ref_code, acepto_politica, fecha_acepto_politica, politica_version, created_at)
      select 'seed' || n, 'Zeta ' || n, 'Zeta ' || n, 'zeta' || n || '@example.com', '1', 'Calle 1', 'Cali', '1',
        (5000 + n)::text, 'x', 'S' || lpad(n::text, 5, '0'), true, now(), 'v', admin.created_at - n * interval '1 second'
      from generate_series(1, ${SEEDED}) as n, (select created_at from users) as admin`);
    await server.db.execute(sql`analyze users`);
  });
  afterAll(() => server?.close());

  it('counts every locker exactly when there is no search', async () => {
    const response = await admin.get('/api/admin/users');
    expect(response.body).toMatchObject({ total: SEEDED + 1, totalIsCapped: false });
    expect(response.body.users[0].email).toBe('jefa.grande@example.com');
  });

  it('stops counting a search at the cap and says so', async () => {
    const response = await admin.get('/api/admin/users?q=zeta');
    expect(response.body).toMatchObject({ total: TOTAL_CAP, totalIsCapped: true });
    expect(response.body.users).toHaveLength(50);
    expect(response.body.users[0].name).toBe('Zeta 1');
    const narrow = await admin.get('/api/admin/users?q=zeta 100');
    // Zeta 100 and Zeta 1000 … 1005.
    expect(narrow.body).toMatchObject({ total: 7, totalIsCapped: false });
  });

  it('reads the newest users from the index', async () => {
    const plan = await server.db.execute(
      sql`explain select id from users order by created_at desc, id desc limit 1`,
    );
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
    expect(text).toContain('users_newest_first_idx');
    expect(text).not.toContain('Sort');
  });
});
