// The charge of one package: computed when it is received, with the rates in force that day and the owner's
// referral credit, stored with the figures it came from, and never rewritten by a change of rates. An admin may
// recompute it explicitly (audited by the caller).
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  type Charge,
  chargeFigures,
  computeCharge,
  DEFAULT_CHARGE_SETTINGS,
} from '../../shared/charges/charge.ts';
import { isoDayInMiami } from '../../shared/dates.ts';
import { formatCop, formatUsd } from '../../shared/money.ts';
import type { Database, Transaction } from '../db/open.ts';
import { creditLedger, packageCharges, type packages, rateSettings, users } from '../db/schema.ts';
import { type CreditAmounts, creditBalances, creditUsedBy } from './credit.ts';
import { ratesInForce, settingsOf } from './rates.ts';

type PackageRow = typeof packages.$inferSelect;
export type StoredCharge = typeof packageCharges.$inferSelect;

const tenths = (value: string | null) => (value === null ? null : Math.round(Number(value) * 10));

/** The line the mails and screens show: 'Valor a pagar: US$ 54,50 ($ 218.000)'. */
export function amountDueLine(
  charge: Pick<StoredCharge, 'totalCents' | 'totalCop'> & { note?: string },
): string {
  const amount = `${formatUsd(charge.totalCents)} (${formatCop(charge.totalCop)})`;
  return charge.note
    ? `Valor a pagar: ${amount} (${charge.note}), al recibir en tu puerta.`
    : `Valor a pagar: ${amount}, al recibir en tu puerta.`;
}

/**
 * Computes and stores the charge of a received package with an owner, inside the receipt's transaction. The owner's
 * row is locked while the credit is read and used, so two receipts at once cannot spend one credit twice. The lock is
 * FOR NO KEY UPDATE: it still queues two charges of one owner, but not behind the key-share lock each new package's
 * foreign key takes on its owner (FOR UPDATE there deadlocked two receipts of one customer: 40P01).
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
  await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('no key update');
  const [previous] = await tx
    .select()
    .from(packageCharges)
    .where(eq(packageCharges.packageNumber, row.number));
  const takenAt = row.receivedAt ?? new Date();
  const rates = await ratesInForce(tx, takenAt);
  const [length, width, height] = [tenths(row.lengthIn), tenths(row.widthIn), tenths(row.heightIn)];
  // A recomputation may use again the credit the earlier charge used.
  const balance = await creditBalances(tx, row.userId);
  const usedBefore = previous ? await creditUsedBy(tx, row.userId, row.number) : { cents: 0, cop: 0 };
  const available = { cents: balance.cents + usedBefore.cents, cop: balance.cop + usedBefore.cop };
  // Credit in pesos is converted once, here, at this charge's TRM, and back at the same TRM below.
  const copAsCents = Math.floor((available.cop * 10_000) / rates.trmHundredths);
  const input = {
    weightHundredthsLb: Math.round(Number(row.weightLb) * 100),
    measuresTenthsIn: length && width && height ? ([length, width, height] as const) : null,
    declaredValueCents: row.declaredValueCents,
    creditCents: available.cents + copAsCents,
  };
  const charge = computeCharge(input, settingsOf(rates));
  const used = creditSplit(charge.creditUsedCents, available, copAsCents, rates.trmHundredths);
  const values = {
    rateSettingsId: rates.id,
    input: { ...input, rates: settingsOf(rates) },
    ...chargeFigures(charge),
    totalCents: charge.totalCents,
    totalCop: charge.totalCop,
    computedAt: new Date(),
    computedBy,
    // The day of the rates it took (receipts and rates count Miami's days): 'TRM $ 4.000 del 23/11/2026'.
    trmDate: isoDayInMiami(takenAt),
  };
  await tx
    .insert(packageCharges)
    .values({ packageNumber: row.number, ...values })
    .onConflictDoUpdate({ target: packageCharges.packageNumber, set: values });
  // The ledger is only ever added to: a first use, or the difference a recomputation makes.
  const change = { cents: used.cents - usedBefore.cents, cop: used.cop - usedBefore.cop };
  if (change.cents !== 0 || change.cop !== 0)
    await tx.insert(creditLedger).values({
      userId: row.userId,
      kind: previous ? 'adjusted' : 'used',
      amountCents: -change.cents,
      amountCop: -change.cop,
      packageNumber: row.number,
    });
  return charge;
}

/**
 * Which credit a charge used: dollars first, then pesos. The pesos' part goes back to pesos at the TRM it was
 * converted with; using all of it takes all the pesos, so the conversion's fraction of a cent is never left over.
 */
export function creditSplit(
  usedCents: number,
  available: CreditAmounts,
  copAsCents: number,
  trmHundredths: number,
): CreditAmounts {
  const cents = Math.min(usedCents, available.cents);
  const fromPesos = usedCents - cents;
  const cop =
    fromPesos > 0 && fromPesos >= copAsCents
      ? available.cop
      : Math.min(available.cop, Math.ceil((fromPesos * trmHundredths) / 10_000));
  return { cents, cop };
}

/** The TRM and the tax threshold in a charge's snapshot of its rates: safe integers (zod's int()). */
const snapshotRates = z.object({ trmHundredths: z.number().int(), taxFreeThresholdCents: z.number().int() });

/**
 * The TRM and the tax threshold a stored charge used: the snapshot of its rates kept in `input`, or (for a charge
 * written without one) the rates row it names, which is never rewritten.
 */
export async function ratesOfCharge(
  db: Database | Transaction,
  charge: Pick<StoredCharge, 'input' | 'rateSettingsId'>,
): Promise<{ trmHundredths: number; taxFreeThresholdCents: number }> {
  const snapshot = snapshotRates.safeParse(charge.input.rates);
  if (snapshot.success) return snapshot.data;
  const [row] = await db
    .select({
      trmHundredths: rateSettings.trmHundredths,
      taxFreeThresholdCents: rateSettings.taxFreeThresholdCents,
    })
    .from(rateSettings)
    .where(eq(rateSettings.id, charge.rateSettingsId));
  return (
    row ?? {
      trmHundredths: DEFAULT_CHARGE_SETTINGS.trmHundredths,
      taxFreeThresholdCents: DEFAULT_CHARGE_SETTINGS.taxFreeThresholdCents,
    }
  );
}

export async function storedCharge(
  db: Database | Transaction,
  packageNumber: number,
): Promise<StoredCharge | null> {
  const [row] = await db.select().from(packageCharges).where(eq(packageCharges.packageNumber, packageNumber));
  return row ?? null;
}
