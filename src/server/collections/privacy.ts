// The person's deliveries and payments in 'Mis datos' (Ley 1581 de 2012, art. 8), in the export's Spanish field
// names, and what a deletion erases of them: who received the parcel and their ID. The payments stay, without a
// name, as the accounting the law asks us to keep; their receipts keep their numbers.
import { asc, eq, inArray } from 'drizzle-orm';
import type { ExportedDelivery, ExportedPayment } from '../../shared/collections/api-types.ts';
import { receiptCode } from '../../shared/collections/forms.ts';
import { COLLECTED_MEANS_LABELS, RELATION_LABELS } from '../../shared/delivery/door-choices.ts';
import type { Database, Transaction } from '../db/open.ts';
import { collections, deliveries, packages, paymentReceipts } from '../db/schema.ts';

/** The person's deliveries and payments, oldest first. */
export async function moneyForExport(
  db: Database,
  userId: string,
): Promise<{ entregas: ExportedDelivery[]; pagos: ExportedPayment[] }> {
  const delivered = await db
    .select({ delivery: deliveries })
    .from(deliveries)
    .innerJoin(packages, eq(packages.number, deliveries.packageNumber))
    .where(eq(packages.userId, userId))
    .orderBy(asc(deliveries.at), asc(deliveries.id));
  const paid = await db
    .select({ collection: collections, receipt: paymentReceipts.number })
    .from(collections)
    .innerJoin(packages, eq(packages.number, collections.packageNumber))
    .leftJoin(paymentReceipts, eq(paymentReceipts.packageNumber, collections.packageNumber))
    .where(eq(packages.userId, userId))
    .orderBy(asc(collections.collectedAt), asc(collections.id));
  return {
    entregas: delivered.map(({ delivery }) => ({
      paquete: delivery.packageNumber,
      fecha: delivery.at.toISOString(),
      recibidoPor: delivery.receivedBy,
      documento: delivery.document,
      relacion: RELATION_LABELS[delivery.relation],
      nota: delivery.note,
      latitud: delivery.latitude,
      longitud: delivery.longitude,
    })),
    pagos: paid.map(({ collection, receipt }) => ({
      paquete: collection.packageNumber,
      fecha: collection.collectedAt.toISOString(),
      valorPagadoPesos: collection.amountCop,
      medioDePago: COLLECTED_MEANS_LABELS[collection.means],
      referencia: collection.reference,
      comprobante: receipt === null ? '' : receiptCode(receipt),
    })),
  };
}

/** On deletion: who received the person's parcels, their ID and where, erased; the payments stay, nameless. */
export async function eraseDeliveriesOf(tx: Transaction, userId: string): Promise<void> {
  const owned = tx.select({ number: packages.number }).from(packages).where(eq(packages.userId, userId));
  await tx
    .update(deliveries)
    .set({
      receivedBy: 'Cuenta eliminada',
      document: '',
      note: '',
      latitude: null,
      longitude: null,
      accuracy: null,
    })
    .where(inArray(deliveries.packageNumber, owned));
}
