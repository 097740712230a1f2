// npm run files -- migrate | sweep: see docs/OPERATIONS.md 'Files in a bucket'.
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { DatabaseLockedError, openDatabase } from '../src/server/db/open.ts';
import { migrateToBucket } from '../src/server/files/migrate.ts';
import { BucketError } from '../src/server/files/s3-config.ts';
import { openConfiguredFileStore, sweepOrphans } from '../src/server/files/sweep.ts';

const [command] = process.argv.slice(2);
if (command !== 'migrate' && command !== 'sweep') {
  console.error('Uso: npm run files -- migrate   |   npm run files -- sweep');
  process.exit(2);
}
try {
  const config = loadConfig();
  if (!config.filesS3)
    throw new ConfigError('Configura FILES_S3_* (docs/OPERATIONS.md) antes de usar el bucket.');
  await openConfiguredFileStore(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'migrate') {
      const report = await migrateToBucket(database.db, { log: (line) => console.log(line) });
      console.log(`Listo: ${report.moved} archivos movidos al bucket ${config.filesS3.bucket}.`);
      for (const failure of report.failed) console.error(`  ${failure.id}: ${failure.reason}`);
      if (report.failed.length > 0) {
        console.error(`${report.failed.length} archivos siguen en la base: corre el comando otra vez.`);
        process.exitCode = 1;
      }
    } else {
      console.log(`${await sweepOrphans(database.db)} objetos sin registro eliminados del bucket.`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  const known =
    error instanceof ConfigError || error instanceof BucketError || error instanceof DatabaseLockedError;
  console.error(known ? error.message : error);
  process.exit(1);
}
