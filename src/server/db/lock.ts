// One process per PGlite folder: a lock file in DATA_DIR, taken atomically, that a dead holder does not keep.
// PGlite has no lock of its own: a second process on the same folder works on its own copy and the two overwrite
// each other (ADR 0006).
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'casillero.lock';
/** The holder touches its lock this often, so an opener on another host (a shared volume) can tell it is alive. */
const HEARTBEAT_MS = 15_000;
/** A lock from another host untouched this long is stale: that host cannot be asked whether its PID lives. */
export const FOREIGN_STALE_MS = 60_000;

export interface LockHolder {
  pid: number;
  hostname: string;
  /** Linux: /proc/sys/kernel/random/boot_id; another boot means the holder is gone. */
  bootId?: string;
  /** Linux: the holder's start time in clock ticks since boot (/proc/PID/stat), so a reused PID is not taken for it. */
  processStart?: string;
  startedAt: string;
  token: string;
}

/** A lock file's content as written by `mine` below: anything else (half-written, foreign) is no holder. */
function isHolder(value: unknown): value is LockHolder {
  if (typeof value !== 'object' || value === null) return false;
  if (!('pid' in value) || !('hostname' in value) || !('token' in value) || !('startedAt' in value))
    return false;
  return (
    typeof value.pid === 'number' &&
    Number.isInteger(value.pid) &&
    value.pid > 0 &&
    typeof value.hostname === 'string' &&
    typeof value.token === 'string' &&
    typeof value.startedAt === 'string'
  );
}

/** The code of a failed system call ('ENOENT', 'EEXIST', 'ESRCH'), if `error` is one. */
function errnoOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

export class DatabaseLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Pick<LockHolder, 'pid' | 'hostname'>,
  ) {
    const pid = Number.isNaN(holder.pid) ? 'PID desconocido' : `PID ${holder.pid}`;
    const who = holder.hostname === hostname() ? pid : `${pid} en ${holder.hostname}`;
    super(
      `La base de datos de ${dataDir} está abierta por otro proceso (${who}). Detén la aplicación o usa DATABASE_URL.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/** The locks this process holds, by file: released on close, and on exit whatever happened. */
const held = new Map<string, { token: string; heartbeat: ReturnType<typeof setInterval> }>();
let exitHookInstalled = false;

/**
 * Takes the lock of `dataDir` (which must exist) or throws DatabaseLockedError naming the holder. A lock whose
 * holder is gone (dead PID, another boot, a reused PID, or silent for FOREIGN_STALE_MS on another host) is taken
 * over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = resolve(join(dataDir, LOCK_FILE));
  if (held.has(path)) throw new DatabaseLockedError(dataDir, { pid: process.pid, hostname: hostname() });
  const mine: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    bootId: readProc('/proc/sys/kernel/random/boot_id')?.trim(),
    processStart: processStartOf(process.pid),
    startedAt: new Date().toISOString(),
    token: randomBytes(12).toString('hex'),
  };
  // A few rounds: another opener may be taking over the same stale lock at the same moment.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(path, mine)) return hold(path, mine.token);
    const found = readLock(path);
    if (!found) continue;
    if (isAlive(found)) throw new DatabaseLockedError(dataDir, found.holder ?? UNKNOWN);
    removeIfUnchanged(path, found.raw);
  }
  throw new DatabaseLockedError(dataDir, readLock(path)?.holder ?? UNKNOWN);
}

function hold(path: string, token: string): DataDirLock {
  // Touching the file tells openers on other hosts that this process still runs; it never keeps Node alive.
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {}
  }, HEARTBEAT_MS);
  heartbeat.unref();
  held.set(path, { token, heartbeat });
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const lockPath of [...held.keys()]) release(lockPath);
    });
  }
  return { path, release: () => release(path) };
}

function release(path: string) {
  const entry = held.get(path);
  if (!entry) return;
  held.delete(path);
  clearInterval(entry.heartbeat);
  // Only our own lock: if it was taken over meanwhile (we were thought dead), it is not ours to remove.
  try {
    if (readLock(path)?.holder?.token === entry.token) unlinkSync(path);
  } catch {}
}

/** 'wx' fails when the file exists: of two openers exactly one creates it. */
function createExclusive(path: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (error) {
    if (errnoOf(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** What the lock file holds; `holder` is null while it is half-written (or was left so by a crash). */
interface Found {
  holder: LockHolder | null;
  raw: string;
  mtimeMs: number;
}

const UNKNOWN = { pid: Number.NaN, hostname: hostname() };

function readLock(path: string): Found | null {
  let raw: string;
  let mtimeMs: number;
  try {
    raw = readFileSync(path, 'utf8');
    mtimeMs = statSync(path).mtimeMs;
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return null;
    throw error;
  }
  let holder: LockHolder | null = null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isHolder(parsed)) holder = parsed;
  } catch {}
  return { holder, raw, mtimeMs };
}

function isAlive({ holder, mtimeMs }: Found): boolean {
  // Created but not written yet by an opener that is starting now; left so for good by one killed right then.
  if (!holder) return Date.now() - mtimeMs < 5_000;
  if (holder.hostname !== hostname()) return Date.now() - mtimeMs < FOREIGN_STALE_MS;
  const bootId = readProc('/proc/sys/kernel/random/boot_id')?.trim();
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  // Our own PID, and not in `held` (lockDataDir checked): left by an earlier life of this PID, as a container's
  // PID 1 is after a crash and restart.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if (errnoOf(error) === 'ESRCH') return false;
  }
  const start = processStartOf(holder.pid);
  if (start === 'zombie') return false;
  if (holder.processStart && start && start !== holder.processStart) return false;
  return true;
}

/** Removes the stale lock unless another opener replaced it since we read it (then the next round looks again). */
function removeIfUnchanged(path: string, raw: string) {
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return;
    throw error;
  }
  const moved = readFileSync(aside, 'utf8');
  if (moved === raw) unlinkSync(aside);
  else renameSync(aside, path); // a fresh lock of another opener: put it back
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/PID/stat (after the command name, which may hold spaces); undefined off Linux. */
function processStartOf(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return 'zombie';
  return fields[19];
}
