// The one small store of files (invoices, photos): in the database by default, so one backup keeps everything
// (PACKAGES.md 'Files'). Callers only save, read and delete; an object store could live behind the same functions.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database, Transaction } from '../db/open.ts';
import { files } from '../db/schema.ts';

export type FileKind = 'invoice' | 'photo' | 'thumbnail' | 'delivery' | 'pqr';

/** Where the API serves a file (GET /api/files/:id, owner and staff only). */
export const fileUrl = (id: string) => `/api/files/${id}`;

export interface NewFile {
  ownerId: string | null;
  packageNumber: number | null;
  kind: FileKind;
  mime: string;
  bytes: Buffer;
  thumbnailOf?: string;
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

export async function saveFile(db: Database | Transaction, file: NewFile): Promise<string> {
  const id = randomUUID();
  await db.insert(files).values({
    id,
    ownerId: file.ownerId,
    packageNumber: file.packageNumber,
    kind: file.kind,
    mime: file.mime,
    size: file.bytes.length,
    bytes: file.bytes,
    thumbnailOf: file.thumbnailOf ?? null,
  });
  return id;
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

/** Deletes a package's files of one kind (a replaced invoice), with their thumbnails. */
export async function deletePackageFiles(db: Database | Transaction, packageNumber: number, kind: FileKind) {
  const doomed = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.packageNumber, packageNumber), eq(files.kind, kind)));
  const ids = doomed.map((file) => file.id);
  if (ids.length === 0) return;
  await db.delete(files).where(or(inArray(files.id, ids), inArray(files.thumbnailOf, ids)));
}

/** Every file of a customer (their account is being deleted). */
export async function deleteFilesOf(db: Database | Transaction, ownerId: string) {
  await db.delete(files).where(eq(files.ownerId, ownerId));
}
