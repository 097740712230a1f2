// 'Reembolsar' (design/payments.md, admins only, with 'Motivo'): a card payment is voided through Wompi's API; any
// other (PSE, Nequi, Bancolombia, or a card Wompi would not void) is recorded as a manual refund with its reference. In
// one transaction the payment becomes 'reembolsado', the settlements it made are voided (audited, as a correction's)
// so the package owes its 'Valor a pagar' again, and the refund is audited. A card refund records its intent before
// Wompi is asked: should the database fail once Wompi has voided, Wompi's VOIDED event (apply.ts) or the refund
// tried again (Wompi then refuses a second void, and says the transaction is voided) finishes it.
import { and, eq } from 'drizzle-orm';
import type { PaymentRefunded } from '../../shared/payments/api-types.ts';
import { paymentMessages } from '../../shared/payments/forms.ts';
import type { Database } from '../db/open.ts';
import { onlinePayments } from '../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { FLAGS } from './apply.ts';
import type { PaymentProvider } from './port.ts';
import { finishRefund, refundTarget } from './undo.ts';

type Form = { motivo: string; referencia: string };

export async function refundPayment(
  db: Database,
  provider: PaymentProvider,
  actor: { id: string; ip?: string },
  reference: string,
  form: Form,
): Promise<PaymentRefunded> {
  const [payment] = await db
    .select()
    .from(onlinePayments)
    .where(eq(onlinePayments.paymentReference, reference));
  if (!payment) throw new NotFound(paymentMessages.paymentNotFound);
  const target = refundTarget(payment, FLAGS.otherTransaction);
  if (payment.state !== 'aprobado' || !target)
    throw new Conflict('not_refundable', paymentMessages.notRefundable);
  const card = payment.method === 'Tarjeta' && !form.referencia;
  if (!card && !form.referencia)
    throw new Invalid('refund_reference', paymentMessages.refundReference, { field: 'referencia' });
  if (card && !(await voidAtWompi(db, provider, payment.id, target, actor, form)))
    throw new Invalid('refund_reference', paymentMessages.voidRefused, { field: 'referencia' });
  const how = card ? 'anulada' : 'manual';
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(onlinePayments)
      .where(eq(onlinePayments.id, payment.id))
      .for('update');
    // Wompi's VOIDED event finished this very refund first: done.
    if (card && locked?.refundedAt && locked.refundReference === target) return;
    if (locked?.state !== 'aprobado') throw new Conflict('not_refundable', paymentMessages.notRefundable);
    await finishRefund(tx, locked, {
      transactionId: target,
      how,
      reference: card ? target : form.referencia,
      actor,
      motivo: form.motivo,
    });
  });
  return { reference, how, message: paymentMessages.refunded(reference) };
}

/**
 * Asks Wompi to void card transaction `target` (outside a transaction: a network call), its intent committed first;
 * true once Wompi has voided it (now, or in an earlier attempt whose database step failed). Refused, the intent is
 * withdrawn and the admin refunds by hand.
 */
async function voidAtWompi(
  db: Database,
  provider: PaymentProvider,
  paymentId: number,
  target: string,
  actor: { id: string },
  form: Form,
) {
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ state: onlinePayments.state })
      .from(onlinePayments)
      .where(eq(onlinePayments.id, paymentId))
      .for('update');
    if (locked?.state !== 'aprobado') throw new Conflict('not_refundable', paymentMessages.notRefundable);
    await tx
      .update(onlinePayments)
      .set({
        refundIntent: {
          transactionId: target,
          by: actor.id,
          motivo: form.motivo,
          at: new Date().toISOString(),
        },
      })
      .where(eq(onlinePayments.id, paymentId));
  });
  const voided = (await provider.void(target)) || (await provider.transaction(target))?.status === 'VOIDED';
  if (!voided)
    await db
      .update(onlinePayments)
      .set({ refundIntent: null })
      .where(and(eq(onlinePayments.id, paymentId), eq(onlinePayments.state, 'aprobado')));
  return voided;
}
