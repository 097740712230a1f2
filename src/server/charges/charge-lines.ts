// The fee lines of a package's charge (design/requests.md 'Charges, line by line'): added with the rate in force,
// annulled (never deleted) when their request is refused or cancelled or their package consolidated, and summed from
// the stored rows wherever 'Valor a pagar' is read, so a total is always its charge plus its lines.
import { type AnyColumn, and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  CHARGE_LINE_LABELS,
  type ChargeLine,
  type ChargeLineKind,
  centsToCop,
  type FeeSettings,
} from '../../shared/charges/charge-lines.ts';
import type { Reader } from '../collections/sums.ts';
import type { Transaction } from '../db/open.ts';
import { packageChargeLines, packageCharges, packages } from '../db/schema.ts';
import type { RateRow } from './rates.ts';

export type StoredChargeLine = typeof packageChargeLines.$inferSelect;

/** The fee setting each kind takes from 'Tarifas'. */
export const FEE_OF_KIND: Record<ChargeLineKind, keyof FeeSettings> = {
  consolidacion: 'consolidationFeeCents',
  reempaque: 'repackFeeCents',
  fotos: 'photosFeeCents',
  devolucion: 'returnFeeCents',
  almacenaje: 'storagePerDayCents',
};

export interface NewChargeLine {
  packageNumber: number;
  kind: ChargeLineKind;
  /** Units of the rate (days for storage; 1 otherwise). */
  quantity?: number;
  requestId?: number | null;
}

/** Adds lines priced with `rates` (the rates row in force), in the caller's transaction; the stored rows. */
export async function addChargeLines(
  tx: Transaction,
  lines: NewChargeLine[],
  rates: RateRow,
  createdBy: string | null,
): Promise<StoredChargeLine[]> {
  if (lines.length === 0) return [];
  return tx
    .insert(packageChargeLines)
    .values(
      lines.map((line) => {
        const rateCents = rates[FEE_OF_KIND[line.kind]];
        const quantity = line.quantity ?? 1;
        const amountCents = rateCents * quantity;
        return {
          packageNumber: line.packageNumber,
          kind: line.kind,
          amountCents,
          amountCop: centsToCop(amountCents, rates.trmHundredths),
          rateSettingsId: rates.id,
          rateCents,
          quantity,
          trmHundredths: rates.trmHundredths,
          requestId: line.requestId ?? null,
          createdBy,
        };
      }),
    )
    .returning();
}

/** Annuls the open lines matching `where` (their request's, or their packages'), noting why; how many. */
export async function annulChargeLines(
  tx: Transaction,
  where: { requestId: number } | { packageNumbers: number[] },
  note: string,
  annulledBy: string | null,
): Promise<number> {
  const match =
    'requestId' in where
      ? eq(packageChargeLines.requestId, where.requestId)
      : inArray(packageChargeLines.packageNumber, where.packageNumbers.length ? where.packageNumbers : [-1]);
  const annulled = await tx
    .update(packageChargeLines)
    .set({ annulledAt: new Date(), annulledBy, annulNote: note })
    .where(and(match, isNull(packageChargeLines.annulledAt)))
    .returning({ id: packageChargeLines.id });
  return annulled.length;
}

/** The lines in force (not annulled) of `numbers`, oldest first, by package. */
export async function openLinesOf(db: Reader, numbers: number[]): Promise<Map<number, StoredChargeLine[]>> {
  const byPackage = new Map<number, StoredChargeLine[]>();
  if (numbers.length === 0) return byPackage;
  const rows = await db
    .select()
    .from(packageChargeLines)
    .where(and(inArray(packageChargeLines.packageNumber, numbers), isNull(packageChargeLines.annulledAt)))
    .orderBy(asc(packageChargeLines.id));
  for (const row of rows)
    byPackage.set(row.packageNumber, [...(byPackage.get(row.packageNumber) ?? []), row]);
  return byPackage;
}

/** A stored line as screens and invoices read it. */
export function shownLine(row: StoredChargeLine): ChargeLine {
  return {
    id: row.id,
    kind: row.kind,
    label: CHARGE_LINE_LABELS[row.kind],
    amountCents: row.amountCents,
    amountCop: row.amountCop,
    rateCents: row.rateCents,
    quantity: row.quantity,
    requestId: row.requestId,
  };
}

/** The sums of a package's lines: what they add to its charge's 'Valor a pagar'. */
export function lineSums(lines: readonly Pick<StoredChargeLine, 'amountCents' | 'amountCop'>[]) {
  return lines.reduce(
    (sum, line) => ({ cents: sum.cents + line.amountCents, cop: sum.cop + line.amountCop }),
    { cents: 0, cop: 0 },
  );
}

const openLinesSum = (column: 'amount_cents' | 'amount_cop', packageNumber: AnyColumn): SQL<number> =>
  sql`coalesce((select sum(l.${sql.raw(column)}) from ${packageChargeLines} l where l.package_number = ${packageNumber} and l.annulled_at is null), 0)`;

/**
 * 'Valor a pagar' of the package whose number is `packageNumber` in a query that joins its stored charge
 * (package_charges): the charge plus its open lines; null without a charge or with an annulled one.
 */
export function dueSql(packageNumber: AnyColumn, unit: 'cents' | 'cop'): SQL<number | null> {
  const lines = openLinesSum(unit === 'cents' ? 'amount_cents' : 'amount_cop', packageNumber);
  const total = unit === 'cents' ? packageCharges.totalCents : packageCharges.totalCop;
  const due = sql<
    number | null
  >`(case when ${packageCharges.annulledAt} is null then ${total} + ${lines} end)`;
  return sql<number | null>`${due}::bigint`.mapWith(Number);
}

/**
 * The packages of `numbers` locked in number order (so two writers never deadlock), with their owner, state and
 * 'Valor a pagar' in pesos (null without a charge): what a delivery and an online payment check before they settle.
 */
export function lockedWithDue(tx: Transaction, numbers: number[]) {
  return tx
    .select({
      number: packages.number,
      userId: packages.userId,
      state: packages.state,
      dueCop: dueSql(packages.number, 'cop'),
    })
    .from(packages)
    .leftJoin(packageCharges, eq(packageCharges.packageNumber, packages.number))
    .where(inArray(packages.number, numbers))
    .orderBy(asc(packages.number))
    .for('update', { of: packages });
}
