// The notices' worker (NOTICES.md 'What is sent'): claims due notices under one shared per-second budget (at most
// WHATSAPP_RATE a second across every instance), sends them to the Cloud API, and records what it answered. Rows
// are claimed with FOR UPDATE SKIP LOCKED and leased for five minutes, so instances never send one notice twice.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/open.ts';
import { noticeRate, notices } from '../db/schema.ts';
import type { LiveChannel, LiveHub } from '../live/hub.ts';
import { postMessage, type SendOutcome, templateBody } from './cloud-api.ts';
import type { WhatsappConfig } from './config.ts';
import { failNotice, markRetry, markSent } from './outcome.ts';

export const noticeQueued: LiveChannel<true> = { name: 'notice_queued', decode: () => true };

const LEASE_SECONDS = 300;
const PARALLEL = 16;

type NoticeRow = typeof notices.$inferSelect;

/** Claims up to the rest of this second's budget; when it is spent, says how long until the next second. */
export async function claimDue(
  db: Database,
  rate: number,
  max = rate,
): Promise<{ rows: NoticeRow[]; waitMs: number }> {
  return db.transaction(async (tx) => {
    await tx.insert(noticeRate).values({ id: 1, second: 0, used: 0 }).onConflictDoNothing();
    const [slot] = await tx
      .select({
        second: noticeRate.second,
        used: noticeRate.used,
        now: sql<number>`extract(epoch from clock_timestamp())::float8`.mapWith(Number),
      })
      .from(noticeRate)
      .where(eq(noticeRate.id, 1))
      .for('update');
    if (!slot) return { rows: [], waitMs: 1000 };
    const second = Math.floor(slot.now);
    const used = slot.second === second ? slot.used : 0;
    const budget = Math.min(max, rate - used);
    if (budget <= 0) return { rows: [], waitMs: Math.max(1, Math.ceil((second + 1 - slot.now) * 1000)) };
    const due = tx
      .select({ id: notices.id })
      .from(notices)
      .where(and(eq(notices.state, 'queued'), lte(notices.nextAttemptAt, sql`now()`)))
      .orderBy(asc(notices.nextAttemptAt), asc(notices.id))
      .limit(budget)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(notices)
      .set({
        attempts: sql`${notices.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(inArray(notices.id, due))
      .returning();
    if (rows.length)
      await tx
        .update(noticeRate)
        .set({ second, used: used + rows.length })
        .where(eq(noticeRate.id, 1));
    return { rows, waitMs: 0 };
  });
}

export interface NoticeWorker {
  /** Sends what is due now, at the configured rate; resolves to the number accepted by the API. */
  sendDue(): Promise<number>;
  wake(): void;
  listening: Promise<void>;
  stop(): Promise<void>;
}

export function startNoticeWorker(options: {
  db: Database;
  config: WhatsappConfig;
  live?: LiveHub;
  pollMs?: number;
  log?: (line: string) => void;
  fetch?: typeof fetch;
}): NoticeWorker {
  const { db, config } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function record(row: NoticeRow, outcome: SendOutcome) {
    if (outcome.kind === 'sent') return markSent(db, row.id, outcome.wamid);
    log(`[whatsapp] Aviso ${row.id} (${row.template}), intento ${row.attempts}: ${outcome.reason}`);
    if (outcome.kind === 'retry')
      return markRetry(db, row, outcome.reason, outcome.code, outcome.afterSeconds);
    await db.transaction((tx) => failNotice(tx, row.id, outcome.code, outcome.reason));
  }

  async function sendOne(row: NoticeRow): Promise<boolean> {
    const body = templateBody({ to: row.toPhone, template: row.template, parameters: row.parameters });
    const outcome = await postMessage(config, body, options.fetch);
    await record(row, outcome);
    return outcome.kind === 'sent';
  }

  async function sendBatch(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const { rows, waitMs } = await claimDue(db, config.rate);
      if (waitMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        continue;
      }
      if (rows.length === 0) return sent;
      for (let i = 0; i < rows.length; i += PARALLEL)
        sent += (await Promise.all(rows.slice(i, i + PARALLEL).map(sendOne))).filter(Boolean).length;
    }
    return sent;
  }

  /** Waits for a batch under way, then runs one of its own: what was due when called is sent when it resolves. */
  async function sendDue(): Promise<number> {
    while (running) await running.catch(() => 0);
    running = sendBatch().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        wake();
      }
    });
    return running;
  }

  function wake() {
    if (running) {
      again = true;
      return;
    }
    sendDue().catch((error) =>
      log(`[whatsapp] Error del despachador: ${error instanceof Error ? error.message : error}`),
    );
  }

  let subscribed = false;
  async function listen() {
    if (!options.live || subscribed || stopped) return;
    try {
      await options.live.subscribe(noticeQueued, { wake });
      subscribed = true;
    } catch {
      // The poll sends meanwhile.
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void listen();
      sendDue()
        .catch((error) =>
          log(`[whatsapp] Error del despachador: ${error instanceof Error ? error.message : error}`),
        )
        .finally(schedule);
    }, options.pollMs ?? 5000);
    timer.unref();
  }
  schedule();

  return {
    sendDue,
    wake,
    listening: listen(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}

/** With WhatsApp off, notices left queued go by mail (their fallback), recorded as such. */
export async function mailQueuedNotices(db: Database): Promise<number> {
  const queued = await db.select({ id: notices.id }).from(notices).where(eq(notices.state, 'queued'));
  for (const { id } of queued)
    await db.transaction((tx) => failNotice(tx, id, null, 'WhatsApp desactivado: enviado por correo'));
  return queued.length;
}
