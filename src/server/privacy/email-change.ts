// One-use links that confirm a new e-mail address (one-use-tokens.ts). The row's value holds the user id and the
// requested address, so nothing about the account changes until the owner of the new mailbox opens the link.
import { and, like } from 'drizzle-orm';
import { issueToken, spendToken } from '../auth/one-use-tokens.ts';
import type { Database, Transaction } from '../db/open.ts';
import { authVerification } from '../db/schema.ts';

const EMAIL_CHANGE_PREFIX = 'email-change:';
const EMAIL_CHANGE_TTL_SECONDS = 24 * 60 * 60;

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
  await tx.delete(authVerification).where(ofUser(userId));
  return issueToken(tx, EMAIL_CHANGE_PREFIX, encode(userId, newEmail), EMAIL_CHANGE_TTL_SECONDS);
}

/** Spends the token; null for an unknown, used or expired one. */
export async function takeEmailChangeToken(
  tx: Transaction,
  token: string,
): Promise<{ userId: string; newEmail: string } | null> {
  const value = await spendToken(tx, EMAIL_CHANGE_PREFIX, token);
  const space = value?.indexOf(' ') ?? -1;
  if (!value || space <= 0) return null;
  return { userId: value.slice(0, space), newEmail: value.slice(space + 1) };
}

/** The addresses a user asked to move to and has not confirmed yet. */
export async function pendingEmailChanges(tx: Database | Transaction, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ value: authVerification.value })
    .from(authVerification)
    .where(ofUser(userId));
  return rows.map((row) => row.value.slice(row.value.indexOf(' ') + 1));
}
