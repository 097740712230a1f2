// The PGlite folder lock: a second opener is refused with the Spanish message, a lock whose holder is gone is taken
// over, and closing (or exiting) frees the folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { DatabaseLockedError, LOCK_FILE, lockDataDir } from './lock.ts';
import { openPglite } from './open.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const linux = existsSync('/proc/self/stat');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'casillero-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockPath = () => join(dir, LOCK_FILE);
const holderOf = () => JSON.parse(readFileSync(lockPath(), 'utf8')) as { pid: number; token: string };
const message = (pid: number | string) =>
  `La base de datos de ${dir} está abierta por otro proceso (PID ${pid}). Detén la aplicación o usa DATABASE_URL.`;

function writeLock(holder: Record<string, unknown>, ageMs = 0) {
  writeFileSync(
    lockPath(),
    JSON.stringify({ hostname: hostname(), startedAt: new Date().toISOString(), token: 'old', ...holder }),
  );
  const then = new Date(Date.now() - ageMs);
  utimesSync(lockPath(), then, then);
}

/** The migrated template the test set-up made: a new folder starts from it in a fraction of the time. */
const template = () => new Blob([readFileSync(inject('pgliteTemplate'))]);

/** The PID of a process that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid as number;
}

describe('openPglite on a folder', () => {
  it('refuses a second opener while the first has it, and lets it in after close', async () => {
    const folder = join(dir, 'db');
    const first = await openPglite(folder, template());
    expect(JSON.parse(readFileSync(join(folder, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    const refused = openPglite(folder, template());
    await expect(refused).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(refused).rejects.toThrow(
      `La base de datos de ${folder} está abierta por otro proceso (PID ${process.pid}). Detén la aplicación o usa DATABASE_URL.`,
    );
    await first.close();
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);

    const second = await openPglite(folder);
    expect(await second.ping()).toBe(true);
    await second.close();
  });

  it('keeps no lock for an in-memory database', async () => {
    const a = await openPglite(undefined, template());
    const b = await openPglite(undefined, template());
    await Promise.all([a.close(), b.close()]);
  });
});

describe('lockDataDir', () => {
  it('refuses while another live process holds the lock, naming its PID', () => {
    writeLock({ pid: process.ppid });
    expect(() => lockDataDir(dir)).toThrow(message(process.ppid));
    expect(holderOf().token).toBe('old');
  });

  it('takes over a lock whose process is dead', () => {
    writeLock({ pid: deadPid() });
    const lock = lockDataDir(dir);
    expect(holderOf().pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lockPath())).toBe(false);
  });

  it('takes over a lock left by an earlier life of its own PID (a restarted container)', () => {
    writeLock({ pid: process.pid });
    lockDataDir(dir).release();
  });

  it.runIf(linux)('takes over a lock whose PID now belongs to another process, or from another boot', () => {
    writeLock({ pid: process.ppid, processStart: '1' });
    lockDataDir(dir).release();
    writeLock({ pid: process.ppid, bootId: 'another-boot' });
    lockDataDir(dir).release();
  });

  it('trusts a lock from another host while it is touched, and takes it over once it is silent', () => {
    writeLock({ pid: 4242, hostname: 'otro-equipo' }, 10_000);
    expect(() => lockDataDir(dir)).toThrow(
      `La base de datos de ${dir} está abierta por otro proceso (PID 4242 en otro-equipo).`,
    );
    writeLock({ pid: 4242, hostname: 'otro-equipo' }, 5 * 60_000);
    lockDataDir(dir).release();
  });

  it('waits for a lock being written, and takes over one a crash left half-written', () => {
    writeFileSync(lockPath(), '');
    expect(() => lockDataDir(dir)).toThrow(message('desconocido'));
    utimesSync(lockPath(), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    lockDataDir(dir).release();
  });

  it('refuses a second lock in the same process, and does not remove a lock taken over by another', () => {
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(message(process.pid));
    writeLock({ pid: process.ppid, token: 'someone-else' });
    lock.release();
    expect(holderOf().token).toBe('someone-else');
  });

  it('is released when the process exits without closing', async () => {
    mkdirSync(dir, { recursive: true });
    const script = `import(${JSON.stringify(new URL('./lock.ts', import.meta.url).pathname)}).then((m) => { m.lockDataDir(${JSON.stringify(dir)}); process.exit(0); });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, stdio: 'inherit' });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(existsSync(lockPath())).toBe(false);
  });
});
