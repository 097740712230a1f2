// What each package owes an online payment, read under the packages' locks (design/payments.md 'Online payment
// through Wompi'): its charge and the fee lines no settlement covers, or, once the charge is settled, only its
// 'Saldo pendiente' (collections/balance.ts). Starting a payment stores it; applying an approval reads it again and
// settles only when it is still what was paid (issue 45, defect 1): a package consolidated, returned, repacked or
// recomputed while its payment was open no longer owes it, and the money is flagged for a refund instead.
import { and, inArray, isNull } from 'drizzle-orm';
import { STATE_LABELS } from '../../shared/packages/states.ts';
import { paymentMessages } from '../../shared/payments/forms.ts';
import { PAYABLE_STATES } from '../../shared/payments/labels.ts';
import { lineSums, type lockedWithDue } from '../charges/charge-lines.ts';
import { settledWithBalance, uncoveredLinesOf } from '../collections/balance.ts';
import type { Transaction } from '../db/open.ts';
import { packageCharges } from '../db/schema.ts';
import { Conflict } from '../errors.ts';
import { openRequestRefusals } from '../requests/requests.ts';

/** One package's part of a payment: its charge or its balance, in whole pesos, with the fee lines it covers. */
export interface Owed {
  number: number;
  part: 'charge' | 'balance';
  amountCop: number;
  lineIds: number[];
  /** The charge's pesos in it (0 for a balance), and each line's. */
  chargeCop: number;
  lines: { id: number; amountCop: number }[];
}

type Locked = Awaited<ReturnType<typeof lockedWithDue>>[number];

/**
 * What `rows` (locked by the caller with lockedWithDue) owe now; a Conflict with the customer's message when one
 * cannot be paid: already paid, an open request that will change its charge, a state that is not payable, no charge.
 */
export async function owedNow(tx: Transaction, rows: Locked[]): Promise<Owed[]> {
  const numbers = rows.map((row) => row.number);
  const settled = await settledWithBalance(tx, numbers);
  const lines = await uncoveredLinesOf(tx, numbers);
  const charges = await tx
    .select({ number: packageCharges.packageNumber, totalCop: packageCharges.totalCop })
    .from(packageCharges)
    .where(and(inArray(packageCharges.packageNumber, numbers), isNull(packageCharges.annulledAt)));
  const chargeOf = new Map(charges.map((row) => [row.number, row.totalCop]));
  for (const number of numbers) {
    const paid = settled.get(number);
    if (paid && paid.balance.cop <= 0)
      throw new Conflict('already_paid', paymentMessages.alreadyPaid(number));
  }
  // An open request (a repack, a consolidation) will change the charge: it is paid once the request is done.
  const [busy] = await openRequestRefusals(tx, numbers);
  if (busy) throw new Conflict('busy', busy.reason);
  return rows.map((row) => {
    if (!PAYABLE_STATES.has(row.state))
      throw new Conflict('not_payable', paymentMessages.notPayable(row.number, STATE_LABELS[row.state]));
    const charge = chargeOf.get(row.number);
    if (!row.dueCop || charge === undefined)
      throw new Conflict('no_charge', paymentMessages.noCharge(row.number));
    const balance = settled.get(row.number)?.balance;
    const left = balance?.lines ?? lines.get(row.number) ?? [];
    const chargeCop = balance ? 0 : charge;
    return {
      number: row.number,
      part: balance ? 'balance' : 'charge',
      amountCop: chargeCop + lineSums(left).cop,
      lineIds: left.map((line) => line.id),
      chargeCop,
      lines: left.map((line) => ({ id: line.id, amountCop: line.amountCop })),
    };
  });
}

/**
 * Whether what a payment covered (`paid`, as stored when it started) is still owed (`now`): the same part, the same
 * charge, and every line it listed still open at the same pesos. A line stored since (the storage of a package that
 * left Miami meanwhile) is not what was paid: it stays the package's 'Saldo pendiente'.
 */
export function stillOwed(
  paid: { part: string; amountCop: number; lineIds: number[] | null },
  now: Owed | undefined,
): boolean {
  if (!now || now.part !== paid.part) return false;
  // Payments stored before their lines were kept covered every line then open: the whole amount says enough.
  if (paid.lineIds === null) return now.amountCop === paid.amountCop;
  const open = new Map(now.lines.map((line) => [line.id, line.amountCop]));
  let covered = now.chargeCop;
  for (const id of paid.lineIds) {
    const amount = open.get(id);
    if (amount === undefined) return false;
    covered += amount;
  }
  return covered === paid.amountCop;
}
