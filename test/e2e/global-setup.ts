// The journeys' apps start on a copy of one migrated PGlite folder, made here once per set of migrations: a new
// folder spent 5–10 s of every start on PGlite's first run and the migrations. cli-lock.test.ts still starts one on
// an empty folder, as `npm start` does the first time.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/server/db/open.ts';
import { migrationsHash } from '../support/migrations-hash.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite folder (DATA_DIR's `db`) that startApp copies for each new app. */
    appDataTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const folder = join(tmpdir(), `casillero-e2e-data-${migrationsHash()}`);
  if (!existsSync(folder)) {
    // Made aside and renamed, so a run that stops half-way never leaves a half-made folder.
    const building = `${folder}-${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    const database = await openPglite(building);
    await database.close();
    try {
      renameSync(building, folder);
    } catch (error) {
      // Another run made it first: theirs is the same.
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(folder)) throw error;
    }
  }
  project.provide('appDataTemplate', folder);
}
