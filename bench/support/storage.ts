// Where a benchmark's server keeps its data: the drivers that answer, a fresh PGlite folder or PostgreSQL
// database for each run, and a connection of the benchmark's own to seed it or read it back.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type OpenDatabase, openPglite, openPostgres } from '../../src/server/db/open.ts';
import { createPostgresDatabase } from '../../test/support/database.ts';
import { using } from './resource.ts';

export type Driver = 'pglite' | 'postgres';

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

/** Runs `body` on fresh storage of `driver`, and always removes the storage afterwards. */
export function onFreshStorage<T>(driver: Driver, body: (storage: Storage) => Promise<T>): Promise<T> {
  return using(freshStorage(driver), (storage) => storage.remove(), body);
}

/** The benchmark's own connection to the storage (migrated on open, as the server would); close it before the
 * server opens PGlite's folder. */
export async function openStorage(storage: Storage): Promise<OpenDatabase> {
  return storage.driver === 'postgres' ? openPostgres(storage.location) : openPglite(storage.location);
}

/** Runs `body` on the storage's own connection, and always closes it. */
export function withDatabase<T>(storage: Storage, body: (database: OpenDatabase) => Promise<T>): Promise<T> {
  return using(openStorage(storage), (database) => database.close(), body);
}

/** The rows of a raw `db.execute`, typed by the caller (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Runs `body` on each available driver in turn (see availableDrivers), and the note of a driver skipped. */
export async function onEachDriver<T>(
  body: (driver: Driver) => Promise<T>,
): Promise<{ runs: { driver: Driver; result: T }[]; note: string }> {
  const { drivers, note } = await availableDrivers();
  const runs: { driver: Driver; result: T }[] = [];
  for (const driver of drivers) runs.push({ driver, result: await body(driver) });
  return { runs, note };
}
