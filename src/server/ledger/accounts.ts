// The ledger's accounts (design/payments.md 'The ledger'): each named once by its code, made the first time a
// posting needs it. Debits are positive: an asset or a receivable grows with a debit, what we owe (a customer's
// credit, a refund, IVA) and what we earn grow with a credit, so their balances are negative.
import { inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../db/open.ts';
import { type LedgerAccountKind, ledgerAccounts } from '../db/schema.ts';

/** A revenue line, as the invoice names it: freight, insurance, each request's fee, storage. */
export type RevenueKind =
  | 'flete'
  | 'seguro'
  | 'consolidacion'
  | 'reempaque'
  | 'fotos'
  | 'devolucion'
  | 'almacenaje';

export type AccountRef =
  /** What a package owes: its 'Valor a pagar' is this balance. */
  | { kind: 'receivable'; packageNumber: number }
  /** Money a customer has with us to use on a package (referral, indemnity, money that came for nothing owed). */
  | { kind: 'customer_credit'; userId: string }
  /** Money to give back to a customer, flagged for staff until it is refunded. */
  | { kind: 'refunds_owed'; userId: string }
  /** Cash a courier collected and has not handed in at a close. */
  | { kind: 'courier_cash'; userId: string }
  /** Money a carrier collected for us and has not remitted. */
  | { kind: 'carrier'; carrier: string }
  | { kind: 'revenue'; line: RevenueKind }
  | { kind: 'expense'; reason: 'referral' | 'indemnity' }
  /** Money at Wompi not yet paid out; the bank; the office's cash box; IVA and customs owed to DIAN; money that came
   * for nothing owed and waits for staff; the opening balances the migration brought in. */
  | { kind: 'wompi' | 'bank' | 'office_cash' | 'iva_payable' | 'customs_payable' | 'unapplied' | 'opening' };

/** The account's code, its one name: 'receivable:100023', 'revenue:flete', 'wompi'. */
export function accountCode(ref: AccountRef): string {
  switch (ref.kind) {
    case 'receivable':
      return `receivable:${ref.packageNumber}`;
    case 'customer_credit':
    case 'refunds_owed':
    case 'courier_cash':
      return `${ref.kind}:${ref.userId}`;
    case 'carrier':
      return `carrier:${ref.carrier}`;
    case 'revenue':
      return `revenue:${ref.line}`;
    case 'expense':
      return `expense:${ref.reason}`;
    default:
      return ref.kind;
  }
}

function accountRow(ref: AccountRef): {
  code: string;
  kind: LedgerAccountKind;
  packageNumber: number | null;
  userId: string | null;
} {
  const packageNumber = ref.kind === 'receivable' ? ref.packageNumber : null;
  const userId = 'userId' in ref ? ref.userId : null;
  return { code: accountCode(ref), kind: ref.kind, packageNumber, userId };
}

/** The ids of `refs`' accounts by code, each made if it is new (a second writer's insert is taken, not repeated). */
export async function accountIds(
  db: Database | Transaction,
  refs: AccountRef[],
): Promise<Map<string, number>> {
  const rows = [...new Map(refs.map((ref) => [accountCode(ref), accountRow(ref)])).values()];
  await db.insert(ledgerAccounts).values(rows).onConflictDoNothing({ target: ledgerAccounts.code });
  const found = await db
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.code,
        rows.map((row) => row.code),
      ),
    );
  return new Map(found.map((row) => [row.code, row.id]));
}
