// The operations board ('Paquetes', /admin/paquetes): every package, newest first, searched by package number,
// guide, locker or customer name and filtered by state, in pages; the same rows stream out in CSV.
import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import { formatDateTime } from '../../shared/dates.ts';
import { type PackageState, STATE_LABELS } from '../../shared/packages/states.ts';
import type { CsvColumns } from '../csv.ts';
import { containing } from '../db/like.ts';
import type { Database } from '../db/open.ts';
import { packages, users } from '../db/schema.ts';

export const BOARD_PAGE_SIZE = 50;
/** A search's total is exact up to here, then 'más de 1.000' (as the locker list). */
export const BOARD_COUNT_CAP = 1000;

export interface BoardFilter {
  q: string;
  state: PackageState | null;
}

type Keyset = { createdAt: Date; number: number };

const newest = sql`created_at desc, number desc`;

/**
 * The ways a search names packages, each served by its own index: the package number (primary key), the locker,
 * the guide (trigram) and the customer's name, e-mail or phone (the users' trigram search text, then the
 * customer's newest packages). Trigrams need 3 characters: shorter terms look up numbers and lockers only.
 */
function searchBranches(q: string): SQL[] {
  const text = q.trim();
  if (!text) return [];
  const branches: SQL[] = [sql`p.locker_number = ${text}`];
  if (/^\d{1,9}$/.test(text)) branches.push(sql`p.number = ${Number(text)}`);
  if (text.length >= 3) {
    const guide = containing(text.replace(/[\s-]+/g, '').toUpperCase());
    const name = containing(text.toLowerCase());
    branches.push(sql`p.guide like ${guide}`);
    branches.push(sql`p.user_id in (select u.id from ${users} u where u.search_text like ${name})`);
  }
  return branches;
}

/** One branch's packages, with the filter and the page's keyset, newest first, at most `limit`. */
function branchNumbers(
  branch: SQL,
  filter: BoardFilter,
  after: Keyset | undefined,
  limit: number,
  ordered: boolean,
) {
  const state = filter.state ? sql` and p.state = ${filter.state}` : sql``;
  const keyset = after
    ? sql` and (p.created_at, p.number) < (${after.createdAt.toISOString()}::timestamptz, ${after.number})`
    : sql``;
  const order = ordered ? sql` order by ${newest}` : sql``;
  return sql`(select p.number from ${packages} p where ${branch}${state}${keyset}${order} limit ${limit})`;
}

/**
 * The board's WHERE for a page: without a search, the state filter (walked in the newest-first indexes); with one,
 * the union of each branch's newest `limit` packages, so a common name never lists all of its customers' packages.
 */
function pageCondition(filter: BoardFilter, after: Keyset | undefined, limit: number): SQL | undefined {
  const branches = searchBranches(filter.q);
  if (branches.length === 0) {
    const keyset = after
      ? or(
          lt(packages.createdAt, after.createdAt),
          and(eq(packages.createdAt, after.createdAt), lt(packages.number, after.number)),
        )
      : undefined;
    return and(filter.state ? eq(packages.state, filter.state) : undefined, keyset);
  }
  const union = sql.join(
    branches.map((branch) => branchNumbers(branch, filter, after, limit, true)),
    sql` union all `,
  );
  return sql`${packages.number} in (${union})`;
}

/** Days in the Miami warehouse, for packages still there. */
const daysInWarehouse = sql<
  number | null
>`case when ${packages.state} in ('recibido', 'retenido', 'sin_identificar') and ${packages.receivedAt} is not null then floor(extract(epoch from now() - ${packages.receivedAt}) / 86400)::int end`;

/** The package's locker; a pre-alert has none of its own until received, so its customer's locker stands in. */
const lockerNumber = sql<
  string | null
>`coalesce(${packages.lockerNumber}, case when ${packages.state} = 'prealertado' then ${users.lockerNumber} end)`;

/** 'Esperando instrucciones': received, its customer asked to wait for their 'Despachar', not given yet. */
const waitingInstructions = sql<boolean>`coalesce(${packages.state} = 'recibido' and ${packages.releasedAt} is null and ${users.waitForInstructions}, false)`;

/** 'Abandono': in the warehouse past 'Días máximos en bodega' of the rates in force (nothing is destroyed). */
const abandoned = sql<boolean>`coalesce(${daysInWarehouse} > (select r.max_storage_days from rate_settings r where r.effective_from <= now() order by r.effective_from desc, r.id desc limit 1), false)`;

export const boardColumns = {
  number: packages.number,
  guide: packages.guide,
  lockerNumber,
  customerName: users.name,
  state: packages.state,
  weightLb: packages.weightLb,
  declaredValueCents: packages.declaredValueCents,
  receivedAt: packages.receivedAt,
  createdAt: packages.createdAt,
  daysInWarehouse,
  waitingInstructions,
  abandoned,
};

export type BoardRow = Awaited<ReturnType<typeof boardPage>>[number];

export function boardPage(db: Database, filter: BoardFilter, page: number, after?: Keyset) {
  const offset = after ? 0 : (page - 1) * BOARD_PAGE_SIZE;
  return db
    .select(boardColumns)
    .from(packages)
    .leftJoin(users, eq(users.id, packages.userId))
    .where(pageCondition(filter, after, offset + BOARD_PAGE_SIZE))
    .orderBy(desc(packages.createdAt), desc(packages.number))
    .limit(BOARD_PAGE_SIZE)
    .offset(offset);
}

/** How many packages match, exact up to the cap: each branch stops at cap + 1, and so does their union. */
export async function boardCount(
  db: Database,
  filter: BoardFilter,
): Promise<{ total: number; capped: boolean }> {
  const cap = BOARD_COUNT_CAP + 1;
  const branches = searchBranches(filter.q);
  const matching =
    branches.length === 0
      ? sql`(select 1 from ${packages} p where ${filter.state ? sql`p.state = ${filter.state}` : sql`true`} limit ${cap})`
      : sql`(select number from (${sql.join(
          branches.map((branch) => branchNumbers(branch, filter, undefined, cap, false)),
          sql` union `,
        )}) as matched limit ${cap})`;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`${matching} as limited`);
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

export const BOARD_CSV_COLUMNS: CsvColumns<BoardRow> = [
  ['Paquete', (row) => row.number],
  ['Guía', (row) => row.guide],
  ['Casillero', (row) => row.lockerNumber],
  ['Cliente', (row) => row.customerName],
  ['Estado', (row) => STATE_LABELS[row.state] ?? row.state],
  ['Peso (lb)', (row) => row.weightLb],
  ['Valor declarado (USD)', (row) => (row.declaredValueCents / 100).toFixed(2)],
  ['Recibido', (row) => (row.receivedAt ? formatDateTime(row.receivedAt) : '')],
  ['Días en bodega', (row) => row.daysInWarehouse],
];

/** The board's rows for its CSV, a page at a time (keyset), so the whole list is never held in memory. */
export async function* boardCsvRows(db: Database, filter: BoardFilter): AsyncGenerator<BoardRow[]> {
  let after: Keyset | undefined;
  for (;;) {
    const rows = await boardPage(db, filter, 1, after);
    yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < BOARD_PAGE_SIZE) return;
    after = { createdAt: last.createdAt, number: last.number };
  }
}
