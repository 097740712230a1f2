// What 'Mis datos' exports of the electronic invoice: the saved billing data and every invoice and credit note.
import { asc, eq } from 'drizzle-orm';
import type { ExportedInvoice } from '../../shared/einvoice/api-types.ts';
import type { BillingData } from '../../shared/einvoice/billing-data.ts';
import type { Database } from '../db/open.ts';
import { billingData, einvoices } from '../db/schema.ts';

export async function einvoicesForExport(
  db: Database,
  userId: string,
): Promise<{ datosFacturacion: BillingData | null; facturas: ExportedInvoice[] }> {
  const [saved] = await db.select().from(billingData).where(eq(billingData.userId, userId));
  const rows = await db
    .select()
    .from(einvoices)
    .where(eq(einvoices.userId, userId))
    .orderBy(asc(einvoices.id));
  return {
    datosFacturacion: saved
      ? {
          documentType: saved.documentType,
          documentNumber: saved.documentNumber,
          name: saved.name,
          address: saved.address,
          municipality: saved.municipality,
        }
      : null,
    facturas: rows.map((row) => ({
      paquete: row.packageNumber,
      documento: row.kind === 'invoice' ? 'factura' : 'nota_credito',
      estado: row.state,
      numero: row.number ? `${row.prefix ?? ''}${row.number}` : null,
      cufe: row.cufe,
      totalCop: row.totalCop,
      tributosAduanerosCop: row.customsCop,
      emitida: row.issuedAt?.toISOString() ?? null,
    })),
  };
}
