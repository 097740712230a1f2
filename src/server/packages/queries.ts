// Reading packages as the screens show them: a customer's page of 'Mis paquetes' with its counts, and one
// package with its history and files. Every query names its owner, so no customer reads another's package.
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type {
  PackageDetail,
  PackageEvent,
  PackageFile,
  PackageList,
  PackageSummary,
} from '../../shared/packages/api-types.ts';
import type { Carrier } from '../../shared/packages/guides.ts';
import { normalizeGuide } from '../../shared/packages/guides.ts';
import { courierRegimeWarning } from '../../shared/packages/prealert.ts';
import { type PackageState, STAFF_ONLY_STATES } from '../../shared/packages/states.ts';
import { dueSql, lineSums, openLinesOf, shownLine } from '../charges/charge-lines.ts';
import { ratesOfCharge, storedCharge } from '../charges/package-charge.ts';
import { paymentFacts, settledWithBalance } from '../collections/balance.ts';
import { containing } from '../db/like.ts';
import type { Database, Transaction } from '../db/open.ts';
import { packageCharges, packageEvents, packages, settlements, users } from '../db/schema.ts';
import { deliveryAttemptsOf, deliveryProof } from '../delivery/proof.ts';
import { filesOfPackages, fileUrl } from '../files/store.ts';
import { eventNotices } from '../notices/history.ts';
import { waitingAmong } from '../requests/instructions.ts';
import { storageDays } from '../requests/storage.ts';

export const PAGE_SIZE = 20;

type PackageRow = typeof packages.$inferSelect;

/** Whom the package page shows: the customer, or staff (who may see what only staff see). */
export type Viewer = { kind: 'customer'; userId: string } | { kind: 'staff' };

/** A customer never sees 'Sin identificar' (the warehouse's review): to them it is still their pre-alert. */
function visibleState(state: PackageState, viewer: Viewer): PackageState {
  return viewer.kind === 'customer' && STAFF_ONLY_STATES.has(state) ? 'prealertado' : state;
}

const ACTOR_LABELS: Record<string, string> = {
  customer: 'Tú',
  bodega: 'Bodega',
  admin: 'Administración',
  reparto: 'Mensajero',
  system: 'Sistema',
};

type SummaryRow = Pick<PackageRow, keyof typeof summaryColumns> & {
  toPayCents: number | null;
  toPayCop: number | null;
  /** The source of the settlement in force of its charge, null while unsettled. */
  settledBy: string | null;
  /** Its 'Saldo pendiente' in cents and pesos (collections/balance.ts), when its charge is settled. */
  balance: { cents: number; cop: number } | null;
};

function summary(row: SummaryRow, viewer: Viewer): PackageSummary {
  return {
    number: row.number,
    guide: row.guide,
    carrier: row.carrier as Carrier | null,
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
  const conditions: SQL[] = [eq(packages.userId, userId)];
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
      ) as SQL,
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
      .leftJoin(
        settlements,
        and(
          eq(settlements.packageNumber, packages.number),
          eq(settlements.part, 'charge'),
          isNull(settlements.voidedAt),
        ),
      )
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
  return {
    packages: rows.map((row) =>
      summary({ ...row, balance: settled.get(row.number)?.balance ?? null }, viewer),
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

const decimal = (value: string | null) => (value === null ? null : Number(value));

export async function packageDetail(
  db: Database | Transaction,
  row: PackageRow,
  viewer: Viewer,
): Promise<PackageDetail> {
  // One after the other, not Promise.all: inside a transaction these share one connection, where pg refuses
  // (from pg@9) a query issued while another is running.
  const events = await db
    .select()
    .from(packageEvents)
    .where(eq(packageEvents.packageNumber, row.number))
    .orderBy(desc(packageEvents.id));
  const noticeOf = await eventNotices(db, events, row.userId !== null);
  const fileRows = await filesOfPackages(db, [row.number]);
  const charge = await storedCharge(db, row.number);
  const chargeRates = charge && (await ratesOfCharge(db, charge));
  const lines = (await openLinesOf(db, [row.number])).get(row.number) ?? [];
  const added = lineSums(lines);
  // A charge annulled by a consolidation owes nothing: the new package's charge carries the money.
  const due =
    charge && !charge.annulledAt
      ? { cents: charge.totalCents + added.cents, cop: charge.totalCop + added.cop }
      : null;
  const storage = await storageDays(db, row);
  const delivery = await deliveryProof(db, row.number, viewer);
  const attempts = await deliveryAttemptsOf(db, row.number);
  // Staff read the customer's own moves under the customer's name ('Tú' is the customer's word for themselves).
  const [owner] =
    viewer.kind === 'staff' && row.userId
      ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.userId))
      : [];
  const thumbnails = new Map(
    fileRows.filter((file) => file.kind === 'thumbnail').map((file) => [file.thumbnailOf, file.id]),
  );
  const shownFiles: PackageFile[] = fileRows
    // The delivery's photos belong to its proof (delivery.photoId), not to the package's files.
    .filter((file) => file.kind !== 'thumbnail' && file.kind !== 'delivery')
    .map((file) => {
      const thumbnail = thumbnails.get(file.id);
      return {
        id: file.id,
        kind: file.kind as PackageFile['kind'],
        mime: file.mime,
        size: file.size,
        createdAt: file.createdAt.toISOString(),
        url: fileUrl(file.id),
        thumbnailUrl: thumbnail ? fileUrl(thumbnail) : null,
      };
    });
  const history: PackageEvent[] = events
    // The warehouse's review is not the customer's business: it stays out of their history.
    .filter((event) => viewer.kind === 'staff' || !STAFF_ONLY_STATES.has(event.state))
    .map((event) => ({
      id: event.id,
      kind: event.kind,
      state: event.state,
      at: event.at.toISOString(),
      actor:
        event.actorRole === 'customer' && owner ? owner.name : (ACTOR_LABELS[event.actorRole] ?? 'Sistema'),
      note: event.note,
      carrier: event.carrier,
      carrierGuide: event.carrierGuide,
      // Only moves are told to the customer; an attached invoice is not a move.
      notice: event.kind === 'state' ? (noticeOf.get(event.id) ?? null) : null,
    }));
  const weightLb = decimal(row.weightLb);
  const settled = await paymentFacts(db, row.number);
  return {
    ...summary(
      {
        ...row,
        toPayCents: due?.cents ?? null,
        toPayCop: due?.cop ?? null,
        settledBy: settled.settledBy,
        balance: settled.balance,
      },
      viewer,
    ),
    balancePaid: settled.balancePaid,
    quantity: row.quantity,
    deliveryAddress: row.deliveryAddress,
    addressChoice: row.addressChoice === 2 ? 2 : 1,
    instructions: row.instructions,
    lockerNumber: row.lockerNumber,
    location: viewer.kind === 'staff' ? row.location : null,
    weightLb,
    lengthIn: decimal(row.lengthIn),
    widthIn: decimal(row.widthIn),
    heightIn: decimal(row.heightIn),
    condition: row.condition,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    holdReason: row.holdReason,
    heldFrom: row.state === 'retenido' && row.heldFrom ? visibleState(row.heldFrom, viewer) : null,
    charge: charge && {
      chargeableLb: charge.chargeableLb,
      freightCents: charge.freightCents,
      insuranceCents: charge.insuranceCents,
      taxesCents: charge.tariffCents + charge.vatCents,
      creditUsedCents: charge.creditUsedCents,
      lines: lines.map(shownLine),
      totalCents: due ? due.cents : 0,
      totalCop: due ? due.cop : 0,
      annulNote: charge.annulledAt ? charge.annulNote : null,
      trmHundredths: chargeRates?.trmHundredths ?? 0,
      taxFreeThresholdCents: chargeRates?.taxFreeThresholdCents ?? 0,
      trmDate: charge.trmDate,
    },
    ...storage,
    events: history,
    files: shownFiles,
    warning: courierRegimeWarning({
      declaredValueCents: row.declaredValueCents,
      quantity: row.quantity,
      weightKg: weightLb === null ? null : weightLb * 0.45359237,
    }),
    delivery,
    attempts,
  };
}
