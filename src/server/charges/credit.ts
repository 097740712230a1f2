// Referral credit (design/product.md §1, design/packages.md 'Charges'): a ledger of credits earned and used, never a
// mutable balance. A referred customer's first delivered package earns their referrer the credit once; charges use it.
import { and, count, countDistinct, eq, inArray, ne, type SQL, sum } from 'drizzle-orm';
import type { Database, Transaction } from '../db/open.ts';
import { creditLedger, packages, users } from '../db/schema.ts';
import { ratesInForce } from './rates.ts';

/** The referral credit left, in cents of USD. */
export async function creditBalance(db: Database | Transaction, userId: string): Promise<number> {
  return (await creditBalances(db, userId)).cents;
}

export interface CreditAmounts {
  /** Cents of USD (referrals). */
  cents: number;
  /** Whole pesos (indemnizaciones). */
  cop: number;
}

/** The credit left in each currency. */
export function creditBalances(db: Database | Transaction, userId: string): Promise<CreditAmounts> {
  return ledgerSum(db, eq(creditLedger.userId, userId));
}

/** What the charge of `packageNumber` has used so far, in each currency (positive). */
export async function creditUsedBy(
  db: Database | Transaction,
  userId: string,
  packageNumber: number,
): Promise<CreditAmounts> {
  const used = await ledgerSum(
    db,
    and(
      eq(creditLedger.userId, userId),
      eq(creditLedger.packageNumber, packageNumber),
      inArray(creditLedger.kind, ['used', 'adjusted']),
    ),
  );
  return { cents: -used.cents, cop: -used.cop };
}

/** What the charges of `numbers` have used so far, each package's in one read (a consolidation's originals). */
export async function creditUsedByEach(
  db: Database | Transaction,
  userId: string,
  numbers: number[],
): Promise<Map<number, CreditAmounts>> {
  const used = new Map<number, CreditAmounts>();
  if (numbers.length === 0) return used;
  const rows = await db
    .select({
      number: creditLedger.packageNumber,
      cents: sum(creditLedger.amountCents),
      cop: sum(creditLedger.amountCop),
    })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        inArray(creditLedger.packageNumber, numbers),
        inArray(creditLedger.kind, ['used', 'adjusted']),
      ),
    )
    .groupBy(creditLedger.packageNumber);
  for (const row of rows)
    if (row.number !== null)
      used.set(row.number, { cents: -Number(row.cents ?? 0), cop: -Number(row.cop ?? 0) });
  return used;
}

async function ledgerSum(db: Database | Transaction, where: SQL | undefined): Promise<CreditAmounts> {
  const [row] = await db
    .select({ cents: sum(creditLedger.amountCents), cop: sum(creditLedger.amountCop) })
    .from(creditLedger)
    .where(where);
  return { cents: Number(row?.cents ?? 0), cop: Number(row?.cop ?? 0) };
}

/**
 * Called in the transaction that moves `packageNumber` to 'Entregado'. When it is its owner's first delivered
 * package and the owner was referred, the referrer earns the credit in force today; the unique index on the
 * referred person makes a second earning impossible, even from two deliveries at once.
 */
export async function earnReferralCredit(tx: Transaction, packageNumber: number, ownerId: string | null) {
  if (!ownerId) return;
  const [owner] = await tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, ownerId));
  if (!owner?.referredBy) return;
  const [delivered] = await tx
    .select({ n: count() })
    .from(packages)
    .where(
      and(eq(packages.userId, ownerId), eq(packages.state, 'entregado'), ne(packages.number, packageNumber)),
    );
  if ((delivered?.n ?? 0) > 0) return;
  const [referrer] = await tx.select({ id: users.id }).from(users).where(eq(users.refCode, owner.referredBy));
  if (!referrer) return;
  const rates = await ratesInForce(tx);
  if (rates.referralCreditCents <= 0) return;
  await tx
    .insert(creditLedger)
    .values({
      userId: referrer.id,
      kind: 'earned',
      amountCents: rates.referralCreditCents,
      referredUserId: ownerId,
      packageNumber,
    })
    .onConflictDoNothing();
}

/** 'Tus referidos': how many registered with the code, how many have received a package, and the credit. */
export async function referralSummary(db: Database, userId: string, refCode: string) {
  const [registered] = await db.select({ n: count() }).from(users).where(eq(users.referredBy, refCode));
  const [shipped] = await db
    .select({ n: countDistinct(packages.userId) })
    .from(packages)
    .innerJoin(users, eq(users.id, packages.userId))
    .where(and(eq(users.referredBy, refCode), eq(packages.state, 'entregado')));
  return {
    registered: registered?.n ?? 0,
    shipped: shipped?.n ?? 0,
    creditCents: await creditBalance(db, userId),
  };
}
