// One-use links that confirm a new e-mail address. As with verification.ts, the mail carries a random token and the
// database keeps only its hash; the row's value holds the user id and the requested address, so nothing about the
// account changes until the owner of the new mailbox opens the link.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/open.ts';
import { authVerification } from '../db/schema.ts';

const EMAIL_CHANGE_PREFIX = 'email-change:';
const EMAIL_CHANGE_TTL_SECONDS = 24 * 60 * 60;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

// A space separates the two parts: user ids are alphanumeric and a valid address never holds a space.
const encode = (userId: string, email: string) => `${userId} ${email}`;
/** Matches every pending request of one user (ids are alphanumeric, so no LIKE wildcard can sneak in). */
const ofUser = (userId: string) =>
  and(
    like(authVerification.identifier, `${EMAIL_CHANGE_PREFIX}%`),
    like(authVerification.value, `${userId} %`),
  );

/** A new request replaces the older ones of this user: only the latest link works. */
export async function createEmailChangeToken(
  tx: Database | Transaction,
  userId: string,
  newEmail: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.delete(authVerification).where(ofUser(userId));
  await tx.insert(authVerification).values({
    id: randomBytes(16).toString('hex'),
    identifier: EMAIL_CHANGE_PREFIX + digest(token),
    value: encode(userId, newEmail),
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_SECONDS * 1000),
  });
  return token;
}

/** Spends the token; null for an unknown, used or expired one. */
export async function takeEmailChangeToken(
  tx: Transaction,
  token: string,
): Promise<{ userId: string; newEmail: string } | null> {
  const [row] = await tx
    .delete(authVerification)
    .where(
      and(
        eq(authVerification.identifier, EMAIL_CHANGE_PREFIX + digest(token)),
        gt(authVerification.expiresAt, sql`now()`),
      ),
    )
    .returning({ value: authVerification.value });
  if (!row) return null;
  const space = row.value.indexOf(' ');
  if (space <= 0) return null;
  return { userId: row.value.slice(0, space), newEmail: row.value.slice(space + 1) };
}

/** The addresses a user asked to move to and has not confirmed yet. */
export async function pendingEmailChanges(tx: Database | Transaction, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ value: authVerification.value })
    .from(authVerification)
    .where(ofUser(userId));
  return rows.map((row) => row.value.slice(row.value.indexOf(' ') + 1));
}
