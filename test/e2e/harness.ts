// The e2e fixtures: the built app started as `npm start` would (a child process on a free port with its own
// DATA_DIR), a real SMTP server that captures every mail, and the system Chromium driven by playwright-core.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import {
  type AppProcess,
  type AppProcessOptions,
  postAs,
  registerOverHttp,
  signInOverHttp,
  startAppProcess,
} from '../support/app-process.ts';
import { startSmtpCapture } from '../support/smtp.ts';

export const CAPTCHA = 'E2E42';
const ROOT = new URL('../../', import.meta.url).pathname;

export interface RunningApp extends AppProcess {
  /** The variables it was started with, to start it again the same way. */
  env: Record<string, string>;
  dataDir: string;
}

/**
 * Starts src/server/main.ts as `npm start` does (after the build), and waits until /api/health answers. Without
 * `dataDir`, on a new folder holding a copy of the migrated database (global-setup.ts), or an empty one with
 * `emptyFolder`.
 */
export async function startApp(
  env: Record<string, string> = {},
  dataDir?: string,
  options: AppProcessOptions & { emptyFolder?: boolean } = {},
): Promise<RunningApp> {
  if (!existsSync(join(ROOT, 'dist/client/index.html')))
    throw new Error('Falta el build: ejecuta npm run build.');
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'casillero-e2e-'));
  if (!dataDir && !options.emptyFolder)
    cpSync(inject('appDataTemplate'), join(dir, 'db'), { recursive: true });
  const app = await startAppProcess(
    { DATA_DIR: join(dir, 'db'), CAPTCHA_TEST_ANSWER: CAPTCHA, ...env },
    options,
  );
  return { ...app, env, dataDir: dir };
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

/** design/architecture.md trap 6: without the networking flags Chromium keeps calling hosts it cannot reach. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fresh Chromium profile (design/architecture.md trap 6), with the clipboard allowed for `origin`. */
export async function launchBrowser(origin?: string): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'casillero-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    locale: 'es-CO',
    viewport: { width: 390, height: 844 },
    args: CHROMIUM_FLAGS,
  });
  if (origin) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  context.on('close', () => removeDir(profile));
  return context;
}

let registrations = 0;
/** Registers an account through the API as the browser would; returns the form used. */
export async function registerViaApi(app: RunningApp, overrides: Record<string, unknown> = {}) {
  registrations++;
  return registerOverHttp(app.url, CAPTCHA, {
    email: `e2e${registrations}-${Date.now()}@example.com`,
    telefono: '+573101234567',
    ...overrides,
  });
}

/** Signs in through the API and returns the users record (GET /api/me). */
export async function recordViaApi(app: RunningApp, email: string, password: string) {
  const cookie = await signInOverHttp(app.url, email, password);
  const me = await fetch(`${app.url}/api/me`, { headers: { cookie } });
  return (await me.json()) as {
    refCode: string;
    lockerNumber: string;
    name: string;
    referredBy: string;
    telefono: string;
  };
}

/** Fills the login form and submits it; the caller waits for where it should land. */
export async function signInThroughForm(page: Page, app: RunningApp, email: string, password: string) {
  await page.goto(`${app.url}/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** Without SMTP_URL the app prints each mail to its log: the newest verification link sent to `email` there. */
export function verificationLinkFromLog(app: RunningApp, email: string): string {
  const mails = app
    .output()
    .split('[correo] Para: ')
    .filter((mail) => mail.startsWith(`${email} |`));
  const link = /https?:\/\/\S+\/verificar-correo\?token=[A-Za-z0-9_-]+/.exec(mails.at(-1) ?? '')?.[0];
  if (!link) throw new Error(`No se imprimió un enlace de verificación para ${email}`);
  return link;
}

/** Opens a verification link the way /verificar-correo does (POST /api/verify-email). */
export async function verifyWithLink(app: RunningApp, link: string): Promise<void> {
  const token = new URL(link).searchParams.get('token');
  const response = await postAs(app.url, '/api/verify-email', { token });
  if (response.status !== 200) throw new Error(`La verificación falló: ${response.status}`);
}

export interface AppInBrowser {
  app: RunningApp;
  browser: BrowserContext;
  /** Set with `{ mail: true }`: the SMTP server the app sends to. */
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
}

/**
 * Inside a describe: the app (with a real SMTP capture behind SMTP_URL when `mail` is set) and a Chromium profile
 * allowed to use the clipboard, started before the tests and stopped after. A test may replace `app` (a restart);
 * the one in place at the end is stopped.
 */
export function appInBrowser(options: { env?: Record<string, string>; mail?: boolean } = {}): AppInBrowser {
  const fixture = {} as AppInBrowser;
  beforeAll(async () => {
    if (options.mail) fixture.smtp = await startSmtpCapture();
    fixture.app = await startApp({ ...(options.mail ? { SMTP_URL: fixture.smtp.url } : {}), ...options.env });
    fixture.browser = await launchBrowser(fixture.app.url);
  });
  afterAll(async () => {
    await fixture.browser?.close();
    await fixture.app?.stop();
    await fixture.smtp?.close();
    if (fixture.app) removeDir(fixture.app.dataDir);
  });
  return fixture;
}

/**
 * A signed-in API session (the cookies of POST /api/login) for what a journey sets up or checks behind the screens:
 * `call(method, path, body)` answers { status, body }; `call.cookie` is the session's Cookie header.
 */
export async function apiCall(app: RunningApp, email: string, password: string) {
  const cookie = await signInOverHttp(app.url, email, password);
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: { cookie, origin: app.url, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  return Object.assign(call, { cookie });
}

/** The admin's navigation, opened: below 600 px its places wait behind 'Menú' (issue 37). */
export async function staffNav(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Administración' });
  await nav.waitFor();
  const menu = nav.getByRole('button', { name: 'Menú' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return nav;
}

/**
 * Holds the page's entry script until `release()`: a drawn page (ADR 0014) is then on screen as the server sent it,
 * so a node taken before the release is known to be the server's. Undone with `page.unrouteAll()` or a new page.
 */
export async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
