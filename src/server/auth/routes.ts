// The account API: captcha, registration, login, logout, password reset and e-mail verification.
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type * as Api from '../../shared/accounts/api-types.ts';
import type { Role } from '../../shared/accounts/roles.ts';
import { messages } from '../../shared/messages.ts';
import { paths } from '../../shared/paths.ts';
import { type Registration, registrationSchema } from '../../shared/registration.ts';
import { registrationProblem } from '../../shared/registration-rules.ts';
import {
  emailField,
  loginSchema,
  newPasswordSchema,
  resetRequestSchema,
  verifyEmailSchema,
} from '../../shared/schemas.ts';
import { recordAudit } from '../audit/audit.ts';
import { createCaptcha, requireCaptcha } from '../captcha/captcha.ts';
import type { Config } from '../config.ts';
import { isConnectionLost } from '../db/errors.ts';
import type { Database } from '../db/open.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { ApiError, clientIp, readBody } from '../http.ts';
import type { RateLimiter } from '../security/rate-limit.ts';
import type { Auth } from './auth.ts';
import { isCommonPassword } from './common-passwords.ts';
import { isResetTokenUsable, resetTokenSchema } from './password-reset.ts';
import { EmailTakenError, registerCustomer } from './register.ts';
import { endSession, readCaller, roleOf } from './session.ts';
import { consumeVerificationToken, resendVerification } from './verification.ts';

/**
 * Where each role lands after sign-in (design/packages.md and design/delivery.md 'Roles').
 */
const HOMES: Record<Role, string> = {
  customer: paths.locker,
  reparto: paths.courierRoute,
  bodega: paths.warehouse,
  admin: paths.admin,
};

export interface AuthRoutesDeps {
  db: Database;
  auth: Auth;
  config: Config;
  limiter: RateLimiter;
  /** Tests only: see RegistrationContext.failAfterLockerNumber. */
  failAfterLockerNumber?: () => void;
}

export function authRoutes({ db, auth, config, limiter, failAfterLockerNumber }: AuthRoutesDeps) {
  const routes = new Hono();
  const ipOf = (c: Context) => clientIp(c, config.trustProxy);

  routes.get('/captcha', async (c) => {
    await limiter.check('captcha', { ip: ipOf(c) });
    c.header('cache-control', 'no-store');
    return c.json((await createCaptcha(db, config.captchaTestAnswer)) satisfies Api.Captcha);
  });

  routes.post('/register', async (c) => {
    const form = await readBody(c, registrationSchema);
    await limiter.check('signUp', { ip: ipOf(c) });
    const problem = registrationProblem(form);
    if (problem) throw new Invalid('invalid', problem, { field: registrationProblemField(form) });
    if (isCommonPassword(form.password)) throw commonPassword();
    await requireCaptcha(db, form.captchaId, form.captcha);
    if (form.avisosWhatsapp && !form.telefono)
      throw new Invalid('invalid', messages.required('Teléfono'), { field: 'telefono' });
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
      return c.json(
        { message: messages.registered, lockerNumber: record.lockerNumber } satisfies Api.Registered,
        201,
      );
    } catch (error) {
      if (error instanceof EmailTakenError)
        throw new Conflict('email_taken', messages.emailTaken, { field: 'email' });
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
    } catch (error) {
      // The database away (a restart) is no wrong password: app.ts answers it with a 503.
      if (isConnectionLost(error)) throw error;
      await recordAudit(db, { action: 'sign_in_failed', email: body.email, ip });
      await limiter.check('failedSignIn', { ip, email: body.email });
      // One reason whether the e-mail or the password was wrong (design/architecture.md decision 5).
      throw new ApiError(401, 'invalid_credentials', messages.loginErrorPrefix + messages.loginInvalid);
    }
    const { response, headers } = signIn;
    const role = await roleOf(db, response.user.id);
    if (!role) {
      // design/product.md §6: an account without a users record is refused; the session just made is ended.
      await endSession(db, response.token);
      throw new NotFound(messages.userNotFound, 'user_not_found');
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
    const home = trusted ? HOMES[role] : HOMES.customer;
    return c.json({ role, redirectTo: home } satisfies Api.SignedIn);
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
    // One answer, account or not (design/architecture.md decision 5); better-auth mails only real accounts.
    await auth.api.requestPasswordReset({ body: { email, redirectTo: '/restablecer-contrasena' } });
    return c.json({ message: messages.resetSent } satisfies Api.Confirmation);
  });

  // Reads the link without spending it. Only links that fail count against the IP's reset budget (the same limit
  // as asking for a link): a person opening a good link twice is never stopped, and guessing tokens is.
  routes.get('/password-reset/check', async (c) => {
    const ip = ipOf(c);
    await limiter.ensureNotBlocked('resetRequest', { ip });
    c.header('cache-control', 'no-store');
    const token = resetTokenSchema.safeParse(c.req.query('token') ?? '');
    if (token.success && (await isResetTokenUsable(auth, token.data)))
      return c.json({ valid: true } satisfies Api.ResetLinkValid);
    await limiter.check('resetRequest', { ip });
    throw new Invalid('invalid_token', messages.resetLinkInvalid);
  });

  routes.post('/password-reset', async (c) => {
    const { token, password } = await readBody(c, newPasswordSchema);
    if (isCommonPassword(password)) throw commonPassword();
    try {
      await auth.api.resetPassword({ body: { token, newPassword: password } });
    } catch {
      throw new Invalid('invalid_token', messages.resetLinkInvalid);
    }
    return c.json({ message: messages.resetDone } satisfies Api.Confirmation);
  });

  routes.post('/verify-email', async (c) => {
    const { token } = await readBody(c, verifyEmailSchema);
    if (!(await consumeVerificationToken(db, token)))
      throw new Invalid('invalid_token', messages.verifyLinkInvalid);
    return c.json({ message: messages.verifyDone } satisfies Api.Confirmation);
  });

  routes.post('/verify-email/resend', async (c) => {
    const caller = await readCaller(c, auth, db);
    const who = caller ? { userId: caller.userId } : await readBody(c, z.object({ email: emailField }));
    await limiter.check('verificationResend', {
      ip: ipOf(c),
      email: 'email' in who ? who.email : who.userId,
    });
    await resendVerification(db, who, config);
    return c.json({ message: messages.verifySent } satisfies Api.Confirmation);
  });

  return routes;
}

function signInEmail(auth: Auth, body: { email: string; password: string }, headers: Headers) {
  return auth.api.signInEmail({ body, headers, returnHeaders: true });
}

const commonPassword = () => new Invalid('common_password', messages.passwordCommon, { field: 'password' });

/** The field registrationProblem's message is about: the consent box, the repeated password or the password. */
function registrationProblemField(
  form: Pick<Registration, 'aceptoPolitica' | 'password' | 'confirmPassword'>,
) {
  if (!form.aceptoPolitica) return 'aceptoPolitica';
  return form.password === form.confirmPassword ? 'password' : 'confirmPassword';
}
