// 'Lista de Casilleros' (design/product.md §2 Admin screen): the lockers, newest first, searched by name, e-mail,
// locker, phone, referral code and referred-by; a page with its total, and every match in batches for the CSV.
import { and, desc, type SQL, sql } from 'drizzle-orm';
import type { CsvColumns } from '../csv.ts';
import { containing } from '../db/like.ts';
import type { Database } from '../db/open.ts';
import { users } from '../db/schema.ts';
import { publicRecord } from '../lockers/routes.ts';

/** A search's total is exact up to this many matches, then reported as "more than". */
export const TOTAL_CAP = 1_000;
/** Rows per database round trip while the CSV streams out: the whole list is never held in memory. */
const CSV_BATCH = 1000;

/**
 * The lockers the admin sees: every users record, deleted ones included (emptied, with deletedAt set, so the
 * admin sees the number as taken by a deleted account: Ley 1581 deletion, issue 8). A search is a case-insensitive
 * substring in the form the pg_trgm GIN index on search_text serves.
 */
export function listCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  return sql`${users.searchText} like lower(${containing(q)})`;
}

const newestFirst = [desc(users.createdAt), desc(users.id)];

/** One page of the list, newest first, as the API shows each record. */
export async function lockerPage(db: Database, q: string, page: number, pageSize: number) {
  const rows = await db
    .select()
    .from(users)
    .where(listCondition(q))
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map(publicRecord);
}

/**
 * Every locker when there is no search. A search counts its matches up to TOTAL_CAP: counting every match of a
 * one-letter term reads the whole table (≈50–80 ms at 100,000 users on PostgreSQL), and past a thousand the
 * number tells the admin nothing more than "refine the search".
 */
export async function countLockers(db: Database, q: string): Promise<{ count: number; capped: boolean }> {
  if (!q) {
    const [all] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
    return { count: Number(all?.count ?? 0), capped: false };
  }
  const matches = db
    .select({ one: sql`1` })
    .from(users)
    .where(listCondition(q))
    .limit(TOTAL_CAP + 1)
    .as('matches');
  const [found] = await db.select({ count: sql<number>`count(*)::int` }).from(matches);
  const count = Number(found?.count ?? 0);
  return count > TOTAL_CAP ? { count: TOTAL_CAP, capped: true } : { count, capped: false };
}

type CsvLocker = Awaited<ReturnType<typeof csvBatch>>[number];

export const LOCKERS_CSV_COLUMNS: CsvColumns<CsvLocker> = [
  ['Nombre', (row) => row.name],
  ['Correo', (row) => row.email],
  ['Casillero', (row) => row.lockerNumber],
  ['Teléfono', (row) => row.telefono],
  ['Código de referido', (row) => row.refCode],
  ['Referido por', (row) => row.referredBy],
  ['Fecha de registro', (row) => row.createdAt.toISOString()],
];

function csvBatch(db: Database, q: string, after?: { id: string; exactCreatedAt: string }) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      lockerNumber: users.lockerNumber,
      telefono: users.telefono,
      refCode: users.refCode,
      referredBy: users.referredBy,
      createdAt: users.createdAt,
      // The exact stored value (microseconds), so the next batch starts precisely after this row.
      exactCreatedAt: sql<string>`${users.createdAt}::text`,
    })
    .from(users)
    .where(
      and(
        listCondition(q),
        after
          ? sql`(${users.createdAt}, ${users.id}) < (${after.exactCreatedAt}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(CSV_BATCH);
}

/**
 * The CSV's rows, batch by batch. The first batch is read before this returns, so a failing database still gets
 * a proper error answer instead of a broken download.
 */
export async function lockerCsvRows(db: Database, q: string): Promise<AsyncIterable<CsvLocker[]>> {
  let rows = await csvBatch(db, q);
  return (async function* () {
    while (rows.length > 0) {
      yield rows;
      const last = rows.at(-1);
      rows = rows.length < CSV_BATCH || !last ? [] : await csvBatch(db, q, last);
    }
  })();
}
