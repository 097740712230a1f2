// Server-made captchas (design/architecture.md decision 2): 5 characters A-Z 0-9 as an image, one use, 10 minutes.
import { randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import type { Database, Transaction } from '../db/open.ts';
import { captcha } from '../db/schema.ts';
import { Invalid } from '../errors.ts';
import { drawCaptchaSvg, newCaptchaCode } from './draw.ts';

const CAPTCHA_TTL_SECONDS = 10 * 60;

export interface NewCaptcha {
  id: string;
  /** The image in SVG markup: plain text in the JSON, so the response compresses (base64 would not). */
  svg: string;
}

/** `testAnswer` (CAPTCHA_TEST_ANSWER, refused in production) replaces the random code so tests can type it. */
export async function createCaptcha(db: Database, testAnswer?: string): Promise<NewCaptcha> {
  const code = testAnswer ?? newCaptchaCode();
  const id = randomBytes(18).toString('base64url');
  await db.insert(captcha).values({
    id,
    answer: code.toUpperCase(),
    expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS})`,
  });
  const svg = testAnswer
    ? drawCaptchaSvg(
        code
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(0, 5) || 'TEST0',
      )
    : drawCaptchaSvg(code);
  return { id, svg };
}

/** Uses the captcha up, whatever the entry: each one can be tried once. */
export async function consumeCaptcha(
  db: Database | Transaction,
  id: string,
  entry: string,
): Promise<'ok' | 'mismatch' | 'expired'> {
  if (!id) return 'mismatch';
  const [row] = await db
    .delete(captcha)
    .where(eq(captcha.id, id))
    .returning({ answer: captcha.answer, expired: sql<boolean>`${captcha.expiresAt} < now()` });
  if (!row) return 'mismatch';
  if (row.expired) return 'expired';
  return row.answer === entry.trim().toUpperCase() ? 'ok' : 'mismatch';
}

/** Uses the captcha up and throws the Spanish refusal on `captcha` unless it was typed right in time. */
export async function requireCaptcha(db: Database | Transaction, id: string, entry: string): Promise<void> {
  const result = await consumeCaptcha(db, id, entry);
  if (result === 'expired')
    throw new Invalid('captcha_expired', messages.captchaExpired, { field: 'captcha' });
  if (result === 'mismatch')
    throw new Invalid('captcha_mismatch', messages.captchaMismatch, { field: 'captcha' });
}

/** Captchas asked for and never used; the server's housekeeping removes them now and then. */
export async function deleteExpiredCaptchas(db: Database): Promise<void> {
  await db.delete(captcha).where(lt(captcha.expiresAt, sql`now()`));
}
