// The server under test: src/server/main.ts started as a child process (as `npm start` does, like
// test/e2e/harness.ts) on a free loopback port, after the client is built.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../test/support/free-port.ts';
import { using } from './resource.ts';
import { ROOT } from './root.ts';
import { type Driver, onFreshStorage, type Storage } from './storage.ts';

export const CAPTCHA = 'BENCH';
export const ADMIN_EMAIL = 'admin@bench.example.com';

export function ensureBuild(force = false) {
  if (!force && existsSync(join(ROOT, 'dist/client/.vite/manifest.json'))) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

export interface BenchServer {
  url: string;
  process: ChildProcess;
  /** The last 64 KB the server printed. */
  output(): string;
  stop(): Promise<void>;
}

/** src/server/main.ts as `npm start` runs it, on a free loopback port, rate limits off, captchas answerable. */
export async function startServer(storage: Storage, env: Record<string, string> = {}): Promise<BenchServer> {
  ensureBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      APP_URL: url,
      RATE_LIMITS: 'off',
      CAPTCHA_TEST_ANSWER: CAPTCHA,
      ADMIN_EMAILS: ADMIN_EMAIL,
      SMTP_URL: '',
      ...storage.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(forced);
    },
  };
}

/** Starts a server on `storage` (already seeded), runs `body`, and always stops the server. */
export function whileServing<T>(
  storage: Storage,
  body: (server: BenchServer) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  return using(startServer(storage, env), (server) => server.stop(), body);
}

/** Starts a server on fresh storage, runs `body`, and always stops the server and removes the storage. */
export async function withServer<T>(
  driver: Driver,
  body: (server: BenchServer, storage: Storage) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  return onFreshStorage(driver, (storage) => whileServing(storage, (server) => body(server, storage), env));
}
