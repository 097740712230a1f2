// The account API: captcha, registration, login, logout, password reset and e-mail verification.
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { registrationProblem, registrationSchema } from '../../shared/registration.ts';
import {
  emailField,
  loginSchema,
  newPasswordSchema,
  resetRequestSchema,
  verifyEmailSchema,
} from '../../shared/schemas.ts';
import { recordAudit } from '../audit/audit.ts';
import { consumeCaptcha, createCaptcha } from '../captcha/captcha.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { authSession, authUser, users } from '../db/schema.ts';
import { ApiError, clientIp, readBody } from '../http.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { verificationMail } from '../mail/templates.ts';
import type { RateLimiter } from '../security/rate-limit.ts';
import type { Auth } from './auth.ts';
import { isCommonPassword } from './common-passwords.ts';
import { isResetTokenUsable, resetTokenSchema } from './password-reset.ts';
import { EmailTakenError, registerCustomer } from './register.ts';
import { readCaller } from './session.ts';
import { consumeVerificationToken, createVerificationToken } from './verification.ts';

export interface AuthRoutesDeps {
  db: Database;
  auth: Auth;
  config: Config;
  limiter: RateLimiter;
  onMailQueued: () => void;
  /** Tests only: see RegistrationContext.failAfterLockerNumber. */
  failAfterLockerNumber?: () => void;
}

export function authRoutes({
  db,
  auth,
  config,
  limiter,
  onMailQueued,
  failAfterLockerNumber,
}: AuthRoutesDeps) {
  const routes = new Hono();
  const ipOf = (c: Context) => clientIp(c, config.trustProxy);

  routes.get('/captcha', async (c) => {
    await limiter.check('captcha', { ip: ipOf(c) });
    c.header('cache-control', 'no-store');
    return c.json(await createCaptcha(db, config.captchaTestAnswer));
  });

  routes.post('/register', async (c) => {
    const form = await readBody(c, registrationSchema);
    await limiter.check('signUp', { ip: ipOf(c) });
    const problem = registrationProblem(form);
    if (problem) throw new ApiError(400, 'invalid', problem);
    if (isCommonPassword(form.password)) throw new ApiError(400, 'common_password', messages.passwordCommon);
    const captcha = await consumeCaptcha(db, form.captchaId, form.captcha);
    if (captcha === 'expired') throw new ApiError(400, 'captcha_expired', messages.captchaExpired);
    if (captcha === 'mismatch') throw new ApiError(400, 'captcha_mismatch', messages.captchaMismatch);
    await limiter.check('signUpEmail', { ip: ipOf(c), email: form.email });
    try {
      const record = await registerCustomer(db, form, {
        brandName: config.brandName,
        appUrl: config.appUrl,
        officeAddress: config.officeAddress,
        adminEmails: config.adminEmails,
        ip: ipOf(c),
        userAgent: c.req.header('user-agent') ?? '',
        failAfterLockerNumber,
      });
      onMailQueued();
      return c.json({ message: messages.registered, lockerNumber: record.lockerNumber }, 201);
    } catch (error) {
      if (error instanceof EmailTakenError) throw new ApiError(409, 'email_taken', messages.emailTaken);
      throw error;
    }
  });

  routes.post('/login', async (c) => {
    const body = await readBody(c, loginSchema);
    const ip = ipOf(c);
    await limiter.check('signIn', { ip });
    await limiter.ensureNotBlocked('failedSignIn', { ip, email: body.email });
    let signIn: Awaited<ReturnType<typeof signInEmail>>;
    try {
      signIn = await signInEmail(auth, body, c.req.raw.headers);
    } catch {
      await recordAudit(db, { action: 'sign_in_failed', email: body.email, ip });
      await limiter.check('failedSignIn', { ip, email: body.email });
      // One reason whether the e-mail or the password was wrong (DESIGN.md decision 5).
      throw new ApiError(401, 'invalid_credentials', messages.loginErrorPrefix + messages.loginInvalid);
    }
    const { response, headers } = signIn;
    const [record] = await db.select({ role: users.role }).from(users).where(eq(users.id, response.user.id));
    if (!record) {
      // SPEC.md §6: an account without a users record is refused; the session just made is ended.
      await db.delete(authSession).where(eq(authSession.token, response.token));
      throw new ApiError(404, 'user_not_found', messages.userNotFound);
    }
    for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    await recordAudit(db, {
      action: 'sign_in',
      actorId: response.user.id,
      subjectId: response.user.id,
      email: body.email,
      ip,
    });
    // In production staff whose e-mail is not verified yet work as customers until it is (session.ts).
    const trusted = response.user.emailVerified || !config.production;
    const home = !trusted
      ? '/locker'
      : record.role === 'admin'
        ? '/admin'
        : record.role === 'bodega'
          ? '/bodega'
          : '/locker';
    return c.json({ role: record.role, redirectTo: home });
  });

  routes.post('/logout', async (c) => {
    if (c.req.header('cookie')) {
      const { headers } = await auth.api
        .signOut({ headers: c.req.raw.headers, returnHeaders: true })
        .catch(() => ({
          headers: new Headers(),
        }));
      for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    }
    return c.body(null, 204);
  });

  routes.post('/password-reset/request', async (c) => {
    const { email } = await readBody(c, resetRequestSchema);
    await limiter.check('resetRequest', { ip: ipOf(c), email });
    // Same answer whether or not the account exists (DESIGN.md decision 5); better-auth mails only real accounts.
    await auth.api.requestPasswordReset({ body: { email, redirectTo: '/restablecer-contrasena' } });
    return c.json({ message: messages.resetSent });
  });

  // Reads the link without spending it. Only links that fail count against the IP's reset budget (the same limit
  // as asking for a link): a person opening a good link twice is never stopped, and guessing tokens is.
  routes.get('/password-reset/check', async (c) => {
    const ip = ipOf(c);
    await limiter.ensureNotBlocked('resetRequest', { ip });
    c.header('cache-control', 'no-store');
    const token = resetTokenSchema.safeParse(c.req.query('token') ?? '');
    if (token.success && (await isResetTokenUsable(auth, token.data))) return c.json({ valid: true });
    await limiter.check('resetRequest', { ip });
    throw new ApiError(400, 'invalid_token', messages.resetLinkInvalid);
  });

  routes.post('/password-reset', async (c) => {
    const { token, password } = await readBody(c, newPasswordSchema);
    if (isCommonPassword(password)) throw new ApiError(400, 'common_password', messages.passwordCommon);
    try {
      await auth.api.resetPassword({ body: { token, newPassword: password } });
    } catch {
      throw new ApiError(400, 'invalid_token', messages.resetLinkInvalid);
    }
    return c.json({ message: messages.resetDone });
  });

  routes.post('/verify-email', async (c) => {
    const { token } = await readBody(c, verifyEmailSchema);
    if (!(await consumeVerificationToken(db, token)))
      throw new ApiError(400, 'invalid_token', messages.verifyLinkInvalid);
    return c.json({ message: messages.verifyDone });
  });

  routes.post('/verify-email/resend', async (c) => {
    const caller = await readCaller(c, auth, db);
    const { email } = caller ? { email: undefined } : await readBody(c, z.object({ email: emailField }));
    await limiter.check('verificationResend', { ip: ipOf(c), email: email ?? caller?.userId });
    const [account] = await db
      .select({
        id: authUser.id,
        email: authUser.email,
        name: authUser.name,
        verified: authUser.emailVerified,
      })
      .from(authUser)
      .where(caller ? eq(authUser.id, caller.userId) : eq(authUser.email, email ?? ''));
    if (account && !account.verified) {
      await db.transaction(async (tx) => {
        const token = await createVerificationToken(tx, account.id);
        const link = `${config.appUrl}/verificar-correo?token=${token}`;
        await enqueueMail(tx, verificationMail(config.brandName, account.email, account.name, link));
      });
      onMailQueued();
    }
    return c.json({ message: messages.verifySent });
  });

  return routes;
}

function signInEmail(auth: Auth, body: { email: string; password: string }, headers: Headers) {
  return auth.api.signInEmail({ body, headers, returnHeaders: true });
}
