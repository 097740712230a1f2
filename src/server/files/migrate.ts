// `npm run files -- migrate`: moves every file whose bytes are still in the database to the bucket. Rows are read in
// batches; each object is written (a few at a time) with its MD5, and checked: by the store's answer (the MD5 of
// what it kept) or, when its answer is not one, read back against the SHA-256. Only then do the batch's rows let go
// of their copies, in one statement: stopped half-way, a run leaves every file served from one place or the other,
// and the next run goes on where it stopped (idempotent: an object written twice is the same object). The app keeps
// serving throughout (on PostgreSQL; a PGlite folder is one process's, ADR 0006): a row with bytes is answered from
// them, a row without by a presigned link.
import { and, asc, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/open.ts';
import { files } from '../db/schema.ts';
import type { ObjectStore } from './s3-store.ts';
import { objectStore, sha256Of } from './store.ts';

export interface MigrationReport {
  moved: number;
  failed: { id: string; reason: string }[];
}

interface Row {
  id: string;
  mime: string;
  bytes: Buffer | null;
  sha256: string | null;
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
    const rows: Row[] = await db
      .select({ id: files.id, mime: files.mime, bytes: files.bytes, sha256: files.sha256 })
      .from(files)
      .where(and(isNotNull(files.bytes), gt(files.id, after)))
      .orderBy(asc(files.id))
      .limit(batch);
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
    const moved: { id: string; sha256: string }[] = [];
    await eachAtMost(concurrency, rows, async (row) => {
      try {
        moved.push({ id: row.id, sha256: await copyOne(store, row) });
      } catch (error) {
        report.failed.push({ id: row.id, reason: error instanceof Error ? error.message : String(error) });
      }
    });
    await freeRows(db, moved);
    report.moved += moved.length;
    log(
      `${report.moved} archivos movidos${report.failed.length ? `, ${report.failed.length} con error` : ''}…`,
    );
  }
  // The freed bytes become reusable space (VACUUM FULL gives it back to the disk; docs/OPERATIONS.md).
  if (report.moved > 0) await db.execute(sql`vacuum ${files}`);
  return report;
}

/** Writes one row's object and checks it; its SHA-256, or an error saying what did not match. */
async function copyOne(store: ObjectStore, row: Row): Promise<string> {
  if (!row.bytes) throw new Error('la fila ya no tiene bytes');
  const sha256 = sha256Of(row.bytes);
  if (row.sha256 && row.sha256 !== sha256) throw new Error('los bytes de la base no coinciden con su hash');
  if (await store.put(row.id, row.bytes, row.mime, sha256)) return sha256;
  const back = await store.get(row.id);
  if (!back || sha256Of(back) !== sha256)
    throw new Error('el objeto leído del bucket no coincide con su hash');
  return sha256;
}

/** The rows whose objects are checked let go of their bytes; a row deleted meanwhile leaves an object the sweep
 * takes. */
async function freeRows(db: Database, moved: { id: string; sha256: string }[]) {
  if (moved.length === 0) return;
  const values = sql.join(
    moved.map((row) => sql`(${row.id}, ${row.sha256})`),
    sql`, `,
  );
  await db.execute(sql`
    update ${files} set bytes = null, sha256 = moved.sha256
    from (values ${values}) as moved (id, sha256)
    where ${files.id} = moved.id and ${files.bytes} is not null`);
}

/** Runs `work` on every item, at most `limit` at a time. */
async function eachAtMost<T>(limit: number, items: T[], work: (item: T) => Promise<void>) {
  // One iterator shared by the workers: each takes the next item left.
  const left = items.values();
  const worker = async () => {
    for (const item of left) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
