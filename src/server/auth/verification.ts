// One-use e-mail verification links (one-use-tokens.ts), their mail, and sending it again on request.
import { and, eq, like } from 'drizzle-orm';
import { paths, screenUrl } from '../../shared/paths.ts';
import type { Database, Transaction } from '../db/open.ts';
import { authUser, authVerification } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { verificationMail } from '../mail/templates.ts';
import { issueToken, spendToken } from './one-use-tokens.ts';

const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
const PREFIX = 'email-verification:';

/** `replaceOlder: false` for an account just created, which has no older link to remove. */
export async function createVerificationToken(
  db: Database | Transaction,
  userId: string,
  { replaceOlder = true } = {},
): Promise<string> {
  // A new link replaces the older ones of this user.
  if (replaceOlder) {
    await db
      .delete(authVerification)
      .where(and(like(authVerification.identifier, `${PREFIX}%`), eq(authVerification.value, userId)));
  }
  return issueToken(db, PREFIX, userId, VERIFICATION_TTL_SECONDS);
}

/** Queues the mail with a new verification link, in the caller's transaction. */
export async function queueVerificationMail(
  tx: Transaction,
  account: { id: string; email: string; name: string },
  settings: { brandName: string; appUrl: string },
  options: { replaceOlder?: boolean } = {},
): Promise<void> {
  const token = await createVerificationToken(tx, account.id, options);
  const link = screenUrl(settings.appUrl, paths.verifyEmail, { token });
  await enqueueMail(tx, verificationMail(settings.brandName, account.email, account.name, link));
}

/**
 * A new link for an account whose address is not verified yet, found by its id (signed in) or its e-mail; an
 * unknown or verified account gets none, and the caller answers the same either way.
 */
export async function resendVerification(
  db: Database,
  who: { userId: string } | { email: string },
  settings: { brandName: string; appUrl: string },
): Promise<void> {
  const [account] = await db
    .select({ id: authUser.id, email: authUser.email, name: authUser.name, verified: authUser.emailVerified })
    .from(authUser)
    .where('userId' in who ? eq(authUser.id, who.userId) : eq(authUser.email, who.email));
  if (!account || account.verified) return;
  await db.transaction((tx) => queueVerificationMail(tx, account, settings));
}

/** Marks the address verified and spends the token; false for an unknown, used or expired token. */
export async function consumeVerificationToken(db: Database, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const userId = await spendToken(tx, PREFIX, token);
    if (!userId) return false;
    await tx
      .update(authUser)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(authUser.id, userId));
    return true;
  });
}
