// SIGTERM ends every long-lived stream: the real server (main.ts in a child process) exits within 2 s while a
// customer's live package page and an admin's live list are open, instead of waiting for the forced close.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, drivers } from '../../test/support/database.ts';
import { freePort } from '../../test/support/free-port.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const CAPTCHA = 'CIERRE';
const PASSWORD = 'Clave#Segura2026';
const ADMIN_EMAIL = 'jefa.cierre@example.com';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startMain(env: Record<string, string>) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'casillero-cierre-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: join(dir, 'db'),
      CAPTCHA_TEST_ANSWER: CAPTCHA,
      RATE_LIMITS: 'off',
      ADMIN_EMAILS: ADMIN_EMAIL,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`main.ts ended at start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`main.ts did not start in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, exited, output: () => output };
}

/** Registers and signs in through the API; the session's Cookie header. */
async function signedIn(url: string, email: string) {
  const captcha = (await (await fetch(`${url}/api/captcha`)).json()) as { id: string };
  const send = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify(body),
    });
  const registered = await send('/api/register', {
    name: 'Persona Cierre',
    cedula: '79123456',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    direccion1: 'Calle 45 # 12-30',
    ciudad1: 'Bogotá',
    codigoPostal1: '110111',
    captchaId: captcha.id,
    captcha: CAPTCHA,
    aceptoPolitica: true,
  });
  expect(registered.status).toBe(201);
  const login = await send('/api/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Opens an SSE stream and resolves once its 'ready' event arrived; `ended` settles when the server ends it. */
async function openReadyStream(url: string, cookie: string) {
  const controller = new AbortController();
  cleanups.push(() => controller.abort());
  const response = await fetch(url, { headers: { cookie }, signal: controller.signal });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  if (!response.body) throw new Error('no stream');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!/^event: ready$/m.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before ready: ${text}`);
    text += value;
  }
  const ended = (async () => {
    try {
      while (!(await reader.read()).done) {}
    } catch {}
  })();
  return { ended };
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
    app.child.kill('SIGTERM');
    const exitedInTime = await Promise.race([
      app.exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000)),
    ]);
    expect(exitedInTime, `still running ${Date.now() - started} ms after SIGTERM:\n${app.output()}`).toBe(
      true,
    );
    expect(app.child.exitCode).toBe(0);
    await Promise.all(streams.map((stream) => stream.ended));
  });
});
