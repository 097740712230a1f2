// Every few minutes each instance removes what has expired (unused captchas, old rate-limit windows, spent
// verification links) and mails the storage reminders that are due. Doing it here keeps that work off the requests.
import { lt, sql } from 'drizzle-orm';
import { deleteExpiredCaptchas } from './captcha/captcha.ts';
import type { Database } from './db/open.ts';
import { authVerification } from './db/schema.ts';
import type { MailSettings } from './packages/state-change.ts';
import { sendStorageReminders } from './packages/storage-reminders.ts';
import { pqrHousekeeping } from './pqr/reminders.ts';
import type { PqrSettings } from './pqr/settings.ts';
import { pruneRateLimits } from './security/rate-limit.ts';

const HOUSEKEEPING_MS = 5 * 60 * 1000;

export async function removeExpired(db: Database): Promise<void> {
  await deleteExpiredCaptchas(db);
  await pruneRateLimits(db);
  await db.delete(authVerification).where(lt(authVerification.expiresAt, sql`now() - interval '1 day'`));
}

export function startHousekeeping(
  db: Database,
  log: (line: string) => void,
  mail: MailSettings & { pqr?: PqrSettings },
): () => void {
  const timer = setInterval(() => {
    removeExpired(db).catch((error) => log(`[limpieza] ${error instanceof Error ? error.message : error}`));
    // The outbox's NOTIFY wakes the mail worker once the reminders commit.
    sendStorageReminders(db, mail).catch((error) =>
      log(`[bodegaje] ${error instanceof Error ? error.message : error}`),
    );
    if (mail.pqr)
      pqrHousekeeping(db, mail.pqr).catch((error) =>
        log(`[pqr] ${error instanceof Error ? error.message : error}`),
      );
  }, HOUSEKEEPING_MS);
  timer.unref();
  return () => clearInterval(timer);
}
