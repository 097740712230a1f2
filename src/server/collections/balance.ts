// 'Saldo pendiente' (design/payments.md): what a package owes after its charge was settled. A settlement freezes the
// fee lines it covered (settlement_lines); a line stored later (today only the storage fee, 'Almacenaje', added when a
// package paid online in Miami leaves in a dispatch) is covered by none, and is the balance. Always read from the
// stored rows (the lines in force not frozen by a settlement in force), never kept as a running figure. It is paid
// online ('Pagar en línea') or collected at the door, and settled as its own part ('balance', schema/settlements.ts).
// 'Saldo a favor' (a charge that shrinks after payment) cannot arise today: a paid package's charge is never
// recomputed and its requests are refused, so none of its lines is annulled; nothing here reads it.
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { lineSums, openLinesOf, type StoredChargeLine } from '../charges/charge-lines.ts';
import type { SettlementPart } from '../db/schema/settlements.ts';
import { settlementLines, settlements } from '../db/schema.ts';
import type { Reader } from './sums.ts';

/** The part a package's receipt or invoice is asked for: `?parte=saldo` its balance's, anything else its charge's. */
export const partOfParam = (parte: string | undefined): SettlementPart =>
  parte === 'saldo' ? 'balance' : 'charge';

/** The settlements in force of `part` for the packages `packages` names (`eq`/`inArray` on a package number). */
export const settlementInForce = (part: SettlementPart, packages: SQL) =>
  and(packages, eq(settlements.part, part), isNull(settlements.voidedAt));

/** The fee lines in force of `numbers` that no settlement in force covers, oldest first, by package. */
export async function uncoveredLinesOf(
  db: Reader,
  numbers: number[],
): Promise<Map<number, StoredChargeLine[]>> {
  const open = await openLinesOf(db, numbers);
  if (open.size === 0) return open;
  const frozen = await db
    .select({ id: settlementLines.chargeLineId })
    .from(settlementLines)
    .innerJoin(settlements, eq(settlements.id, settlementLines.settlementId))
    .where(and(inArray(settlements.packageNumber, [...open.keys()]), isNull(settlements.voidedAt)));
  const covered = new Set(frozen.map((row) => row.id));
  const uncovered = new Map<number, StoredChargeLine[]>();
  for (const [number, lines] of open) {
    const left = lines.filter((line) => !covered.has(line.id));
    if (left.length > 0) uncovered.set(number, left);
  }
  return uncovered;
}

/** A package whose charge is settled: how, and its 'Saldo pendiente' (0 when nothing is left) with its lines. */
export interface Settled {
  source: string;
  balance: { cents: number; cop: number; lines: StoredChargeLine[] };
}

/** The packages of `numbers` whose charge has a settlement in force, each with its balance. */
export async function settledWithBalance(db: Reader, numbers: number[]): Promise<Map<number, Settled>> {
  if (numbers.length === 0) return new Map();
  const charged = await db
    .select({ number: settlements.packageNumber, source: settlements.source })
    .from(settlements)
    .where(settlementInForce('charge', inArray(settlements.packageNumber, numbers)));
  const lines = await uncoveredLinesOf(
    db,
    charged.map((row) => row.number),
  );
  return new Map(
    charged.map((row) => {
      const left = lines.get(row.number) ?? [];
      return [row.number, { source: row.source, balance: { ...lineSums(left), lines: left } }];
    }),
  );
}

/** What the package's page tells of its money: how its charge was settled (null: not yet), its 'Saldo pendiente',
 * and whether one was paid (its own 'Comprobante de pago'). */
export async function paymentFacts(db: Reader, number: number) {
  const settled = (await settledWithBalance(db, [number])).get(number);
  const balancePaid = await db
    .select({ id: settlements.id })
    .from(settlements)
    .where(settlementInForce('balance', eq(settlements.packageNumber, number)));
  return {
    settledBy: settled?.source ?? null,
    balance: settled?.balance ?? null,
    balancePaid: balancePaid.length > 0,
  };
}
