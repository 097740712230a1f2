// Starting an online payment and reading it (design/payments.md 'Online payment through Wompi'): only the owner pays,
// only packages with a charge not yet settled, or with a 'Saldo pendiente', 'Recibido en Miami' onward and not
// delivered; the amount in pesos per package is its current 'Valor a pagar' (or its balance), with the fee lines it
// covers; the payment gets our 'Referencia' and the signed checkout URL.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { billingDataProblem } from '../../shared/einvoice/billing-data.ts';
import { STATE_LABELS } from '../../shared/packages/states.ts';
import type { PaymentStarted, PaymentView } from '../../shared/payments/api-types.ts';
import { MIN_ONLINE_COP, paymentMessages } from '../../shared/payments/forms.ts';
import { PAYABLE_STATES } from '../../shared/payments/labels.ts';
import { recordAudit } from '../audit/audit.ts';
import { lineSums, lockedWithDue } from '../charges/charge-lines.ts';
import { settledWithBalance, uncoveredLinesOf } from '../collections/balance.ts';
import type { Database } from '../db/open.ts';
import { onlinePaymentPackages, onlinePayments, packageCharges } from '../db/schema.ts';
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
    // The electronic invoice needs the buyer's data (design/payments.md): asked before paying when it is incomplete.
    const billing = (await billingDataOf(tx, [caller.id])).get(caller.id);
    const problem = billing && billingDataProblem(billing);
    if (problem) throw new Conflict('billing_data', paymentMessages.billingData(problem.message));
    // What each package owes, read after the locks (what committed meanwhile is seen): its charge and the fee lines
    // no settlement covers; once the charge is settled, only its 'Saldo pendiente' (collections/balance.ts).
    const settled = await settledWithBalance(tx, numbers);
    const lines = await uncoveredLinesOf(tx, numbers);
    const charges = await tx
      .select({ number: packageCharges.packageNumber, totalCop: packageCharges.totalCop })
      .from(packageCharges)
      .where(and(inArray(packageCharges.packageNumber, numbers), isNull(packageCharges.annulledAt)));
    const chargeOf = new Map(charges.map((row) => [row.number, row.totalCop]));
    for (const number of numbers) {
      const paid = settled.get(number);
      if (paid && paid.balance.cop <= 0)
        throw new Conflict('already_paid', paymentMessages.alreadyPaid(number));
    }
    // An open request (a repack, a consolidation) will change the charge: it is paid once the request is done.
    const [busy] = await openRequestRefusals(tx, numbers);
    if (busy) throw new Conflict('busy', busy.reason);
    const owed = rows.map((row) => {
      if (!PAYABLE_STATES.has(row.state))
        throw new Conflict('not_payable', paymentMessages.notPayable(row.number, STATE_LABELS[row.state]));
      const charge = chargeOf.get(row.number);
      if (!row.dueCop || charge === undefined)
        throw new Conflict('no_charge', paymentMessages.noCharge(row.number));
      const balance = settled.get(row.number)?.balance;
      const left = balance?.lines ?? lines.get(row.number) ?? [];
      return {
        number: row.number,
        part: balance ? ('balance' as const) : ('charge' as const),
        amountCop: (balance ? 0 : charge) + lineSums(left).cop,
        lineIds: left.map((line) => line.id),
      };
    });
    const total = owed.reduce((sum, row) => sum + row.amountCop, 0);
    if (total < MIN_ONLINE_COP) throw new Invalid('too_small', paymentMessages.tooSmall);
    const [payment] = await tx
      .insert(onlinePayments)
      .values({ userId: caller.id, amountCop: total })
      .returning({ id: onlinePayments.id, reference: onlinePayments.paymentReference });
    if (!payment) throw new Error('the payment was not stored');
    await tx
      .insert(onlinePaymentPackages)
      .values(owed.map(({ number, ...row }) => ({ paymentId: payment.id, packageNumber: number, ...row })));
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
