// The notices' worker (design/notices.md 'What is sent'): claims due notices and books their send times on one pace
// shared by every instance (at most WHATSAPP_RATE a second), sends them to the Cloud API, and records what it answered.
// Rows are claimed with FOR UPDATE SKIP LOCKED and leased for five minutes, so instances never send one twice.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/open.ts';
import { noticeRate, notices } from '../db/schema.ts';
import type { LiveChannel, LiveHub } from '../live/hub.ts';
import { startWorkerLoop, type WorkerLoop } from '../live/worker-loop.ts';
import { logWarning } from '../observability/log.ts';
import { postMessage, type SendOutcome, templateBody } from './cloud-api.ts';
import type { WhatsappConfig } from './config.ts';
import { consentingUsers } from './consent.ts';
import { failNotice, markRetry, markSent } from './outcome.ts';

export const noticeQueued: LiveChannel<true> = { name: 'notice_queued', decode: () => true };

const LEASE_SECONDS = 300;
/** At most this many notices claimed at once by one instance. */
const BATCH = 200;

type NoticeRow = typeof notices.$inferSelect;

export interface Claim {
  rows: NoticeRow[];
  /** Milliseconds from now until the first claimed row may be sent, and between two rows. */
  startInMs: number;
  spacingMs: number;
  /** When the pace is booked more than a second ahead: how long to wait before claiming again. */
  waitMs: number;
}

/**
 * Claims up to `max` due notices and books their send times `1000 / rate` ms apart from the shared pace, never more
 * than a second ahead: every instance together stays within `rate` a second.
 */
export async function claimDue(db: Database, rate: number, max = rate): Promise<Claim> {
  const spacingMs = 1000 / rate;
  return db.transaction(async (tx) => {
    await tx.insert(noticeRate).values({ id: 1, nextAtMs: 0 }).onConflictDoNothing();
    const [pace] = await tx
      .select({
        nextAtMs: noticeRate.nextAtMs,
        nowMs: sql<number>`(extract(epoch from clock_timestamp()) * 1000)::float8`.mapWith(Number),
      })
      .from(noticeRate)
      .where(eq(noticeRate.id, 1))
      .for('update');
    if (!pace) return { rows: [], startInMs: 0, spacingMs, waitMs: 1000 };
    const startMs = Math.max(pace.nextAtMs, pace.nowMs);
    const ahead = startMs - pace.nowMs;
    if (ahead >= 1000) return { rows: [], startInMs: 0, spacingMs, waitMs: Math.ceil(ahead - 999) };
    const room = Math.max(1, Math.floor((1000 - ahead) / spacingMs));
    const due = tx
      .select({ id: notices.id })
      .from(notices)
      .where(and(eq(notices.state, 'queued'), lte(notices.nextAttemptAt, sql`now()`)))
      .orderBy(asc(notices.nextAttemptAt), asc(notices.id))
      .limit(Math.min(max, room))
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(notices)
      .set({
        attempts: sql`${notices.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(inArray(notices.id, due))
      .returning();
    rows.sort((a, b) => a.id - b.id);
    if (rows.length)
      await tx
        .update(noticeRate)
        .set({ nextAtMs: Math.ceil(startMs + rows.length * spacingMs) })
        .where(eq(noticeRate.id, 1));
    return { rows, startInMs: ahead, spacingMs, waitMs: 0 };
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lets one send go at a time, each at or after its booked time and at least `spacing` ms after the one before. */
class Pacer {
  private last = 0;
  private chain: Promise<void> = Promise.resolve();

  take(notBefore: number, spacing: number): Promise<void> {
    const turn = this.chain.then(async () => {
      for (;;) {
        const wait = Math.max(notBefore, this.last + spacing) - Date.now();
        if (wait <= 0) break;
        await sleep(wait);
      }
      this.last = Date.now();
    });
    this.chain = turn;
    return turn;
  }
}

/** One pacer per sending number in this process, shared by its workers. */
const pacers = new Map<string, Pacer>();
function pacerOf(config: WhatsappConfig): Pacer {
  const pacer = pacers.get(config.phoneNumberId) ?? new Pacer();
  pacers.set(config.phoneNumberId, pacer);
  return pacer;
}

export interface NoticeWorker extends Pick<WorkerLoop, 'wake' | 'listening' | 'stop'> {
  /** Sends what is due now, at the configured rate; resolves to the number accepted by the API. */
  sendDue(): Promise<number>;
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
  const log = options.log ?? ((line: string) => logWarning('whatsapp', line));

  async function record(row: NoticeRow, outcome: SendOutcome) {
    if (outcome.kind === 'sent') return markSent(db, row.id, outcome.wamid);
    log(`[whatsapp] Aviso ${row.id} (${row.template}), intento ${row.attempts}: ${outcome.reason}`);
    if (outcome.kind === 'retry')
      return markRetry(db, row, outcome.reason, outcome.code, outcome.afterSeconds);
    await db.transaction((tx) => failNotice(tx, row.id, outcome.code, outcome.reason));
  }

  async function sendOne(row: NoticeRow, allowed: Set<string>): Promise<boolean> {
    // Consent withdrawn since the notice was queued ('Mis datos' or 'BAJA'): nothing goes by WhatsApp; its mail does.
    if (!allowed.has(row.userId)) {
      await db.transaction((tx) =>
        failNotice(tx, row.id, null, 'El cliente no acepta avisos por WhatsApp: enviado por correo'),
      );
      return false;
    }
    const body = templateBody({ to: row.toPhone, template: row.template, parameters: row.parameters });
    const outcome = await postMessage(config, body, options.fetch);
    await record(row, outcome);
    return outcome.kind === 'sent';
  }

  async function sendBatch(): Promise<number> {
    let sent = 0;
    while (!loop.stopped()) {
      const claim = await claimDue(db, config.rate, BATCH);
      if (claim.waitMs > 0) {
        await sleep(claim.waitMs);
        continue;
      }
      if (claim.rows.length === 0) return sent;
      // Each row at its booked time, and never closer to the previous send of this process than the spacing
      // (a busy event loop would otherwise fire several timers at once).
      const allowed = await consentingUsers(
        db,
        claim.rows.map((row) => row.userId),
      );
      const start = Date.now() + claim.startInMs;
      const outcomes = await Promise.all(
        claim.rows.map((row, i) =>
          pacerOf(config)
            .take(start + i * claim.spacingMs, claim.spacingMs)
            .then(() => sendOne(row, allowed)),
        ),
      );
      sent += outcomes.filter(Boolean).length;
    }
    return sent;
  }

  const loop = startWorkerLoop({
    tag: '[whatsapp]',
    live: options.live,
    channel: noticeQueued,
    pollMs: options.pollMs ?? 5000,
    batch: sendBatch,
    log,
  });
  return { sendDue: loop.runDue, wake: loop.wake, listening: loop.listening, stop: loop.stop };
}

/** With WhatsApp off, notices left queued go by mail (their fallback), recorded as such. */
export async function mailQueuedNotices(db: Database): Promise<number> {
  const queued = await db.select({ id: notices.id }).from(notices).where(eq(notices.state, 'queued'));
  for (const { id } of queued)
    await db.transaction((tx) => failNotice(tx, id, null, 'WhatsApp desactivado: enviado por correo'));
  return queued.length;
}
