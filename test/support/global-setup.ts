// Migrates one PGlite database and saves it as a template that each server test file loads (~0.6 s instead of
// ~3.5 s for a new one); reports whether the PostgreSQL tests will run.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER, openPglite } from '../../src/server/db/open.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (file.endsWith('.sql')) hash.update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  const template = join(tmpdir(), `casillero-pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
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
  if (process.env.TEST_DATABASE_URL) {
    // Fail once, with a clear message, rather than in every test file.
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect().catch((error: Error) => {
      throw new Error(`TEST_DATABASE_URL no responde (${error.message}).`);
    });
    await client.end();
  }
}
