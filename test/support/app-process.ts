// The app as `npm start` runs it: src/server/main.ts in a child process on a free loopback port, started and
// stopped one way for the e2e journeys, the shutdown test and the benchmarks. It serves the built client only if
// there is one: a caller that needs the screens checks the build itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './free-port.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

export interface AppProcess {
  url: string;
  process: ChildProcess;
  /** What the app printed (the last `outputLimit` characters when one was given). */
  output(): string;
  /** Settles with the exit code (null when a signal ended it) once the process has exited. */
  exited: Promise<number | null>;
  /** Sends `signal` unless it already exited; SIGKILL after `forceAfterMs` if given. Settles with the exit code. */
  stop(signal?: NodeJS.Signals, forceAfterMs?: number): Promise<number | null>;
}

export interface AppProcessOptions {
  /** How long /api/health may take to answer; past it the process is killed and the start fails. */
  startTimeoutMs?: number;
  /** Keep only the last this many characters of output (a long benchmark prints a lot). */
  outputLimit?: number;
  /** Start without APP_URL (even one inherited from this process): the app then serves http://localhost:{PORT}. */
  withoutAppUrl?: boolean;
  /** Another checkout of the app to run (a benchmark's baseline); this one by default. */
  root?: string;
}

/**
 * Starts main.ts with PORT and APP_URL set to a free port (APP_URL left unset with `withoutAppUrl`) and `env` on
 * top, and waits until /api/health answers.
 */
export async function startAppProcess(
  env: Record<string, string>,
  {
    startTimeoutMs = 60_000,
    outputLimit = Number.POSITIVE_INFINITY,
    withoutAppUrl = false,
    root = ROOT,
  }: AppProcessOptions = {},
): Promise<AppProcess> {
  const port = await freePort();
  const url = withoutAppUrl ? `http://localhost:${port}` : `http://127.0.0.1:${port}`;
  const { APP_URL: _inherited, ...inherited } = process.env;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: withoutAppUrl
      ? { ...inherited, PORT: String(port), ...env }
      : { ...process.env, PORT: String(port), APP_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-outputLimit);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (hasExited()) throw new Error(`main.ts exited while starting:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`main.ts did not start in ${startTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    process: child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM', forceAfterMs) {
      if (!hasExited()) child.kill(signal);
      const forced =
        forceAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), forceAfterMs);
      const code = await exited;
      clearTimeout(forced);
      return code;
    },
  };
}

/** A POST as the app's own pages send it (JSON, with their Origin). */
export function postAs(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...headers },
    body: JSON.stringify(body),
  });
}

/** Registers through POST /api/register as the form does, answering the captcha with `captcha`; the form sent. */
export async function registerOverHttp<Fields extends Record<string, unknown>>(
  url: string,
  captcha: string,
  fields: Fields,
) {
  const { id } = (await (await fetch(`${url}/api/captcha`)).json()) as { id: string };
  const form = {
    name: 'Carlos Gómez',
    cedula: '79123456',
    password: 'Clave#Segura2026',
    confirmPassword: 'Clave#Segura2026',
    direccion1: 'Calle 45 # 12-30',
    ciudad1: 'Bogotá',
    codigoPostal1: '110111',
    captchaId: id,
    captcha,
    aceptoPolitica: true,
    ...fields,
  };
  const response = await postAs(url, '/api/register', form);
  if (response.status !== 201) throw new Error(`Registro falló: ${response.status} ${await response.text()}`);
  return form;
}

/** Signs in through POST /api/login; the session's Cookie header. */
export async function signInOverHttp(url: string, email: string, password: string): Promise<string> {
  const login = await postAs(url, '/api/login', { email, password });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
