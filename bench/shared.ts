// What every benchmark shares: the machine stamp, the server started as a child process (as `npm start` does, like
// test/e2e/harness.ts), a fresh PostgreSQL database, percentiles, the registration/login calls and the report.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPostgresDatabase } from '../test/support/database.ts';
import { freePort } from '../test/support/free-port.ts';

export const ROOT = new URL('../', import.meta.url).pathname;
export const CAPTCHA = 'BENCH';
export const PASSWORD = 'Clave#Segura2026';
export const ADMIN_EMAIL = 'admin@bench.example.com';
export const DOC = join(ROOT, 'docs/PERFORMANCE.md');

export type Driver = 'pglite' | 'postgres';

/** One line of the printed table and of the markdown table. */
export interface Row {
  measure: string;
  value: string;
  budget: string;
  verdict: 'PASS' | 'FAIL' | '—';
}

export interface BenchResult {
  rows: Row[];
  /** Markdown written under the section's heading: tables, chunk lists, query plans. */
  details: string;
}

export function verdict(ok: boolean): 'PASS' | 'FAIL' {
  return ok ? 'PASS' : 'FAIL';
}

// ---------- machine ----------

export function cores(): number {
  return os.availableParallelism();
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = (os.totalmem() / 2 ** 30).toFixed(1);
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return `${cpu}, ${cores()} cores, ${memory} GiB, Node ${process.version}, ${os.platform()} ${os.release()}, ${date} UTC`;
}

/** The soft limit on open files of processes started from here (the server inherits it). */
export function openFileLimit(): number {
  const result = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const value = result.stdout.trim();
  return value === 'unlimited' ? Number.POSITIVE_INFINITY : Number(value);
}

/** CPU time used so far, in ms, from /proc (Linux): a process's threads together and its main thread alone. */
export function processCpuMs(pid: number): { total: number; main: number } {
  const read = (file: string) => {
    const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, the 14th and 15th fields of stat(5), counted after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  };
  return { total: read(`/proc/${pid}/stat`), main: read(`/proc/${pid}/task/${pid}/stat`) };
}

/** CPU ms so far of every process named `name` that this session can see (e.g. the PostgreSQL backends), by pid. */
export function cpuByPid(name: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name)
        found.set(Number(entry), processCpuMs(Number(entry)).total);
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

/** The CPU ms that processes named `name` used between two cpuByPid readings (processes gone meanwhile are lost). */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, value] of after) total += value - (before.get(pid) ?? 0);
  return total;
}

function machineTicks(): { busy: number; all: number } {
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0] = (
    readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  )
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq;
  return { busy, all: busy + idle + iowait };
}

/**
 * The share of all cores busy over `ms` while no benchmark runs: work of others on this machine (the kernel's
 * /proc/stat counts processes this session cannot see). Figures taken under such load are lower.
 */
export async function backgroundLoad(ms = 3000): Promise<number> {
  const before = machineTicks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineTicks();
  return (after.busy - before.busy) / Math.max(1, after.all - before.all);
}

/**
 * Waits until the process `pid` is idle: a `windowMs` window in which it used under 5% of one core (e.g. the server
 * once its mail worker has delivered the outbox). Resolves to the milliseconds waited; gives up after `timeoutMs`.
 */
export async function waitForIdle(pid: number, windowMs = 1000, timeoutMs = 600_000): Promise<number> {
  const started = performance.now();
  let before = processCpuMs(pid).total;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = processCpuMs(pid).total;
    if (after - before < windowMs * 0.05 || performance.now() - started > timeoutMs)
      return performance.now() - started - windowMs;
    before = after;
  }
}

let ticks = 0;
function clockTicks(): number {
  ticks ||= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  return ticks;
}

// ---------- numbers ----------

/** Nearest-rank percentile of `values` (milliseconds), p in 0..100. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export function ms(value: number): string {
  return `${value.toFixed(value < 10 ? 1 : 0)} ms`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Runs `task(i)` for i in 0..count-1 with at most `concurrency` in flight. */
export async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

// ---------- databases ----------

export function postgresBaseUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test'
  );
}

/**
 * Both drivers (or those in BENCH_DRIVERS, e.g. "postgres"), less PostgreSQL (with the reason) when its server
 * does not answer.
 */
export async function availableDrivers(): Promise<{ drivers: Driver[]; note: string }> {
  const wanted = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',').map((d) => d.trim());
  if (!wanted.includes('postgres')) return { drivers: ['pglite'], note: '' };
  const others: Driver[] = wanted.includes('pglite') ? ['pglite'] : [];
  const client = new pg.Client({ connectionString: postgresBaseUrl(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { drivers: [...others, 'postgres'], note: '' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      drivers: ['pglite'],
      note: `PostgreSQL skipped: ${postgresBaseUrl()} did not answer (${reason}).`,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Where a server keeps its data: a fresh PGlite folder or a fresh PostgreSQL database. */
export interface Storage {
  driver: Driver;
  env: Record<string, string>;
  /** PGlite's DATA_DIR, or the PostgreSQL URL. */
  location: string;
  remove(): Promise<void>;
}

export async function freshStorage(driver: Driver): Promise<Storage> {
  if (driver === 'postgres') {
    const { url, drop } = await createPostgresDatabase(postgresBaseUrl());
    return { driver, env: { DATABASE_URL: url }, location: url, remove: drop };
  }
  const dir = mkdtempSync(join(os.tmpdir(), 'casillero-bench-'));
  const dataDir = join(dir, 'db');
  return {
    driver,
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    location: dataDir,
    async remove() {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

// ---------- the server ----------

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

/** Starts a server on fresh storage, runs `body`, and always stops the server and removes the storage. */
export async function withServer<T>(
  driver: Driver,
  body: (server: BenchServer, storage: Storage) => Promise<T>,
  options: { prepare?: (storage: Storage) => Promise<void>; env?: Record<string, string> } = {},
): Promise<T> {
  const storage = await freshStorage(driver);
  try {
    await options.prepare?.(storage);
    const server = await startServer(storage, options.env);
    try {
      return await body(server, storage);
    } finally {
      await server.stop();
    }
  } finally {
    await storage.remove();
  }
}

// ---------- the API calls ----------

export function registrationForm(email: string, captchaId: string) {
  return {
    name: 'Carlos Gómez',
    cedula: '79123456',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    telefono: '+573101234567',
    direccion1: 'Calle 45 # 12-30',
    ciudad1: 'Bogotá',
    codigoPostal1: '110111',
    captchaId,
    captcha: CAPTCHA,
    aceptoPolitica: true,
  };
}

export interface Registered {
  lockerNumber: string;
  /** Milliseconds of the POST /api/register alone. */
  registerMs: number;
  /** Epoch milliseconds when the register response arrived. */
  answeredAt: number;
}

/** GET /api/captcha then POST /api/register, as the page does. */
export async function register(url: string, email: string): Promise<Registered> {
  const captchaResponse = await fetch(`${url}/api/captcha`);
  if (!captchaResponse.ok) throw new Error(`captcha: ${captchaResponse.status}`);
  const { id } = (await captchaResponse.json()) as { id: string };
  const started = performance.now();
  const response = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(registrationForm(email, id)),
  });
  const body = (await response.json()) as { lockerNumber?: string };
  const registerMs = performance.now() - started;
  if (response.status !== 201 || !body.lockerNumber)
    throw new Error(`register ${email}: ${response.status} ${JSON.stringify(body)}`);
  return { lockerNumber: body.lockerNumber, registerMs, answeredAt: Date.now() };
}

/**
 * Registers the benchmark's admin and opens the verification link the server printed (no SMTP here): an
 * ADMIN_EMAILS account reaches the admin area only with a verified e-mail. Returns the admin's session cookie.
 */
export async function registerAdmin(server: BenchServer): Promise<string> {
  await register(server.url, ADMIN_EMAIL);
  const deadline = Date.now() + 10_000;
  let token: string | undefined;
  while (!token) {
    const printed = server
      .output()
      .split('[correo] Para: ')
      .filter((mail) => mail.startsWith(`${ADMIN_EMAIL} |`));
    token = /verificar-correo\?token=([A-Za-z0-9_-]+)/.exec(printed.at(-1) ?? '')?.[1];
    if (!token && Date.now() > deadline) throw new Error('the admin verification mail was not printed');
    if (!token) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const verified = await fetch(`${server.url}/api/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ token }),
  });
  if (verified.status !== 200) throw new Error(`verify admin: ${verified.status}`);
  return (await login(server.url, ADMIN_EMAIL)).cookie;
}

/** POST /api/login; returns the session cookie and the request's milliseconds. */
export async function login(url: string, email: string, password = PASSWORD) {
  const started = performance.now();
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  const loginMs = performance.now() - started;
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, loginMs };
}

// ---------- the report ----------

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function printTable(title: string, rows: Row[]) {
  const cells = [
    ['measure', 'value', 'budget', ''],
    ...rows.map((r) => [r.measure, r.value, r.budget, r.verdict]),
  ];
  const widths = [0, 1, 2, 3].map((c) => Math.max(...cells.map((row) => (row[c] ?? '').length)));
  console.log(`\n== ${title}`);
  for (const row of cells) console.log(row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  '));
}

/** Replaces the text between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`, or appends the section. */
export function writeSection(name: string, title: string, result: BenchResult, load: number) {
  const body = [
    `## ${title}`,
    '',
    `Measured on: ${machine()}; other work kept ${(load * 100).toFixed(0)}% of the cores busy just before.`,
    '',
    markdownTable(
      ['measure', 'value', 'budget', 'verdict'],
      result.rows.map((r) => [r.measure, r.value, r.budget, r.verdict]),
    ),
    '',
    result.details.trim(),
  ].join('\n');
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Performance\n';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  const section = `${start}\n${body}\n${end}`;
  const next =
    from >= 0 && to > from
      ? doc.slice(0, from) + section + doc.slice(to + end.length)
      : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(DOC, next);
}
