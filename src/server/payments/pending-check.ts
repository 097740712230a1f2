// The periodic check (design/payments.md): a payment still pending after 10 minutes, whose event never came (the app
// was down, Wompi's retries ran out), is looked up by its reference and its final verdict applied like an event's.
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/open.ts';
import { onlinePayments } from '../db/schema.ts';
import type { MailSettings } from '../packages/state-change.ts';
import { applyVerdict } from './apply.ts';
import type { PaymentProvider } from './port.ts';

export const PENDING_AFTER_MS = 10 * 60_000;
const CHECK_EVERY_MS = 5 * 60_000;
const BATCH = 100;

/** Asks the provider about payments pending for over 10 minutes; how many got a final verdict. */
export async function checkPendingPayments(
  db: Database,
  provider: PaymentProvider,
  mail: MailSettings,
  now = new Date(),
) {
  const pending = await db
    .select({ reference: onlinePayments.paymentReference })
    .from(onlinePayments)
    .where(
      and(
        eq(onlinePayments.state, 'pendiente'),
        isNull(onlinePayments.flag),
        lt(onlinePayments.createdAt, new Date(now.getTime() - PENDING_AFTER_MS)),
      ),
    )
    .orderBy(asc(onlinePayments.createdAt))
    .limit(BATCH);
  let decided = 0;
  for (const { reference } of pending) {
    const found = await provider.transactionsOf(reference);
    // An approval first: money taken wins over an earlier refusal of the same reference.
    const final = found
      .filter((transaction) => transaction.status !== 'PENDING')
      .sort((a, b) => Number(b.status === 'APPROVED') - Number(a.status === 'APPROVED'));
    for (const transaction of final)
      if ((await applyVerdict(db, transaction, mail)) === 'aplicado') decided++;
  }
  return decided;
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
