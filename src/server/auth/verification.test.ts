import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { browser, registrationForm, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { messages } from '../../shared/messages.ts';
import { authUser, authVerification, outbox } from '../db/schema.ts';

describe.each(logicDrivers)('e-mail verification on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  const latestToken = async (email: string) => {
    const mails = await server.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(outbox.id);
    return /verificar-correo\?token=([^\s"&<]+)/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
  };
  const verified = async (email: string) =>
    (await server.db.select().from(authUser).where(eq(authUser.email, email)))[0]?.emailVerified;

  it('verifies the address once with the mailed link', async () => {
    const client = browser(server);
    const form = await registrationForm(client);
    await client.post('/api/register', form);
    const token = await latestToken(form.email);
    expect(await verified(form.email)).toBe(false);
    const first = await browser(server).post('/api/verify-email', { token });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(messages.verifyDone);
    expect(await verified(form.email)).toBe(true);
    const again = await browser(server).post('/api/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(messages.verifyLinkInvalid);
  });

  it('refuses an expired link and a made-up one', async () => {
    const client = browser(server);
    const form = await registrationForm(client);
    await client.post('/api/register', form);
    const token = await latestToken(form.email);
    await server.db.update(authVerification).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await browser(server).post('/api/verify-email', { token })).body.error.message).toBe(
      messages.verifyLinkInvalid,
    );
    expect((await browser(server).post('/api/verify-email', { token: 'nada' })).body.error.message).toBe(
      messages.verifyLinkInvalid,
    );
    expect(await verified(form.email)).toBe(false);
  });

  it('sends a new link, which replaces the old one, to a signed-in customer or by e-mail', async () => {
    const client = browser(server);
    const form = await registrationForm(client);
    await client.post('/api/register', form);
    const first = await latestToken(form.email);
    await client.post('/api/login', { email: form.email, password: form.password });
    expect((await client.post('/api/verify-email/resend')).body.message).toBe(messages.verifySent);
    const second = await latestToken(form.email);
    expect(second).not.toBe(first);
    expect((await browser(server).post('/api/verify-email', { token: first })).status).toBe(400);

    const byEmail = await browser(server).post('/api/verify-email/resend', { email: form.email });
    expect(byEmail.body.message).toBe(messages.verifySent);
    const third = await latestToken(form.email);
    expect(third).not.toBe(second);
    expect((await browser(server).post('/api/verify-email', { token: third })).status).toBe(200);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const response = await browser(server).post('/api/verify-email/resend', { email: 'nadie@example.com' });
    expect(response.body.message).toBe(messages.verifySent);
    expect(await server.db.select().from(outbox).where(eq(outbox.toAddress, 'nadie@example.com'))).toEqual(
      [],
    );
  });
});
