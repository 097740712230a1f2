// The person's rights over their own data (Ley 1581 de 2012, art. 8): know it (GET /me/data), correct it (PATCH /me,
// POST /me/cedula, POST /me/email + /me/email/confirm), take it away (GET /me/export) and delete it (POST /me/delete).
// Every change is written to the audit trail in the same transaction as the change itself.
import { and, eq, ne } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { registrationSchema } from '../../shared/registration.ts';
import { emailField, passwordField, verifyEmailSchema } from '../../shared/schemas.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Auth } from '../auth/auth.ts';
import { verifyPassword } from '../auth/password.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Config } from '../config.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Transaction } from '../db/open.ts';
import { authAccount, authUser, users } from '../db/schema.ts';
import { ApiError, clientIp, readBody } from '../http.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { emailChangedNoticeMail, emailChangeMail } from '../mail/templates.ts';
import { ACTIVE_PACKAGES_MESSAGE, activePackageCount } from '../packages/privacy.ts';
import type { RateLimiter } from '../security/rate-limit.ts';
import { eraseAccount, personalData } from './data.ts';
import { createEmailChangeToken, takeEmailChangeToken } from './email-change.ts';

/** What PATCH /me may correct: the registration's own field schemas, so the same rules and messages apply. */
const CORRECTABLE_FIELDS = [
  'name',
  'telefono',
  'direccion1',
  'ciudad1',
  'codigoPostal1',
  'direccion2',
  'ciudad2',
  'codigoPostal2',
] as const;
type Correctable = (typeof CORRECTABLE_FIELDS)[number];

// partial(): a PATCH may send any subset. The optional fields' default ('') is ignored below unless the key was sent.
const correctionSchema = registrationSchema
  .pick(Object.fromEntries(CORRECTABLE_FIELDS.map((field) => [field, true])) as Record<Correctable, true>)
  .partial();
const cedulaSchema = z.object({ password: passwordField, cedula: registrationSchema.shape.cedula });
const emailChangeSchema = z.object({ password: passwordField, newEmail: emailField });
const passwordSchema = z.object({ password: passwordField });

export interface PrivacyRoutesDeps {
  db: Database;
  auth: Auth;
  config: Config;
  limiter: RateLimiter;
  onMailQueued: () => void;
}

export function privacyRoutes({ db, auth, config, limiter, onMailQueued }: PrivacyRoutesDeps) {
  const routes = new Hono<SessionEnv>();
  const ipOf = (c: Context) => clientIp(c, config.trustProxy);
  const signedIn = requireCaller(auth, db);
  const recordOf = (c: Context<SessionEnv>) => c.get('caller').record;

  /**
   * A wrong password is a 400 with one plain reason; an account without a password never passes. Wrong passwords
   * are limited per account, so a stolen session cannot guess the password and then move the e-mail.
   */
  async function checkPassword(c: Context, userId: string, password: string) {
    const subjects = { ip: ipOf(c), account: userId };
    await limiter.ensureNotBlocked('wrongPassword', subjects);
    const [account] = await db
      .select({ hash: authAccount.password })
      .from(authAccount)
      .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, 'credential')));
    if (!account?.hash || !(await verifyPassword(account.hash, password))) {
      await limiter.check('wrongPassword', subjects);
      throw new ApiError(400, 'wrong_password', messages.passwordIncorrect);
    }
  }

  async function readData(userId: string) {
    const data = await personalData(db, userId);
    if (!data) throw new ApiError(404, 'user_not_found', messages.userNotFound);
    return data;
  }

  routes.get('/me/data', signedIn, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await readData(c.get('caller').userId));
  });

  routes.patch('/me', signedIn, async (c) => {
    const record = recordOf(c);
    const parsed = await readBody(c, correctionSchema);
    // Hono keeps the parsed body: read it again to learn which keys were really sent.
    const sent = (await c.req.json()) as Record<string, unknown>;
    const changes: Partial<Record<Correctable, string>> = {};
    for (const field of CORRECTABLE_FIELDS) {
      const value = parsed[field];
      if (Object.hasOwn(sent, field) && value !== undefined && value !== record[field])
        changes[field] = value;
    }
    const fields = Object.keys(changes);
    if (fields.length > 0) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...changes, ...(changes.name === undefined ? {} : { registeredName: changes.name }) })
          .where(eq(users.id, record.id));
        if (changes.name !== undefined)
          await tx
            .update(authUser)
            .set({ name: changes.name, updatedAt: new Date() })
            .where(eq(authUser.id, record.id));
        // Only the names of the fields: the trail proves the correction without keeping a second copy of the data.
        await recordAudit(tx, {
          action: 'data_updated',
          actorId: record.id,
          subjectId: record.id,
          email: record.email,
          ip: ipOf(c),
          detail: { fields },
        });
      });
    }
    return c.json({ message: messages.dataUpdated, data: await readData(record.id) });
  });

  routes.post('/me/cedula', signedIn, async (c) => {
    const record = recordOf(c);
    const { password, cedula } = await readBody(c, cedulaSchema);
    await checkPassword(c, record.id, password);
    if (cedula !== record.cedula) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ cedula }).where(eq(users.id, record.id));
        await recordAudit(tx, {
          action: 'data_updated',
          actorId: record.id,
          subjectId: record.id,
          email: record.email,
          ip: ipOf(c),
          detail: { fields: ['cedula'] },
        });
      });
    }
    return c.json({ message: messages.cedulaUpdated, data: await readData(record.id) });
  });

  routes.post('/me/email', signedIn, async (c) => {
    const record = recordOf(c);
    const { password, newEmail } = await readBody(c, emailChangeSchema);
    await checkPassword(c, record.id, password);
    if (newEmail === record.email) throw new ApiError(400, 'same_email', messages.emailChangeSame);
    if (await emailTakenByOther(db, newEmail, record.id))
      throw new ApiError(409, 'email_taken', messages.emailChangeTaken);
    await db.transaction(async (tx) => {
      const token = await createEmailChangeToken(tx, record.id, newEmail);
      const link = `${config.appUrl}/confirmar-correo?token=${token}`;
      await enqueueMail(tx, emailChangeMail(config.brandName, newEmail, record.name, link));
      await recordAudit(tx, {
        action: 'email_change_requested',
        actorId: record.id,
        subjectId: record.id,
        email: record.email,
        ip: ipOf(c),
        detail: { newEmail },
      });
    });
    onMailQueued();
    return c.json({ message: messages.emailChangeSent(newEmail) });
  });

  // No session needed: the link is opened from the new mailbox, often on another device. The token is the proof
  // (one use, 24 h, only its hash stored), and asking for it required the password.
  routes.post('/me/email/confirm', async (c) => {
    const { token } = await readBody(c, verifyEmailSchema);
    let outcome: { status: 'changed'; email: string } | { status: 'invalid' | 'taken' };
    try {
      outcome = await db.transaction(async (tx) => {
        const request = await takeEmailChangeToken(tx, token);
        if (!request) return { status: 'invalid' as const };
        const [account] = await tx
          .select({ email: users.email, deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.id, request.userId));
        if (!account || account.deletedAt) return { status: 'invalid' as const };
        // Someone registered (or moved to) the address after the request: the spent token stays spent.
        if (await emailTakenByOther(tx, request.newEmail, request.userId))
          return { status: 'taken' as const };
        const now = new Date();
        await tx
          .update(authUser)
          .set({ email: request.newEmail, emailVerified: true, updatedAt: now })
          .where(eq(authUser.id, request.userId));
        await tx.update(users).set({ email: request.newEmail }).where(eq(users.id, request.userId));
        const [person] = await tx
          .select({ name: users.name })
          .from(users)
          .where(eq(users.id, request.userId));
        await enqueueMail(
          tx,
          emailChangedNoticeMail(
            config.brandName,
            account.email,
            person?.name ?? '',
            request.newEmail,
            `mailto:${config.supportEmail}`,
          ),
        );
        await recordAudit(tx, {
          action: 'email_changed',
          actorId: request.userId,
          subjectId: request.userId,
          email: request.newEmail,
          ip: ipOf(c),
          detail: { from: account.email, to: request.newEmail },
        });
        return { status: 'changed' as const, email: request.newEmail };
      });
      if (outcome.status === 'changed') onMailQueued();
    } catch (error) {
      // Two confirmations racing for one address: the unique index decides, the loser is told plainly.
      if (isUniqueViolation(error, 'auth_user_email_unique')) outcome = { status: 'taken' };
      else throw error;
    }
    if (outcome.status !== 'changed')
      throw outcome.status === 'taken'
        ? new ApiError(409, 'email_taken', messages.emailChangeTaken)
        : new ApiError(400, 'invalid_token', messages.emailChangeLinkInvalid);
    return c.json({ message: messages.emailChanged(outcome.email) });
  });

  routes.get('/me/export', signedIn, async (c) => {
    const record = recordOf(c);
    const data = await readData(record.id);
    await recordAudit(db, {
      action: 'data_export',
      actorId: record.id,
      subjectId: record.id,
      email: record.email,
      ip: ipOf(c),
    });
    c.header('cache-control', 'no-store');
    c.header('content-disposition', `attachment; filename="mis-datos-${record.lockerNumber}.json"`);
    return c.body(`${JSON.stringify(data, null, 2)}\n`, 200, {
      'content-type': 'application/json; charset=utf-8',
    });
  });

  routes.post('/me/delete', signedIn, async (c) => {
    const record = recordOf(c);
    const { password } = await readBody(c, passwordSchema);
    await checkPassword(c, record.id, password);
    await db.transaction(async (tx) => {
      if ((await activePackageCount(tx, record.id)) > 0)
        throw new ApiError(409, 'packages_active', ACTIVE_PACKAGES_MESSAGE);
      await eraseAccount(tx, record);
      await recordAudit(tx, {
        action: 'account_deleted',
        actorId: record.id,
        subjectId: record.id,
        ip: ipOf(c),
        detail: { lockerNumber: record.lockerNumber },
      });
    });
    // The session is already gone from the database; better-auth's sign-out still clears the browser's cookies.
    const { headers } = await auth.api
      .signOut({ headers: c.req.raw.headers, returnHeaders: true })
      .catch(() => ({ headers: new Headers() }));
    for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    return c.json({ message: messages.accountDeleted });
  });

  return routes;
}

async function emailTakenByOther(db: Database | Transaction, email: string, userId: string) {
  const [other] = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(and(eq(authUser.email, email), ne(authUser.id, userId)))
    .limit(1);
  return other !== undefined;
}
