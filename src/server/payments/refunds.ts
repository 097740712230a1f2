// 'Reembolsar' (design/payments.md, admins only, with 'Motivo'): a card payment is voided through Wompi's API; any
// other (PSE, Nequi, Bancolombia, or a card Wompi would not void) is recorded as a manual refund with its reference. In
// one transaction the payment becomes 'reembolsado', the settlements it made are voided (audited, as a correction's)
// so the package owes its 'Valor a pagar' again, and the refund is audited.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { PaymentRefunded, StaffPayment } from '../../shared/payments/api-types.ts';
import { paymentMessages } from '../../shared/payments/forms.ts';
import { recordAudit } from '../audit/audit.ts';
import { voidSettlements } from '../collections/settlements.ts';
import type { Database } from '../db/open.ts';
import { onlinePaymentPackages, onlinePayments, pqrs, users } from '../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { notifyPackageChanges } from '../packages/state-change.ts';
import type { PaymentProvider } from './port.ts';

export async function refundPayment(
  db: Database,
  provider: PaymentProvider,
  actor: { id: string; ip?: string },
  reference: string,
  form: { motivo: string; referencia: string },
): Promise<PaymentRefunded> {
  const [payment] = await db
    .select()
    .from(onlinePayments)
    .where(eq(onlinePayments.paymentReference, reference));
  if (!payment) throw new NotFound(paymentMessages.paymentNotFound);
  if (payment.state !== 'aprobado' || !payment.transactionId)
    throw new Conflict('not_refundable', paymentMessages.notRefundable);
  // A card is voided at Wompi first (outside the transaction: a network call); refused, the admin refunds by hand.
  const voided =
    payment.method === 'Tarjeta' && !form.referencia && (await provider.void(payment.transactionId));
  if (!voided && !form.referencia)
    throw new Invalid(
      'refund_reference',
      payment.method === 'Tarjeta' ? paymentMessages.voidRefused : paymentMessages.refundReference,
      { field: 'referencia' },
    );
  const how = voided ? 'anulada' : 'manual';
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(onlinePayments)
      .where(eq(onlinePayments.id, payment.id))
      .for('update');
    if (locked?.state !== 'aprobado') throw new Conflict('not_refundable', paymentMessages.notRefundable);
    const covered = await tx
      .select({ number: onlinePaymentPackages.packageNumber, part: onlinePaymentPackages.part })
      .from(onlinePaymentPackages)
      .where(eq(onlinePaymentPackages.paymentId, payment.id));
    // Only what this payment settled (a payment flagged as a double settled nothing of its own): of each package,
    // the part it paid (the charge, or the 'Saldo pendiente' another payment left).
    const own = payment.flag === null ? covered : [];
    for (const part of ['charge', 'balance'] as const) {
      const numbers = own.filter((row) => row.part === part).map((row) => row.number);
      await voidSettlements(tx, numbers, actor, `Reembolso ${reference}: ${form.motivo}`, 'online', part);
    }
    await tx
      .update(onlinePayments)
      .set({
        state: 'reembolsado',
        refundedAt: new Date(),
        refundedBy: actor.id,
        refundNote: form.motivo,
        refundReference: voided ? payment.transactionId : form.referencia,
      })
      .where(eq(onlinePayments.id, payment.id));
    await recordAudit(tx, {
      action: 'online_payment_refunded',
      actorId: actor.id,
      subjectId: payment.userId,
      ip: actor.ip,
      detail: {
        reference,
        transactionId: payment.transactionId,
        how,
        motivo: form.motivo,
        packages: own.map((row) => row.number),
      },
    });
    await notifyPackageChanges(tx, [payment.userId]);
  });
  return { reference, how, message: paymentMessages.refunded(reference) };
}

/** The latest online payments that took money, newest first, with what staff must look at. */
export async function staffPayments(db: Database, limit = 50): Promise<StaffPayment[]> {
  const rows = await db
    .select({ payment: onlinePayments, customerName: users.name })
    .from(onlinePayments)
    .innerJoin(users, eq(users.id, onlinePayments.userId))
    .where(inArray(onlinePayments.state, ['aprobado', 'reembolsado']))
    .orderBy(desc(onlinePayments.decidedAt), desc(onlinePayments.id))
    .limit(limit);
  const ids = rows.map((row) => row.payment.id);
  const covered = ids.length
    ? await db.select().from(onlinePaymentPackages).where(inArray(onlinePaymentPackages.paymentId, ids))
    : [];
  const numbers = [...new Set(covered.map((row) => row.packageNumber))];
  const reversals = numbers.length
    ? await db
        .select({ radicado: pqrs.radicado, packageNumber: pqrs.packageNumber, userId: pqrs.userId })
        .from(pqrs)
        .where(and(eq(pqrs.type, 'reversion_pago'), inArray(pqrs.packageNumber, numbers)))
        .orderBy(asc(pqrs.number))
    : [];
  return rows.map(({ payment, customerName }) => {
    const packages = covered.filter((row) => row.paymentId === payment.id).map((row) => row.packageNumber);
    return {
      reference: payment.paymentReference,
      state: payment.state,
      amountCop: payment.amountCop,
      method: payment.method,
      transactionId: payment.transactionId,
      customerName,
      packages,
      flag: payment.flag,
      decidedAt: payment.decidedAt?.toISOString() ?? null,
      // The payer's own claims on these packages (a package is one customer's, so theirs alone).
      reversals: reversals
        .filter((row) => row.userId === payment.userId && packages.includes(row.packageNumber ?? 0))
        .map((row) => row.radicado),
    };
  });
}
