// What a completed request changes in its packages' charges (design/requests.md): a consolidation annuls the
// originals' charges, a return to the store takes the flight out of its package's charge; both give back the
// referral credit those charges used. They write the charges module's tables from here, as a consolidation always
// has, until the ledger posts them (issue 45).
import { and, inArray, isNull } from 'drizzle-orm';
import { creditUsedByEach } from '../charges/credit.ts';
import type { Transaction } from '../db/open.ts';
import { creditLedger, packageCharges } from '../db/schema.ts';

/** Gives `userId` back the referral credit the charges of `numbers` used: an 'adjusted' row for each. */
export async function giveBackCredit(tx: Transaction, userId: string, numbers: number[]) {
  const usedByEach = await creditUsedByEach(tx, userId, numbers);
  const rows = numbers.flatMap((number) => {
    const used = usedByEach.get(number);
    if (!used || (used.cents === 0 && used.cop === 0)) return [];
    return [
      {
        userId,
        kind: 'adjusted' as const,
        amountCents: used.cents,
        amountCop: used.cop,
        packageNumber: number,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(creditLedger).values(rows);
}

/** Annuls the charges in force of `numbers` (their credit given back first): they owe nothing. */
export async function annulCharges(tx: Transaction, userId: string, numbers: number[], note: string) {
  await giveBackCredit(tx, userId, numbers);
  await tx
    .update(packageCharges)
    .set({ annulledAt: new Date(), annulNote: note })
    .where(and(inArray(packageCharges.packageNumber, numbers), isNull(packageCharges.annulledAt)));
}

/**
 * A package returned to the store never flies: its charge no longer counts freight, insurance, customs or credit
 * (the credit is given back), so its 'Valor a pagar' is its fee lines alone — the return, storage, any earlier fee.
 * The charge's weight and inputs stay; what it owed before is answered for the audit.
 */
export async function takeOutFlight(tx: Transaction, userId: string, numbers: number[], by: string | null) {
  await giveBackCredit(tx, userId, numbers);
  const before = await tx
    .select({
      number: packageCharges.packageNumber,
      totalCents: packageCharges.totalCents,
      totalCop: packageCharges.totalCop,
    })
    .from(packageCharges)
    .where(and(inArray(packageCharges.packageNumber, numbers), isNull(packageCharges.annulledAt)));
  await tx
    .update(packageCharges)
    .set({
      freightCents: 0,
      insuranceCents: 0,
      tariffCents: 0,
      vatCents: 0,
      creditUsedCents: 0,
      totalCents: 0,
      totalCop: 0,
      computedAt: new Date(),
      computedBy: by,
    })
    .where(and(inArray(packageCharges.packageNumber, numbers), isNull(packageCharges.annulledAt)));
  return before;
}
