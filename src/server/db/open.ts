// Opens the database: PGlite in DATA_DIR when no DATABASE_URL is given, a pg pool otherwise. Applies the committed
// migrations and offers LISTEN/NOTIFY on both, so the rest of the server never asks which driver it has. A PGlite
// folder is locked to the process that opened it (lock.ts): every opener, app or command, goes through here.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { logFailure } from '../observability/log.ts';
import { lockDataDir } from './lock.ts';
import * as schema from './schema.ts';

export { DatabaseLockedError } from './lock.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface OpenDatabase {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * Calls `onMessage` with each NOTIFY payload on `channel`; resolves to a function that stops listening. On
   * PostgreSQL the LISTEN lives on a connection of its own: if it is lost (a restart of the server), `onLost` is
   * called once and the listening is over — the notices sent meanwhile are gone, so the caller reads again and
   * listens anew (the hub does).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /** The PostgreSQL pool's connections (absent on PGlite, which has one in-process connection). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * Connections to PostgreSQL give up rather than hang (docs/SECURITY.md, 'Timeouts'): a connection that cannot be
 * made, or a free one of the pool that cannot be had, within 10 s fails (the request answers 503); TCP keep-alive
 * finds a server that vanished without closing its sockets.
 */
const CLIENT_TIMEOUTS = { connectionTimeoutMillis: 10_000, keepAlive: true } as const;
const POOL_TIMEOUTS = CLIENT_TIMEOUTS;

/** Migrations of several instances starting at once on one PostgreSQL run one at a time under this lock. */
const MIGRATION_LOCK = 4_211_334;

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
}): Promise<OpenDatabase> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

/**
 * `dataDir` undefined means in memory (tests). A folder another process has open is refused with
 * DatabaseLockedError, before PGlite touches it.
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<OpenDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir, ...BYTEA_AS_HEX });
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client?.close().catch(() => {});
    lock?.release();
    throw error;
  }
  return pgliteDatabase(client, () => lock?.release());
}

/**
 * PGlite's own bytea parser and serializer go byte by byte in JavaScript (a 16 KB file took ~20 ms to read on a busy
 * machine: the migration of files to a bucket spent most of its time there); Node's hex codec does the same at once.
 */
const BYTEA_AS_HEX = {
  parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
  serializers: {
    [types.BYTEA]: (value: Uint8Array) =>
      `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
};

/** Whether the database answers at all ('select 1'): OpenDatabase's ping on either driver. */
async function answers(client: { query(sql: string): Promise<unknown> }): Promise<boolean> {
  try {
    await client.query('select 1');
    return true;
  } catch {
    return false;
  }
}

function pgliteDatabase(client: PGlite, release: () => void): OpenDatabase {
  const db: Database = drizzlePglite(client, { schema });
  return {
    db,
    driver: 'pglite',
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return () => unsubscribe();
    },
    ping: () => answers(client),
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

export async function openPostgres(databaseUrl: string): Promise<OpenDatabase> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, ...POOL_TIMEOUTS });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', (error) => logFailure('database', 'Error del pool de PostgreSQL', error));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  const db: Database = drizzlePg(pool, { schema });
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    driver: 'postgres',
    async listen(channel, onMessage, onLost) {
      const stop = await listenOnce(databaseUrl, channel, onMessage, () => {
        listeners.delete(stop);
        onLost?.();
      });
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ping: () => answers(pool),
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * A dedicated connection that LISTENs on `channel`. When the server drops it (a restart, a failover, a network
 * cut) `onLost` is called once: no reconnection here, since the notices sent while it was away are lost anyway and
 * only the caller knows what to read again.
 */
async function listenOnce(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl, ...CLIENT_TIMEOUTS });
  // A loss counts once the LISTEN is active; before, connect() or the query rejects.
  let ended = true;
  const lost = () => {
    if (ended) return;
    ended = true;
    client.end().catch(() => {});
    onLost();
  };
  client.on('notification', (message) => {
    if (message.channel === channel) onMessage(message.payload ?? '');
  });
  client.on('error', lost);
  client.on('end', lost);
  try {
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  ended = false;
  // Ended on purpose: not a loss.
  return async () => {
    ended = true;
    await client.end().catch(() => {});
  };
}
