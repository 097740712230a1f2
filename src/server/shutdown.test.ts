// SIGTERM ends every long-lived stream: the real server (main.ts in a child process) exits within 2 s while a
// customer's live package page and an admin's live list are open, instead of waiting for the forced close.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { registerOverHttp, signInOverHttp, startAppProcess } from '../../test/support/app-process.ts';
import { createPostgresDatabase, drivers } from '../../test/support/database.ts';
import { openSse } from '../../test/support/sse.ts';

const CAPTCHA = 'CIERRE';
const PASSWORD = 'Clave#Segura2026';
const ADMIN_EMAIL = 'jefa.cierre@example.com';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** main.ts in a child process on its own data folder, killed after the test if it is still running. */
async function startMain(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'casillero-cierre-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const app = await startAppProcess({
    DATA_DIR: join(dir, 'db'),
    CAPTCHA_TEST_ANSWER: CAPTCHA,
    RATE_LIMITS: 'off',
    ADMIN_EMAILS: ADMIN_EMAIL,
    ...env,
  });
  cleanups.push(() => app.stop('SIGKILL'));
  return app;
}

/** Registers and signs in through the API; the session's Cookie header. */
async function signedIn(url: string, email: string) {
  await registerOverHttp(url, CAPTCHA, {
    name: 'Persona Cierre',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  return signInOverHttp(url, email, PASSWORD);
}

/** Opens an SSE stream over HTTP and waits for its 'ready' event; closed after the test. */
async function openReadyStream(url: string, cookie: string) {
  const stream = await openSse(url, { cookie });
  cleanups.push(() => stream.close());
  expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
  await stream.event('ready');
  return stream;
}

describe.each(drivers)('SIGTERM on %s', (driver) => {
  it('ends the customers’ package streams and the admin streams, and exits within 2 s', async () => {
    const env: Record<string, string> = {};
    if (driver === 'postgres') {
      const { url, drop } = await createPostgresDatabase();
      env.DATABASE_URL = url;
      cleanups.push(drop);
    }
    const app = await startMain(env);
    const admin = await signedIn(app.url, ADMIN_EMAIL);
    const customer = await signedIn(app.url, 'cliente.cierre@example.com');
    const streams = [
      await openReadyStream(`${app.url}/api/packages/events`, customer),
      await openReadyStream(`${app.url}/api/admin/events`, admin),
    ];

    const started = Date.now();
    const stopped = app.stop('SIGTERM');
    const exitedInTime = await Promise.race([
      stopped.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000)),
    ]);
    expect(exitedInTime, `still running ${Date.now() - started} ms after SIGTERM:\n${app.output()}`).toBe(
      true,
    );
    expect(await stopped).toBe(0);
    await Promise.all(streams.map((stream) => stream.ended));
  });
});
