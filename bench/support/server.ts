// The server under test: src/server/main.ts started as a child process (test/support/app-process.ts, as the e2e
// journeys start it) on a free loopback port, after the client is built.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startAppProcess } from '../../test/support/app-process.ts';
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
  const app = await startAppProcess(
    {
      NODE_ENV: 'development',
      RATE_LIMITS: 'off',
      CAPTCHA_TEST_ANSWER: CAPTCHA,
      ADMIN_EMAILS: ADMIN_EMAIL,
      SMTP_URL: '',
      ...storage.env,
      ...env,
    },
    { startTimeoutMs: 90_000, outputLimit: Number(process.env.BENCH_SERVER_OUTPUT ?? 65_536) },
  );
  return {
    url: app.url,
    process: app.process,
    output: app.output,
    async stop() {
      await app.stop('SIGTERM', 20_000);
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
