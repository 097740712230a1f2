// The periodic check (design/payments.md 'The truth is Wompi's event'): a payment still pending after 10 minutes, whose
// event never came (the app was down, Wompi's retries ran out), is looked up by its reference and its final verdict
// applied like an event's; so is an approved one whose card refund is under way (its VOIDED event may be lost). It
// asks in rotation, those never asked first, then those asked longest ago, so no number of abandoned checkouts hides
// the rest; one payment Wompi cannot be asked about is logged and the others are asked. A checkout abandoned past
// its expiry (Wompi knows no transaction of it still pending or approved) is 'expirado': we cannot confirm that Wompi
// signs `expiration-time`, so the checkout is not signed with it and expires on our side only; a later approval is
// still applied, as any approval is.
import { and, asc, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/open.ts';
import { onlinePayments } from '../db/schema.ts';
import { logWarning } from '../observability/log.ts';
import { type MailSettings, notifyPackageChanges } from '../packages/state-change.ts';
import { applyVerdict } from './apply.ts';
import type { PaymentProvider } from './port.ts';

export const PENDING_AFTER_MS = 10 * 60_000;
/** A checkout with nothing pending or approved at Wompi this long after it began is 'expirado'. */
export const EXPIRES_AFTER_MS = 60 * 60_000;
const CHECK_EVERY_MS = 5 * 60_000;
const BATCH = 100;
export const EXPIRED_MESSAGE = 'El pago venció sin que Wompi lo aprobara.';

type Due = { id: number; reference: string; userId: string; state: string; createdAt: Date };

/** Asks the provider about the next batch of payments due a look; how many got a final verdict or expired. */
export async function checkPendingPayments(
  db: Database,
  provider: PaymentProvider,
  mail: MailSettings,
  now = new Date(),
) {
  const due = await db
    .select({
      id: onlinePayments.id,
      reference: onlinePayments.paymentReference,
      userId: onlinePayments.userId,
      state: onlinePayments.state,
      createdAt: onlinePayments.createdAt,
    })
    .from(onlinePayments)
    .where(
      and(
        or(
          eq(onlinePayments.state, 'pendiente'),
          and(eq(onlinePayments.state, 'aprobado'), isNotNull(onlinePayments.refundIntent)),
        ),
        lt(onlinePayments.createdAt, new Date(now.getTime() - PENDING_AFTER_MS)),
      ),
    )
    .orderBy(sql`${onlinePayments.checkedAt} asc nulls first`, asc(onlinePayments.createdAt))
    .limit(BATCH);
  let decided = 0;
  for (const payment of due) {
    try {
      decided += await checkOne(db, provider, mail, payment, now);
    } catch (error) {
      logWarning(
        'payments',
        `No se pudo consultar el pago ${payment.reference} con Wompi: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  return decided;
}

async function checkOne(
  db: Database,
  provider: PaymentProvider,
  mail: MailSettings,
  payment: Due,
  now: Date,
) {
  // Stamped before asking: one Wompi cannot answer about takes its turn like the others, not every turn.
  await db.update(onlinePayments).set({ checkedAt: now }).where(eq(onlinePayments.id, payment.id));
  const found = await provider.transactionsOf(payment.reference);
  // An approval first: money taken wins over an earlier refusal of the same reference.
  const final = found
    .filter((transaction) => transaction.status !== 'PENDING')
    .sort((a, b) => Number(b.status === 'APPROVED') - Number(a.status === 'APPROVED'));
  let decided = 0;
  for (const transaction of final) if ((await applyVerdict(db, transaction, mail)) === 'aplicado') decided++;
  const live = found.some((transaction) => ['PENDING', 'APPROVED'].includes(transaction.status));
  const expired = payment.createdAt.getTime() <= now.getTime() - EXPIRES_AFTER_MS;
  if (payment.state === 'pendiente' && expired && !live && (await expire(db, payment, now))) decided++;
  return decided;
}

/** Marks pending `payment` 'expirado' (unless a verdict came meanwhile); whether it did. */
function expire(db: Database, payment: Due, now: Date) {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(onlinePayments)
      .set({ state: 'expirado', statusMessage: EXPIRED_MESSAGE, decidedAt: now })
      .where(and(eq(onlinePayments.id, payment.id), eq(onlinePayments.state, 'pendiente')))
      .returning({ id: onlinePayments.id });
    if (!done) return false;
    await recordAudit(tx, {
      action: 'online_payment_decided',
      subjectId: payment.userId,
      detail: { reference: payment.reference, state: 'expirado' },
    });
    await notifyPackageChanges(tx, [payment.userId]);
    return true;
  });
}

export function startPendingCheck(
  db: Database,
  provider: PaymentProvider,
  mail: MailSettings,
  log: (line: string) => void,
) {
  const timer = setInterval(() => {
    checkPendingPayments(db, provider, mail).catch((error) =>
      log(`[pagos] ${error instanceof Error ? error.message : error}`),
    );
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
