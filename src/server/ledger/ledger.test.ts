// The ledger's rules (issue 45, ADR 0022) on both drivers, since the database keeps them: a transaction's postings
// sum to zero, checked at commit whoever writes; posted rows are never updated, deleted or truncated; one event is
// posted once, even when two post it at once; a reversal is the opposite, once, audited; and 'Valor a pagar' read
// for one package and in a list's expression is the receivable's balance.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, openTestDatabase } from '../../../test/support/database.ts';
import type { OpenDatabase } from '../db/open.ts';
import { auditLog, ledgerAccounts, ledgerPostings, ledgerTransactions, packages } from '../db/schema.ts';
import { balanceOf, valueToPay, valueToPaySql } from './balance.ts';
import { type Entry, post, reverse } from './post.ts';

const NUMBERS = [9_100_001, 9_100_002, 9_100_003];
const at = new Date('2026-11-20T15:30:00.000Z');

/** A charge of `cop` on package `number`: its receivable owes it, freight and IVA earn it. */
const charge = (number: number, cop: number, eventKey = `charge:${number}`): Entry => ({
  kind: 'charge',
  eventKey,
  occurredAt: at,
  legs: [
    { account: { kind: 'receivable', packageNumber: number }, amountCop: cop },
    {
      account: { kind: 'revenue', line: 'flete' },
      amountCop: -(cop - 1_000),
      packageNumber: number,
      usd: { cents: 650, trmHundredths: 400_000 },
    },
    { account: { kind: 'iva_payable' }, amountCop: -1_000, packageNumber: number },
  ],
});

describe.each(drivers)('the ledger on %s', (driver) => {
  let database: OpenDatabase;
  const db = () => database.db;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await db()
      .insert(packages)
      .values(
        NUMBERS.map((number) => ({
          number,
          guide: `LEDGER${number}`,
          content: 'Ropa',
          state: 'recibido' as const,
        })),
      );
  });
  afterAll(() => database.close());

  it("posts a balanced transaction, and 'Valor a pagar' is its receivable's balance, alone and in a list", async () => {
    const [first, second] = NUMBERS as [number, number];
    await db().transaction((tx) => post(tx, charge(first, 27_000)));
    await db().transaction((tx) => post(tx, charge(second, 5_000)));
    expect(await valueToPay(db(), NUMBERS)).toEqual(
      new Map([
        [first, 27_000],
        [second, 5_000],
        [NUMBERS[2], 0],
      ]),
    );
    const listed = await db()
      .select({ number: packages.number, owed: valueToPaySql(packages.number) })
      .from(packages)
      .where(inArray(packages.number, NUMBERS))
      .orderBy(packages.number);
    expect(listed.map((row) => row.owed)).toEqual([27_000, 5_000, 0]);
    expect(await balanceOf(db(), { kind: 'iva_payable' })).toBe(-2_000);
    const freight = await db()
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.lineKind, 'flete'))
      .orderBy(ledgerPostings.id);
    expect(freight[0]).toMatchObject({ amountCop: -26_000, amountCents: 650, trmHundredths: 400_000 });
  });

  it('refuses an unbalanced entry before writing, and the database refuses one written by hand at commit', async () => {
    const before = await db().select().from(ledgerTransactions);
    const lopsided = charge(NUMBERS[2] ?? 0, 9_000, 'lopsided');
    lopsided.legs.pop();
    await expect(db().transaction((tx) => post(tx, lopsided))).rejects.toThrow(/descuadrado/);
    const byHand = db().transaction(async (tx) => {
      const [entry] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'charge', eventKey: 'by-hand', occurredAt: at })
        .returning({ id: ledgerTransactions.id });
      const [account] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).limit(1);
      await tx
        .insert(ledgerPostings)
        .values({ transactionId: entry?.id ?? 0, accountId: account?.id ?? 0, amountCop: 500 });
    });
    const refused = await byHand.then(
      () => null,
      (error: Error) => `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}`,
    );
    expect(refused).toMatch(/no cuadra: 500 pesos en 1 partidas/);
    expect(await db().select().from(ledgerTransactions)).toEqual(before);
  });

  it('never updates, deletes or truncates a posted row', async () => {
    const attempts = [
      sql`update ledger_postings set amount_cop = amount_cop + 1`,
      sql`delete from ledger_postings`,
      sql`update ledger_transactions set note = 'cambiado'`,
      sql`delete from ledger_transactions`,
      sql`truncate ledger_postings, ledger_transactions`,
    ];
    for (const attempt of attempts) {
      const refused = await db()
        .transaction((tx) => tx.execute(attempt))
        .then(
          () => null,
          (error: Error) => `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}`,
        );
      expect(refused).toMatch(/no se cambian ni se borran: se reversan/);
    }
    expect(await valueToPay(db(), [NUMBERS[0] ?? 0])).toEqual(new Map([[NUMBERS[0], 27_000]]));
  });

  it('posts one event once, however many times and however many at once', async () => {
    const number = NUMBERS[2] ?? 0;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => db().transaction((tx) => post(tx, charge(number, 8_000)))),
    );
    expect(results.filter((result) => result.posted)).toHaveLength(1);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(await valueToPay(db(), [number])).toEqual(new Map([[number, 8_000]]));
  });

  it('reverses a transaction once, audited, leaving its receivable as before', async () => {
    const number = NUMBERS[1] ?? 0;
    const [original] = await db()
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.eventKey, `charge:${number}`));
    const why = { actorId: null, note: 'Recalcular cobro', occurredAt: at };
    const first = await db().transaction((tx) => reverse(tx, original?.id ?? 0, why));
    const again = await db().transaction((tx) => reverse(tx, original?.id ?? 0, why));
    expect(first.posted).toBe(true);
    expect(again).toEqual({ id: first.id, posted: false });
    expect(await valueToPay(db(), [number])).toEqual(new Map([[number, 0]]));
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'ledger_reversed'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({
      transaction: original?.id,
      reversal: first.id,
      note: 'Recalcular cobro',
    });
  });
});
