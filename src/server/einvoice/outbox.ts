// The invoice outbox (design/payments.md 'Sent by an outbox after the settlement commits'): a worker claims due
// invoices with FOR UPDATE SKIP LOCKED and a lease (the lease is also the back-off), sends each after the commit that
// made it due, and records what the provider answered: issued with its number and CUFE, refused with DIAN's codes until
// 'Reintentar', or due again later. Two workers or instances never hold one row at once, and the provider's
// reference_code (the settlement's id) stops a sending that raced a lost answer from issuing twice. A failure here
// never touches the settlement: the sale stands.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { billingDataProblem } from '../../shared/einvoice/billing-data.ts';
import { invoiceMessages } from '../../shared/einvoice/labels.ts';
import type { Database } from '../db/open.ts';
import { einvoices } from '../db/schema.ts';
import type { LiveChannel } from '../live/hub.ts';
import { startWorkerLoop, type WorkerLoop } from '../live/worker-loop.ts';
import { retryDelaySeconds } from '../mail/outbox.ts';
import { billingDataOf } from './billing-data.ts';
import type { Buyer, EinvoiceProvider, ProviderAnswer } from './provider.ts';

type Einvoice = typeof einvoices.$inferSelect;

/** Polled only (no NOTIFY yet): an invoice goes out within a poll of its settlement. */
const invoiceDue: LiveChannel<true> = { name: 'einvoice_due', decode: () => true };

/**
 * How long a claimed invoice is this worker's: longer than a batch takes at the provider's rate, so no other worker
 * takes it meanwhile; an answer then sets its real next attempt (the back-off), a crash leaves it due after this.
 */
const LEASE_SECONDS = 300;

/** Claims up to `limit` due invoices: each gets one more attempt and a lease. */
export async function claimDueInvoices(db: Database, limit: number, from: Date | null): Promise<Einvoice[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(einvoices)
      .where(
        and(
          eq(einvoices.state, 'pending'),
          lte(einvoices.nextAttemptAt, sql`now()`),
          from ? gte(einvoices.settledAt, from) : undefined,
        ),
      )
      .orderBy(asc(einvoices.nextAttemptAt), asc(einvoices.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed: Einvoice[] = [];
    for (const row of due) {
      const attempts = row.attempts + 1;
      await tx
        .update(einvoices)
        .set({ attempts, nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
        .where(eq(einvoices.id, row.id));
      claimed.push({ ...row, attempts });
    }
    return claimed;
  });
}

/** The buyer of `row`, or why it cannot be sent (we refuse it ourselves, in Spanish, before the provider). */
async function buyerOf(db: Database, row: Einvoice): Promise<Buyer | { problem: string }> {
  const data = row.userId ? (await billingDataOf(db, [row.userId])).get(row.userId) : undefined;
  if (!data) return { problem: 'El paquete no tiene cliente: no hay a quién facturar.' };
  const problem = billingDataProblem(data);
  if (problem) return { problem: `Datos de facturación del cliente: ${problem.message}` };
  const { documentType, documentNumber, name, address, municipality, email } = data;
  return { documentType, documentNumber, name, address, municipality, email };
}

/** Records `answer` on the row this worker claimed (its attempt number guards against a later claim). */
async function record(db: Database, row: Einvoice, answer: ProviderAnswer, buyer: Buyer | null) {
  const mine = and(
    eq(einvoices.id, row.id),
    eq(einvoices.attempts, row.attempts),
    eq(einvoices.state, 'pending'),
  );
  if (answer.kind === 'issued') {
    const { prefix, number, cufe, qrUrl, providerId } = answer;
    const issued = { prefix, number, cufe, qrUrl, providerId, issuedAt: new Date(), lastError: null };
    await db
      .update(einvoices)
      .set({ state: 'issued', ...issued, refusals: [], buyer: { ...buyer } })
      .where(mine);
  } else if (answer.kind === 'refused') {
    const lastError = answer.refusals[0]?.message ?? 'Rechazada';
    await db.update(einvoices).set({ state: 'refused', refusals: answer.refusals, lastError }).where(mine);
  } else {
    const wait = Math.max(answer.retryAfterSeconds ?? 0, retryDelaySeconds(row.attempts));
    await db
      .update(einvoices)
      .set({ lastError: answer.reason, nextAttemptAt: sql`now() + make_interval(secs => ${wait})` })
      .where(mine);
  }
}

/** What one sending came to: the provider's answer, or a credit note found not needed (no log, no failure). */
type Outcome = ProviderAnswer | { kind: 'cancelled' };

/**
 * A credit note whose invoice will never have a number (refused, or cancelled): no note is needed, and both are
 * cancelled, so a voided sale's invoice is never sent (design/payments.md 'The electronic invoice').
 */
async function cancelUnneeded(db: Database, row: Einvoice, invoice: Einvoice): Promise<Outcome> {
  const message = invoiceMessages.cancelled;
  await db.transaction(async (tx) => {
    await tx
      .update(einvoices)
      .set({ state: 'cancelled', lastError: message })
      .where(and(eq(einvoices.id, invoice.id), eq(einvoices.state, 'refused')));
    await tx
      .update(einvoices)
      .set({ state: 'cancelled', lastError: message })
      .where(
        and(eq(einvoices.id, row.id), eq(einvoices.attempts, row.attempts), eq(einvoices.state, 'pending')),
      );
  });
  return { kind: 'cancelled' };
}

/** Sends one claimed invoice and records the answer; a credit note waits for its invoice's number. */
async function sendOne(db: Database, provider: EinvoiceProvider, row: Einvoice): Promise<Outcome> {
  if (row.kind === 'credit_note') {
    const [invoice] = await db
      .select()
      .from(einvoices)
      .where(and(eq(einvoices.settlementId, row.settlementId), eq(einvoices.kind, 'invoice')));
    if (invoice && (invoice.state === 'refused' || invoice.state === 'cancelled'))
      return cancelUnneeded(db, row, invoice);
  }
  const buyer = await buyerOf(db, row);
  if ('problem' in buyer) {
    const answer = {
      kind: 'refused' as const,
      refusals: [{ code: 'datos_cliente', message: buyer.problem }],
    };
    await record(db, row, answer, null);
    return answer;
  }
  const document = {
    referenceCode: String(row.settlementId),
    buyer,
    lines: row.lines,
    observation: `Paquete #${row.packageNumber}, liquidación ${row.settlementId}`,
  };
  let answer: ProviderAnswer;
  if (row.kind === 'credit_note') {
    const [invoice] = await db
      .select()
      .from(einvoices)
      .where(and(eq(einvoices.settlementId, row.settlementId), eq(einvoices.kind, 'invoice')));
    answer = invoice?.providerId
      ? await provider.issueCreditNote({
          ...document,
          referenceCode: `NC-${row.settlementId}`,
          invoiceProviderId: invoice.providerId,
        })
      : { kind: 'retry', reason: 'La factura que anula aún no tiene número' };
  } else answer = await provider.issueInvoice(document);
  await record(db, row, answer, buyer);
  return answer;
}

export interface InvoiceWorker extends Pick<WorkerLoop, 'wake' | 'stop'> {
  /** Sends what is due now; resolves to the number issued. */
  deliverDue(): Promise<number>;
}

export function startInvoiceWorker(options: {
  db: Database;
  provider: EinvoiceProvider;
  from: Date | null;
  pollMs?: number;
  /** A refusal or a retry, told without any credential. */
  log: (line: string) => void;
}): InvoiceWorker {
  const { db, provider, log } = options;
  async function batch(): Promise<number> {
    let issued = 0;
    for (;;) {
      const claimed = await claimDueInvoices(db, 10, options.from);
      if (claimed.length === 0 || loop.stopped()) return issued;
      for (const row of claimed) {
        const answer = await sendOne(db, provider, row);
        if (answer.kind === 'issued') issued++;
        else if (answer.kind === 'cancelled') continue;
        else if (answer.kind === 'refused')
          log(
            `[factura] Liquidación ${row.settlementId} rechazada: ${answer.refusals.map((r) => `${r.code} ${r.message}`).join('; ')}`,
          );
        else log(`[factura] Liquidación ${row.settlementId} (intento ${row.attempts}): ${answer.reason}`);
      }
    }
  }
  const loop = startWorkerLoop({
    tag: '[factura]',
    channel: invoiceDue,
    pollMs: options.pollMs ?? 5000,
    batch,
    log,
  });
  return { deliverDue: loop.runDue, wake: loop.wake, stop: loop.stop };
}
