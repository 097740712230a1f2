// The name of the migrations as they are: a template database made from them (test/support/global-setup.ts,
// test/e2e/global-setup.ts) is reused while this stays the same and made anew when a migration is added or changed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../../src/server/db/open.ts';

export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (file.endsWith('.sql')) hash.update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 16);
}
