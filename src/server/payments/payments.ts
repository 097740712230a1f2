// Starting an online payment and reading it (design/payments.md 'Online payment through Wompi'): only the owner pays,
// only packages with a charge not yet settled, or with a 'Saldo pendiente', 'Recibido en Miami' onward and not
// delivered; the amount in pesos per package is its current 'Valor a pagar' (or its balance), with the fee lines it
// covers; the payment gets our 'Referencia' and the signed checkout URL.
import { and, asc, eq } from 'drizzle-orm';
import { billingDataProblem } from '../../shared/einvoice/billing-data.ts';
import type { PaymentStarted, PaymentView } from '../../shared/payments/api-types.ts';
import { MIN_ONLINE_COP, paymentMessages } from '../../shared/payments/forms.ts';
import { recordAudit } from '../audit/audit.ts';
import { lockedWithDue } from '../charges/charge-lines.ts';
import type { Database } from '../db/open.ts';
import { onlinePaymentPackages, onlinePayments } from '../db/schema.ts';
import { billingDataOf } from '../einvoice/billing-data.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { owedNow } from './owed.ts';
import type { PaymentProvider } from './port.ts';

export async function startPayment(
  db: Database,
  provider: PaymentProvider,
  caller: { id: string; email: string; ip?: string },
  numbers: number[],
  appUrl: string,
): Promise<PaymentStarted> {
  const { reference, amountCop } = await db.transaction(async (tx) => {
    // Locked in order: a delivery or another payment of these packages waits for this one.
    const rows = await lockedWithDue(tx, numbers);
    const byNumber = new Map(rows.map((row) => [row.number, row]));
    for (const number of numbers)
      if (byNumber.get(number)?.userId !== caller.id) throw new NotFound(paymentMessages.notFound(number));
    // The electronic invoice needs the buyer's data (design/payments.md): asked before paying when it is incomplete.
    const billing = (await billingDataOf(tx, [caller.id])).get(caller.id);
    const problem = billing && billingDataProblem(billing);
    if (problem) throw new Conflict('billing_data', paymentMessages.billingData(problem.message));
    // What each package owes, read after the locks (what committed meanwhile is seen).
    const owed = await owedNow(tx, rows);
    const total = owed.reduce((sum, row) => sum + row.amountCop, 0);
    if (total < MIN_ONLINE_COP) throw new Invalid('too_small', paymentMessages.tooSmall);
    const [payment] = await tx
      .insert(onlinePayments)
      .values({ userId: caller.id, amountCop: total })
      .returning({ id: onlinePayments.id, reference: onlinePayments.paymentReference });
    if (!payment) throw new Error('the payment was not stored');
    await tx.insert(onlinePaymentPackages).values(
      owed.map((row) => ({
        paymentId: payment.id,
        packageNumber: row.number,
        part: row.part,
        amountCop: row.amountCop,
        lineIds: row.lineIds,
      })),
    );
    await recordAudit(tx, {
      action: 'online_payment_started',
      actorId: caller.id,
      ip: caller.ip,
      detail: { reference: payment.reference, amountCop: total, packages: numbers },
    });
    return { reference: payment.reference, amountCop: total };
  });
  const checkoutUrl = provider.checkoutUrl({
    reference,
    amountCop,
    email: caller.email,
    redirectUrl: `${appUrl}/pagos/${reference}`,
  });
  return { reference, amountCop, checkoutUrl };
}

/** The caller's payment `reference` (another's: not found). */
export async function paymentOf(db: Database, userId: string, reference: string) {
  const [payment] = await db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.paymentReference, reference), eq(onlinePayments.userId, userId)));
  if (!payment) throw new NotFound(paymentMessages.paymentNotFound);
  return payment;
}

export async function paymentView(
  db: Database,
  payment: typeof onlinePayments.$inferSelect,
): Promise<PaymentView> {
  const covered = await db
    .select({ number: onlinePaymentPackages.packageNumber, amountCop: onlinePaymentPackages.amountCop })
    .from(onlinePaymentPackages)
    .where(eq(onlinePaymentPackages.paymentId, payment.id))
    .orderBy(asc(onlinePaymentPackages.packageNumber));
  return {
    reference: payment.paymentReference,
    state: payment.state,
    amountCop: payment.amountCop,
    method: payment.method,
    reason: payment.statusMessage,
    refund: payment.flag !== null && payment.state === 'aprobado',
    packages: covered,
  };
}
