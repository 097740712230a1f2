import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { browser, registrationForm, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { authSession } from '../db/schema.ts';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from './auth.ts';

describe.each(drivers)('session lifetimes on %s', (driver) => {
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
