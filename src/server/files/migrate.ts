// `npm run files -- migrate`: moves every file whose bytes are still in the database to the bucket. Each object is
// written, read back and checked against the SHA-256 of the row's bytes before that row lets go of its copy, one
// row at a time: stopped half-way, a run leaves every file served from one place or the other, and the next run
// goes on where it stopped (idempotent: an object written twice is the same object). The app keeps serving
// throughout (on PostgreSQL; a PGlite folder is one process's, ADR 0006): a row with bytes is answered from them, a
// row without by a presigned link.
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/open.ts';
import { files } from '../db/schema.ts';
import { objectStore, sha256Of } from './store.ts';

export interface MigrationReport {
  moved: number;
  failed: { id: string; reason: string }[];
}

export async function migrateToBucket(
  db: Database,
  options: { batch?: number; concurrency?: number; log?: (line: string) => void } = {},
): Promise<MigrationReport> {
  const store = objectStore();
  if (!store) throw new Error('Configura FILES_S3_* para mover los archivos a un bucket.');
  const { batch = 64, concurrency = 8, log = () => {} } = options;
  const report: MigrationReport = { moved: 0, failed: [] };
  let after = '';
  for (;;) {
    const rows = await db
      .select({ id: files.id, mime: files.mime, bytes: files.bytes, sha256: files.sha256 })
      .from(files)
      .where(and(isNotNull(files.bytes), gt(files.id, after)))
      .orderBy(asc(files.id))
      .limit(batch);
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
    for (let start = 0; start < rows.length; start += concurrency) {
      await Promise.all(
        rows.slice(start, start + concurrency).map(async (row) => {
          try {
            await moveOne(db, row);
            report.moved++;
          } catch (error) {
            report.failed.push({
              id: row.id,
              reason: error instanceof Error ? error.message : String(error),
            });
          }
        }),
      );
    }
    log(
      `${report.moved} archivos movidos${report.failed.length ? `, ${report.failed.length} con error` : ''}…`,
    );
  }
  // The freed bytes become reusable space (VACUUM FULL gives it back to the disk; docs/OPERATIONS.md).
  if (report.moved > 0) await db.execute(sql`vacuum ${files}`);
  return report;
}

async function moveOne(
  db: Database,
  row: { id: string; mime: string; bytes: Buffer | null; sha256: string | null },
) {
  const store = objectStore();
  if (!store || !row.bytes) return;
  const sha256 = sha256Of(row.bytes);
  if (row.sha256 && row.sha256 !== sha256) throw new Error('los bytes de la base no coinciden con su hash');
  await store.put(row.id, row.bytes, row.mime, sha256);
  const back = await store.get(row.id);
  if (!back || sha256Of(back) !== sha256)
    throw new Error('el objeto leído del bucket no coincide con su hash');
  // Only now the row lets go of its copy; a row deleted meanwhile leaves an object the sweep takes.
  await db
    .update(files)
    .set({ bytes: null, sha256 })
    .where(and(eq(files.id, row.id), isNotNull(files.bytes)));
}
