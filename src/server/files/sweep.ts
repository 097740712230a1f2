// The bucket's life around the app: opened and checked at start, and swept of objects no row points at (an upload
// whose transaction failed, a replaced invoice, a deleted account whose removal failed half-way) once they are
// older than a grace period, so an object whose row is about to commit is never taken.
import { inArray } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { files } from '../db/schema.ts';
import { objectStore, removeObjects, setObjectStore } from './store.ts';

/** Longer than any upload takes to commit its row. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Opens the bucket FILES_S3_* names and checks it (BucketError otherwise), or goes back to the database store. */
export async function openConfiguredFileStore(config: Pick<Config, 'filesS3'>) {
  if (!config.filesS3) {
    setObjectStore(null);
    return null;
  }
  // The SDK loads only when a bucket is configured: the database store's start and commands do without it.
  const { openS3Store } = await import('./s3-store.ts');
  const store = openS3Store(config.filesS3);
  await store.check();
  setObjectStore(store);
  return store;
}

/** Deletes our objects older than `graceMs` that no row points at; returns how many went. */
export async function sweepOrphans(db: Database, graceMs = SWEEP_GRACE_MS): Promise<number> {
  const store = objectStore();
  if (!store) return 0;
  const before = Date.now() - graceMs;
  let removed = 0;
  for await (const page of store.list()) {
    const old = page.filter((object) => object.modifiedAt.getTime() < before).map((object) => object.id);
    if (old.length === 0) continue;
    const kept = await db.select({ id: files.id }).from(files).where(inArray(files.id, old));
    const rows = new Set(kept.map((row) => row.id));
    removed += await removeObjects(old.filter((id) => !rows.has(id)));
  }
  return removed;
}

/** Sweeps once an hour while the app runs (nothing to do without a bucket): what it removed is told to `told`, a
 * failure (it tries again in an hour) to `failed`. */
export function startSweeping(
  db: Database,
  report: { told: (line: string) => void; failed: (line: string) => void },
): () => void {
  const timer = setInterval(() => {
    sweepOrphans(db)
      .then(
        (removed) =>
          removed > 0 && report.told(`[archivos] ${removed} objetos sin registro eliminados del bucket`),
      )
      .catch((error) => report.failed(`[archivos] ${error instanceof Error ? error.message : error}`));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
