import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { browser, registrationForm, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { messages } from '../../shared/messages.ts';
import { PRIVACY_POLICY_VERSION } from '../../shared/policy.ts';
import { registrationSchema } from '../../shared/registration.ts';
import { authAccount, authUser, captcha, lockerCounter, outbox, users } from '../db/schema.ts';
import { registerCustomer } from './register.ts';

describe.each(drivers)('registration on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, { ADMIN_EMAILS: 'jefa@example.com' });
  });
  afterAll(() => server?.close());

  const counter = async () =>
    (await server.db.select().from(lockerCounter).where(eq(lockerCounter.id, 'lockers')))[0]?.lastNumber ??
    null;
  const userCount = async () => (await server.db.select({ n: count() }).from(authUser))[0]?.n ?? 0;

  it('creates the account and the users record with every field, starting at locker 1334', async () => {
    expect(await counter()).toBeNull();
    const client = browser(server);
    const form = await registrationForm(client, { email: 'Primera@Example.com ', direccion2: ' Carrera 5 ' });
    const response = await client.post('/api/register', form, { 'user-agent': 'PruebaAgente/1.0' });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(messages.registered);
    const [record] = await server.db.select().from(users).where(eq(users.email, 'primera@example.com'));
    expect(record).toMatchObject({
      name: 'Ana María Pérez',
      registeredName: 'Ana María Pérez',
      email: 'primera@example.com',
      cedula: '1020304050',
      telefono: '+573001234567',
      direccion1: 'Calle 10 # 20-30',
      ciudad1: 'Medellín',
      codigoPostal1: '050021',
      direccion2: 'Carrera 5',
      ciudad2: '',
      codigoPostal2: '',
      lockerNumber: '1334',
      officeAddress: server.config.officeAddress,
      referredBy: '',
      aceptoPolitica: true,
      politicaVersion: PRIVACY_POLICY_VERSION,
      consentUserAgent: 'PruebaAgente/1.0',
      role: 'customer',
    });
    expect(record?.refCode).toBe(record?.id.slice(0, 6).toUpperCase());
    expect(record?.fechaAceptoPolitica).toBeInstanceOf(Date);
    expect(record?.createdAt).toBeInstanceOf(Date);
    expect(await counter()).toBe(1334);
    const [account] = await server.db
      .select()
      .from(authAccount)
      .where(eq(authAccount.userId, record?.id ?? ''));
    expect(account?.providerId).toBe('credential');
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mails = await server.db.select().from(outbox).where(eq(outbox.toAddress, 'primera@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${server.config.appUrl}/verificar-correo?token=`);
    expect(mails[0]?.subject).toContain('verifica tu correo');
  });

  it('gives the next account the next number', async () => {
    const client = browser(server);
    const before = await counter();
    const response = await client.post('/api/register', await registrationForm(client));
    expect(response.status).toBe(201);
    expect(response.body.lockerNumber).toBe(String((before ?? 0) + 1));
  });

  it('checks consent, then the confirmation, then the password rules, then the captcha, in that order', async () => {
    const client = browser(server);
    const users = await userCount();
    const numberBefore = await counter();
    // Each refusal names the field it belongs to, so the form shows it there.
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { aceptoPolitica: false, confirmPassword: 'otra', password: 'corta', captcha: 'ZZZZZ' },
        messages.consentRequired,
        'aceptoPolitica',
      ],
      [
        { confirmPassword: 'otra', password: 'corta', captcha: 'ZZZZZ' },
        messages.passwordsDiffer,
        'confirmPassword',
      ],
      [{ password: 'corta', confirmPassword: 'corta', captcha: 'ZZZZZ' }, messages.passwordWeak, 'password'],
      [{ password: 'sinmayuscula1!', confirmPassword: 'sinmayuscula1!' }, messages.passwordWeak, 'password'],
      [{ password: 'SINMINUSCULA1!', confirmPassword: 'SINMINUSCULA1!' }, messages.passwordWeak, 'password'],
      [{ password: 'SinNumero!!', confirmPassword: 'SinNumero!!' }, messages.passwordWeak, 'password'],
      [{ password: 'SinSimbolo12', confirmPassword: 'SinSimbolo12' }, messages.passwordWeak, 'password'],
      [{ password: 'Password1!', confirmPassword: 'Password1!' }, messages.passwordCommon, 'password'],
      [{ captcha: 'ZZZZZ' }, messages.captchaMismatch, 'captcha'],
    ];
    for (const [overrides, message, field] of cases) {
      const response = await client.post('/api/register', await registrationForm(client, overrides));
      expect(response.status, message).toBe(400);
      expect(response.body).toEqual({ error: { code: expect.any(String), message, field } });
    }
    expect(await userCount()).toBe(users);
    expect(await counter()).toBe(numberBefore);
  });

  it('refuses missing required fields, a bad e-mail, a bad phone and a password over 128 characters', async () => {
    const client = browser(server);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '   ' }, messages.required('Nombre completo')],
      [{ cedula: undefined }, messages.required('Cédula')],
      [{ email: 'no-es-correo' }, messages.emailInvalid],
      [{ direccion1: '' }, messages.required('Dirección 1')],
      [{ ciudad1: '' }, messages.required('Ciudad 1')],
      [{ codigoPostal1: '' }, messages.required('Código postal 1')],
      [{ captcha: '' }, messages.required('Captcha')],
      [{ telefono: '+57123' }, messages.phoneInvalid],
      [{ telefono: '3001234567' }, messages.phoneInvalid],
      [
        { password: `Aa1!${'x'.repeat(125)}`, confirmPassword: `Aa1!${'x'.repeat(125)}` },
        messages.passwordTooLong,
      ],
    ];
    for (const [overrides, message] of cases) {
      const response = await client.post('/api/register', await registrationForm(client, overrides));
      expect(response.body.error?.message, JSON.stringify(overrides)).toBe(message);
    }
  });

  it('accepts an empty phone and the optional second address left blank', async () => {
    const client = browser(server);
    const response = await client.post('/api/register', await registrationForm(client, { telefono: '' }));
    expect(response.status).toBe(201);
  });

  it('spends a captcha on its first use', async () => {
    const client = browser(server);
    const form = await registrationForm(client);
    expect((await client.post('/api/register', { ...form, captcha: 'WRONG' })).body.error.message).toBe(
      messages.captchaMismatch,
    );
    expect((await client.post('/api/register', form)).body.error.message).toBe(messages.captchaMismatch);
  });

  it('refuses an expired captcha beside the captcha field', async () => {
    const client = browser(server);
    const form = await registrationForm(client);
    await server.db
      .update(captcha)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captcha.id, form.captchaId));
    const response = await client.post('/api/register', form);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'captcha_expired',
      message: messages.captchaExpired,
      field: 'captcha',
    });
  });

  it('refuses an e-mail that already has an account, in any case, and takes no number', async () => {
    const client = browser(server);
    const form = await registrationForm(client);
    expect((await client.post('/api/register', form)).status).toBe(201);
    const numberBefore = await counter();
    const again = await client.post(
      '/api/register',
      await registrationForm(client, { email: form.email.toUpperCase() }),
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'email_taken',
      message: messages.emailTaken,
      field: 'email',
    });
    expect(await counter()).toBe(numberBefore);
  });

  it('keeps an existing referral code upper-cased in referredBy, and empties an unknown one', async () => {
    const client = browser(server);
    const referrer = await registrationForm(client);
    await client.post('/api/register', referrer);
    const [{ refCode } = { refCode: '' }] = await server.db
      .select({ refCode: users.refCode })
      .from(users)
      .where(eq(users.email, referrer.email));
    const invited = await registrationForm(client, { ref: refCode.toLowerCase() });
    await client.post('/api/register', invited);
    const stranger = await registrationForm(client, { ref: 'NOEXISTE' });
    await client.post('/api/register', stranger);
    const referredBy = async (email: string) =>
      (await server.db.select({ referredBy: users.referredBy }).from(users).where(eq(users.email, email)))[0]
        ?.referredBy;
    expect(await referredBy(invited.email)).toBe(refCode);
    expect(await referredBy(stranger.email)).toBe('');
  });

  it('makes an ADMIN_EMAILS account an admin at registration', async () => {
    const client = browser(server);
    await client.post('/api/register', await registrationForm(client, { email: 'Jefa@example.com' }));
    const [record] = await server.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, 'jefa@example.com'));
    expect(record?.role).toBe('admin');
  });

  it('rolls everything back, the locker number too, when a step after the number fails', async () => {
    const client = browser(server);
    const form = registrationSchema.parse(await registrationForm(client));
    const numberBefore = await counter();
    const usersBefore = await userCount();
    const mailsBefore = (await server.db.select({ n: count() }).from(outbox))[0]?.n;
    await expect(
      registerCustomer(server.db, form, {
        brandName: 'X',
        appUrl: server.config.appUrl,
        officeAddress: server.config.officeAddress,
        adminEmails: [],
        ip: '',
        userAgent: '',
        failAfterLockerNumber: () => {
          throw new Error('fallo provocado');
        },
      }),
    ).rejects.toThrow('fallo provocado');
    expect(await counter()).toBe(numberBefore);
    expect(await userCount()).toBe(usersBefore);
    expect((await server.db.select({ n: count() }).from(outbox))[0]?.n).toBe(mailsBefore);
    const next = await client.post('/api/register', await registrationForm(client));
    expect(next.body.lockerNumber).toBe(String((numberBefore ?? 0) + 1));
  });

  it('gives 200 concurrent registrations 200 distinct consecutive numbers', async () => {
    const client = browser(server);
    const start = (await counter()) ?? 0;
    const forms = await Promise.all(Array.from({ length: 200 }, () => registrationForm(client)));
    const responses = await Promise.all(forms.map((form) => client.post('/api/register', form)));
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(201));
    const numbers = responses.map((response) => Number(response.body.lockerNumber)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => start + 1 + i));
    expect(await counter()).toBe(start + 200);
    const [{ distinct } = { distinct: 0 }] = await server.db
      .select({ distinct: sql<number>`count(distinct ${users.lockerNumber})::int` })
      .from(users);
    expect(distinct).toBe(await userCount());
  });
});

describe('registration with unusual characters', () => {
  it('stores names with control characters removed and lone surrogates replaced, never failing', async () => {
    const server = await startTestServer('pglite');
    try {
      const client = browser(server);
      const form = await registrationForm(client, {
        name: 'Ana\u0000 María\u0007 \uD800Pérez',
        direccion1: 'Calle\u0000 1',
      });
      const response = await client.post('/api/register', form);
      expect(response.status).toBe(201);
      const [record] = await server.db.select().from(users).where(eq(users.email, form.email));
      expect(record?.name).toBe('Ana María \uFFFDPérez');
      expect(record?.direccion1).toBe('Calle 1');
    } finally {
      await server.close();
    }
  });
});
