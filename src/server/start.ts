// Everything the server needs, opened in order: the database (migrated), the auth secret, better-auth, the mail
// worker and the app. main.ts listens on the result; tests start the same way.

import { ensureAdmins } from './admin/roles.ts';
import { createApp } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { loadAuthSecret } from './auth/secret.ts';
import type { Config } from './config.ts';
import { type OpenDatabase, openDatabase } from './db/open.ts';
import { startHousekeeping } from './housekeeping.ts';
import { liveHub } from './live/hub.ts';
import { startMailWorker } from './mail/outbox.ts';
import { pqrSettingsOf } from './pqr/settings.ts';

export interface Server {
  app: ReturnType<typeof createApp>;
  database: OpenDatabase;
  mail: ReturnType<typeof startMailWorker>;
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
    log?: (line: string) => void;
    failAfterLockerNumber?: () => void;
  } = {},
): Promise<Server> {
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
  const live = liveHub(database);
  const mail = startMailWorker({
    db,
    live,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    pollMs: options.mailPollMs,
    log: options.log,
  });
  // Mails queued from here on wake the worker through the outbox's NOTIFY; the first batch sends what was pending.
  await mail.listening;
  mail.wake();
  const auth = createAuth({ db, config, secret });
  const app = createApp({
    config,
    database,
    auth,
    clientDir: options.clientDir,
    failAfterLockerNumber: options.failAfterLockerNumber,
  });
  const stopHousekeeping = startHousekeeping(db, options.log ?? ((line) => console.log(line)), {
    brandName: config.brandName,
    appUrl: config.appUrl,
    pqr: pqrSettingsOf(config),
  });
  return {
    app,
    database,
    mail,
    endStreams: () => live.closeAll(),
    async close() {
      stopHousekeeping();
      // Open streams end here; otherwise they would hold the HTTP server and the LISTENs open.
      await live.closeAll();
      await mail.stop();
      await database.close();
    },
  };
}
