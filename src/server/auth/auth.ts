// better-auth for sign-in, sessions, sign-out and password reset. Registration and e-mail verification are ours
// (register.ts, verification.ts) so that the account, the users record, the locker number and the mail commit in
// one transaction; better-auth's HTTP handler is not mounted: our routes call auth.api and speak Spanish.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { paths, screenUrl } from '../../shared/paths.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { authAccount, authSession, authUser, authVerification } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { resetPasswordMail } from '../mail/templates.ts';
import { hashPassword, verifyPassword } from './password.ts';

/** A session ends after a week without use, and in any case 30 days after sign-in. */
export const SESSION_IDLE_SECONDS = 60 * 60 * 24 * 7;
export const SESSION_ABSOLUTE_SECONDS = 60 * 60 * 24 * 30;
const SESSION_REFRESH_SECONDS = 60 * 60 * 24;
const RESET_TOKEN_SECONDS = 60 * 60;

export function createAuth(options: { db: Database; config: Config; secret: string }) {
  const { db, config } = options;
  return betterAuth({
    appName: config.brandName,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async onPasswordReset({ user }) {
        await recordAudit(db, {
          action: 'password_reset',
          actorId: user.id,
          subjectId: user.id,
          email: user.email,
        });
      },
      async sendResetPassword({ user, token }) {
        const url = screenUrl(config.appUrl, paths.resetPassword, { token });
        await enqueueMail(db, resetPasswordMail(config.brandName, user.email, user.name, url));
      },
    },
    session: { expiresIn: SESSION_IDLE_SECONDS, updateAge: SESSION_REFRESH_SECONDS },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Failed sign-ins are expected traffic, not warnings; errors still reach the log.
    logger: { level: 'error' },
    advanced: {
      cookiePrefix: 'casillero',
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
      // Our own middleware checks Origin and Sec-Fetch-Site on every state-changing request (app.ts).
      disableCSRFCheck: true,
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
