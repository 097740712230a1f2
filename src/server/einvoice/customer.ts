// The customer's electronic invoice of a package: the newest invoice of its settlements, its lines, the customs
// taxes apart, and the credit note that annulled it; the provider's PDF and XML. Another customer's: 404. A package
// whose 'Saldo pendiente' was paid has a second invoice, of that part (`?parte=saldo`).
import { and, desc, eq, ne } from 'drizzle-orm';
import type { CustomerInvoice, IssuedDocument } from '../../shared/einvoice/api-types.ts';
import type { Database } from '../db/open.ts';
import type { SettlementPart } from '../db/schema/settlements.ts';
import { einvoices, settlements } from '../db/schema.ts';
import { NotFound } from '../errors.ts';
import { findVisiblePackage, type Viewer } from '../packages/queries.ts';

export const INVOICE_NOT_FOUND = 'Este paquete aún no tiene factura electrónica.';

type Row = typeof einvoices.$inferSelect;

const issuedOf = (row: Row | undefined): IssuedDocument | null =>
  row?.state === 'issued' && row.number && row.cufe
    ? {
        fullNumber: `${row.prefix ?? ''}${row.number}`,
        cufe: row.cufe,
        qrUrl: row.qrUrl ?? '',
        issuedAt: (row.issuedAt ?? row.createdAt).toISOString(),
      }
    : null;

/** The package's newest invoice of `part` and its credit note, as `viewer` may see them. */
async function invoiceRows(db: Database, number: number, viewer: Viewer, part: SettlementPart) {
  if (!(await findVisiblePackage(db, number, viewer)))
    throw new NotFound(INVOICE_NOT_FOUND, 'invoice_not_found');
  const [found] = await db
    .select()
    .from(einvoices)
    .innerJoin(settlements, eq(settlements.id, einvoices.settlementId))
    .where(
      and(
        eq(einvoices.packageNumber, number),
        eq(einvoices.kind, 'invoice'),
        eq(settlements.part, part),
        // A voided sale's invoice never issued was never the customer's: there is none to show.
        ne(einvoices.state, 'cancelled'),
      ),
    )
    .orderBy(desc(einvoices.settlementId))
    .limit(1);
  const invoice = found?.einvoices;
  if (!invoice) throw new NotFound(INVOICE_NOT_FOUND, 'invoice_not_found');
  const [creditNote] = await db
    .select()
    .from(einvoices)
    .where(and(eq(einvoices.settlementId, invoice.settlementId), eq(einvoices.kind, 'credit_note')));
  return { invoice, creditNote };
}

export async function customerInvoice(
  db: Database,
  number: number,
  viewer: Viewer,
  downloads: boolean,
  part: SettlementPart = 'charge',
): Promise<CustomerInvoice> {
  const { invoice, creditNote } = await invoiceRows(db, number, viewer, part);
  return {
    state: invoice.state,
    invoice: issuedOf(invoice),
    creditNote: issuedOf(creditNote),
    lines: invoice.lines.map(({ description, grossCop, discountCop, vatBasisPoints, vatCop, excluded }) => ({
      description,
      grossCop,
      discountCop,
      vatBasisPoints,
      vatCop,
      excluded,
    })),
    totalCop: invoice.totalCop,
    customsCop: invoice.customsCop,
    downloads: downloads && invoice.state === 'issued',
  };
}

/** The full number of the package's issued invoice, for its PDF or XML (404 while it has none). */
export async function issuedNumber(
  db: Database,
  number: number,
  viewer: Viewer,
  part: SettlementPart = 'charge',
): Promise<string> {
  const issued = issuedOf((await invoiceRows(db, number, viewer, part)).invoice);
  if (!issued) throw new NotFound(INVOICE_NOT_FOUND, 'invoice_not_found');
  return issued.fullNumber;
}
