// The charge of one package: computed when it is received, with the rates in force that day and the owner's
// referral credit, stored with the figures it came from, and never rewritten by a change of rates. An admin may
// recompute it explicitly (audited by the caller).
import { eq } from 'drizzle-orm';
import { type Charge, computeCharge } from '../../shared/charges/charge.ts';
import { formatCop, formatUsd } from '../../shared/money.ts';
import type { Database, Transaction } from '../db/open.ts';
import { creditLedger, packageCharges, type packages, users } from '../db/schema.ts';
import { creditBalance } from './credit.ts';
import { ratesInForce, settingsOf } from './rates.ts';

type PackageRow = typeof packages.$inferSelect;
export type StoredCharge = typeof packageCharges.$inferSelect;

const tenths = (value: string | null) => (value === null ? null : Math.round(Number(value) * 10));

/** The line the mails and screens show: 'Valor a pagar: US$ 54,50 ($ 218.000)'. */
export function amountDueLine(charge: Pick<StoredCharge, 'totalCents' | 'totalCop'>): string {
  return `Valor a pagar: ${formatUsd(charge.totalCents)} (${formatCop(charge.totalCop)}), al recibir en tu puerta.`;
}

/**
 * Computes and stores the charge of a received package with an owner, inside the receipt's transaction. The owner's
 * row is locked while the credit is read and used, so two receipts at once cannot spend one credit twice.
 */
export async function chargePackage(
  tx: Transaction,
  row: Pick<
    PackageRow,
    | 'number'
    | 'userId'
    | 'weightLb'
    | 'lengthIn'
    | 'widthIn'
    | 'heightIn'
    | 'declaredValueCents'
    | 'receivedAt'
  >,
  computedBy: string | null,
): Promise<Charge | null> {
  if (!row.userId || row.weightLb === null) return null;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
  const [previous] = await tx
    .select()
    .from(packageCharges)
    .where(eq(packageCharges.packageNumber, row.number));
  const rates = await ratesInForce(tx, row.receivedAt ?? new Date());
  const [length, width, height] = [tenths(row.lengthIn), tenths(row.widthIn), tenths(row.heightIn)];
  const input = {
    weightHundredthsLb: Math.round(Number(row.weightLb) * 100),
    measuresTenthsIn: length && width && height ? ([length, width, height] as const) : null,
    declaredValueCents: row.declaredValueCents,
    // A recomputation may use again the credit the earlier charge used.
    creditCents: (await creditBalance(tx, row.userId)) + (previous?.creditUsedCents ?? 0),
  };
  const charge = computeCharge(input, settingsOf(rates));
  const values = {
    rateSettingsId: rates.id,
    input: { ...input, rates: settingsOf(rates) },
    chargeableLb: charge.chargeableLb,
    freightCents: charge.freightCents,
    insuranceCents: charge.insuranceCents,
    tariffCents: charge.tariffCents,
    vatCents: charge.vatCents,
    creditUsedCents: charge.creditUsedCents,
    totalCents: charge.totalCents,
    totalCop: charge.totalCop,
    computedAt: new Date(),
    computedBy,
  };
  await tx
    .insert(packageCharges)
    .values({ packageNumber: row.number, ...values })
    .onConflictDoUpdate({ target: packageCharges.packageNumber, set: values });
  // The ledger is only ever added to: a first use, or the difference a recomputation makes.
  const change = charge.creditUsedCents - (previous?.creditUsedCents ?? 0);
  if (change !== 0)
    await tx.insert(creditLedger).values({
      userId: row.userId,
      kind: previous ? 'adjusted' : 'used',
      amountCents: -change,
      packageNumber: row.number,
    });
  return charge;
}

export async function storedCharge(
  db: Database | Transaction,
  packageNumber: number,
): Promise<StoredCharge | null> {
  const [row] = await db.select().from(packageCharges).where(eq(packageCharges.packageNumber, packageNumber));
  return row ?? null;
}
