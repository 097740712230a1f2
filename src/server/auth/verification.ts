// One-use e-mail verification links: the mail carries a random token, the database keeps only its hash.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/open.ts';
import { authUser, authVerification } from '../db/schema.ts';

const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
const PREFIX = 'email-verification:';

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** `replaceOlder: false` for an account just created, which has no older link to remove. */
export async function createVerificationToken(
  db: Database | Transaction,
  userId: string,
  { replaceOlder = true } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // A new link replaces the older ones of this user.
  if (replaceOlder) {
    await db
      .delete(authVerification)
      .where(and(like(authVerification.identifier, `${PREFIX}%`), eq(authVerification.value, userId)));
  }
  await db.insert(authVerification).values({
    id: randomBytes(16).toString('hex'),
    identifier: PREFIX + digest(token),
    value: userId,
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_SECONDS * 1000),
  });
  return token;
}

/** Marks the address verified and spends the token; false for an unknown, used or expired token. */
export async function consumeVerificationToken(db: Database, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(authVerification)
      .where(
        and(
          eq(authVerification.identifier, PREFIX + digest(token)),
          gt(authVerification.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: authVerification.value });
    if (!row) return false;
    await tx
      .update(authUser)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(authUser.id, row.userId));
    return true;
  });
}
