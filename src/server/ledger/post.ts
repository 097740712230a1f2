// Posting to the ledger (design/payments.md 'The ledger'): one business event, one transaction whose postings sum to
// zero, written in the caller's database transaction so it commits or rolls back with the event. An event posted
// twice (a retry, a second worker, another instance) is posted once: its key is unique. A correction never edits a
// posting: `reverse` posts the opposite of a transaction, once, audited.
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { Transaction } from '../db/open.ts';
import { ledgerPostings, ledgerTransactions } from '../db/schema.ts';
import { type AccountRef, accountCode, accountIds, type RevenueKind } from './accounts.ts';

/** The business events that post (each a `kind` of ledger_transactions). */
export type LedgerEventKind =
  | 'charge'
  | 'fee'
  | 'storage'
  | 'credit'
  | 'payment'
  | 'collection'
  | 'close'
  | 'remittance'
  | 'refund'
  | 'migration'
  | 'reversal';

/** One leg: pesos on an account (debit positive, credit negative), with the dollars and TRM they came from. */
export interface Leg {
  account: AccountRef;
  amountCop: number;
  usd?: { cents: number; trmHundredths: number };
  /** The package the leg is about; a receivable's leg names its own. */
  packageNumber?: number;
  /** A revenue leg's line, as the invoice names it (its account's line by default). */
  lineKind?: RevenueKind;
}

export interface Entry {
  kind: LedgerEventKind;
  /** The event's one key ('collection:123', 'wompi:<transaction>:APPROVED'): posted once, whoever posts it. */
  eventKey: string;
  occurredAt: Date;
  legs: Leg[];
  actorId?: string | null;
  note?: string;
}

/** A posting that could never balance is a mistake in our code, not the customer's: it throws before any write. */
function checkLegs(legs: Leg[]) {
  const sum = legs.reduce((total, leg) => total + leg.amountCop, 0);
  const whole = legs.every((leg) => Number.isSafeInteger(leg.amountCop) && leg.amountCop !== 0);
  if (legs.length < 2 || !whole || sum !== 0)
    throw new Error(
      `Asiento descuadrado: ${legs.map((leg) => `${accountCode(leg.account)} ${leg.amountCop}`)}`,
    );
}

/** Posts `entry` (legs of 0 pesos are dropped); the transaction's id, and whether this call posted it. */
export async function post(tx: Transaction, entry: Entry): Promise<{ id: number; posted: boolean }> {
  const legs = entry.legs.filter((leg) => leg.amountCop !== 0);
  checkLegs(legs);
  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: entry.kind,
      eventKey: entry.eventKey,
      occurredAt: entry.occurredAt,
      actorId: entry.actorId ?? null,
      note: entry.note ?? '',
    })
    .onConflictDoNothing({ target: ledgerTransactions.eventKey })
    .returning({ id: ledgerTransactions.id });
  if (!created) return { id: await postedId(tx, entry.eventKey), posted: false };
  const ids = await accountIds(
    tx,
    legs.map((leg) => leg.account),
  );
  await tx.insert(ledgerPostings).values(
    legs.map((leg) => ({
      transactionId: created.id,
      accountId: idOf(ids, leg.account),
      amountCop: leg.amountCop,
      amountCents: leg.usd?.cents ?? null,
      trmHundredths: leg.usd?.trmHundredths ?? null,
      packageNumber:
        leg.packageNumber ?? (leg.account.kind === 'receivable' ? leg.account.packageNumber : null),
      lineKind: leg.lineKind ?? (leg.account.kind === 'revenue' ? leg.account.line : null),
    })),
  );
  return { id: created.id, posted: true };
}

function idOf(ids: Map<string, number>, account: AccountRef): number {
  const id = ids.get(accountCode(account));
  if (id === undefined) throw new Error(`Sin cuenta ${accountCode(account)}`);
  return id;
}

async function postedId(tx: Transaction, eventKey: string): Promise<number> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.eventKey, eventKey));
  if (!row) throw new Error(`Sin asiento para ${eventKey}`);
  return row.id;
}

/**
 * Posts the opposite of transaction `id` (every leg negated), once: a second reversal of it finds the first. Audited
 * with who did it and why.
 */
export async function reverse(
  tx: Transaction,
  id: number,
  why: { actorId: string | null; note: string; occurredAt: Date },
): Promise<{ id: number; posted: boolean }> {
  const [original] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id));
  if (!original) throw new Error(`Sin asiento ${id}`);
  const [done] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reversesId, id));
  if (done) return { id: done.id, posted: false };
  const legs = await tx.select().from(ledgerPostings).where(eq(ledgerPostings.transactionId, id));
  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: 'reversal',
      eventKey: `reversal:${id}`,
      occurredAt: why.occurredAt,
      reversesId: id,
      actorId: why.actorId,
      note: why.note,
    })
    .returning({ id: ledgerTransactions.id });
  if (!created) throw new Error(`No se pudo reversar ${id}`);
  await tx.insert(ledgerPostings).values(
    legs.map(({ id: _posting, transactionId: _original, amountCop, ...leg }) => ({
      ...leg,
      transactionId: created.id,
      amountCop: -amountCop,
      amountCents: leg.amountCents === null ? null : -leg.amountCents,
    })),
  );
  await recordAudit(tx, {
    action: 'ledger_reversed',
    actorId: why.actorId,
    detail: { transaction: id, kind: original.kind, reversal: created.id, note: why.note },
  });
  return { id: created.id, posted: true };
}
