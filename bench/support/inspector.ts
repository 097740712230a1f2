// Query plans after a run: a drizzle on the benchmark's data that records the queries the server's own functions
// send, and runs EXPLAIN (ANALYZE, BUFFERS) of each.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database } from '../../src/server/db/open.ts';
import * as schema from '../../src/server/db/schema.ts';
import { using } from './resource.ts';
import type { Storage } from './storage.ts';

export interface Captured {
  sql: string;
  params: unknown[];
}

/** A drizzle on the benchmark's data that records the queries it sends, and runs EXPLAIN (ANALYZE, BUFFERS). */
export interface Inspector {
  db: Database;
  /** The queries sent since the last call. */
  take(): Captured[];
  explain(query: Captured): Promise<string[]>;
  close(): Promise<void>;
}

export async function openInspector(storage: Storage): Promise<Inspector> {
  const captured: Captured[] = [];
  const logger: Logger = { logQuery: (text, params) => captured.push({ sql: text, params }) };
  const take = () => captured.splice(0);
  const plan = (rows: Record<string, string>[]) => rows.map((row) => Object.values(row)[0] ?? '');
  if (storage.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: storage.location, max: 4 });
    return {
      db: drizzlePg(pool, { schema, logger }) as unknown as Database,
      take,
      explain: async (q) => plan((await pool.query(`explain (analyze, buffers) ${q.sql}`, q.params)).rows),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(storage.location, { extensions: { pg_trgm } });
  return {
    db: drizzlePglite(client, { schema, logger }) as unknown as Database,
    take,
    explain: async (q) =>
      plan(
        (await client.query<Record<string, string>>(`explain (analyze, buffers) ${q.sql}`, q.params)).rows,
      ),
    close: () => client.close(),
  };
}

/** Opens an inspector, runs `body` with it, and always closes it. */
export function withInspector<T>(storage: Storage, body: (inspector: Inspector) => Promise<T>): Promise<T> {
  return using(openInspector(storage), (inspector) => inspector.close(), body);
}

/** A query's text with its column list elided, for the report. */
export const shortSql = (text: string) => text.replace(/^select .*? from/, 'select … from');
