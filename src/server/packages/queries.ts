// Reading packages as the screens show them: a customer's page of 'Mis paquetes' with its counts, and the one
// package a page asks for (its detail: detail.ts). Every query names its owner, so no customer reads another's.
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PackageList, PackageSummary } from '../../shared/packages/api-types.ts';
import { normalizeGuide } from '../../shared/packages/guides.ts';
import { type PackageState, STAFF_ONLY_STATES } from '../../shared/packages/states.ts';
import { dueSql } from '../charges/charge-lines.ts';
import { settledWithBalance, settlementInForce } from '../collections/balance.ts';
import type { Reader } from '../collections/sums.ts';
import { containing } from '../db/like.ts';
import type { Database, Transaction } from '../db/open.ts';
import { dispatchPackages, packageCharges, packages, settlements } from '../db/schema.ts';
import { waitingAmong } from '../requests/instructions.ts';
import { openRequestsOf } from '../requests/requests.ts';

export const PAGE_SIZE = 20;

export type PackageRow = typeof packages.$inferSelect;

/** Whom the package page shows: the customer, or staff (who may see what only staff see). */
export type Viewer = { kind: 'customer'; userId: string } | { kind: 'staff' };

/** A customer never sees 'Sin identificar' (the warehouse's review): to them it is still their pre-alert. */
export function visibleState(state: PackageState, viewer: Viewer): PackageState {
  return viewer.kind === 'customer' && STAFF_ONLY_STATES.has(state) ? 'prealertado' : state;
}

type SummaryRow = Pick<PackageRow, keyof typeof summaryColumns> & {
  toPayCents: number | null;
  toPayCop: number | null;
  /** The source of the settlement in force of its charge, null while unsettled. */
  settledBy: string | null;
  /** Its 'Saldo pendiente' in cents and pesos (collections/balance.ts), when its charge is settled. */
  balance: { cents: number; cop: number } | null;
} & Standing;

/** What else the screens' offers read of a package (shared/packages/offers.ts). */
type Standing = Pick<PackageSummary, 'openRequest' | 'dispatchId'>;

/** The open request and the dispatch of each of `numbers` (none for a number with neither). */
export async function standingsOf(db: Reader, numbers: number[]): Promise<(number: number) => Standing> {
  const open = await openRequestsOf(db, numbers);
  const dispatched = numbers.length
    ? await db
        .select({ number: dispatchPackages.packageNumber, dispatchId: dispatchPackages.dispatchId })
        .from(dispatchPackages)
        .where(inArray(dispatchPackages.packageNumber, numbers))
    : [];
  const dispatchOf = new Map(dispatched.map((row) => [row.number, row.dispatchId]));
  return (number) => ({
    openRequest: open.get(number)?.id ?? null,
    dispatchId: dispatchOf.get(number) ?? null,
  });
}

export function summary(row: SummaryRow, viewer: Viewer): PackageSummary {
  return {
    number: row.number,
    guide: row.guide,
    carrier: row.carrier,
    store: row.store,
    content: row.content,
    state: visibleState(row.state, viewer),
    declaredValueCents: row.declaredValueCents,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    toPay:
      row.toPayCents === null || row.toPayCop === null ? null : { cents: row.toPayCents, cop: row.toPayCop },
    paid: row.settledBy !== null,
    paidOnline: row.settledBy === 'online',
    balance: row.balance && row.balance.cop > 0 ? { cents: row.balance.cents, cop: row.balance.cop } : null,
    openRequest: row.openRequest,
    dispatchId: row.dispatchId,
  };
}

const summaryColumns = {
  number: packages.number,
  guide: packages.guide,
  carrier: packages.carrier,
  store: packages.store,
  content: packages.content,
  state: packages.state,
  declaredValueCents: packages.declaredValueCents,
  createdAt: packages.createdAt,
  updatedAt: packages.updatedAt,
};

/** A page of the customer's packages, newest first, with the counts per state of all of them. */
export async function listCustomerPackages(
  db: Database,
  userId: string,
  options: { q: string; state: PackageState | null; page: number },
): Promise<PackageList> {
  const conditions: Array<SQL | undefined> = [eq(packages.userId, userId)];
  if (options.state) {
    // 'Prealertado' includes what the warehouse is still reviewing, as visibleState shows it.
    conditions.push(
      options.state === 'prealertado'
        ? inArray(packages.state, ['prealertado', ...STAFF_ONLY_STATES])
        : eq(packages.state, options.state),
    );
  }
  if (options.q) {
    const pattern = containing(options.q);
    const guide = normalizeGuide(options.q);
    conditions.push(
      or(
        ilike(packages.store, pattern),
        ilike(packages.content, pattern),
        ...(guide ? [ilike(packages.guide, containing(guide))] : []),
      ),
    );
  }
  const where = and(...conditions);
  const viewer: Viewer = { kind: 'customer', userId };
  const [rows, [matching], perState] = await Promise.all([
    db
      .select({
        ...summaryColumns,
        toPayCents: dueSql(packages.number, 'cents'),
        toPayCop: dueSql(packages.number, 'cop'),
        settledBy: settlements.source,
      })
      .from(packages)
      .leftJoin(packageCharges, eq(packageCharges.packageNumber, packages.number))
      .leftJoin(settlements, settlementInForce('charge', eq(settlements.packageNumber, packages.number)))
      .where(where)
      .orderBy(desc(packages.createdAt), desc(packages.number))
      .limit(PAGE_SIZE)
      .offset((options.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(packages).where(where),
    db
      .select({ state: packages.state, total: count() })
      .from(packages)
      .where(eq(packages.userId, userId))
      .groupBy(packages.state),
  ]);
  const counts: PackageList['counts'] = {};
  for (const { state, total } of perState) {
    const shown = visibleState(state, viewer);
    counts[shown] = (counts[shown] ?? 0) + total;
  }
  // 'N paquetes necesitan tu atención': the held ones; the one's number when there is only one, to link to it.
  const held = counts.retenido ?? 0;
  const [only] =
    held === 1
      ? await db
          .select({ number: packages.number })
          .from(packages)
          .where(and(eq(packages.userId, userId), eq(packages.state, 'retenido')))
          .limit(1)
      : [];
  const settled = await settledWithBalance(
    db,
    rows.filter((row) => row.settledBy !== null).map((row) => row.number),
  );
  const standing = await standingsOf(
    db,
    rows.map((row) => row.number),
  );
  return {
    packages: rows.map((row) =>
      summary({ ...row, balance: settled.get(row.number)?.balance ?? null, ...standing(row.number) }, viewer),
    ),
    counts,
    total: matching?.total ?? 0,
    page: options.page,
    pageSize: PAGE_SIZE,
    attention: { count: held, number: only?.number ?? null },
    waiting: await waitingAmong(
      db,
      rows.map((row) => row.number),
    ),
  };
}

/** The package row if `viewer` may see it: its owner or staff. Anyone else learns nothing (null → 404). */
export async function findVisiblePackage(
  db: Database | Transaction,
  number: number,
  viewer: Viewer,
  options: { forUpdate?: boolean } = {},
): Promise<PackageRow | null> {
  const where =
    viewer.kind === 'staff'
      ? eq(packages.number, number)
      : and(eq(packages.number, number), eq(packages.userId, viewer.userId));
  const query = db.select().from(packages).where(where);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}
