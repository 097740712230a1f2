// 'Comprobante de pago' (design/delivery.md 'Proof of delivery'): a delivered package's payment, with our name and NIT,
// the package, 'Valor a pagar' in USD and pesos as its settlement froze them, 'Valor pagado', the means, the reference,
// date and time, and a number of its own from a sequence, issued with the settlement (collections/settlements.ts):
// reading a receipt writes nothing. Only the owner and admins see it; anyone else gets 404. A package whose
// 'Saldo pendiente' was paid has a second one, of that payment ('balance'; `?parte=saldo`).
import { eq } from 'drizzle-orm';
import { CHARGE_LINE_LABELS } from '../../shared/charges/charge-lines.ts';
import type { PaymentReceipt } from '../../shared/collections/api-types.ts';
import { collectionMessages, receiptCode } from '../../shared/collections/forms.ts';
import { COLLECTED_MEANS_LABELS } from '../../shared/delivery/door-choices.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import type { SettlementPart } from '../db/schema/settlements.ts';
import { collections, deliveries, paymentReceipts, settlements, users } from '../db/schema.ts';
import { NotFound, PACKAGE_NOT_FOUND } from '../errors.ts';
import { findVisiblePackage, type Viewer } from '../packages/queries.ts';
import { settlementInForce } from './balance.ts';
import { linesOfSettlement } from './settlements.ts';

/** The receipt of package `number` as `viewer` may see it: 404 for another customer's, or without a payment. */
export async function paymentReceipt(
  db: Database,
  number: number,
  viewer: Viewer,
  config: Pick<Config, 'companyName' | 'companyNit' | 'companyAddress'>,
  part: SettlementPart = 'charge',
): Promise<PaymentReceipt> {
  const pkg = await findVisiblePackage(db, number, viewer);
  if (!pkg) throw new NotFound(PACKAGE_NOT_FOUND);
  const [paid] = await db
    .select({
      collection: collections,
      settlement: settlements,
      receipt: paymentReceipts,
      receivedBy: deliveries.receivedBy,
      deliveredAt: deliveries.at,
    })
    .from(settlements)
    .innerJoin(collections, eq(collections.id, settlements.collectionId))
    .innerJoin(paymentReceipts, eq(paymentReceipts.collectionId, collections.id))
    .leftJoin(deliveries, eq(deliveries.id, settlements.deliveryId))
    .where(settlementInForce(part, eq(settlements.packageNumber, number)));
  if (!paid || paid.collection.amountCop <= 0) throw new NotFound(collectionMessages.noReceipt, 'no_receipt');
  const { receipt, settlement } = paid;
  const [owner] = pkg.userId
    ? await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, pkg.userId))
    : [];
  const { collection } = paid;
  return {
    receiptNumber: receipt.number,
    receiptCode: receiptCode(receipt.number),
    issuedAt: receipt.issuedAt.toISOString(),
    company: { name: config.companyName, nit: config.companyNit, address: config.companyAddress },
    customer: { name: owner?.name ?? '', email: owner?.email ?? '' },
    package: { number: pkg.number, guide: pkg.guide, content: pkg.content },
    feeLines: (await linesOfSettlement(db, settlement.id)).map((line) => ({
      label: CHARGE_LINE_LABELS[line.kind],
      amountCents: line.amountCents,
      amountCop: line.amountCop,
    })),
    valueToPayCents: settlement.dueCents,
    valueToPayCop: settlement.dueCop,
    paidCop: collection.amountCop,
    means: collection.means,
    meansLabel: COLLECTED_MEANS_LABELS[collection.means],
    reference: collection.reference,
    paidAt: (paid.deliveredAt ?? collection.collectedAt).toISOString(),
    receivedBy: paid.receivedBy ?? '',
    pdfPath: `/api/packages/${pkg.number}/receipt.pdf${part === 'balance' ? '?parte=saldo' : ''}`,
  };
}
