// Mail that is never lost: every mail is a row in the outbox first (inside the caller's transaction when it has
// one), and a worker delivers pending rows over SMTP with retries and back-off, surviving restarts. The outbox wakes
// the worker itself: a trigger (drizzle/0009_outbox_notify.sql) sends a NOTIFY on commit of every insert.
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, Transaction } from '../db/open.ts';
import { outbox } from '../db/schema.ts';
import type { LiveChannel, LiveHub } from '../live/hub.ts';
import { startWorkerLoop, type WorkerLoop } from '../live/worker-loop.ts';
import { logWarning } from '../observability/log.ts';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Queues `mail`; answers its outbox id (a record that must know when it was sent keeps it: a PQR's answer). */
export async function enqueueMail(db: Database | Transaction, mail: Mail): Promise<number> {
  const [queued] = await db
    .insert(outbox)
    .values({ toAddress: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
    .returning({ id: outbox.id });
  if (!queued) throw new Error('no outbox row');
  return queued.id;
}

/** `reason` with the recipient's address masked: an SMTP server's refusal often quotes it. */
function withoutAddress(reason: string, address: string): string {
  const literal = address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return reason.replace(new RegExp(literal, 'gi'), '[destinatario]');
}

/** The trigger's NOTIFY after each insert into the outbox; delivered on commit, never for a rolled-back insert. */
export const mailQueued: LiveChannel<true> = { name: 'mail_queued', decode: () => true };

/** Seconds to wait before attempt n+1: 5 s, 10 s, 20 s … capped at 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(600, 5 * 2 ** Math.max(0, attempts - 1));
}

/** The outbox's loop: the outbox's NOTIFY wakes it after every committed mail. */
export interface MailWorker extends Pick<WorkerLoop, 'wake' | 'listening' | 'stop'> {
  /** Delivers what is due now; resolves to the number of mails sent. */
  deliverDue(): Promise<number>;
}

export function startMailWorker(options: {
  db: Database;
  smtpUrl?: string;
  from: string;
  /** The instance's live hub: mails are sent as soon as their transaction commits, not at the next poll. */
  live?: LiveHub;
  /** The fallback poll, for a notice missed while the LISTEN connection was down. */
  pollMs?: number;
  /** A failed send or batch. */
  log?: (line: string) => void;
  /** Without smtpUrl, each mail as a person would read it (the development mailbox); `log` by default. */
  printMail?: (text: string) => void;
}): MailWorker {
  const { db, from } = options;
  const log = options.log ?? ((line: string) => logWarning('mail', line));
  const printMail = options.printMail ?? log;
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 5000,
        greetingTimeout: 5000,
        socketTimeout: 10000,
      })
    : nodemailer.createTransport({ jsonTransport: true });
  async function deliverBatch(): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await db
        .select()
        .from(outbox)
        .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(20);
      if (due.length === 0 || loop.stopped()) return sent;
      for (const mail of due) {
        // Claim the row first so that two instances sharing one database do not send it twice.
        const claimed = await db
          .update(outbox)
          .set({
            attempts: mail.attempts + 1,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(mail.attempts + 1)})`,
          })
          .where(and(eq(outbox.id, mail.id), eq(outbox.attempts, mail.attempts), isNull(outbox.sentAt)))
          .returning({ id: outbox.id });
        if (claimed.length === 0) continue;
        try {
          await transport.sendMail({
            from,
            to: mail.toAddress,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
          });
          if (!options.smtpUrl)
            printMail(`[correo] Para: ${mail.toAddress} | Asunto: ${mail.subject}\n${mail.text}`);
          await db.update(outbox).set({ sentAt: sql`now()`, lastError: null }).where(eq(outbox.id, mail.id));
          sent++;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          await db
            .update(outbox)
            .set({ lastError: reason.slice(0, 500) })
            .where(eq(outbox.id, mail.id));
          // The row's id, never the address: the log holds nothing personal (observability/log.ts).
          log(
            `[correo] No se pudo enviar el correo ${mail.id} (intento ${mail.attempts + 1}): ${withoutAddress(reason, mail.toAddress)}`,
          );
        }
      }
    }
  }

  const loop = startWorkerLoop({
    tag: '[correo]',
    live: options.live,
    channel: mailQueued,
    pollMs: options.pollMs ?? 2000,
    batch: deliverBatch,
    log,
  });

  return {
    deliverDue: loop.runDue,
    wake: loop.wake,
    listening: loop.listening,
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}
