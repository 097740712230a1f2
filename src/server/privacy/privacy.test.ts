import { and, desc, eq, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import {
  browser,
  registrationForm,
  startTestServer,
  type TestServer,
  verifyEmail,
} from '../../../test/support/server.ts';
import { messages } from '../../shared/messages.ts';
import { PRIVACY_POLICY_VERSION } from '../../shared/policy.ts';
import {
  auditLog,
  authAccount,
  authSession,
  authUser,
  authVerification,
  lockerCounter,
  outbox,
  users,
} from '../db/schema.ts';
import { DELETED_NAME, deletedEmail } from './data.ts';

const ADMIN_EMAIL = 'privacidad-admin@example.com';

/** Every key of the users document that GET /api/me/data and the export must carry. */
const DOCUMENT_FIELDS = [
  'name',
  'registeredName',
  'email',
  'cedula',
  'telefono',
  'direccion1',
  'ciudad1',
  'codigoPostal1',
  'direccion2',
  'ciudad2',
  'codigoPostal2',
  'lockerNumber',
  'officeAddress',
  'refCode',
  'referredBy',
  'aceptoPolitica',
  'fechaAceptoPolitica',
  'createdAt',
  'role',
  'politicaVersion',
  'consentIp',
  'consentUserAgent',
  'emailVerified',
];

describe.each(logicDrivers)('privacy and data rights on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    server = await startTestServer(driver, { ADMIN_EMAILS: ADMIN_EMAIL });
    const signedUpAdmin = await signedUp({ email: ADMIN_EMAIL });
    await verifyEmail(server, ADMIN_EMAIL);
    admin = signedUpAdmin.client;
  });
  afterAll(() => server?.close());

  /** Registers through the API and signs in; returns the form, the signed-in client and the users row. */
  async function signedUp(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const client = browser(server);
    const form = await registrationForm(client, overrides);
    const registered = await client.post('/api/register', form, headers);
    expect(registered.status).toBe(201);
    expect((await client.post('/api/login', { email: form.email, password: form.password })).status).toBe(
      200,
    );
    const [record] = await server.db.select().from(users).where(eq(users.email, form.email));
    if (!record) throw new Error('no users row');
    return { form, client, record };
  }

  const login = (email: string, password: string) => browser(server).post('/api/login', { email, password });
  const actions = async (userId: string) =>
    (
      await server.db
        .select({ action: auditLog.action, ip: auditLog.ip, detail: auditLog.detail })
        .from(auditLog)
        .where(or(eq(auditLog.subjectId, userId), eq(auditLog.actorId, userId)))
        .orderBy(auditLog.id)
    ).map((entry) => entry.action);
  const adminList = async (q: string) => {
    const response = await admin.get(`/api/admin/users?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    return response.body.users as Array<Record<string, unknown>>;
  };
  const emailChangeToken = async (to: string) => {
    const [mail] = await server.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, to))
      .orderBy(desc(outbox.id))
      .limit(1);
    return /confirmar-correo\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  };

  it('keeps proof of consent from the registration: policy version, date, address and browser', async () => {
    const before = Date.now();
    const { record } = await signedUp(
      {},
      { 'user-agent': 'Mozilla/5.0 (Prueba) Chromium/140', 'x-forwarded-for': '203.0.113.9' },
    );
    expect(record.aceptoPolitica).toBe(true);
    expect(record.politicaVersion).toBe(PRIVACY_POLICY_VERSION);
    expect(record.fechaAceptoPolitica.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(record.fechaAceptoPolitica.getTime()).toBeLessThanOrEqual(Date.now());
    expect(record.consentUserAgent).toBe('Mozilla/5.0 (Prueba) Chromium/140');
    // TRUST_PROXY is off: a client-written X-Forwarded-For is not taken as the address.
    expect(record.consentIp).not.toBe('');
    expect(record.consentIp).not.toBe('203.0.113.9');
  });

  it('shows the signed-in person everything held on them, exactly as registered', async () => {
    expect((await browser(server).get('/api/me/data')).status).toBe(401);
    const { form, client, record } = await signedUp(
      { direccion2: 'Carrera 7 # 8-9', ciudad2: 'Envigado', codigoPostal2: '055420' },
      { 'user-agent': 'NavegadorDePrueba/1.0' },
    );
    const response = await client.get('/api/me/data');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const data = response.body;
    for (const field of DOCUMENT_FIELDS) expect(data).toHaveProperty(field);
    expect(data).toMatchObject({
      name: form.name,
      registeredName: form.name,
      email: form.email,
      cedula: form.cedula,
      telefono: form.telefono,
      direccion1: form.direccion1,
      ciudad1: form.ciudad1,
      codigoPostal1: form.codigoPostal1,
      direccion2: 'Carrera 7 # 8-9',
      ciudad2: 'Envigado',
      codigoPostal2: '055420',
      lockerNumber: record.lockerNumber,
      officeAddress: record.officeAddress,
      refCode: record.refCode,
      referredBy: '',
      aceptoPolitica: true,
      fechaAceptoPolitica: record.fechaAceptoPolitica.toISOString(),
      createdAt: record.createdAt.toISOString(),
      role: 'customer',
      politicaVersion: PRIVACY_POLICY_VERSION,
      consentIp: record.consentIp,
      consentUserAgent: 'NavegadorDePrueba/1.0',
      emailVerified: false,
      correoPendiente: '',
    });
    expect(data).not.toHaveProperty('searchText');
    expect(data.actividad.map((entry: { action: string }) => entry.action)).toContain('sign_in');
  });

  it('ignores every other field a correction sends: role, locker, e-mail, cédula', async () => {
    const { client, record } = await signedUp();
    const response = await client.send(
      'PATCH',
      '/api/me',
      JSON.stringify({
        role: 'admin',
        lockerNumber: '1',
        email: 'otro@example.com',
        cedula: '9',
        refCode: 'AAAAAA',
      }),
    );
    expect(response.status).toBeLessThan(500);
    const [after] = await server.db.select().from(users).where(eq(users.id, record.id));
    expect(after).toMatchObject({
      role: 'customer',
      lockerNumber: record.lockerNumber,
      email: record.email,
      cedula: record.cedula,
      refCode: record.refCode,
    });
  });

  it('corrects name, phone and addresses with the registration rules, visible to the admin list at once', async () => {
    const { client, record } = await signedUp({ name: 'Lucía Nombreviejo' });
    expect((await adminList('Lucía Nombreviejo')).map((row) => row.lockerNumber)).toEqual([
      record.lockerNumber,
    ]);

    const corrected = {
      name: 'Lucía Fernández Correcta',
      telefono: '+525512345678',
      direccion1: 'Avenida Siempre Viva 742',
      ciudad1: 'Cali',
      codigoPostal1: '760001',
      direccion2: 'Calle 2 # 3-4',
      ciudad2: 'Palmira',
      codigoPostal2: '763531',
    };
    const response = await client.send('PATCH', '/api/me', corrected);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.dataUpdated);
    expect(response.body.data).toMatchObject({ ...corrected, registeredName: corrected.name });

    const listed = await adminList('Fernández Correcta');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ ...corrected, registeredName: corrected.name });
    expect(await adminList('Nombreviejo')).toEqual([]);
    expect((await adminList('525512345678')).map((row) => row.lockerNumber)).toEqual([record.lockerNumber]);
    expect((await client.get('/api/me')).body).toMatchObject({ name: corrected.name });
    const [account] = await server.db.select().from(authUser).where(eq(authUser.id, record.id));
    expect(account?.name).toBe(corrected.name);

    // Only the keys sent change: clearing the phone leaves the second address alone.
    await client.send('PATCH', '/api/me', { telefono: '' });
    expect((await client.get('/api/me/data')).body).toMatchObject({
      telefono: '',
      direccion2: 'Calle 2 # 3-4',
    });

    const emptyAddress = await client.send('PATCH', '/api/me', { direccion1: '   ' });
    expect(emptyAddress.status).toBe(400);
    expect(emptyAddress.body.error.message).toBe(messages.required('Dirección 1'));
    const badPhone = await client.send('PATCH', '/api/me', { telefono: '12345' });
    expect(badPhone.body.error.message).toBe(messages.phoneInvalid);
    const noName = await client.send('PATCH', '/api/me', { name: '' });
    expect(noName.body.error.message).toBe(messages.required('Nombre completo'));
    expect((await client.get('/api/me/data')).body.direccion1).toBe(corrected.direccion1);

    // The trail names the corrected fields, not their values.
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, record.id), eq(auditLog.action, 'data_updated')))
      .orderBy(auditLog.id)
      .limit(1);
    expect(entry?.detail).toEqual({ fields: Object.keys(corrected) });
    expect(entry?.actorId).toBe(record.id);
    expect(entry?.ip).not.toBe('');
    expect(await actions(record.id)).toEqual(['sign_in', 'data_updated', 'data_updated']);

    expect((await browser(server).send('PATCH', '/api/me', corrected)).status).toBe(401);
  });

  it('changes the cédula only with the right password', async () => {
    const { client, record } = await signedUp({ cedula: '11111111' });
    const wrong = await client.post('/api/me/cedula', { password: 'Otra#Clave2026', cedula: '22222222' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(messages.passwordIncorrect);
    const missing = await client.post('/api/me/cedula', { cedula: '22222222' });
    expect(missing.body.error.message).toBe(messages.required('Contraseña'));
    const empty = await client.post('/api/me/cedula', { password: 'Casa#Verde2026x', cedula: '' });
    expect(empty.body.error.message).toBe(messages.required('Cédula'));
    expect((await client.get('/api/me/data')).body.cedula).toBe('11111111');

    const right = await client.post('/api/me/cedula', { password: 'Casa#Verde2026x', cedula: ' 22222222 ' });
    expect(right.status).toBe(200);
    expect(right.body.message).toBe(messages.cedulaUpdated);
    expect((await client.get('/api/me/data')).body.cedula).toBe('22222222');
    expect(await actions(record.id)).toEqual(['sign_in', 'data_updated']);
    expect((await browser(server).post('/api/me/cedula', { password: 'x', cedula: '1' })).status).toBe(401);
  });

  it('changes the e-mail only once the new address is confirmed, with a one-use link', async () => {
    const { form, client, record } = await signedUp();
    const newEmail = `nuevo-${Date.now()}@example.com`;

    // Each refusal names the field it belongs to.
    const wrong = await client.post('/api/me/email', { password: 'Otra#Clave2026', newEmail });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ message: messages.passwordIncorrect, field: 'password' });
    const same = await client.post('/api/me/email', { password: form.password, newEmail: form.email });
    expect(same.body.error).toMatchObject({ message: messages.emailChangeSame, field: 'newEmail' });
    const invalid = await client.post('/api/me/email', { password: form.password, newEmail: 'no-es-correo' });
    expect(invalid.body.error.message).toBe(messages.emailInvalid);
    const taken = await client.post('/api/me/email', { password: form.password, newEmail: ADMIN_EMAIL });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ message: messages.emailChangeTaken, field: 'newEmail' });
    expect(await server.db.select().from(outbox).where(eq(outbox.toAddress, newEmail))).toEqual([]);

    const first = await client.post('/api/me/email', {
      password: form.password,
      newEmail: newEmail.toUpperCase(),
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(messages.emailChangeSent(newEmail));
    const firstToken = await emailChangeToken(newEmail);
    await client.post('/api/me/email', { password: form.password, newEmail });
    const token = await emailChangeToken(newEmail);
    expect(token).not.toBe(firstToken);
    // Only the hash is stored.
    const stored = await server.db
      .select()
      .from(authVerification)
      .where(like(authVerification.identifier, 'email-change:%'));
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Nothing has changed yet: the old address still signs in, the new one does not.
    expect((await client.get('/api/me/data')).body).toMatchObject({
      email: form.email,
      correoPendiente: newEmail,
    });
    expect((await login(form.email, form.password)).status).toBe(200);
    expect((await login(newEmail, form.password)).status).toBe(401);

    // A newer request replaced the first link.
    const stale = await browser(server).post('/api/me/email/confirm', { token: firstToken });
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toBe(messages.emailChangeLinkInvalid);

    const confirmed = await browser(server).post('/api/me/email/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(messages.emailChanged(newEmail));
    const [account] = await server.db.select().from(authUser).where(eq(authUser.id, record.id));
    expect(account).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await client.get('/api/me/data')).body).toMatchObject({
      email: newEmail,
      emailVerified: true,
      correoPendiente: '',
    });
    expect((await login(newEmail, form.password)).status).toBe(200);
    expect((await login(form.email, form.password)).status).toBe(401);
    expect((await adminList(newEmail)).map((row) => row.lockerNumber)).toEqual([record.lockerNumber]);
    // The old address is told, so a person whose account was taken over finds out.
    const notices = await server.db.select().from(outbox).where(eq(outbox.toAddress, form.email));
    expect(notices.find((mail) => mail.subject.includes('cambió'))?.text).toContain(newEmail);

    const again = await browser(server).post('/api/me/email/confirm', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(messages.emailChangeLinkInvalid);

    const trail = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, record.id), like(auditLog.action, 'email_%')))
      .orderBy(auditLog.id);
    expect(trail.map((entry) => entry.action)).toEqual([
      'email_change_requested',
      'email_change_requested',
      'email_changed',
    ]);
    expect(trail.at(-1)?.detail).toEqual({ from: form.email, to: newEmail });
  });

  it('refuses the confirmation with a clear message when the address was taken in the meantime', async () => {
    const { form, client, record } = await signedUp();
    const wanted = `disputado-${Date.now()}@example.com`;
    await client.post('/api/me/email', { password: form.password, newEmail: wanted });
    const token = await emailChangeToken(wanted);
    await signedUp({ email: wanted });

    const response = await browser(server).post('/api/me/email/confirm', { token });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe(messages.emailChangeTaken);
    const [account] = await server.db.select().from(authUser).where(eq(authUser.id, record.id));
    expect(account?.email).toBe(form.email);
    expect((await client.get('/api/me/data')).body.email).toBe(form.email);
    expect(await actions(record.id)).not.toContain('email_changed');
  });

  it('exports every field as a JSON download named after the locker', async () => {
    const { form, client, record } = await signedUp({}, { 'user-agent': 'Exportador/2.0' });
    expect((await browser(server).get('/api/me/export')).status).toBe(401);
    const response = await client.get('/api/me/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="mis-datos-${record.lockerNumber}.json"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const exported = response.body;
    for (const field of DOCUMENT_FIELDS) expect(exported).toHaveProperty(field);
    expect(exported).toMatchObject({
      name: form.name,
      registeredName: form.name,
      email: form.email,
      cedula: form.cedula,
      telefono: form.telefono,
      direccion1: form.direccion1,
      ciudad1: form.ciudad1,
      codigoPostal1: form.codigoPostal1,
      direccion2: '',
      ciudad2: '',
      codigoPostal2: '',
      lockerNumber: record.lockerNumber,
      officeAddress: record.officeAddress,
      refCode: record.refCode,
      referredBy: '',
      aceptoPolitica: true,
      fechaAceptoPolitica: record.fechaAceptoPolitica.toISOString(),
      createdAt: record.createdAt.toISOString(),
      role: 'customer',
      politicaVersion: PRIVACY_POLICY_VERSION,
      consentIp: record.consentIp,
      consentUserAgent: 'Exportador/2.0',
      emailVerified: false,
      // Requests in Miami (issue 31).
      solicitudes: [],
      esperarMisInstrucciones: false,
    });
    expect(await actions(record.id)).toEqual(['sign_in', 'data_export']);
  });

  it('deletes the account: personal data erased, sessions ended, number retired, referrals kept', async () => {
    const referrer = await signedUp({ name: 'Persona Que Se Va', telefono: '+573009998877' });
    const referred = await signedUp({ ref: referrer.record.refCode });
    expect(referred.record.referredBy).toBe(referrer.record.refCode);
    // A second device, still signed in.
    const phone = browser(server);
    expect(
      (await phone.post('/api/login', { email: referrer.form.email, password: referrer.form.password }))
        .status,
    ).toBe(200);
    // A pending e-mail change, whose link must die with the account.
    const pendingEmail = `pendiente-${Date.now()}@example.com`;
    await referrer.client.post('/api/me/email', { password: referrer.form.password, newEmail: pendingEmail });
    const pendingToken = await emailChangeToken(pendingEmail);
    const [counterBefore] = await server.db.select().from(lockerCounter);

    const wrong = await referrer.client.post('/api/me/delete', { password: 'Otra#Clave2026' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(messages.passwordIncorrect);
    expect((await referrer.client.get('/api/me')).status).toBe(200);

    const deleted = await referrer.client.post('/api/me/delete', { password: referrer.form.password });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(messages.accountDeleted);
    expect(
      deleted.headers
        .getSetCookie()
        .some((line) => /^casillero\.session_token=;/.test(line) || /Max-Age=0/i.test(line)),
    ).toBe(true);
    expect(referrer.client.cookies.has('casillero.session_token')).toBe(false);

    // Every session ended, and the old credentials no longer open anything.
    expect((await phone.get('/api/me')).status).toBe(401);
    expect(
      await server.db.select().from(authSession).where(eq(authSession.userId, referrer.record.id)),
    ).toEqual([]);
    expect(
      await server.db.select().from(authAccount).where(eq(authAccount.userId, referrer.record.id)),
    ).toEqual([]);
    const signIn = await login(referrer.form.email, referrer.form.password);
    expect(signIn.status).toBe(401);
    expect(signIn.body.error.message).toBe(messages.loginErrorPrefix + messages.loginInvalid);
    expect((await browser(server).post('/api/me/email/confirm', { token: pendingToken })).status).toBe(400);

    // The row stays, emptied and marked: the locker number and the referral code are kept.
    const [row] = await server.db.select().from(users).where(eq(users.id, referrer.record.id));
    const placeholder = deletedEmail(referrer.record.id);
    expect(row).toMatchObject({
      name: DELETED_NAME,
      registeredName: DELETED_NAME,
      email: placeholder,
      cedula: '',
      telefono: '',
      direccion1: '',
      ciudad1: '',
      codigoPostal1: '',
      direccion2: '',
      ciudad2: '',
      codigoPostal2: '',
      consentIp: '',
      consentUserAgent: '',
      lockerNumber: referrer.record.lockerNumber,
      refCode: referrer.record.refCode,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const [account] = await server.db.select().from(authUser).where(eq(authUser.id, referrer.record.id));
    expect(account).toMatchObject({ name: DELETED_NAME, email: placeholder });
    expect(await server.db.select().from(outbox).where(eq(outbox.toAddress, referrer.form.email))).toEqual(
      [],
    );

    // The admin list no longer finds the person by anything personal, and shows the locker as deleted.
    const [retired] = await adminList(referrer.record.lockerNumber);
    expect(retired).toMatchObject({
      name: DELETED_NAME,
      lockerNumber: referrer.record.lockerNumber,
      deletedAt: expect.any(String),
    });
    expect(await adminList('Persona Que Se Va')).toEqual([]);
    expect(await adminList(referrer.form.email)).toEqual([]);
    expect(await adminList('573009998877')).toEqual([]);

    // The person they invited still sees their code.
    expect((await referred.client.get('/api/me')).body.referredBy).toBe(referrer.record.refCode);

    // The number stays taken: the counter was not touched, and the same e-mail registers anew with the next one.
    const [counterAfter] = await server.db.select().from(lockerCounter);
    expect(counterAfter?.lastNumber).toBe(counterBefore?.lastNumber);
    const again = await signedUp({ email: referrer.form.email });
    expect(again.record.lockerNumber).toBe(String((counterBefore?.lastNumber ?? 0) + 1));
    expect(again.record.lockerNumber).not.toBe(referrer.record.lockerNumber);
    expect(again.record.id).not.toBe(referrer.record.id);

    // The trail keeps what happened and when, without the old addresses.
    expect(await actions(referrer.record.id)).toEqual([
      'sign_in',
      'sign_in',
      'email_change_requested',
      'account_deleted',
    ]);
    const trail = await server.db.select().from(auditLog).where(eq(auditLog.subjectId, referrer.record.id));
    expect(JSON.stringify(trail)).not.toContain(referrer.form.email);
    expect(JSON.stringify(trail)).not.toContain(pendingEmail);
    expect(trail.find((entry) => entry.action === 'account_deleted')?.detail).toEqual({
      lockerNumber: referrer.record.lockerNumber,
    });
  });

  it('refuses deletion without a session or without the password', async () => {
    expect((await browser(server).post('/api/me/delete', { password: 'x' })).status).toBe(401);
    const { client } = await signedUp();
    const missing = await client.post('/api/me/delete', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(messages.required('Contraseña'));
    expect((await client.get('/api/me')).status).toBe(200);
  });
});
