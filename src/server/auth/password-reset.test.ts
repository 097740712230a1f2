import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { browser, registrationForm, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { messages } from '../../shared/messages.ts';
import { auditLog, outbox } from '../db/schema.ts';

describe.each(logicDrivers)('password reset on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  const mailsTo = (email: string) => server.db.select().from(outbox).where(eq(outbox.toAddress, email));
  const resetToken = async (email: string) => {
    const mail = (await mailsTo(email)).find((m) => m.subject.includes('restablece'));
    return /restablecer-contrasena\?token=([^\s"&<]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  };

  it('asks for the e-mail when it is empty', async () => {
    const response = await browser(server).post('/api/password-reset/request', { email: '  ' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(messages.resetEmailRequired);
  });

  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const before = (await server.db.select({ n: count() }).from(outbox))[0]?.n;
    const response = await browser(server).post('/api/password-reset/request', {
      email: 'nadie@example.com',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.resetSent);
    expect((await server.db.select({ n: count() }).from(outbox))[0]?.n).toBe(before);
  });

  it('mails a one-use link that sets a new password and ends every session', async () => {
    const client = browser(server);
    const form = await registrationForm(client);
    await client.post('/api/register', form);
    await client.post('/api/login', { email: form.email, password: form.password });
    expect((await client.get('/api/me')).status).toBe(200);

    const request = await browser(server).post('/api/password-reset/request', { email: form.email });
    expect(request.body.message).toBe(messages.resetSent);
    const token = await resetToken(form.email);
    expect(token).not.toBe('');

    const reset = browser(server);
    const weak = await reset.post('/api/password-reset', {
      token,
      password: 'debil',
      confirmPassword: 'debil',
    });
    expect(weak.body.error.message).toBe(messages.passwordWeak);
    const differ = await reset.post('/api/password-reset', {
      token,
      password: 'Nueva#Clave77',
      confirmPassword: 'x',
    });
    expect(differ.body.error.message).toBe(messages.passwordsDiffer);
    const done = await reset.post('/api/password-reset', {
      token,
      password: 'Nueva#Clave77',
      confirmPassword: 'Nueva#Clave77',
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(messages.resetDone);
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.email, form.email.toLowerCase()));
    expect(audit.find((entry) => entry.action === 'password_reset')?.subjectId).toEqual(expect.any(String));

    expect((await client.get('/api/me')).status).toBe(401);
    const oldPassword = await browser(server).post('/api/login', {
      email: form.email,
      password: form.password,
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await browser(server).post('/api/login', {
      email: form.email,
      password: 'Nueva#Clave77',
    });
    expect(newPassword.status).toBe(200);

    const reused = await reset.post('/api/password-reset', {
      token,
      password: 'Otra#Clave88',
      confirmPassword: 'Otra#Clave88',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error.message).toBe(messages.resetLinkInvalid);
  });

  it('explains an invalid link', async () => {
    const response = await browser(server).post('/api/password-reset', {
      token: 'inventado',
      password: 'Nueva#Clave77',
      confirmPassword: 'Nueva#Clave77',
    });
    expect(response.body.error.message).toBe(messages.resetLinkInvalid);
  });
});
