// What the warehouse's screens read: a guide's match with its owner, the 'Sin identificar' queue, 'Recibidos hoy'
// (each row with its first photo's thumbnail), a package's label, and photos staged before their receipt.
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { WAREHOUSE_TIME_ZONE } from '../../shared/dates.ts';
import type { Database } from '../db/open.ts';
import { files, packages, users } from '../db/schema.ts';
import { fileUrl, recordFile, storeFile } from '../files/store.ts';

const packageColumns = {
  number: packages.number,
  guide: packages.guide,
  state: packages.state,
  lockerNumber: packages.lockerNumber,
  weightLb: packages.weightLb,
  warehouseNotes: packages.warehouseNotes,
  receivedAt: packages.receivedAt,
  customerName: users.name,
};

/** The name and locker of a package's owner, when it has one. */
export async function ownerOf(db: Database, userId: string | null) {
  if (!userId) return null;
  const [owner] = await db
    .select({ name: users.name, lockerNumber: users.lockerNumber })
    .from(users)
    .where(eq(users.id, userId));
  return owner ?? null;
}

/** 'Sin identificar': what waits for the warehouse to learn whose it is, newest first. */
export async function unidentifiedPackages(db: Database) {
  const rows = await db
    .select(packageColumns)
    .from(packages)
    .leftJoin(users, eq(users.id, packages.userId))
    .where(eq(packages.state, 'sin_identificar'))
    .orderBy(desc(packages.receivedAt), desc(packages.number))
    .limit(200);
  return withThumbnails(db, rows);
}

/** 'Recibidos hoy': since midnight in Miami, as the warehouse counts its day. */
export async function receivedToday(db: Database) {
  const startOfDay = sql`(date_trunc('day', now() at time zone ${WAREHOUSE_TIME_ZONE}) at time zone ${WAREHOUSE_TIME_ZONE})`;
  const rows = await db
    .select(packageColumns)
    .from(packages)
    .leftJoin(users, eq(users.id, packages.userId))
    .where(gte(packages.receivedAt, startOfDay))
    .orderBy(desc(packages.receivedAt), desc(packages.number))
    .limit(500);
  return withThumbnails(db, rows);
}

/** What the 4 × 6 in label prints; null for no such package. */
export async function labelOf(db: Database, number: number) {
  const [row] = await db
    .select({
      number: packages.number,
      lockerNumber: packages.lockerNumber,
      weightLb: packages.weightLb,
      receivedAt: packages.receivedAt,
      addressChoice: packages.addressChoice,
      condition: packages.condition,
      instructions: packages.instructions,
      warehouseNotes: packages.warehouseNotes,
      name: users.name,
      ciudad1: users.ciudad1,
      ciudad2: users.ciudad2,
    })
    .from(packages)
    .leftJoin(users, eq(users.id, packages.userId))
    .where(eq(packages.number, number));
  if (!row) return null;
  return {
    number: row.number,
    lockerNumber: row.lockerNumber,
    name: row.name,
    city: (row.addressChoice === 2 ? row.ciudad2 : row.ciudad1) || row.ciudad1,
    weightLb: row.weightLb === null ? null : Number(row.weightLb),
    receivedAt: row.receivedAt?.toISOString() ?? null,
    damaged: row.condition === 'danado',
    // No field says it: the customer's instructions or the warehouse's notes do ('Frágil', 'fragil', 'FRÁGILES').
    fragile: FRAGILE.test(`${row.instructions}\n${row.warehouseNotes}`),
  };
}

const FRAGILE = /(^|[^\p{L}])fr[aá]gil/iu;

/** A re-encoded photo and its thumbnail, kept without a package until a receipt claims them. */
export async function stagePhoto(db: Database, processed: { photo: Buffer; thumbnail: Buffer }) {
  const staged = { ownerId: null, packageNumber: null, mime: 'image/jpeg' } as const;
  // Both objects first (a bucket down refuses the photo before any row is written), then both rows at once.
  const photo = await storeFile({ ...staged, kind: 'photo', bytes: processed.photo });
  const thumbnail = await storeFile({
    ...staged,
    kind: 'thumbnail',
    bytes: processed.thumbnail,
    thumbnailOf: photo.id,
  });
  await db.transaction(async (tx) => {
    await recordFile(tx, photo);
    await recordFile(tx, thumbnail);
  });
  return { id: photo.id, url: fileUrl(photo.id), thumbnailUrl: fileUrl(thumbnail.id) };
}

/** Each row with its first photo's thumbnail, in one query. */
async function withThumbnails<T extends { number: number; weightLb: string | null; receivedAt: Date | null }>(
  db: Database,
  rows: T[],
) {
  const numbers = rows.map((row) => row.number);
  const thumbnails = numbers.length
    ? await db
        .select({ id: files.id, packageNumber: files.packageNumber })
        .from(files)
        .where(and(inArray(files.packageNumber, numbers), eq(files.kind, 'thumbnail')))
        .orderBy(files.createdAt)
    : [];
  const first = new Map<number, string>();
  for (const file of thumbnails)
    if (file.packageNumber && !first.has(file.packageNumber)) first.set(file.packageNumber, file.id);
  return rows.map((row) => ({
    ...row,
    weightLb: row.weightLb === null ? null : Number(row.weightLb),
    receivedAt: row.receivedAt?.toISOString() ?? null,
    thumbnailUrl: first.has(row.number) ? fileUrl(first.get(row.number) ?? '') : null,
  }));
}
