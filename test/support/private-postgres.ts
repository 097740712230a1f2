// A PostgreSQL cluster of one test's own (initdb + pg_ctl on a free port in a temp folder), so the test may stop,
// restart and start it under a running app without touching the shared server other tests use. PostgreSQL refuses
// to run as root: as root (CI, this machine) every command runs as the `postgres` user, which owns the folder.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

/** The newest installed server's bin folder (Debian: /usr/lib/postgresql/<version>/bin), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** Why a private cluster cannot be made here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!postgresBinDir()) return 'initdb not found under /usr/lib/postgresql/*/bin (install PostgreSQL)';
  if (userInfo().uid === 0 && !/^postgres:/m.test(readFileSync('/etc/passwd', 'utf8')))
    return 'running as root and there is no postgres user to run PostgreSQL as';
  return null;
}

export interface PrivatePostgres {
  /** postgres://… of the database `casillero` in this cluster. */
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the cluster at once and removes its folder. */
  destroy(): Promise<void>;
}

/** Makes, starts and returns a new cluster with an empty database `casillero`. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('initdb not found under /usr/lib/postgresql/*/bin');
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'casillero-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { cwd: dir })
      : run(join(bin, tool), args, { cwd: dir });
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // Durability does not matter here; a fast, quiet server does. The socket lives in the folder, not /var/run.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const ctl = (...args: string[]) => pg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), ...args]);
  const start = async () => {
    await ctl('-o', options, '-w', '-t', '60', 'start');
  };
  await start();
  await pg('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'casillero']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/casillero`,
    port,
    start,
    // Fast: open connections are ended (57P01 admin_shutdown), as a restart by an operator or a failover does.
    stop: async () => {
      await ctl('-m', 'fast', '-w', 'stop');
    },
    restart: async () => {
      await ctl('-m', 'fast', '-o', options, '-w', '-t', '60', 'restart');
    },
    async destroy() {
      await ctl('-m', 'immediate', '-w', 'stop').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
