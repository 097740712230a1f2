// Migrates one PGlite database and saves it as a template that each server test file loads (~0.6 s instead of
// ~3.5 s for a new one); with TEST_DATABASE_URL, migrates one PostgreSQL database that each test database is copied
// from (CREATE DATABASE … TEMPLATE) instead of being migrated anew; reports whether the PostgreSQL tests will run.
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/server/db/open.ts';
import { migrationsHash } from './migrations-hash.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated PostgreSQL database the test databases are copied from ('' without TEST_DATABASE_URL). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const migrations = migrationsHash();
  const template = join(tmpdir(), `casillero-pglite-${migrations}.tar.gz`);
  if (!existsSync(template)) {
    const database = await openPglite();
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('gzip');
    // Written aside and renamed, so a run that stops half-way never leaves a broken template.
    writeFileSync(`${template}.tmp`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${template}.tmp`, template);
    await database.close();
  }
  project.provide('pgliteTemplate', template);
  if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
    throw new Error(
      'CI=true pero TEST_DATABASE_URL no está definido: las pruebas de PostgreSQL no correrían.',
    );
  }
  project.provide('postgresTemplate', '');
  if (process.env.TEST_DATABASE_URL) {
    // Fail once, with a clear message, rather than in every test file.
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect().catch((error: Error) => {
      throw new Error(`TEST_DATABASE_URL no responde (${error.message}).`);
    });
    try {
      project.provide('postgresTemplate', await postgresTemplate(client, migrations));
    } finally {
      await client.end();
    }
  }
}

/**
 * The migrated database named by the migrations' hash, made once (built aside and renamed, so a run that stops
 * half-way leaves no half-migrated template). Another checkout's run may be copying its own template meanwhile, so
 * those of other migrations are left alone (`casillero_template_*` may be dropped by hand whenever no run is on).
 */
async function postgresTemplate(client: pg.Client, migrations: string): Promise<string> {
  const name = `casillero_template_${migrations}`;
  // Two runs of the same migrations starting at once: one builds, the other waits and takes it.
  await client.query('select pg_advisory_lock(hashtext($1))', [name]);
  const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (rows.length) return name;
  const building = `${name}_building`;
  await client.query(`drop database if exists ${building} with (force)`);
  await client.query(`create database ${building}`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${building}`;
  const database = await openPostgres(url.toString());
  await database.close();
  await client.query(`alter database ${building} rename to ${name}`);
  return name;
}
