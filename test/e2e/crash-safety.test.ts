// SIGKILL during a burst of registrations, then a restart on the same data: nothing acknowledged is lost, the
// locker numbers stay unique and consecutive, and mails still pending are delivered.
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/database.ts';
import { freePort } from '../support/free-port.ts';
import { linkIn, startSmtpCapture } from '../support/smtp.ts';
import { CAPTCHA, recordViaApi, registerViaApi, removeDir, startApp, verifyWithLink } from './harness.ts';

const drivers = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe.each(drivers)('a crash on %s', (driver) => {
  it('loses no acknowledged registration and no pending mail', async () => {
    const smtpPort = await freePort();
    const env: Record<string, string> = {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      RATE_LIMITS: 'off',
      ADMIN_EMAILS: 'jefe@example.com',
    };
    if (driver === 'postgres') {
      const { url, drop } = await createPostgresDatabase();
      env.DATABASE_URL = url;
      cleanups.push(drop);
    }
    let app = await startApp(env);
    cleanups.push(() => removeDir(app.dataDir));
    const admin = await registerViaApi(app, { email: 'jefe@example.com' });

    // A burst from 8 workers; the server is killed once 20 registrations were acknowledged.
    const acknowledged: Array<{ email: string; password: string; lockerNumber: string }> = [];
    let killed = false;
    const worker = async (id: number) => {
      for (let i = 0; !killed && i < 50; i++) {
        const email = `rafaga-${id}-${i}@example.com`;
        try {
          const captcha = (await (await fetch(`${app.url}/api/captcha`)).json()) as { id: string };
          const response = await fetch(`${app.url}/api/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: app.url },
            body: JSON.stringify({
              name: `Ráfaga ${id}-${i}`,
              cedula: '123',
              email,
              password: 'Clave#Segura2026',
              confirmPassword: 'Clave#Segura2026',
              direccion1: 'Calle 1',
              ciudad1: 'Cali',
              codigoPostal1: '760001',
              captchaId: captcha.id,
              captcha: CAPTCHA,
              aceptoPolitica: true,
            }),
          });
          if (response.status === 201) {
            const body = (await response.json()) as { lockerNumber: string };
            acknowledged.push({ email, password: 'Clave#Segura2026', lockerNumber: body.lockerNumber });
            if (acknowledged.length >= 20 && !killed) {
              killed = true;
              app.process.kill('SIGKILL');
            }
          }
        } catch {
          // Connections cut by the kill.
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, id) => worker(id)));
    expect(killed).toBe(true);
    await new Promise((resolve) =>
      app.process.exitCode !== null || app.process.signalCode
        ? resolve(null)
        : app.process.once('exit', resolve),
    );

    const smtp = await startSmtpCapture(smtpPort);
    cleanups.push(() => smtp.close());
    app = await startApp(env, app.dataDir);
    cleanups.push(async () => {
      await app.stop();
    });

    for (const account of acknowledged) {
      expect((await recordViaApi(app, account.email, account.password)).lockerNumber).toBe(
        account.lockerNumber,
      );
    }
    // The admin's verification mail, pending while SMTP was down, arrives now: the admin area needs it.
    await verifyWithLink(
      app,
      linkIn(await smtp.waitFor(admin.email, /verificar-correo/, 60_000), '/verificar-correo'),
    );
    const login = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const list = (await (
      await fetch(`${app.url}/api/admin/users?pageSize=200`, { headers: { cookie } })
    ).json()) as {
      users: Array<{ lockerNumber: string }>;
      total: number;
    };
    const numbers = list.users.map((user) => Number(user.lockerNumber)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: list.total }, (_, i) => 1334 + i));
    expect(list.total).toBeGreaterThanOrEqual(acknowledged.length + 1);

    for (const account of acknowledged) await smtp.waitFor(account.email, /verificar-correo/, 60_000);
  });
});
