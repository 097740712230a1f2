// The one store of files (invoices, photos): the port every caller goes through. The bytes live in the row by
// default (one backup keeps everything, design/packages.md 'Files'), or in an S3-compatible bucket when FILES_S3_* is
// set (ADR 0015): then the object is stored before its row is written, so a row never points at a missing object; an
// object whose transaction failed, or whose row was deleted, has no row and the sweep (sweep.ts) removes it.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database, Transaction } from '../db/open.ts';
import { type FileKind, files } from '../db/schema.ts';
import { Unavailable } from '../errors.ts';
import { logWarning } from '../observability/log.ts';
import type { ObjectStore } from './s3-store.ts';

/** Where the API serves a file (GET /api/files/:id, owner and staff only). */
export const fileUrl = (id: string) => `/api/files/${id}`;

export const BUCKET_DOWN =
  'No pudimos guardar el archivo: el almacenamiento no responde. Inténtalo de nuevo en unos minutos.';

let objects: ObjectStore | null = null;

/** The bucket files go to from now on (start.ts, the files command), or null for the database. */
export function setObjectStore(store: ObjectStore | null) {
  objects = store;
}

/** The bucket in use, or null while files live in the database. */
export const objectStore = () => objects;

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface NewFile {
  ownerId: string | null;
  packageNumber: number | null;
  kind: FileKind;
  mime: string;
  bytes: Buffer;
  thumbnailOf?: string;
}

/** A file whose bytes are where they will live: in the bucket already, or still to go in the row. */
export interface StoredFile extends NewFile {
  id: string;
  sha256: string;
  inBucket: boolean;
}

/** File metadata, without the bytes. */
export const fileColumns = {
  id: files.id,
  ownerId: files.ownerId,
  packageNumber: files.packageNumber,
  kind: files.kind,
  mime: files.mime,
  size: files.size,
  thumbnailOf: files.thumbnailOf,
  createdAt: files.createdAt,
};

/** Step one, outside any transaction: the object goes to the bucket (if any). A bucket down is a clear 503. */
export async function storeFile(file: NewFile, id: string = randomUUID()): Promise<StoredFile> {
  const sha256 = sha256Of(file.bytes);
  if (!objects) return { ...file, id, sha256, inBucket: false };
  try {
    await objects.put(id, file.bytes, file.mime, sha256);
  } catch (error) {
    logWarning('files', `[archivos] ${objects.where}: ${error instanceof Error ? error.message : error}`);
    throw new Unavailable(BUCKET_DOWN, 30);
  }
  return { ...file, id, sha256, inBucket: true };
}

/** Step two, in the caller's transaction: the row, pointing at an object that already exists. */
export async function recordFile(db: Database | Transaction, file: StoredFile): Promise<string> {
  await db.insert(files).values({
    id: file.id,
    ownerId: file.ownerId,
    packageNumber: file.packageNumber,
    kind: file.kind,
    mime: file.mime,
    size: file.bytes.length,
    bytes: file.inBucket ? null : file.bytes,
    sha256: file.sha256,
    thumbnailOf: file.thumbnailOf ?? null,
  });
  return file.id;
}

/**
 * Both steps at once, for a caller outside any transaction (its row commits alone). A caller in a transaction
 * calls storeFile before opening it and recordFile in it: no transaction is held open while bytes go to the bucket.
 */
export async function saveFile(db: Database, file: NewFile): Promise<string> {
  return recordFile(db, await storeFile(file));
}

export async function readFile(db: Database, id: string) {
  const [file] = await db.select().from(files).where(eq(files.id, id));
  return file ?? null;
}

/** The files of some packages, newest first, without their bytes. */
export async function filesOfPackages(db: Database | Transaction, numbers: number[]) {
  if (numbers.length === 0) return [];
  return db
    .select(fileColumns)
    .from(files)
    .where(inArray(files.packageNumber, numbers))
    .orderBy(files.createdAt);
}

/** Deletes a package's files of one kind (a replaced invoice), with their thumbnails; the sweep takes the objects. */
export async function deletePackageFiles(db: Database | Transaction, packageNumber: number, kind: FileKind) {
  const doomed = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.packageNumber, packageNumber), eq(files.kind, kind)));
  const ids = doomed.map((file) => file.id);
  if (ids.length === 0) return;
  await db.delete(files).where(or(inArray(files.id, ids), inArray(files.thumbnailOf, ids)));
}

/**
 * Every file of a customer (their account is being deleted): the rows go in the caller's transaction; it returns
 * the ids, whose objects removeObjects deletes once that transaction has committed.
 */
export async function deleteFilesOf(db: Database | Transaction, ownerId: string): Promise<string[]> {
  const deleted = await db.delete(files).where(eq(files.ownerId, ownerId)).returning({ id: files.id });
  return deleted.map((file) => file.id);
}

/** Deletes these objects from the bucket (nothing with the database store); what fails is left to the sweep. */
export async function removeObjects(ids: readonly string[]): Promise<number> {
  const store = objects;
  if (!store) return 0;
  let removed = 0;
  for (let start = 0; start < ids.length; start += 8) {
    const batch = ids.slice(start, start + 8);
    const results = await Promise.allSettled(batch.map((id) => store.remove(id)));
    removed += results.filter((result) => result.status === 'fulfilled').length;
  }
  return removed;
}
