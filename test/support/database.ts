// A fresh database for one test file: PGlite always (from the migrated template), PostgreSQL as well when
// TEST_DATABASE_URL is set (a copy of the migrated template database, made for the file and dropped after it).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { type OpenDatabase, openDatabase, openPglite, openPostgres } from '../../src/server/db/open.ts';

export type Driver = 'pglite' | 'postgres';

/**
 * The drivers of a test about SQL the two run differently: locks and races between connections, LISTEN/NOTIFY
 * between instances, types, triggers, backups, query plans. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
export const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The driver of a test about our logic, whose SQL runs alike on both: PGlite, the embedded default the app and the
 * e2e journeys run on (docs/CONTRIBUTING.md 'Which drivers').
 */
export const logicDrivers: Driver[] = ['pglite'];

export async function openTestDatabase(driver: Driver): Promise<OpenDatabase> {
  if (driver === 'pglite') {
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return openPglite(undefined, template);
  }
  const { url, drop } = await createPostgresDatabase(undefined, inject('postgresTemplate'));
  const database = await openPostgres(url);
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/** Opens the database `env` names (DATA_DIR or DATABASE_URL) as the server and the command-line tools open it. */
export function openDatabaseIn(env: Record<string, string>): Promise<OpenDatabase> {
  const config = loadConfig(env);
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

/**
 * A new database on the `base` server (TEST_DATABASE_URL by default): empty, or a copy of `template` (the migrated
 * one of global-setup.ts); `drop` removes it.
 */
export async function createPostgresDatabase(
  base = process.env.TEST_DATABASE_URL,
  template = '',
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `casillero_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      // pg's pool.end() resolves before its connections have closed: wait until they have, so the forced drop
      // ends none of them (their pool would log 'terminating connection'); one still open after 5 s is a leak.
      const deadline = Date.now() + 5000;
      for (;;) {
        const { rows } = await client.query<{ open: number }>(
          'select count(*)::int as open from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.open === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
