import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, registrationForm, startTestServer, type TestServer } from '../../test/support/server.ts';
import { users } from './db/schema.ts';

describe('the caller address over a real socket', () => {
  let server: TestServer;
  let http: ReturnType<typeof serve>;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer('pglite', { APP_URL: 'http://localhost:3000' });
    http = serve({ fetch: server.app.fetch, port: 0 });
    await new Promise((resolve) => http.once('listening', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
    await server?.close();
  });

  async function register(headers: Record<string, string> = {}) {
    // The captcha comes from the same app and database, asked in-process.
    const form = await registrationForm(browser(server));
    const response = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...headers },
      body: JSON.stringify(form),
    });
    expect(response.status).toBe(201);
    const [record] = await server.db.select().from(users).where(eq(users.email, form.email));
    return record;
  }

  it('is the IPv4 peer written plainly, and X-Forwarded-For is ignored unless TRUST_PROXY is set', async () => {
    const record = await register({ 'x-forwarded-for': '203.0.113.9' });
    expect(record?.consentIp).toBe('127.0.0.1');
  });
});

describe('the error contract', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server?.close());

  it('names the field a failed check belongs to, so the form shows it beside that field', async () => {
    const client = browser(server);
    const form = await registrationForm(client);
    const response = await client.post('/api/register', { ...form, email: 'no-es-correo' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'invalid', field: 'email' });
    expect(typeof response.body.error.message).toBe('string');
  });

  it('leaves the field out when the error concerns the whole request', async () => {
    const response = await browser(server).post('/api/register', '{no es json', {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'bad_json', message: expect.any(String) });
  });
});
