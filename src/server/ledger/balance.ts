// Balances are sums of postings (design/payments.md 'The ledger'). 'Valor a pagar' of a package is its receivable's
// balance, read through `valueToPay` (a few packages) or `valueToPaySql` (a list's one expression), nowhere else.
import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/open.ts';
import { ledgerAccounts, ledgerPostings } from '../db/schema.ts';
import { type AccountRef, accountCode } from './accounts.ts';

/** 'Valor a pagar' in whole pesos of the package whose number is `packageNumber`: 0 when it owes nothing. */
export function valueToPaySql(packageNumber: SQLWrapper): SQL<number> {
  return sql<number>`coalesce((select sum(${ledgerPostings.amountCop}) from ${ledgerPostings}
    where ${ledgerPostings.accountId} = (select ${ledgerAccounts.id} from ${ledgerAccounts}
      where ${ledgerAccounts.kind} = 'receivable' and ${ledgerAccounts.packageNumber} = ${packageNumber})), 0)::bigint`.mapWith(
    Number,
  );
}

/** 'Valor a pagar' of each of `numbers` (0 for one that owes nothing). */
export async function valueToPay(
  db: Database | Transaction,
  numbers: number[],
): Promise<Map<number, number>> {
  const owed = new Map(numbers.map((number) => [number, 0]));
  if (!numbers.length) return owed;
  const rows = await db
    .select({
      number: ledgerAccounts.packageNumber,
      cop: sql<number>`sum(${ledgerPostings.amountCop})::bigint`.mapWith(Number),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(eq(ledgerAccounts.kind, 'receivable'), inArray(ledgerAccounts.packageNumber, numbers)))
    .groupBy(ledgerAccounts.packageNumber);
  for (const row of rows) if (row.number !== null) owed.set(row.number, row.cop);
  return owed;
}

/** Any account's balance in whole pesos (debits positive): 0 for an account nothing was posted to. */
export async function balanceOf(db: Database | Transaction, account: AccountRef): Promise<number> {
  const [row] = await db
    .select({ cop: sql<number>`coalesce(sum(${ledgerPostings.amountCop}), 0)::bigint`.mapWith(Number) })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerAccounts.code, accountCode(account)));
  return row?.cop ?? 0;
}
