// Undoing an online payment's transaction (design/payments.md 'When an approval is taken back' and 'Reembolsar'):
// the settlements its approval made are voided through the settlement module, as a correction's are, so each package
// owes its 'Valor a pagar' again and each invoice gets its 'Nota crédito'. Only what that very transaction settled is
// undone (its collections carry the transaction id as 'Referencia'): a payment flagged as a double settled nothing.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import { voidSettlements } from '../collections/settlements.ts';
import type { Transaction } from '../db/open.ts';
import { collections, onlinePaymentPackages, onlinePayments, packages, settlements } from '../db/schema.ts';
import { notifyPackageChanges } from '../packages/state-change.ts';

type Payment = typeof onlinePayments.$inferSelect;

/**
 * Voids what transaction `transactionId` of `payment` settled and is still in force; the packages undone, and those
 * of them already handed over ('Entregado': given away unpaid unless staff collect).
 */
export async function undoSettled(
  tx: Transaction,
  payment: Payment,
  transactionId: string,
  actor: { id: string | null; ip?: string },
  note: string,
) {
  const covered = tx
    .select({ number: onlinePaymentPackages.packageNumber })
    .from(onlinePaymentPackages)
    .where(eq(onlinePaymentPackages.paymentId, payment.id));
  const settled = await tx
    .select({ number: settlements.packageNumber, part: settlements.part })
    .from(settlements)
    .innerJoin(collections, eq(collections.id, settlements.collectionId))
    .where(
      and(
        inArray(settlements.packageNumber, covered),
        eq(settlements.source, 'online'),
        isNull(settlements.voidedAt),
        eq(collections.reference, transactionId),
      ),
    );
  for (const part of ['charge', 'balance'] as const) {
    const numbers = settled.filter((row) => row.part === part).map((row) => row.number);
    if (numbers.length > 0) await voidSettlements(tx, numbers, actor, note, 'online', part);
  }
  const undone = [...new Set(settled.map((row) => row.number))].sort((a, b) => a - b);
  const delivered = undone.length
    ? await tx
        .select({ number: packages.number })
        .from(packages)
        .where(and(inArray(packages.number, undone), eq(packages.state, 'entregado')))
    : [];
  return { undone, delivered: delivered.map((row) => row.number).sort((a, b) => a - b) };
}

/**
 * The transaction a refund of approved `payment` returns: the duplicate of one flagged 'Otra transacción aprobada'
 * (the first paid its packages and stays), otherwise the one that paid.
 */
export const refundTarget = (payment: Payment, otherTransactionFlag: string) =>
  payment.flag === otherTransactionFlag && payment.duplicateTransactionId
    ? payment.duplicateTransactionId
    : payment.transactionId;

/**
 * Finishes the refund of transaction `transactionId` of `payment` (locked by the caller) in the caller's transaction.
 * The transaction that paid: what it settled is undone and the payment becomes 'reembolsado'. A duplicate: nothing
 * of the packages changes, the payment stays 'aprobado' and its flag is cleared. Either way who, why and the refund's
 * reference are kept, and it is audited.
 */
export async function finishRefund(
  tx: Transaction,
  payment: Payment,
  refund: {
    transactionId: string;
    how: 'anulada' | 'manual';
    reference: string;
    actor: { id: string; ip?: string };
    motivo: string;
  },
) {
  const paying = refund.transactionId === payment.transactionId;
  const { undone } = paying
    ? await undoSettled(
        tx,
        payment,
        refund.transactionId,
        refund.actor,
        `Reembolso ${payment.paymentReference}: ${refund.motivo}`,
      )
    : { undone: [] };
  await tx
    .update(onlinePayments)
    .set({
      ...(paying ? { state: 'reembolsado' as const } : { flag: null }),
      refundedAt: new Date(),
      refundedBy: refund.actor.id,
      refundNote: refund.motivo,
      refundReference: refund.reference,
      refundIntent: null,
    })
    .where(eq(onlinePayments.id, payment.id));
  await recordAudit(tx, {
    action: 'online_payment_refunded',
    actorId: refund.actor.id,
    subjectId: payment.userId,
    ip: refund.actor.ip,
    detail: {
      reference: payment.paymentReference,
      transactionId: refund.transactionId,
      how: refund.how,
      motivo: refund.motivo,
      packages: undone,
    },
  });
  await notifyPackageChanges(tx, [payment.userId]);
}
