// Rate limits per IP and per e-mail, counted in the database so every instance sharing it counts together.
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import type { Database } from '../db/open.ts';
import { rawRows } from '../db/raw.ts';
import { TooManyAttempts } from '../errors.ts';

export interface Limit {
  /** How many attempts the window allows. */
  limit: number;
  windowSeconds: number;
}

/** The limits of each action, per IP and per e-mail (Firebase's 100 sign-ups per hour per IP among them). */
export const LIMITS: Record<LimitedAction, { ip?: Limit; email?: Limit; account?: Limit }> = {
  // Per e-mail only failed sign-ins count (see failedSignIn), so a person who signs in often is never stopped.
  signIn: { ip: { limit: 60, windowSeconds: 15 * 60 } },
  failedSignIn: { ip: { limit: 30, windowSeconds: 15 * 60 }, email: { limit: 10, windowSeconds: 15 * 60 } },
  signUp: { ip: { limit: 100, windowSeconds: 60 * 60 } },
  // Counted once the captcha passed, so mistyped captchas do not lock a person's address out.
  signUpEmail: { email: { limit: 5, windowSeconds: 60 * 60 } },
  resetRequest: { ip: { limit: 20, windowSeconds: 60 * 60 }, email: { limit: 5, windowSeconds: 60 * 60 } },
  verificationResend: {
    ip: { limit: 20, windowSeconds: 60 * 60 },
    email: { limit: 5, windowSeconds: 60 * 60 },
  },
  captcha: { ip: { limit: 300, windowSeconds: 10 * 60 } },
  // Wrong passwords typed by a signed-in person (Mis datos): a stolen session cannot guess its way further.
  wrongPassword: { ip: { limit: 30, windowSeconds: 15 * 60 }, account: { limit: 5, windowSeconds: 15 * 60 } },
  // A visitor's PQR (no account), like a sign-up: per address and per e-mail; and a visitor's attachments.
  pqrVisitor: { ip: { limit: 20, windowSeconds: 60 * 60 }, email: { limit: 5, windowSeconds: 60 * 60 } },
  pqrUpload: { ip: { limit: 60, windowSeconds: 60 * 60 } },
  // A signed-in person's PQR attachments (5 per filing): a stolen or scripted session cannot fill the disk.
  pqrUploadAccount: { account: { limit: 60, windowSeconds: 60 * 60 } },
};

export type LimitedAction =
  | 'signIn'
  | 'failedSignIn'
  | 'signUp'
  | 'signUpEmail'
  | 'resetRequest'
  | 'verificationResend'
  | 'captcha'
  | 'wrongPassword'
  | 'pqrVisitor'
  | 'pqrUpload'
  | 'pqrUploadAccount';

export interface Subjects {
  ip: string;
  email?: string;
  /** A signed-in person's user id. */
  account?: string;
}

export interface RateLimiter {
  /** Counts one attempt; throws a 429 with Retry-After when a limit is passed. */
  check(action: LimitedAction, subjects: Subjects): Promise<void>;
  /** Throws the same 429 when the limit is already used up, without counting. */
  ensureNotBlocked(action: LimitedAction, subjects: Subjects): Promise<void>;
}

/**
 * What an address is counted as: an IPv4 address itself (an IPv4-mapped IPv6 one too), an IPv6 address by its /64.
 * One subscriber or server holds a whole /64 and can change the rest at will, so counting whole addresses would let
 * it pass every limit. Anything else (no address known) is counted as it comes.
 */
export function ipKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':') || !isIP(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = address.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail ('…:1.2.3.4') is two groups; only the first four groups matter here.
  const groups = address.includes('::')
    ? [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

function rulesOf(action: LimitedAction, subjects: Subjects): Array<[string, Limit]> {
  const limits = LIMITS[action];
  const rules: Array<[string, Limit]> = [];
  if (limits.ip) rules.push([`${action}:ip:${ipKey(subjects.ip)}`, limits.ip]);
  if (limits.email && subjects.email)
    rules.push([`${action}:email:${subjects.email.toLowerCase()}`, limits.email]);
  if (limits.account && subjects.account)
    rules.push([`${action}:account:${subjects.account}`, limits.account]);
  return rules;
}

function tooMany(seconds: number): TooManyAttempts {
  const wait = Math.max(1, seconds);
  return new TooManyAttempts(messages.tooManyRequests(wait), wait);
}

/** A key's count in its window and the seconds until the window ends. */
const countRow = z.object({ count: z.number(), retry_after: z.number() });

export function createRateLimiter(db: Database, options: { enabled: boolean }): RateLimiter {
  return {
    async ensureNotBlocked(action, subjects) {
      if (!options.enabled) return;
      for (const [key, { limit }] of rulesOf(action, subjects)) {
        const [row] = await rawRows(
          db,
          sql`select count, ceil(extract(epoch from reset_at - now()))::int as retry_after
            from rate_limit where key = ${key} and reset_at > now()`,
          countRow,
        );
        if (row && row.count >= limit) throw tooMany(row.retry_after);
      }
    },
    async check(action, subjects) {
      if (!options.enabled) return;
      for (const [key, { limit, windowSeconds }] of rulesOf(action, subjects)) {
        const [row] = await rawRows(
          db,
          sql`
          insert into rate_limit (key, count, reset_at)
          values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
          on conflict (key) do update set
            count = case when rate_limit.reset_at <= now() then 1 else rate_limit.count + 1 end,
            reset_at = case when rate_limit.reset_at <= now() then excluded.reset_at else rate_limit.reset_at end
          returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
          countRow,
        );
        if (row && row.count > limit) throw tooMany(row.retry_after);
      }
    },
  };
}

/** Old windows are deleted now and then so the table stays small. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limit where reset_at < now() - interval '1 hour'`);
}
