import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { browser, registrationForm, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { messages } from '../../shared/messages.ts';
import { auditLog, rateLimit } from '../db/schema.ts';
import { ipKey, LIMITS } from './rate-limit.ts';

describe('what an address is counted as', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2:3:4:192.0.2.1', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s → %s', (ip, key) => expect(ipKey(ip)).toBe(key));
});

describe.each(logicDrivers)('rate limits on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, { RATE_LIMITS: 'on', TRUST_PROXY: 'true' });
  });
  afterAll(() => server?.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('stops failed sign-ins on one e-mail with a Spanish message and Retry-After, and audits them', async () => {
    const limit = LIMITS.failedSignIn?.email?.limit ?? 0;
    const client = browser(server);
    const attempt = (i: number) =>
      client.post(
        '/api/login',
        { email: 'victima@example.com', password: 'Adivina#1' },
        from(`10.0.0.${i % 5}`),
      );
    for (let i = 0; i < limit; i++) expect((await attempt(i)).status).toBe(401);
    const blocked = await attempt(99);
    expect(blocked.status).toBe(429);
    const seconds = Number(blocked.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(blocked.body.error.message).toBe(messages.tooManyRequests(seconds));
    expect(blocked.body.error.message).toMatch(
      /^Demasiados intentos\. Inténtalo de nuevo en \d+ (minutos|segundos)\.$/,
    );
    const failures = await server.db.select().from(auditLog).where(eq(auditLog.email, 'victima@example.com'));
    expect(failures.length).toBeGreaterThanOrEqual(limit);
    expect(failures[0]).toMatchObject({ action: 'sign_in_failed', ip: expect.stringMatching(/^10\.0\.0\./) });
  });

  it('does not count successful sign-ins against the e-mail', async () => {
    const client = browser(server);
    const form = await registrationForm(client);
    await client.post('/api/register', form, from('10.1.0.1'));
    for (let i = 0; i < 12; i++) {
      const response = await browser(server).post(
        '/api/login',
        { email: form.email, password: form.password },
        from(`10.1.1.${i}`),
      );
      expect(response.status).toBe(200);
    }
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.email, form.email));
    expect(audit.filter((entry) => entry.action === 'sign_in')).toHaveLength(12);
  });

  it('limits password-reset requests per e-mail', async () => {
    const limit = LIMITS.resetRequest?.email?.limit ?? 0;
    const client = browser(server);
    for (let i = 0; i < limit; i++) {
      expect(
        (await client.post('/api/password-reset/request', { email: 'r@example.com' }, from(`10.2.0.${i}`)))
          .status,
      ).toBe(200);
    }
    expect(
      (await client.post('/api/password-reset/request', { email: 'r@example.com' }, from('10.2.0.250')))
        .status,
    ).toBe(429);
  });

  it('limits sign-ups per address to 100 an hour, counted in the database for every instance', async () => {
    const client = browser(server);
    await server.db
      .insert(rateLimit)
      .values({ key: 'signUp:ip:10.3.0.1', count: 100, resetAt: sql`now() + interval '30 minutes'` });
    const blocked = await client.post('/api/register', await registrationForm(client), from('10.3.0.1'));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(25 * 60);
    const other = await client.post('/api/register', await registrationForm(client), from('10.3.0.2'));
    expect(other.status).toBe(201);
  });

  it('starts a new window once the old one is over', async () => {
    await server.db
      .insert(rateLimit)
      .values({ key: 'captcha:ip:10.4.0.1', count: 10_000, resetAt: sql`now() - interval '1 second'` });
    expect((await browser(server).get('/api/captcha', from('10.4.0.1'))).status).toBe(200);
  });

  it('counts sign-ups per e-mail only once the captcha passed', async () => {
    const client = browser(server);
    const email = `captcha-torpe-${Date.now()}@example.com`;
    for (let i = 0; i < 8; i++) {
      const wrong = await client.post(
        '/api/register',
        await registrationForm(client, { email, captcha: 'MAL00' }),
        from('10.5.0.1'),
      );
      expect(wrong.body.error.message).toBe(messages.captchaMismatch);
    }
    expect(
      (await client.post('/api/register', await registrationForm(client, { email }), from('10.5.0.1')))
        .status,
    ).toBe(201);
  });

  it('stops guessing the password from a signed-in session after 5 wrong ones', async () => {
    const client = browser(server);
    const form = await registrationForm(client);
    await client.post('/api/register', form, from('10.6.0.1'));
    await client.post('/api/login', { email: form.email, password: form.password }, from('10.6.0.1'));
    for (let i = 0; i < 5; i++) {
      const wrong = await client.post(
        '/api/me/cedula',
        { password: `Mala#Clave${i}`, cedula: '999' },
        from(`10.6.1.${i}`),
      );
      expect(wrong.status).toBe(400);
    }
    const blocked = await client.post(
      '/api/me/cedula',
      { password: form.password, cedula: '999' },
      from('10.6.2.1'),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
