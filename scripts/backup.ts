// npm run backup -- <file> · npm run restore -- <file>: see docs/OPERATIONS.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { createBackup, RestoreError, restoreBackup } from '../src/server/db/backup.ts';
import { DatabaseLockedError, openDatabase } from '../src/server/db/open.ts';
import { BucketError } from '../src/server/files/s3-config.ts';
import { openConfiguredFileStore } from '../src/server/files/sweep.ts';

const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('Uso: npm run backup -- <archivo.json.gz>   |   npm run restore -- <archivo.json.gz>');
  process.exit(2);
}
try {
  const config = loadConfig();
  // With FILES_S3_*, a restore checks that the bucket holds every file the backup refers to.
  await openConfiguredFileStore(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'backup') {
      const backup = await createBackup(database.db);
      writeFileSync(file, backup);
      console.log(`Copia de seguridad escrita en ${file} (${backup.length} bytes).`);
    } else {
      const counts = await restoreBackup(database.db, readFileSync(file));
      console.log(
        `Restaurado desde ${file}: ${Object.entries(counts)
          .map(([t, n]) => `${t}=${n}`)
          .join(', ')}.`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  // A PGlite folder the app has open is refused (lock.ts): stop the app first, or back up PostgreSQL live.
  const known =
    error instanceof ConfigError ||
    error instanceof RestoreError ||
    error instanceof DatabaseLockedError ||
    error instanceof BucketError;
  console.error(known ? error.message : error);
  process.exit(1);
}
