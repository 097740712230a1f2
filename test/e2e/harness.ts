// The e2e fixtures: the built app started as `npm start` would (a child process on a free port with its own
// DATA_DIR), a real SMTP server that captures every mail, and the system Chromium driven by playwright-core.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { SMTPServer } from 'smtp-server';

export const CAPTCHA = 'E2E42';
const ROOT = new URL('../../', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps every message it receives. */
export async function startSmtpCapture(port?: number) {
  const mails: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    mails,
    /** Waits for the next mail to `to` matching `pattern`, and returns its decoded text. */
    async waitFor(to: string, pattern: RegExp = /./, timeoutMs = 20_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => m.to.includes(to) && pattern.test(decodeQuotedPrintable(m.raw)));
        if (mail) return decodeQuotedPrintable(mail.raw);
        if (Date.now() > deadline)
          throw new Error(`No llegó un correo para ${to} que coincida con ${pattern}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first link to `path` in a mail's text. */
export function linkIn(mail: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_%.-]+`).exec(mail);
  if (!match) throw new Error(`El correo no tiene un enlace a ${path}`);
  return match[0];
}

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
