// Starting an online payment and reading it (PAYMENTS.md 'Online payment through Wompi'): only the owner pays,
// only packages with a charge not yet settled, 'Recibido en Miami' onward and not delivered; the amount in pesos per
// package is its current 'Valor a pagar'; the payment gets our 'Referencia' and the signed checkout URL.
import { and, asc, eq } from 'drizzle-orm';
import { billingDataProblem } from '../../shared/einvoice/billing-data.ts';
import { STATE_LABELS } from '../../shared/packages/states.ts';
import type { PaymentStarted, PaymentView } from '../../shared/payments/api-types.ts';
import { MIN_ONLINE_COP, paymentMessages } from '../../shared/payments/forms.ts';
import { PAYABLE_STATES } from '../../shared/payments/labels.ts';
import { recordAudit } from '../audit/audit.ts';
import { lockedWithDue } from '../charges/charge-lines.ts';
import { settlementsInForce } from '../collections/settlements.ts';
import type { Database } from '../db/open.ts';
import { onlinePaymentPackages, onlinePayments } from '../db/schema.ts';
import { billingDataOf } from '../einvoice/billing-data.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { openRequestRefusals } from '../requests/requests.ts';
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
    // The electronic invoice needs the buyer's data (PAYMENTS.md): asked before paying when it is incomplete.
    const billing = (await billingDataOf(tx, [caller.id])).get(caller.id);
    const problem = billing && billingDataProblem(billing);
    if (problem) throw new Conflict('billing_data', paymentMessages.billingData(problem.message));
    const [settled] = await settlementsInForce(tx, numbers);
    if (settled) throw new Conflict('already_paid', paymentMessages.alreadyPaid(settled.packageNumber));
    // An open request (a repack, a consolidation) will change the charge: it is paid once the request is done.
    const [busy] = await openRequestRefusals(tx, numbers);
    if (busy) throw new Conflict('busy', busy.reason);
    for (const row of rows) {
      if (!PAYABLE_STATES.has(row.state))
        throw new Conflict('not_payable', paymentMessages.notPayable(row.number, STATE_LABELS[row.state]));
      if (!row.dueCop) throw new Conflict('no_charge', paymentMessages.noCharge(row.number));
    }
    const total = rows.reduce((sum, row) => sum + (row.dueCop ?? 0), 0);
    if (total < MIN_ONLINE_COP) throw new Invalid('too_small', paymentMessages.tooSmall);
    const [payment] = await tx
      .insert(onlinePayments)
      .values({ userId: caller.id, amountCop: total })
      .returning({ id: onlinePayments.id, reference: onlinePayments.paymentReference });
    if (!payment) throw new Error('the payment was not stored');
    await tx.insert(onlinePaymentPackages).values(
      rows.map((row) => ({
        paymentId: payment.id,
        packageNumber: row.number,
        amountCop: row.dueCop ?? 0,
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
