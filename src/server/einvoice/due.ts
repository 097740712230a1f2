// An invoice is due when a settlement is written: settlePackages calls enqueueInvoices in its own transaction, so a
// settlement never exists without its invoice row, and the invoice outbox sends it after the commit. Building the
// lines is pure and total (shared/einvoice/lines.ts): nothing here can refuse the sale.
import { and, eq, inArray, lte, ne, or } from 'drizzle-orm';
import { invoiceMessages } from '../../shared/einvoice/labels.ts';
import {
  buildInvoiceFigures,
  type ChargeLine,
  type LineTax,
  OTHER_KIND,
} from '../../shared/einvoice/lines.ts';
import type { Reader } from '../collections/sums.ts';
import type { Transaction } from '../db/open.ts';
import { einvoices, invoiceTaxRates, packages, rateSettings, type settlements } from '../db/schema.ts';

type Settlement = typeof settlements.$inferSelect;

/** A fee line as the settlement froze it (settlement_lines): its kind, USD cents and the pesos it was charged. */
export interface FrozenFee {
  kind: string;
  amountCents: number;
  amountCop: number;
}

/**
 * A settlement's charge lines of ours as it froze them: freight and insurance (USD cents, at the charge's TRM), then
 * its fee lines (consolidación, reempaque, fotos, devolución, almacenaje) in the pesos they were charged at their own
 * TRM, each priced by its kind's dated tax setting.
 */
export function settlementChargeLines(settlement: Settlement, fees: FrozenFee[] = []): ChargeLine[] {
  return [
    { kind: 'flete', cents: settlement.freightCents },
    { kind: 'seguro', cents: settlement.insuranceCents },
    ...fees.map((fee) => ({ kind: fee.kind, cents: fee.amountCents, cop: fee.amountCop })),
  ];
}

type TaxRow = typeof invoiceTaxRates.$inferSelect;

/** The tax of each kind of line in force at `at`, from the dated settings `rows`. */
export function lineTaxesAt(rows: TaxRow[], at: Date): (kind: string) => LineTax {
  const latest = new Map<string, TaxRow>();
  for (const row of rows) {
    if (row.effectiveFrom > at) continue;
    const seen = latest.get(row.kind);
    const later = !seen || row.effectiveFrom > seen.effectiveFrom;
    if (later || (+row.effectiveFrom === +seen.effectiveFrom && row.id > seen.id)) latest.set(row.kind, row);
  }
  // Without any setting (a database before the seed) a line is taxed at 19 %, which the daily check would show.
  const fallback = latest.get(OTHER_KIND) ?? { vatBasisPoints: 1900, excluded: false };
  return (kind) => {
    const row = latest.get(kind) ?? fallback;
    return { vatBasisPoints: row.vatBasisPoints, excluded: row.excluded };
  };
}

/** The dated tax settings that can apply up to `at`. */
export const taxRowsUpTo = (db: Reader, at: Date) =>
  db.select().from(invoiceTaxRates).where(lte(invoiceTaxRates.effectiveFrom, at));

/** Writes the invoice of each settlement that sold something, in the settlement's transaction. */
export async function enqueueInvoices(
  tx: Transaction,
  settled: Settlement[],
  rateIdOf: (packageNumber: number) => number | undefined,
  feesOf: (settlementId: number) => FrozenFee[],
): Promise<void> {
  const linesOf = (row: Settlement) => settlementChargeLines(row, feesOf(row.id));
  const sold = settled.filter((row) => linesOf(row).some((line) => line.cents > 0 || (line.cop ?? 0) > 0));
  if (sold.length === 0) return;
  const rateIds = [
    ...new Set(sold.map((row) => rateIdOf(row.packageNumber)).filter((id) => id !== undefined)),
  ];
  const rates = rateIds.length
    ? await tx
        .select({ id: rateSettings.id, trm: rateSettings.trmHundredths })
        .from(rateSettings)
        .where(inArray(rateSettings.id, rateIds))
    : [];
  const trmOf = new Map(rates.map((row) => [row.id, row.trm]));
  const owners = await tx
    .select({ number: packages.number, userId: packages.userId })
    .from(packages)
    .where(
      inArray(
        packages.number,
        sold.map((row) => row.packageNumber),
      ),
    );
  const ownerOf = new Map(owners.map((row) => [row.number, row.userId]));
  const latest = new Date(Math.max(...sold.map((row) => +row.settledAt)));
  const taxRows = await taxRowsUpTo(tx, latest);
  const values = [];
  for (const settlement of sold) {
    const figures = buildInvoiceFigures({
      lines: linesOf(settlement),
      customsCents: settlement.tariffCents + settlement.vatCents,
      creditUsedCents: settlement.creditUsedCents,
      dueCop: settlement.dueCop,
      trmHundredths: trmOf.get(rateIdOf(settlement.packageNumber) ?? -1) ?? 0,
      taxOf: lineTaxesAt(taxRows, settlement.settledAt),
    });
    values.push({
      settlementId: settlement.id,
      packageNumber: settlement.packageNumber,
      userId: ownerOf.get(settlement.packageNumber) ?? null,
      lines: figures.lines,
      customsCop: figures.customsCop,
      totalCop: figures.totalCop,
      settledAt: settlement.settledAt,
    });
  }
  await tx.insert(einvoices).values(values).onConflictDoNothing();
}

/**
 * A voided settlement's invoices (design/payments.md 'The electronic invoice'), in the void's own transaction. One
 * the provider never saw (never sent yet, or refused) is cancelled: never sent, and no credit note, since DIAN has no
 * sale to annul. Any other gets its 'Nota crédito' with the same lines, once per settlement, sent once the invoice has
 * its number: an invoice already sent whose answer is not back may yet be issued (the outbox cancels the note with
 * its invoice if that ends refused).
 */
export async function enqueueCreditNotes(tx: Transaction, settlementIds: number[]): Promise<void> {
  if (settlementIds.length === 0) return;
  const theirs = and(inArray(einvoices.settlementId, settlementIds), eq(einvoices.kind, 'invoice'));
  // A claim in progress holds the row: this waits for it, then sees the attempt it counted.
  await tx
    .update(einvoices)
    .set({ state: 'cancelled', lastError: invoiceMessages.cancelled })
    .where(
      and(
        theirs,
        or(eq(einvoices.state, 'refused'), and(eq(einvoices.state, 'pending'), eq(einvoices.attempts, 0))),
      ),
    );
  const invoices = await tx
    .select()
    .from(einvoices)
    .where(and(theirs, ne(einvoices.state, 'cancelled')));
  if (invoices.length === 0) return;
  await tx
    .insert(einvoices)
    .values(
      invoices.map(({ settlementId, packageNumber, userId, lines, customsCop, totalCop, settledAt }) => ({
        settlementId,
        kind: 'credit_note' as const,
        packageNumber,
        userId,
        lines,
        customsCop,
        totalCop,
        settledAt,
      })),
    )
    .onConflictDoNothing();
}
