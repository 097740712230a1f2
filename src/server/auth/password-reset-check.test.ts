// GET /api/password-reset/check: a good link answers valid without being spent; a used, expired or made-up one gets
// the reset-link message, and an address that keeps trying bad links is stopped.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { browser, registrationForm, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { messages } from '../../shared/messages.ts';
import { authVerification, outbox } from '../db/schema.ts';
import { LIMITS } from '../security/rate-limit.ts';

describe.each(logicDrivers)('password-reset link check on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, { RATE_LIMITS: 'on', TRUST_PROXY: 'true' });
  });
  afterAll(() => server?.close());

  let addresses = 0;
  /** Each test speaks from its own address, so the limits of one do not reach another. */
  const from = () => ({ 'x-forwarded-for': `10.9.${driver === 'pglite' ? 1 : 2}.${++addresses}` });
  const check = (token: string, headers = from()) =>
    browser(server).get(`/api/password-reset/check?token=${encodeURIComponent(token)}`, headers);

  /** Registers an account and asks for a reset link: its token, as mailed. */
  async function mailedToken() {
    const client = browser(server);
    const form = await registrationForm(client);
    expect((await client.post('/api/register', form, from())).status).toBe(201);
    await client.post('/api/password-reset/request', { email: form.email }, from());
    const mails = await server.db.select().from(outbox).where(eq(outbox.toAddress, form.email));
    const mail = mails.find((m) => m.subject.includes('restablece'));
    const token = /restablecer-contrasena\?token=([^\s"&<]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    return decodeURIComponent(token);
  }

  it('answers valid for a mailed link, as often as asked, without spending it', async () => {
    const token = await mailedToken();
    const headers = from();
    for (let i = 0; i < (LIMITS.resetRequest.ip?.limit ?? 0) + 2; i++) {
      const answer = await check(token, headers);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ valid: true });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    const reset = await browser(server).post('/api/password-reset', {
      token,
      password: 'Nueva#Clave77',
      confirmPassword: 'Nueva#Clave77',
    });
    expect(reset.status).toBe(200);

    const used = await check(token);
    expect(used.status).toBe(400);
    expect(used.body.error).toEqual({ code: 'invalid_token', message: messages.resetLinkInvalid });
  });

  it('refuses an expired link', async () => {
    const token = await mailedToken();
    await server.db
      .update(authVerification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(authVerification.identifier, `%${token}`));
    const answer = await check(token);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe(messages.resetLinkInvalid);
  });

  it('refuses a missing, made-up or oversized token with the same message', async () => {
    for (const path of [
      '/api/password-reset/check',
      '/api/password-reset/check?token=',
      '/api/password-reset/check?token=inventado',
      `/api/password-reset/check?token=${'x'.repeat(500)}`,
    ]) {
      const answer = await browser(server).get(path, from());
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe(messages.resetLinkInvalid);
    }
  });

  it('stops an address that keeps trying bad links, and only that address', async () => {
    const limit = LIMITS.resetRequest.ip?.limit ?? 0;
    const guesser = from();
    for (let i = 0; i < limit; i++) expect((await check(`adivina-${i}`, guesser)).status).toBe(400);
    const blocked = await check('adivina-otra', guesser);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check(await mailedToken())).status).toBe(200);
  });
});
