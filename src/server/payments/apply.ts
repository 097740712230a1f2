// What a provider's verdict does (design/payments.md: 'The truth is Wompi's event, not the redirect'), from a checked
// event or the transactions API alike: recorded once per transaction and status (a repeat changes nothing), a mismatch
// of reference, amount or currency flagged for staff and never applied, a refusal shown, and an approval settling every
// covered package in one transaction through the settlement module (collection 'Wompi', the transaction id as its
// 'Referencia'). Two payments of one package approved at once meet at the settlement's unique index: exactly one is
// applied, the other is flagged for a refund. A later refusal or void of the transaction that paid undoes what it
// settled (undo.ts), and finishes a refund under way.
import { and, eq } from 'drizzle-orm';
import type { OnlinePaymentState } from '../../shared/payments/api-types.ts';
import { recordAudit } from '../audit/audit.ts';
import { lockedWithDue } from '../charges/charge-lines.ts';
import { anySettled, settlePackages } from '../collections/settlements.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Transaction } from '../db/open.ts';
import {
  onlinePaymentPackages,
  onlinePayments,
  type ProviderStatus,
  paymentEvents,
  users,
} from '../db/schema.ts';
import { Conflict } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { logWarning } from '../observability/log.ts';
import { type MailSettings, notifyPackageChanges } from '../packages/state-change.ts';
import { approvedMail } from './mails.ts';
import { owedNow, stillOwed } from './owed.ts';
import type { ProviderTransaction } from './port.ts';
import { finishRefund, undoSettled } from './undo.ts';

export type Via = 'evento' | 'consulta';

/** What was done with a verdict (also the event's stored `outcome`). */
export type Outcome = 'aplicado' | 'sin cambio' | 'repetido' | 'marcado';

const STATE_OF: Record<Exclude<ProviderStatus, 'PENDING'>, OnlinePaymentState> = {
  APPROVED: 'aprobado',
  DECLINED: 'rechazado',
  ERROR: 'error',
  VOIDED: 'anulado',
};

export const FLAGS = {
  unknownReference: 'Referencia desconocida',
  mismatch: (transaction: ProviderTransaction) =>
    `No coincide con el pago: Wompi informó $ ${transaction.amountInCents / 100} ${transaction.currency}`,
  alreadyPaid: 'Aprobado para un paquete ya pagado: reembolsar',
  otherTransaction: 'Otra transacción aprobada con esta referencia: reembolsar',
  noLongerOwed: (numbers: number[]) =>
    `Aprobado por un valor que ${numbers.length === 1 ? 'el paquete' : 'los paquetes'} ${numbers.join(', ')} ya no ${numbers.length === 1 ? 'debe' : 'deben'} (cambió su cobro o su estado mientras se pagaba): reembolsar`,
  voidedAfterDelivery: (numbers: number[]) =>
    `Wompi anuló el pago de ${numbers.length === 1 ? 'un paquete ya entregado' : 'paquetes ya entregados'} (${numbers.join(', ')}): cobrar al cliente`,
};

/** The settlement's indexes two approvals of one package meet at. */
const isDoublePayment = (error: unknown) =>
  isUniqueViolation(error, 'settlements_package_unique') ||
  isUniqueViolation(error, 'collections_package_unique');

type Payment = typeof onlinePayments.$inferSelect;

/** An event as stored ('recibido' until applied): what decide() reads. */
export type StoredEvent = typeof paymentEvents.$inferSelect;

/** The row a verdict is stored as, waiting to be applied. */
export const eventRow = (transaction: ProviderTransaction, via: Via) => ({
  transactionId: transaction.id,
  status: transaction.status,
  reference: transaction.reference,
  amountInCents: transaction.amountInCents,
  currency: transaction.currency,
  method: transaction.method,
  statusMessage: transaction.statusMessage,
  via,
  outcome: 'recibido',
});

/**
 * Applies a verdict the app asked the provider for (the return page, the check of payments left pending): recorded
 * and applied in one transaction. Wompi's events take the inbox instead (events.ts).
 */
export async function applyVerdict(
  db: Database,
  transaction: ProviderTransaction,
  mail: MailSettings,
): Promise<Outcome> {
  // Already recorded (by an event or an earlier look): answered without opening a transaction.
  const [seen] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(
      and(eq(paymentEvents.transactionId, transaction.id), eq(paymentEvents.status, transaction.status)),
    );
  if (seen) return 'repetido';
  const run = (lostRace: boolean) =>
    db.transaction(async (tx) => {
      const [event] = await tx
        .insert(paymentEvents)
        .values(eventRow(transaction, 'consulta'))
        .onConflictDoNothing()
        .returning();
      return event ? decide(tx, event, lostRace, mail) : 'repetido';
    });
  return retryLostRace(run);
}

/**
 * Runs `apply`; when another payment of one of its packages was applied meanwhile (the settlement's unique index),
 * runs it again as the race's loser: recorded and flagged, not applied.
 */
export async function retryLostRace<T>(apply: (lostRace: boolean) => Promise<T>): Promise<T> {
  try {
    return await apply(false);
  } catch (error) {
    if (!isDoublePayment(error)) throw error;
    return apply(true);
  }
}

/** What stored event `event` (locked by the caller, still 'recibido') does, inside the caller's transaction. */
export async function decide(tx: Transaction, event: StoredEvent, lostRace: boolean, mail: MailSettings) {
  const transaction: ProviderTransaction = {
    id: event.transactionId,
    reference: event.reference,
    amountInCents: event.amountInCents,
    currency: event.currency,
    status: event.status,
    statusMessage: event.statusMessage,
    method: event.method,
  };
  const [payment] = await tx
    .select()
    .from(onlinePayments)
    .where(eq(onlinePayments.paymentReference, transaction.reference))
    .for('update');
  const finish = async (outcome: Outcome, flag?: string) => {
    await tx
      .update(paymentEvents)
      .set({ outcome: flag ?? outcome, paymentId: payment?.id ?? null })
      .where(eq(paymentEvents.id, event.id));
    if (flag) {
      if (payment) await tx.update(onlinePayments).set({ flag }).where(eq(onlinePayments.id, payment.id));
      await recordAudit(tx, {
        action: 'online_payment_flagged',
        subjectId: payment?.userId ?? null,
        detail: {
          reference: transaction.reference,
          transactionId: transaction.id,
          status: transaction.status,
          flag,
        },
      });
      logWarning('payments', `Pago ${transaction.reference} (${transaction.id}) marcado: ${flag}`);
    }
    if (payment) await notifyPackageChanges(tx, [payment.userId]);
    return flag ? 'marcado' : outcome;
  };
  if (!payment) return finish('marcado', FLAGS.unknownReference);
  if (transaction.currency !== 'COP' || transaction.amountInCents !== payment.amountCop * 100)
    return finish('marcado', FLAGS.mismatch(transaction));
  if (transaction.status === 'PENDING') return finish('sin cambio');
  const decided = {
    state: STATE_OF[transaction.status],
    transactionId: transaction.id,
    method: transaction.method,
    statusMessage: transaction.statusMessage,
    decidedAt: new Date(),
  };
  if (payment.state === 'aprobado') {
    if (transaction.status === 'APPROVED') {
      if (payment.transactionId === transaction.id) return finish('sin cambio');
      // Another transaction approved with this reference took money twice: kept, it is the one a refund voids.
      if (payment.duplicateTransactionId === null)
        await tx
          .update(onlinePayments)
          .set({ duplicateTransactionId: transaction.id })
          .where(eq(onlinePayments.id, payment.id));
      return finish('marcado', FLAGS.otherTransaction);
    }
    // The transaction that paid (or the duplicate a refund voids), voided or refused after its approval.
    const intended =
      transaction.status === 'VOIDED' && payment.refundIntent?.transactionId === transaction.id;
    if (payment.transactionId !== transaction.id && !intended) return finish('sin cambio');
    const flag = await takeBack(tx, payment, transaction, transaction.status);
    return finish(flag ? 'marcado' : 'aplicado', flag);
  }
  if (transaction.status !== 'APPROVED') {
    if (payment.state !== 'pendiente') return finish('sin cambio');
    await tx.update(onlinePayments).set(decided).where(eq(onlinePayments.id, payment.id));
    await audit(tx, payment.userId, transaction);
    return finish('aplicado');
  }
  const covered = await tx
    .select()
    .from(onlinePaymentPackages)
    .where(eq(onlinePaymentPackages.paymentId, payment.id));
  const numbers = covered.map((row) => row.packageNumber);
  // The packages locked in order, as a delivery locks them: one of the two settles, the other then sees it.
  const locked = await lockedWithDue(tx, numbers);
  await tx.update(onlinePayments).set(decided).where(eq(onlinePayments.id, payment.id));
  await audit(tx, payment.userId, transaction);
  if (lostRace || (await anySettled(tx, covered))) return finish('marcado', FLAGS.alreadyPaid);
  // Issue 45, defect 1: what each package owes now, under the locks; a package consolidated, returned, repacked or
  // recomputed since the payment started no longer owes what was paid, and the money waits for a refund.
  const now = await owedNow(tx, locked).catch((error: unknown) => {
    if (error instanceof Conflict) return [];
    throw error;
  });
  const current = new Map(now.map((row) => [row.number, row]));
  const changed = covered.filter((row) => !stillOwed(row, current.get(row.packageNumber)));
  if (changed.length > 0)
    return finish('marcado', FLAGS.noLongerOwed(changed.map((row) => row.packageNumber)));
  await settlePackages(
    tx,
    covered.map((row) => ({
      number: row.packageNumber,
      source: 'online' as const,
      routeId: null,
      courierId: null,
      deliveryId: null,
      at: decided.decidedAt,
      paid: { amountCop: row.amountCop, means: 'wompi' as const, reference: transaction.id },
      part: row.part,
      lineIds: row.lineIds,
    })),
    null,
  );
  const [owner] = await tx
    .select({ email: users.email, name: users.name, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, payment.userId));
  if (owner && !owner.deletedAt)
    await enqueueMail(
      tx,
      approvedMail(mail, owner, {
        reference: payment.paymentReference,
        amountCop: payment.amountCop,
        method: transaction.method,
        packages: numbers,
      }),
    );
  return finish('aplicado');
}

/**
 * Undoes approved `payment` whose transaction Wompi voided or refused (design/payments.md 'When an approval is taken
 * back'): a refund under way is finished as such; otherwise the payment takes the verdict's state and, when a
 * package it paid was already handed over, the flag staff must act on.
 */
async function takeBack(
  tx: Transaction,
  payment: Payment,
  transaction: ProviderTransaction,
  status: 'DECLINED' | 'ERROR' | 'VOIDED',
) {
  const intent = payment.refundIntent;
  if (status === 'VOIDED' && intent?.transactionId === transaction.id) {
    await finishRefund(tx, payment, {
      transactionId: transaction.id,
      how: 'anulada',
      reference: transaction.id,
      actor: { id: intent.by },
      motivo: intent.motivo,
    });
    return undefined;
  }
  const { delivered } = await undoSettled(
    tx,
    payment,
    transaction.id,
    { id: null },
    `Wompi: transacción ${transaction.id} ${status}`,
  );
  await tx
    .update(onlinePayments)
    .set({
      state: STATE_OF[status],
      statusMessage: transaction.statusMessage,
      decidedAt: new Date(),
    })
    .where(eq(onlinePayments.id, payment.id));
  await audit(tx, payment.userId, transaction);
  return delivered.length > 0 ? FLAGS.voidedAfterDelivery(delivered) : undefined;
}

function audit(tx: Transaction, userId: string, transaction: ProviderTransaction) {
  return recordAudit(tx, {
    action: 'online_payment_decided',
    subjectId: userId,
    detail: {
      reference: transaction.reference,
      transactionId: transaction.id,
      status: transaction.status,
      method: transaction.method,
      amountInCents: transaction.amountInCents,
    },
  });
}
