// The tokens of one-use links (e-mail verification, e-mail change): the mail carries a random token, the
// auth_verification table keeps only its hash, under a prefix naming what the link is for, with a value and an
// expiry. Spending a token deletes it, so a link works once.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/open.ts';
import { authVerification } from '../db/schema.ts';

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new token for `value`, valid `ttlSeconds`; only its hash is stored. */
export async function issueToken(
  db: Database | Transaction,
  prefix: string,
  value: string,
  ttlSeconds: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authVerification).values({
    id: randomBytes(16).toString('hex'),
    identifier: prefix + digest(token),
    value,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

/** Spends the token and gives its value; null for an unknown, used or expired one. */
export async function spendToken(tx: Transaction, prefix: string, token: string): Promise<string | null> {
  const [row] = await tx
    .delete(authVerification)
    .where(
      and(
        eq(authVerification.identifier, prefix + digest(token)),
        gt(authVerification.expiresAt, sql`now()`),
      ),
    )
    .returning({ value: authVerification.value });
  return row?.value ?? null;
}
