// 'Facturas electrónicas' for admins: the invoices by state with the provider's refusals, and 'Reintentar' once the
// customer's data were fixed (the invoice goes back to the outbox; the new data are read when it is sent).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AdminInvoice, AdminInvoices, InvoiceState } from '../../shared/einvoice/api-types.ts';
import { INVOICE_STATE_LABELS, invoiceMessages } from '../../shared/einvoice/labels.ts';
import { recordAudit } from '../audit/audit.ts';
import type { CsvColumns } from '../csv.ts';
import type { Database } from '../db/open.ts';
import { einvoices, settlements, users } from '../db/schema.ts';
import { Conflict, NotFound } from '../errors.ts';

export async function adminInvoices(
  db: Database,
  state: InvoiceState | null,
  enabled: boolean,
  limit = 200,
): Promise<AdminInvoices> {
  const counted = await db
    .select({ state: einvoices.state, count: sql<number>`count(*)::int` })
    .from(einvoices)
    .groupBy(einvoices.state);
  const counts = { pending: 0, issued: 0, refused: 0, cancelled: 0 };
  for (const row of counted) counts[row.state] = Number(row.count);
  const rows = await db
    .select({ invoice: einvoices, name: users.name, locker: users.lockerNumber })
    .from(einvoices)
    .leftJoin(users, eq(users.id, einvoices.userId))
    .where(state ? eq(einvoices.state, state) : undefined)
    .orderBy(desc(einvoices.settledAt), desc(einvoices.id))
    .limit(limit);
  return {
    enabled,
    counts,
    invoices: rows.map(({ invoice, name, locker }) => adminRow(invoice, name, locker)),
  };
}

function adminRow(
  invoice: typeof einvoices.$inferSelect,
  name: string | null,
  locker: string | null,
): AdminInvoice {
  return {
    id: invoice.id,
    kind: invoice.kind,
    settlementId: invoice.settlementId,
    packageNumber: invoice.packageNumber,
    customerName: name ?? '',
    lockerNumber: locker ?? '',
    state: invoice.state,
    totalCop: invoice.totalCop,
    customsCop: invoice.customsCop,
    fullNumber: invoice.number ? `${invoice.prefix ?? ''}${invoice.number}` : null,
    cufe: invoice.cufe,
    qrUrl: invoice.qrUrl,
    refusals: invoice.refusals,
    lastError: invoice.lastError,
    attempts: invoice.attempts,
    settledAt: invoice.settledAt.toISOString(),
    issuedAt: invoice.issuedAt?.toISOString() ?? null,
  };
}

/**
 * 'Reintentar': a refused invoice is due again now, audited with the refusal it had. Never the invoice of a voided
 * sale (design/payments.md 'The electronic invoice'). The row is locked first, as a void locks it before its
 * settlement: a void racing this either comes first and is seen, or finds the invoice due again and credits it.
 */
export async function retryInvoice(
  db: Database,
  id: number,
  actor: { id: string; ip: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(einvoices).where(eq(einvoices.id, id)).for('update');
    if (!invoice) throw new NotFound(invoiceMessages.notFound, 'invoice_not_found');
    const [sale] = await tx
      .select({ voidedAt: settlements.voidedAt })
      .from(settlements)
      .where(eq(settlements.id, invoice.settlementId));
    if (invoice.kind === 'invoice' && sale?.voidedAt)
      throw new Conflict('invoice_sale_voided', invoiceMessages.saleVoided);
    const [retried] = await tx
      .update(einvoices)
      .set({ state: 'pending', nextAttemptAt: new Date(), refusals: [] })
      .where(and(eq(einvoices.id, id), eq(einvoices.state, 'refused')))
      .returning({ id: einvoices.id });
    if (!retried) throw new Conflict('invoice_not_refused', invoiceMessages.notRetriable);
    await recordAudit(tx, {
      action: 'invoice_retried',
      actorId: actor.id,
      ip: actor.ip,
      detail: { invoiceId: id, settlementId: invoice.settlementId, refusals: invoice.refusals },
    });
  });
}

/** The CSV of 'Facturas electrónicas', for the accountant. */
export const INVOICES_CSV_COLUMNS: CsvColumns<AdminInvoice> = [
  ['Paquete', (row) => row.packageNumber],
  ['Liquidación', (row) => row.settlementId],
  ['Documento', (row) => (row.kind === 'invoice' ? 'Factura' : 'Nota crédito')],
  ['Cliente', (row) => row.customerName],
  ['Casillero', (row) => row.lockerNumber],
  ['Estado', (row) => INVOICE_STATE_LABELS[row.state]],
  ['Número', (row) => row.fullNumber],
  ['CUFE', (row) => row.cufe],
  ['Total facturado (COP)', (row) => row.totalCop],
  ['Tributos aduaneros por cuenta del cliente (COP)', (row) => row.customsCop],
  ['Liquidada', (row) => row.settledAt],
  ['Emitida', (row) => row.issuedAt],
  ['Rechazo', (row) => row.refusals.map((refusal) => `${refusal.code}: ${refusal.message}`).join(' | ')],
];
