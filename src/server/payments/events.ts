// Wompi's events as an inbox (design/payments.md 'The truth is Wompi's event'; docs/PERFORMANCE.md 'Online payments'):
// a checked event is stored in one statement ('recibido', unique per transaction and status, so a repeat stores
// nothing) and answered 200 at once; a worker then applies the stored events oldest first, each in a transaction of
// its own (apply.ts decide()). Once stored, an event cannot be lost: a worker that stops leaves it 'recibido' for
// the next batch or another instance's poll, and the row's lock (SKIP LOCKED) lets several instances share the
// queue without applying one event twice.
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Database, Transaction } from '../db/open.ts';
import { paymentEvents } from '../db/schema.ts';
import type { LiveChannel } from '../live/hub.ts';
import { startWorkerLoop, type WorkerLoop } from '../live/worker-loop.ts';
import type { MailSettings } from '../packages/state-change.ts';
import { decide, eventRow, retryLostRace } from './apply.ts';
import type { ProviderTransaction } from './port.ts';

/** Stores a checked event to be applied: 'repetido' when this transaction's status was stored already. */
export async function receiveEvent(
  db: Database,
  transaction: ProviderTransaction,
): Promise<'recibido' | 'repetido'> {
  const [stored] = await db
    .insert(paymentEvents)
    .values(eventRow(transaction, 'evento'))
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return stored ? 'recibido' : 'repetido';
}

/** The oldest waiting event no other worker holds (or event `id` again, for a retry), locked. */
async function claim(tx: Transaction, skip: number[], id?: number) {
  const [event] = await tx
    .select()
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.outcome, 'recibido'),
        id === undefined ? undefined : eq(paymentEvents.id, id),
        skip.length ? notInArray(paymentEvents.id, skip) : undefined,
      ),
    )
    .orderBy(asc(paymentEvents.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return event;
}

/**
 * Applies the waiting events until none is left (or `stopped()`); how many were applied. An event whose application
 * fails is left 'recibido', told through `failed`, and tried again in the next batch, not blocking those behind it.
 */
export async function applyWaitingEvents(
  db: Database,
  mail: MailSettings,
  options: {
    stopped?: () => boolean;
    failed?: (id: number, error: unknown) => void;
    /** After each event, wait as long as it took: the answers to Wompi keep half the process in a burst. */
    paced?: boolean;
  } = {},
): Promise<number> {
  const skip: number[] = [];
  let applied = 0;
  let lastMs = 0;
  while (!options.stopped?.()) {
    if (options.paced && lastMs > 0) await new Promise((resolve) => setTimeout(resolve, lastMs));
    let claimed: number | undefined;
    const begun = performance.now();
    try {
      const done = await retryLostRace((lostRace) =>
        db.transaction(async (tx) => {
          const event = await claim(tx, skip, claimed);
          if (!event) return false;
          claimed = event.id;
          await decide(tx, event, lostRace, mail);
          return true;
        }),
      );
      if (!done) return applied;
      applied++;
      lastMs = performance.now() - begun;
    } catch (error) {
      if (claimed === undefined) throw error;
      skip.push(claimed);
      options.failed?.(claimed, error);
    }
  }
  return applied;
}

export interface PaymentEventWorker extends Pick<WorkerLoop, 'wake' | 'stop'> {
  /** Applies what is waiting now (after a batch under way); resolves to how many were applied. */
  runDue(): Promise<number>;
}

/** Not listened to: the instance that stores an event wakes its own worker; the poll takes what another left. */
const eventsWaiting: LiveChannel<true> = { name: 'payment_events_waiting', decode: () => true };

export function startPaymentEventWorker(options: {
  db: Database;
  mail: MailSettings;
  pollMs?: number;
  log: (line: string) => void;
}): PaymentEventWorker {
  const { db, mail, log } = options;
  const loop = startWorkerLoop({
    tag: '[pagos]',
    channel: eventsWaiting,
    pollMs: options.pollMs ?? 5000,
    batch: () =>
      applyWaitingEvents(db, mail, {
        paced: true,
        stopped: () => loop.stopped(),
        failed: (id, error) =>
          log(`[pagos] Evento ${id} sin aplicar: ${error instanceof Error ? error.message : error}`),
      }),
    log,
  });
  return { runDue: loop.runDue, wake: loop.wake, stop: loop.stop };
}
