// Everything the server needs, opened in order: the database (migrated), the auth secret, better-auth, the mail
// worker and the app. main.ts listens on the result; tests start the same way.

import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ensureAdmins } from './admin/roles.ts';
import { createApp } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { loadAuthSecret } from './auth/secret.ts';
import type { Config } from './config.ts';
import { type OpenDatabase, openDatabase } from './db/open.ts';
import { EINVOICE_OFF_LINE } from './einvoice/config.ts';
import { factusProvider } from './einvoice/factus.ts';
import { type InvoiceWorker, startInvoiceWorker } from './einvoice/outbox.ts';
import { openConfiguredFileStore, startSweeping } from './files/sweep.ts';
import type { RenderScreen } from './first-paint.ts';
import { startHousekeeping } from './housekeeping.ts';
import { liveHub } from './live/hub.ts';
import { startMailWorker } from './mail/outbox.ts';
import { WHATSAPP_OFF_LINE } from './notices/config.ts';
import { recordWhatsappChannel } from './notices/consent.ts';
import { mailQueuedNotices, type NoticeWorker, startNoticeWorker } from './notices/worker.ts';
import { type FailureKind, log } from './observability/log.ts';
import { createMetrics, type Metrics } from './observability/metrics.ts';
import { WOMPI_OFF_LINE } from './payments/config.ts';
import { type PaymentEventWorker, startPaymentEventWorker } from './payments/events.ts';
import { startPendingCheck } from './payments/pending-check.ts';
import { wompiProvider } from './payments/wompi.ts';
import { pqrSettingsOf } from './pqr/settings.ts';

/**
 * The HTTP server's timeouts, set on purpose (docs/SECURITY.md, 'Connections and timeouts'): an idle kept-alive
 * socket is closed after 65 s, longer than the clients and proxies in front keep one idle (Node's fetch 4 s, nginx
 * and load balancers 60 s), so they stop reusing it before the app closes it; headers must arrive within 66 s (more
 * than the keep-alive wait, the way Node advises; a client sending them a byte at a time is cut there) and a whole
 * request within 120 s (a 10 MB upload on a slow mobile link); a socket on which nothing moves either way for
 * 120 s is closed (`timeout`: a client that stopped reading its answer, which would otherwise hold the socket and
 * the answer's memory for good; live streams write a heartbeat every 15–25 s, so they never go that quiet).
 * Node checks the first two every `connectionsCheckingInterval`.
 */
export const HTTP_TIMEOUTS = {
  keepAliveTimeout: 65_000,
  headersTimeout: 66_000,
  requestTimeout: 120_000,
  timeout: 120_000,
  connectionsCheckingInterval: 30_000,
} as const;

export type HttpTimeouts = { [K in keyof typeof HTTP_TIMEOUTS]: number };

/**
 * Listens on `port` (0: any free one) with HTTP_TIMEOUTS (a test may shorten them): main.ts serves this way, and so
 * do tests over a socket.
 */
export function listen(
  app: Server['app'],
  port: number,
  onListening?: (info: AddressInfo) => void,
  timeouts: HttpTimeouts = HTTP_TIMEOUTS,
) {
  const { timeout, ...serverOptions } = timeouts;
  const server = serve({ fetch: app.fetch, port, serverOptions }, onListening);
  // Node's own default is no limit: a socket silent both ways this long is destroyed.
  server.setTimeout(timeout);
  return server;
}

export interface Server {
  app: ReturnType<typeof createApp>;
  database: OpenDatabase;
  mail: ReturnType<typeof startMailWorker>;
  /** This instance's metrics (what /metrics serves). */
  metrics: Metrics;
  /** The WhatsApp notices' worker; null while WhatsApp is off. */
  notices: NoticeWorker | null;
  /** The electronic invoices' worker; null while invoicing is off. */
  invoices: InvoiceWorker | null;
  /** The worker that applies Wompi's stored events; null while online payment is off. */
  paymentEvents: PaymentEventWorker | null;
  /** Ends every live stream (admin, packages, any later one) and every LISTEN: the first step of a shutdown. */
  endStreams(): Promise<void>;
  close(): Promise<void>;
}

export async function startServer(
  config: Config,
  options: {
    database?: OpenDatabase;
    clientDir?: string;
    mailPollMs?: number;
    noticePollMs?: number;
    /** How often the worker of Wompi's stored events looks for what another instance left (default 5 s). */
    paymentPollMs?: number;
    invoicePollMs?: number;
    /**
     * Where a mail goes when there is no SMTP_URL (the development mailbox): stdout by default, outside the JSON
     * log, since a mail holds links with tokens that no log line may carry.
     */
    printMail?: (text: string) => void;
    failAfterLockerNumber?: () => void;
    /** Tests only: see AppDeps.renderScreen. */
    renderScreen?: RenderScreen;
  } = {},
): Promise<Server> {
  // The bucket first (when FILES_S3_* is set): one that cannot be reached stops the start with a clear message.
  await openConfiguredFileStore(config);
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const { db } = database;
  let secret: string;
  try {
    await ensureAdmins(db, config.adminEmails);
    secret = await loadAuthSecret(db, config.authSecret);
  } catch (error) {
    // A database opened here is closed here: on PGlite that also frees its folder's lock.
    if (!options.database) await database.close().catch(() => {});
    throw error;
  }
  log.level = config.logLevel;
  const metrics = createMetrics(database, { businessEverySeconds: config.metricsBusinessSeconds });
  /** A worker's failure: a warning line with its kind, counted on this instance (it retries: not an error yet). */
  const failureLog = (kind: FailureKind) => (line: string) => {
    metrics.countFailure(kind);
    log.warn({ kind }, line);
  };
  const live = liveHub(database);
  const mail = startMailWorker({
    db,
    live,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    pollMs: options.mailPollMs,
    log: failureLog('mail'),
    printMail: options.printMail ?? ((text) => process.stdout.write(`${text}\n`)),
  });
  // Mails queued from here on wake the worker through the outbox's NOTIFY; the first batch sends what was pending.
  await mail.listening;
  mail.wake();
  await recordWhatsappChannel(db, config.whatsapp !== null);
  let notices: NoticeWorker | null = null;
  if (config.whatsapp) {
    notices = startNoticeWorker({
      db,
      live,
      config: config.whatsapp,
      pollMs: options.noticePollMs,
      log: failureLog('whatsapp'),
    });
    await notices.listening;
    notices.wake();
  } else {
    log.info(WHATSAPP_OFF_LINE);
    await mailQueuedNotices(db);
  }
  let invoices: InvoiceWorker | null = null;
  if (config.einvoice) {
    const { factus, ratePerMinute, timeoutMs, from } = config.einvoice;
    const provider = factusProvider(factus, { ratePerMinute, timeoutMs });
    invoices = startInvoiceWorker({
      db,
      provider,
      from,
      pollMs: options.invoicePollMs,
      log: failureLog('einvoice'),
    });
    invoices.wake();
  } else log.info(EINVOICE_OFF_LINE);
  if (!config.wompi) log.info(WOMPI_OFF_LINE);
  const paymentEvents = config.wompi
    ? startPaymentEventWorker({
        db,
        mail: config,
        pollMs: options.paymentPollMs,
        log: failureLog('payments'),
      })
    : null;
  paymentEvents?.wake();
  const stopPendingCheck = config.wompi
    ? startPendingCheck(db, wompiProvider(config.wompi), config, failureLog('payments'))
    : () => {};
  const auth = createAuth({ db, config, secret });
  const app = createApp({
    config,
    database,
    auth,
    metrics,
    paymentEvents,
    clientDir: options.clientDir,
    failAfterLockerNumber: options.failAfterLockerNumber,
    renderScreen: options.renderScreen,
  });
  const stopHousekeeping = startHousekeeping(db, failureLog('housekeeping'), {
    brandName: config.brandName,
    appUrl: config.appUrl,
    pqr: pqrSettingsOf(config),
  });
  const stopSweeping = startSweeping(db, { told: (line) => log.info(line), failed: failureLog('files') });
  return {
    app,
    database,
    mail,
    metrics,
    notices,
    invoices,
    paymentEvents,
    endStreams: () => live.closeAll(),
    async close() {
      stopHousekeeping();
      stopPendingCheck();
      stopSweeping();
      // Open streams end here; otherwise they would hold the HTTP server and the LISTENs open.
      await live.closeAll();
      await notices?.stop();
      await invoices?.stop();
      await paymentEvents?.stop();
      await mail.stop();
      await database.close();
    },
  };
}
