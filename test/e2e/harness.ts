// The e2e fixtures: the built app started as `npm start` would (a child process on a free port with its own
// DATA_DIR), a real SMTP server that captures every mail, and the system Chromium driven by playwright-core.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { freePort } from '../support/smtp.ts';

export const CAPTCHA = 'E2E42';
const ROOT = new URL('../../', import.meta.url).pathname;

export interface RunningApp {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts src/server/main.ts as `npm start` does (after the build), and waits until /api/health answers. */
export async function startApp(env: Record<string, string> = {}, dataDir?: string): Promise<RunningApp> {
  if (!existsSync(join(ROOT, 'dist/client/index.html')))
    throw new Error('Falta el build: ejecuta npm run build.');
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'casillero-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: join(dir, 'db'),
      CAPTCHA_TEST_ANSWER: CAPTCHA,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`La app terminó al arrancar:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`La app no arrancó en 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir: dir,
    process: child,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      return exited;
    },
  };
}

export function removeDir(dir: string) {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch {
    // Chromium may still be writing its profile while it exits; a leftover folder in /tmp harms nothing.
  }
}

export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const path = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!path) throw new Error('No se encontró Chromium: ejecuta node scripts/ensure-chromium.mjs');
  return path;
}

/** A fresh Chromium profile (DESIGN.md trap 6), with the clipboard allowed for `origin`. */
export async function launchBrowser(origin?: string): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'casillero-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    locale: 'es-CO',
    viewport: { width: 390, height: 844 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  if (origin) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  context.on('close', () => removeDir(profile));
  return context;
}
