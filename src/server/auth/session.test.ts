import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import {
  browser,
  registrationForm,
  signedUpCustomer,
  startTestServer,
  TEST_APP_URL,
  type TestServer,
  verifyEmail,
} from '../../../test/support/server.ts';
import type { Role } from '../../shared/accounts/roles.ts';
import { messages } from '../../shared/messages.ts';
import { authSession, users } from '../db/schema.ts';
import { type ApiError, errorResponse } from '../http.ts';
import { createAuth, SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from './auth.ts';
import { loadAuthSecret } from './secret.ts';
import { hasRole, isStaff, requireCaller } from './session.ts';

describe.each(logicDrivers)('session lifetimes on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  async function signedIn() {
    const client = browser(server);
    const form = await registrationForm(client);
    await client.post('/api/register', form);
    await client.post('/api/login', { email: form.email, password: form.password });
    const token = client.cookies.get('casillero.session_token')?.split('.')[0] ?? '';
    return { client, token };
  }

  it('ends a session unused for longer than the idle lifetime', async () => {
    const { client, token } = await signedIn();
    const [session] = await server.db.select().from(authSession).where(eq(authSession.token, token));
    expect((session?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(
      (SESSION_IDLE_SECONDS - 60) * 1000,
    );
    await server.db
      .update(authSession)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authSession.token, token));
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('ends a session older than the absolute lifetime even while it is used', async () => {
    const { client, token } = await signedIn();
    expect((await client.get('/api/me')).status).toBe(200);
    await server.db
      .update(authSession)
      .set({ createdAt: new Date(Date.now() - (SESSION_ABSOLUTE_SECONDS + 60) * 1000) })
      .where(eq(authSession.token, token));
    expect((await client.get('/api/me')).status).toBe(401);
    expect(await server.db.select().from(authSession).where(eq(authSession.token, token))).toEqual([]);
  });
});

describe('cookies on an https APP_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { APP_URL: 'https://casillero.example' });
  });
  afterAll(() => server?.close());

  it('are Secure, HttpOnly, SameSite=Lax and carry the __Secure- prefix', async () => {
    const origin = { origin: 'https://casillero.example' };
    const request = (path: string, body: unknown) =>
      server.app.request(`https://casillero.example${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...origin },
        body: JSON.stringify(body),
      });
    const captcha = (await (await server.app.request('https://casillero.example/api/captcha')).json()) as {
      id: string;
    };
    const form = await registrationForm(browser(server), { captchaId: captcha.id });
    expect((await request('/api/register', form)).status).toBe(201);
    const login = await request('/api/login', { email: form.email, password: form.password });
    const cookie = login.headers.getSetCookie().find((line) => line.includes('session_token')) ?? '';
    expect(cookie).toMatch(/^__Secure-casillero\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(login.headers.get('strict-transport-security')).toContain('max-age=');
  });
});

describe.each(logicDrivers)('requireCaller roles on %s', (driver) => {
  let server: TestServer;
  /** A bare app with one route per option, on the test server's database and secret. */
  let probe: Hono;
  beforeAll(async () => {
    server = await startTestServer(driver);
    const secret = await loadAuthSecret(server.db, server.config.authSecret);
    const auth = createAuth({ db: server.db, config: server.config, secret });
    probe = new Hono();
    probe.onError((error, c) => errorResponse(c, error as ApiError));
    probe.get('/staff', requireCaller(auth, server.db, { role: 'staff' }), (c) => c.text('ok'));
    probe.get('/admin', requireCaller(auth, server.db, { role: 'admin' }), (c) => c.text('ok'));
    probe.get('/reparto', requireCaller(auth, server.db, { role: 'reparto' }), (c) => c.text('ok'));
    probe.get(
      '/staff-verified',
      requireCaller(auth, server.db, { role: 'staff', verifiedEmail: true }),
      (c) => c.text('ok'),
    );
  });
  afterAll(() => server?.close());

  async function person(role: Role) {
    const { client, record } = await signedUpCustomer(server);
    await server.db.update(users).set({ role }).where(eq(users.id, record.id));
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const get = async (path: string) => {
      const response = await probe.request(`${TEST_APP_URL}${path}`, { headers: { cookie } });
      const body = response.status === 200 ? await response.text() : await response.json();
      return { status: response.status, body };
    };
    return { get, email: record.email };
  }

  it('lets bodega and admin through a staff route, and only admin through an admin route', async () => {
    const customer = await person('customer');
    const bodega = await person('bodega');
    const admin = await person('admin');
    const forbidden = { error: { code: 'forbidden', message: messages.forbidden } };
    expect(await customer.get('/staff')).toEqual({ status: 403, body: forbidden });
    expect(await customer.get('/admin')).toEqual({ status: 403, body: forbidden });
    expect(await bodega.get('/staff')).toEqual({ status: 200, body: 'ok' });
    expect(await bodega.get('/admin')).toEqual({ status: 403, body: forbidden });
    expect(await admin.get('/staff')).toEqual({ status: 200, body: 'ok' });
    expect(await admin.get('/admin')).toEqual({ status: 200, body: 'ok' });
  });

  it('lets only a courier through a courier route, and never a courier through a staff route', async () => {
    const courier = await person('reparto');
    const forbidden = { status: 403, body: { error: { code: 'forbidden', message: messages.forbidden } } };
    expect(await courier.get('/reparto')).toEqual({ status: 200, body: 'ok' });
    expect(await courier.get('/staff')).toEqual(forbidden);
    expect(await courier.get('/admin')).toEqual(forbidden);
    for (const role of ['customer', 'bodega', 'admin'] as const)
      expect(await (await person(role)).get('/reparto')).toEqual(forbidden);
  });

  it('asks staff for a verified e-mail when verifiedEmail is set (production)', async () => {
    const bodega = await person('bodega');
    expect(await bodega.get('/staff-verified')).toEqual({
      status: 403,
      body: { error: { code: 'email_unverified', message: messages.adminEmailUnverified } },
    });
    await verifyEmail(server, bodega.email);
    expect(await bodega.get('/staff-verified')).toEqual({ status: 200, body: 'ok' });
    const customer = await person('customer');
    expect((await customer.get('/staff-verified')).status).toBe(403);
  });

  it('names the roles', () => {
    expect(['customer', 'reparto', 'bodega', 'admin', 'jefe', null].map(isStaff)).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(hasRole('admin', 'staff')).toBe(true);
    expect(hasRole('bodega', 'admin')).toBe(false);
  });
});
