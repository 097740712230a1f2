// One process per PGlite folder, for real: `scripts/admin.ts` (and a second app) next to the running app on the same
// DATA_DIR are refused with exit status 1 and the Spanish message; after the app stops, or is killed, they work.
// On PostgreSQL the command works while the app runs, and the app sees the change at once.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/database.ts';
import { freePort } from '../support/free-port.ts';
import { type RunningApp, registerViaApi, removeDir, startApp } from './harness.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function finished(child: ChildProcess) {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `npx tsx scripts/admin.ts …` with the app's database settings; DATABASE_URL is always given (empty: PGlite). */
function admin(args: string[], env: Record<string, string>) {
  const child = spawn('npx', ['tsx', 'scripts/admin.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return finished(child);
}

/** The role the app gives at sign-in (POST /api/login answers it). */
async function roleAtSignIn(app: RunningApp, email: string, password: string) {
  const response = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ email, password }),
  });
  return ((await response.json()) as { role: string }).role;
}

const lockedMessage = (dataDir: string, pid: number | undefined) =>
  `La base de datos de ${dataDir} está abierta por otro proceso (PID ${pid}). Detén la aplicación o usa DATABASE_URL.`;

describe('one process per PGlite folder', () => {
  it('refuses the admin command and a second app while the app runs, and lets the command in once it stopped', async () => {
    // On an empty folder, as `npm start` does the first time: the other journeys start on a migrated copy.
    let app = await startApp({}, undefined, { emptyFolder: true });
    cleanups.push(() => removeDir(app.dataDir));
    cleanups.push(() => app.stop());
    const account = await registerViaApi(app);
    const env = { DATA_DIR: join(app.dataDir, 'db') };

    const refused = await admin(['role', account.email, 'admin'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(lockedMessage(env.DATA_DIR, app.process.pid));

    // A second app on the same folder stops at start-up with the same message, and the first keeps serving.
    const second = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATABASE_URL: '', PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Should it start after all, it must not outlive the test.
    const guard = setTimeout(() => second.kill('SIGKILL'), 60_000);
    const secondResult = await finished(second);
    clearTimeout(guard);
    expect(secondResult.code).toBe(1);
    expect(secondResult.stderr).toContain(lockedMessage(env.DATA_DIR, app.process.pid));
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);

    expect(await app.stop()).toBe(0);
    expect(existsSync(join(env.DATA_DIR, 'casillero.lock'))).toBe(false);
    const granted = await admin(['role', account.email, 'admin'], env);
    expect(granted.stderr).not.toContain('La base de datos');
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain(`${account.email} ahora tiene el rol admin (antes: customer).`);

    app = await startApp(app.env, app.dataDir);
    expect(await roleAtSignIn(app, account.email, account.password)).toBe('admin');
  }, 240_000);

  it('takes over the lock of an app that was killed', async () => {
    const app = await startApp();
    cleanups.push(() => removeDir(app.dataDir));
    const account = await registerViaApi(app);
    const env = { DATA_DIR: join(app.dataDir, 'db') };
    await app.stop('SIGKILL');
    // The killed app could not remove its lock: the command finds it, sees the PID is gone and takes it over.
    expect(existsSync(join(env.DATA_DIR, 'casillero.lock'))).toBe(true);

    const granted = await admin(['role', account.email, 'bodega'], env);
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain(`${account.email} ahora tiene el rol bodega (antes: customer).`);

    const restarted = await startApp(app.env, app.dataDir);
    cleanups.push(() => restarted.stop());
    expect(await roleAtSignIn(restarted, account.email, account.password)).toBe('bodega');
  }, 180_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('the admin command on PostgreSQL', () => {
  it('works while the app runs, and the app sees the change at once', async () => {
    const { url, drop } = await createPostgresDatabase();
    cleanups.push(drop);
    const app = await startApp({ DATABASE_URL: url });
    cleanups.push(() => removeDir(app.dataDir));
    cleanups.push(() => app.stop());
    const account = await registerViaApi(app);

    const granted = await admin(['role', account.email, 'bodega'], { DATABASE_URL: url });
    expect(granted.stderr).not.toContain('La base de datos');
    expect(granted.code).toBe(0);
    expect(await roleAtSignIn(app, account.email, account.password)).toBe('bodega');
  });
});
