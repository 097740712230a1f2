// 'Comprobante de pago' (DELIVERY.md 'Proof of delivery'): a delivered package's payment, with our name and NIT, the
// package, 'Valor a pagar' in USD and pesos, 'Valor pagado', the means, the reference, date and time, and a number of
// its own from a sequence. The number is assigned on first open, in a transaction, at most once per package (the
// package is unique among receipts: two first opens at once get the same number). Only the owner and staff see it.
import { eq } from 'drizzle-orm';
import type { PaymentReceipt } from '../../shared/collections/api-types.ts';
import { collectionMessages, receiptCode } from '../../shared/collections/forms.ts';
import { PAYMENT_MEANS_LABELS } from '../../shared/delivery/door-forms.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { collections, deliveries, packageCharges, paymentReceipts, users } from '../db/schema.ts';
import { NotFound, PACKAGE_NOT_FOUND } from '../errors.ts';
import { findVisiblePackage, type Viewer } from '../packages/queries.ts';

/** The receipt of package `number` as `viewer` may see it: 404 for another customer's, or without a payment. */
export async function paymentReceipt(
  db: Database,
  number: number,
  viewer: Viewer,
  config: Pick<Config, 'companyName' | 'companyNit' | 'companyAddress'>,
): Promise<PaymentReceipt> {
  const pkg = await findVisiblePackage(db, number, viewer);
  if (!pkg) throw new NotFound(PACKAGE_NOT_FOUND);
  const [paid] = await db
    .select({
      collection: collections,
      valueToPayCents: packageCharges.totalCents,
      valueToPayCop: packageCharges.totalCop,
      receivedBy: deliveries.receivedBy,
      deliveredAt: deliveries.at,
    })
    .from(collections)
    .leftJoin(packageCharges, eq(packageCharges.packageNumber, collections.packageNumber))
    .leftJoin(deliveries, eq(deliveries.id, collections.deliveryId))
    .where(eq(collections.packageNumber, number));
  if (!paid || paid.collection.amountCop <= 0) throw new NotFound(collectionMessages.noReceipt, 'no_receipt');
  const receipt = await db.transaction(async (tx) => {
    const issued = async () =>
      (await tx.select().from(paymentReceipts).where(eq(paymentReceipts.packageNumber, number)))[0];
    const existing = await issued();
    if (existing) return existing;
    await tx
      .insert(paymentReceipts)
      .values({ packageNumber: number, collectionId: paid.collection.id })
      .onConflictDoNothing({ target: paymentReceipts.packageNumber });
    const created = await issued();
    if (!created) throw new Error(`no receipt for package ${number}`);
    return created;
  });
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
    valueToPayCents: paid.valueToPayCents ?? 0,
    valueToPayCop: paid.valueToPayCop ?? 0,
    paidCop: collection.amountCop,
    means: collection.means,
    meansLabel: PAYMENT_MEANS_LABELS[collection.means],
    reference: collection.reference,
    paidAt: (paid.deliveredAt ?? collection.collectedAt).toISOString(),
    receivedBy: paid.receivedBy ?? '',
    pdfPath: `/api/packages/${pkg.number}/receipt.pdf`,
  };
}
