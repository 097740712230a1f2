// Thousands of random and hostile payloads against the public endpoints and the admin search: none may produce a
// 5xx, leave a partial account, or move the locker counter.
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hostileText,
  hostileValue,
  payload,
  REGISTRATION_FIELDS,
  rawBody,
} from '../../../test/support/hostile.ts';
import { properties } from '../../../test/support/properties.ts';
import {
  browser,
  registrationForm,
  startTestServer,
  type TestServer,
  verifyEmail,
} from '../../../test/support/server.ts';
import { authUser, lockerCounter, users } from '../db/schema.ts';

const registrationKeys = [...REGISTRATION_FIELDS, 'ref'];
describe('fuzzing', () => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    server = await startTestServer('pglite', { ADMIN_EMAILS: 'admin@example.com' });
    admin = browser(server);
    const form = await registrationForm(admin, { email: 'admin@example.com' });
    await admin.post('/api/register', form);
    await verifyEmail(server, form.email);
    await admin.post('/api/login', { email: form.email, password: form.password });
  });
  afterAll(() => server?.close());

  const state = async () => ({
    accounts: (await server.db.select({ n: count() }).from(authUser))[0]?.n,
    records: (await server.db.select({ n: count() }).from(users))[0]?.n,
    counter: (await server.db.select().from(lockerCounter).where(eq(lockerCounter.id, 'lockers')))[0]
      ?.lastNumber,
  });

  it('never answers 5xx, never stores part of an account and never moves the counter', async () => {
    const before = await state();
    const client = browser(server);
    const post = async (path: string, body: unknown) => {
      const response = await client.send(
        'POST',
        path,
        body === undefined ? 'null' : typeof body === 'string' ? JSON.stringify(body) : JSON.stringify(body),
      );
      expect(response.status, `${path} ${JSON.stringify(body)?.slice(0, 200)}`).toBeLessThan(500);
    };
    const raw = async (path: string, body: string) => {
      const response = await client.send('POST', path, body);
      expect(response.status, `${path} ${body.slice(0, 200)}`).toBeLessThan(500);
    };

    await fc.assert(
      fc.asyncProperty(payload(registrationKeys), (body) => post('/api/register', body)),
      properties(600),
    );
    await fc.assert(
      fc.asyncProperty(payload(['email', 'password']), (body) => post('/api/login', body)),
      properties(400),
    );
    await fc.assert(
      fc.asyncProperty(payload(['email']), (body) => post('/api/password-reset/request', body)),
      properties(300),
    );
    await fc.assert(
      fc.asyncProperty(payload(['token', 'password', 'confirmPassword']), (body) =>
        post('/api/password-reset', body),
      ),
      properties(200),
    );
    await fc.assert(
      fc.asyncProperty(payload(['token']), (body) => post('/api/verify-email', body)),
      properties(200),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/register', '/api/login', '/api/password-reset/request'),
        rawBody,
        raw,
      ),
      properties(300),
    );
    await fc.assert(
      fc.asyncProperty(hostileText, fc.oneof(fc.integer(), hostileText), async (q, page) => {
        const query = new URLSearchParams({ q: q.slice(0, 2000), page: String(page) });
        const response = await admin.get(`/api/admin/users?${query}`);
        expect(response.status, q).toBeLessThan(500);
        if (response.status === 200) expect(Array.isArray(response.body.users)).toBe(true);
      }),
      properties(300),
    );

    expect(await state()).toEqual(before);
  });

  it('keeps every account whole when one field of an otherwise valid registration is hostile', async () => {
    const client = browser(server);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...registrationKeys), hostileValue, async (key, value) => {
        const before = await state();
        const form = await registrationForm(client, { [key]: value });
        const response = await client.post('/api/register', form);
        expect(response.status, `${key}=${JSON.stringify(value)?.slice(0, 100)}`).toBeLessThan(500);
        const after = await state();
        expect(after.accounts).toBe(after.records);
        const taken = response.status === 201 ? 1 : 0;
        expect(after.counter ?? 0).toBe((before.counter ?? 0) + taken);
      }),
      properties(150),
    );
  });

  it('never answers 5xx to hostile corrections, resends or audit filters', async () => {
    const customer = browser(server);
    const form = await registrationForm(customer);
    await customer.post('/api/register', form);
    await customer.post('/api/login', { email: form.email, password: form.password });
    const correctionKeys = [
      'name',
      'telefono',
      'direccion1',
      'ciudad1',
      'codigoPostal1',
      'direccion2',
      'ciudad2',
      'codigoPostal2',
    ];
    await fc.assert(
      fc.asyncProperty(payload(correctionKeys), async (body) => {
        const response = await customer.send('PATCH', '/api/me', JSON.stringify(body ?? null));
        expect(response.status, JSON.stringify(body)?.slice(0, 200)).toBeLessThan(500);
      }),
      properties(200),
    );
    await fc.assert(
      fc.asyncProperty(payload(['email']), async (body) => {
        const response = await browser(server).post('/api/verify-email/resend', body ?? null);
        expect(response.status).toBeLessThan(500);
      }),
      properties(100),
    );
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, async (action, before) => {
        const query = new URLSearchParams({ action: action.slice(0, 500), before: before.slice(0, 500) });
        expect((await admin.get(`/api/admin/audit?${query}`)).status).toBeLessThan(500);
      }),
      properties(100),
    );
    const [record] = await server.db.select().from(users).where(eq(users.email, form.email));
    expect(record?.lockerNumber).toMatch(/^\d+$/);
  });
});
