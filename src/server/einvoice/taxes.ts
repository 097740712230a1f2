// 'Tarifas' › 'Impuestos de la factura electrónica': the dated tax settings of each kind of line, listed with the one
// in force, and a new row from today or a later day (Colombia), audited. Earlier rows never change.
import { desc, sql } from 'drizzle-orm';
import { type InvoiceTaxes, taxLabel } from '../../shared/einvoice/taxes.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/open.ts';
import { invoiceTaxRates } from '../db/schema.ts';

export async function invoiceTaxes(db: Database, now: Date = new Date()): Promise<InvoiceTaxes> {
  const rows = await db
    .select()
    .from(invoiceTaxRates)
    .orderBy(desc(invoiceTaxRates.effectiveFrom), desc(invoiceTaxRates.id))
    .limit(500);
  const current = new Set<number>();
  const seen = new Set<string>();
  for (const row of rows)
    if (row.effectiveFrom <= now && !seen.has(row.kind)) {
      seen.add(row.kind);
      current.add(row.id);
    }
  return {
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      label: taxLabel(row.kind),
      effectiveFrom: row.effectiveFrom.toISOString(),
      vatBasisPoints: row.vatBasisPoints,
      excluded: row.excluded,
      current: current.has(row.id),
    })),
  };
}

export async function addInvoiceTax(
  db: Database,
  tax: { kind: string; effectiveFrom: string; vatBasisPoints: number; excluded: boolean },
  actor: { id: string; ip: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(invoiceTaxRates).values({
      kind: tax.kind,
      // From the start of that day in Colombia, where the sale is invoiced.
      effectiveFrom: sql`(${tax.effectiveFrom}::date)::timestamp at time zone 'America/Bogota'`,
      vatBasisPoints: tax.excluded ? 0 : tax.vatBasisPoints,
      excluded: tax.excluded,
      createdBy: actor.id,
    });
    await recordAudit(tx, {
      action: 'invoice_taxes_changed',
      actorId: actor.id,
      ip: actor.ip,
      detail: { ...tax },
    });
  });
}
