import { eq } from 'drizzle-orm';
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
import { authSession, captcha, users } from '../db/schema.ts';

describe.each(logicDrivers)('login, sessions and sign-out on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, { ADMIN_EMAILS: 'admin@example.com' });
  });
  afterAll(() => server?.close());

  async function registered(overrides: Record<string, unknown> = {}) {
    const client = browser(server);
    const form = await registrationForm(client, overrides);
    expect((await client.post('/api/register', form)).status).toBe(201);
    return form;
  }

  it('signs a customer in with an HttpOnly, SameSite=Lax cookie and sends them to /locker', async () => {
    const form = await registered();
    const client = browser(server);
    const response = await client.post('/api/login', {
      email: form.email.toUpperCase(),
      password: form.password,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ role: 'customer', redirectTo: '/locker' });
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith('casillero.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: form.email,
      lockerNumber: expect.any(String),
      emailVerified: false,
    });
    expect(me.body).not.toHaveProperty('searchText');
  });

  it('sends an admin to /admin', async () => {
    const form = await registered({ email: 'admin@example.com' });
    const response = await browser(server).post('/api/login', { email: form.email, password: form.password });
    expect(response.body).toEqual({ role: 'admin', redirectTo: '/admin' });
  });

  it('sends the warehouse to /bodega', async () => {
    const form = await registered();
    await server.db.update(users).set({ role: 'bodega' }).where(eq(users.email, form.email));
    const response = await browser(server).post('/api/login', { email: form.email, password: form.password });
    expect(response.body).toEqual({ role: 'bodega', redirectTo: '/bodega' });
  });

  it('sends a courier to /reparto', async () => {
    const form = await registered();
    await server.db.update(users).set({ role: 'reparto' }).where(eq(users.email, form.email));
    const response = await browser(server).post('/api/login', { email: form.email, password: form.password });
    expect(response.body).toEqual({ role: 'reparto', redirectTo: '/reparto' });
  });

  it('gives one reason for a wrong password and for an unknown e-mail', async () => {
    const form = await registered();
    const wrongPassword = await browser(server).post('/api/login', {
      email: form.email,
      password: 'Otra#Clave99',
    });
    const unknownEmail = await browser(server).post('/api/login', {
      email: 'nadie@example.com',
      password: form.password,
    });
    const expected = messages.loginErrorPrefix + messages.loginInvalid;
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.error.message).toBe(expected);
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body.error.message).toBe(expected);
    expect(wrongPassword.headers.getSetCookie()).toEqual([]);
  });

  it('requires both fields', async () => {
    const client = browser(server);
    expect((await client.post('/api/login', { email: '', password: 'x' })).body.error.message).toBe(
      messages.required('Correo electrónico'),
    );
    expect(
      (await client.post('/api/login', { email: 'a@example.com', password: '' })).body.error.message,
    ).toBe(messages.required('Contraseña'));
  });

  it("refuses an account without a users record with 'Usuario no encontrado.' and leaves no session", async () => {
    const form = await registered();
    const [record] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, form.email));
    await server.db.delete(users).where(eq(users.email, form.email));
    const client = browser(server);
    const response = await client.post('/api/login', { email: form.email, password: form.password });
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(messages.userNotFound);
    expect(
      await server.db
        .select()
        .from(authSession)
        .where(eq(authSession.userId, record?.id ?? '')),
    ).toEqual([]);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('answers 401 on /api/me without a session, and ends the session on sign-out', async () => {
    const form = await registered();
    const client = browser(server);
    expect((await client.get('/api/me')).status).toBe(401);
    await client.post('/api/login', { email: form.email, password: form.password });
    const token = client.cookies.get('casillero.session_token');
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await client.post('/api/logout')).status).toBe(204);
    expect((await client.get('/api/me')).status).toBe(401);
    // The old cookie, replayed, no longer opens anything.
    const replay = browser(server);
    replay.cookies.set('casillero.session_token', token ?? '');
    expect((await replay.get('/api/me')).status).toBe(401);
  });

  it('makes a new session at each login', async () => {
    const form = await registered();
    const first = browser(server);
    const second = browser(server);
    await first.post('/api/login', { email: form.email, password: form.password });
    await second.post('/api/login', { email: form.email, password: form.password });
    expect(first.cookies.get('casillero.session_token')).not.toBe(
      second.cookies.get('casillero.session_token'),
    );
  });
});

describe.each(logicDrivers)('admins in production on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, {
      NODE_ENV: 'production',
      AUTH_SECRET: 'a'.repeat(40),
      CAPTCHA_TEST_ANSWER: '',
      ADMIN_EMAILS: 'jefe.prod@example.com',
    });
  });
  afterAll(() => server?.close());

  it('open the admin area only once their e-mail is verified', async () => {
    const client = browser(server);
    const form = await registrationForm(client, { email: 'jefe.prod@example.com' });
    // No test answer in production: read the real one, as only the image shows it.
    const [shown] = await server.db.select().from(captcha).where(eq(captcha.id, form.captchaId));
    expect((await client.post('/api/register', { ...form, captcha: shown?.answer })).status).toBe(201);

    // Whoever registers an ADMIN_EMAILS address first must still prove the mailbox.
    const early = await client.post('/api/login', { email: form.email, password: form.password });
    expect(early.body).toEqual({ role: 'admin', redirectTo: '/locker' });
    const refused = await client.get('/api/admin/users');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(messages.adminEmailUnverified);
    expect((await client.get('/api/admin/audit')).status).toBe(403);

    await verifyEmail(server, form.email);
    const verified = browser(server);
    const response = await verified.post('/api/login', { email: form.email, password: form.password });
    expect(response.body).toEqual({ role: 'admin', redirectTo: '/admin' });
    expect((await verified.get('/api/admin/users')).status).toBe(200);
  });
});
