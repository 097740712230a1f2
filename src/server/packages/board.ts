// The operations board ('Paquetes', /admin/paquetes): every package, newest first, searched by package number,
// guide, locker or customer name and filtered by state, in pages; the same rows stream out as CSV.
import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PackageState } from '../../shared/packages/states.ts';
import type { Database } from '../db/open.ts';
import { packages, users } from '../db/schema.ts';

export const BOARD_PAGE_SIZE = 50;
/** A search's total is exact up to here, then 'más de 1.000' (as the locker list). */
export const BOARD_COUNT_CAP = 1000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The packages a search names, as one set of numbers: each branch is served by its own index (trigram on the guide,
 * the locker, the users' trigram search text, the primary key), instead of an OR that reads every row.
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const guide = `%${escapeLike(text.replace(/[\s-]+/g, '').toUpperCase())}%`;
  const name = `%${escapeLike(text.toLowerCase())}%`;
  const exact = /^\d{1,9}$/.test(text) ? sql` union all select ${Number(text)}::int` : sql``;
  return sql`${packages.number} in (
    select p.number from ${packages} p where p.guide like ${guide}
    union all select p.number from ${packages} p where p.locker_number = ${text}
    union all select p.number from ${packages} p join ${users} u on u.id = p.user_id where u.search_text like ${name}
    ${exact})`;
}

export function boardCondition(options: { q: string; state: PackageState | null }): SQL | undefined {
  return and(searchCondition(options.q), options.state ? eq(packages.state, options.state) : undefined);
}

/** Days in the Miami warehouse, for packages still there. */
const daysInWarehouse = sql<
  number | null
>`case when ${packages.state} in ('recibido', 'retenido', 'sin_identificar') and ${packages.receivedAt} is not null then floor(extract(epoch from now() - ${packages.receivedAt}) / 86400)::int end`;

export const boardColumns = {
  number: packages.number,
  guide: packages.guide,
  lockerNumber: packages.lockerNumber,
  customerName: users.name,
  state: packages.state,
  weightLb: packages.weightLb,
  declaredValueCents: packages.declaredValueCents,
  receivedAt: packages.receivedAt,
  createdAt: packages.createdAt,
  daysInWarehouse,
};

export type BoardRow = Awaited<ReturnType<typeof boardPage>>[number];

export function boardPage(
  db: Database,
  where: SQL | undefined,
  page: number,
  after?: { createdAt: Date; number: number },
) {
  const keyset = after
    ? or(
        lt(packages.createdAt, after.createdAt),
        and(eq(packages.createdAt, after.createdAt), lt(packages.number, after.number)),
      )
    : undefined;
  return db
    .select(boardColumns)
    .from(packages)
    .leftJoin(users, eq(users.id, packages.userId))
    .where(and(where, keyset))
    .orderBy(desc(packages.createdAt), desc(packages.number))
    .limit(BOARD_PAGE_SIZE)
    .offset(after ? 0 : (page - 1) * BOARD_PAGE_SIZE);
}

/** How many packages match, exact up to the cap. */
export async function boardCount(
  db: Database,
  where: SQL | undefined,
): Promise<{ total: number; capped: boolean }> {
  const limited = db
    .select({ one: sql`1` })
    .from(packages)
    .where(where)
    .limit(BOARD_COUNT_CAP + 1)
    .as('limited');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const n = row?.n ?? 0;
  return { total: Math.min(n, BOARD_COUNT_CAP), capped: n > BOARD_COUNT_CAP };
}

export function boardRowJson(row: BoardRow) {
  return {
    ...row,
    weightLb: row.weightLb === null ? null : Number(row.weightLb),
    receivedAt: row.receivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
