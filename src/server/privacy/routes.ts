// The person's rights over their own data (Ley 1581 de 2012, art. 8): know it (GET /me/data), correct it (PATCH /me,
// POST /me/cedula, POST /me/email + /me/email/confirm), take it away (GET /me/export) and delete it (POST /me/delete).
// Every change is written to the audit trail in the same transaction as the change itself.
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type * as Api from '../../shared/accounts/api-types.ts';
import { messages } from '../../shared/messages.ts';
import { registrationSchema } from '../../shared/registration.ts';
import { emailField, passwordField, verifyEmailSchema } from '../../shared/schemas.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import { Invalid, NotFound } from '../errors.ts';
import { clientIp, type RouteDeps, readBody } from '../http.ts';
import { consentOf } from '../notices/consent.ts';
import { PQR_KEPT_ON_DELETION, pqrCountOf } from '../pqr/privacy.ts';
import type { RateLimiter } from '../security/rate-limit.ts';
import {
  CORRECTABLE_FIELDS,
  type Correction,
  confirmEmailChange,
  correctCedula,
  correctData,
  deleteAccount,
  deletionRefusal,
  passwordMatches,
  requestEmailChange,
} from './changes.ts';
import { personalData } from './data.ts';
import { whatsappChoiceRoutes } from './whatsapp.ts';

// PATCH /me's corrections are checked by the registration's own field schemas: the same rules and messages apply.
type Correctable = (typeof CORRECTABLE_FIELDS)[number];

// partial(): a PATCH may send any subset. The optional fields' default ('') is ignored below unless the key was sent.
const correctable: Partial<Record<Correctable, true>> = Object.fromEntries(
  CORRECTABLE_FIELDS.map((field) => [field, true] as const),
);
const correctionSchema = registrationSchema.pick(correctable).partial();
const cedulaSchema = z.object({ password: passwordField, cedula: registrationSchema.shape.cedula });
const emailChangeSchema = z.object({ password: passwordField, newEmail: emailField });
const passwordSchema = z.object({ password: passwordField });

export interface PrivacyRoutesDeps extends RouteDeps {
  limiter: RateLimiter;
}

export function privacyRoutes({ db, auth, config, limiter }: PrivacyRoutesDeps) {
  const routes = new Hono<SessionEnv>();
  const ipOf = (c: Context) => clientIp(c, config.trustProxy);
  const signedIn = requireCaller(auth, db);
  const recordOf = (c: Context<SessionEnv>) => c.get('caller').record;

  /**
   * The caller's record and the body, once the body's password proved to be theirs. A wrong password is a 400 with
   * one plain reason; an account without a password never passes. Wrong passwords are limited per account, so a
   * stolen session cannot guess the password and then move the e-mail.
   */
  async function provenBody<S extends z.ZodType<{ password: string }>>(c: Context<SessionEnv>, schema: S) {
    const record = recordOf(c);
    const body = await readBody(c, schema);
    const subjects = { ip: ipOf(c), account: record.id };
    await limiter.ensureNotBlocked('wrongPassword', subjects);
    if (await passwordMatches(db, record.id, body.password)) return { record, body };
    await limiter.check('wrongPassword', subjects);
    throw new Invalid('wrong_password', messages.passwordIncorrect, { field: 'password' });
  }

  async function readData(userId: string) {
    const data = await personalData(db, userId);
    if (!data) throw new NotFound(messages.userNotFound, 'user_not_found');
    return data;
  }

  /** The answer of a change to one's data: what to say, and the data as they now are. */
  const dataSaved = async (userId: string, message: string): Promise<Api.PersonalDataSaved> => ({
    message,
    data: await readData(userId),
  });

  routes.get('/me/data', signedIn, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json((await readData(c.get('caller').userId)) satisfies Api.PersonalData);
  });

  routes.patch('/me', signedIn, async (c) => {
    const record = recordOf(c);
    const parsed = await readBody(c, correctionSchema);
    // Hono keeps the parsed body: read it again to learn which keys were really sent.
    const body: unknown = await c.req.json();
    const sent = typeof body === 'object' && body !== null ? body : {};
    const correction: Correction = {};
    for (const field of CORRECTABLE_FIELDS) {
      const value = parsed[field];
      if (Object.hasOwn(sent, field) && value !== undefined) correction[field] = value;
    }
    const { whatsappWithdrawn } = await correctData(db, record, correction, ipOf(c));
    return c.json(
      await dataSaved(record.id, whatsappWithdrawn ? messages.dataUpdatedWhatsappOff : messages.dataUpdated),
    );
  });

  routes.post('/me/cedula', signedIn, async (c) => {
    const { record, body } = await provenBody(c, cedulaSchema);
    await correctCedula(db, record, body.cedula, ipOf(c));
    return c.json(await dataSaved(record.id, messages.cedulaUpdated));
  });

  routes.post('/me/email', signedIn, async (c) => {
    const { record, body } = await provenBody(c, emailChangeSchema);
    await requestEmailChange(db, record, body.newEmail, config, ipOf(c));
    return c.json({ message: messages.emailChangeSent(body.newEmail) } satisfies Api.Confirmation);
  });

  // No session needed: the link is opened from the new mailbox, often on another device. The token is the proof
  // (one use, 24 h, only its hash stored), and asking for it required the password.
  routes.post('/me/email/confirm', async (c) => {
    const { token } = await readBody(c, verifyEmailSchema);
    const email = await confirmEmailChange(db, token, config, ipOf(c));
    return c.json({ message: messages.emailChanged(email) } satisfies Api.Confirmation);
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
    const avisosWhatsapp = await consentOf(db, record.id);
    return c.body(`${JSON.stringify({ ...data, avisosWhatsapp }, null, 2)}\n`, 200, {
      'content-type': 'application/json; charset=utf-8',
    });
  });

  // Asked by 'Eliminar mi cuenta' before it asks for the password: a refusal is said first.
  routes.get('/me/delete', signedIn, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ refusal: await deletionRefusal(db, c.get('caller').userId) } satisfies Api.DeletionCheck);
  });

  routes.post('/me/delete', signedIn, async (c) => {
    const { record } = await provenBody(c, passwordSchema);
    const keptPqr = (await pqrCountOf(db, record.id)) > 0;
    await deleteAccount(db, record, ipOf(c));
    // The session is already gone from the database; better-auth's sign-out still clears the browser's cookies.
    const { headers } = await auth.api
      .signOut({ headers: c.req.raw.headers, returnHeaders: true })
      .catch(() => ({ headers: new Headers() }));
    for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    const message = keptPqr ? `${messages.accountDeleted} ${PQR_KEPT_ON_DELETION}` : messages.accountDeleted;
    return c.json({ message } satisfies Api.Confirmation);
  });

  routes.route('/', whatsappChoiceRoutes({ db, auth, ipOf }));

  return routes;
}
