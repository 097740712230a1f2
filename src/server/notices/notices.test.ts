// WhatsApp notices end to end on PGlite, against the Cloud API stand-in: consent (registration box, 'Mis
// datos'), a notice per move with its template's parameters, never twice, mail as fallback when WhatsApp says it
// will never arrive, retries on 429/5xx, and nothing at all without consent or with WhatsApp off.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  browser,
  registrationForm,
  signedUpCustomer,
  startTestServer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import {
  GRAPH_ERRORS,
  STAND_IN_TOKEN,
  startWhatsappStandIn,
  type WhatsappStandIn,
} from '../../../test/support/whatsapp-stand-in.ts';
import { TEMPLATES, WHATSAPP_POLICY_VERSION } from '../../shared/notices/templates.ts';
import { notices, outbox, whatsappConsent, whatsappConsentLog } from '../db/schema.ts';
import { WHATSAPP_NEEDS_PHONE } from '../privacy/whatsapp.ts';
import { WHATSAPP_OFF_LINE } from './config.ts';

describe.each(logicDrivers)('WhatsApp notices on %s', (driver) => {
  let standIn: WhatsappStandIn;
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    standIn = await startWhatsappStandIn();
    ({ server, admin } = await startTestServerWithAdmin(driver, 'avisos-admin@example.com', standIn.env));
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  const noticesOf = (number: number) =>
    server.db.select().from(notices).where(eq(notices.packageNumber, number));
  const mailsTo = (email: string) => server.db.select().from(outbox).where(eq(outbox.toAddress, email));
  const move = (number: number, state: string) =>
    admin.post('/api/admin/packages/state', { numbers: [number], state });

  it('stores the registration box with its time and policy version; unticked stores nothing', async () => {
    const ticked = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573001112233' });
    const [choice] = await server.db
      .select()
      .from(whatsappConsent)
      .where(eq(whatsappConsent.userId, ticked.record.id));
    expect(choice).toMatchObject({
      granted: true,
      policyVersion: WHATSAPP_POLICY_VERSION,
      source: 'registro',
    });
    expect(Date.now() - (choice?.at.getTime() ?? 0)).toBeLessThan(60_000);
    const [proof] = await server.db
      .select()
      .from(whatsappConsentLog)
      .where(eq(whatsappConsentLog.userId, ticked.record.id));
    expect(proof).toMatchObject({ granted: true, phone: '+573001112233' });
    const unticked = await signedUpCustomer(server);
    expect(
      await server.db.select().from(whatsappConsent).where(eq(whatsappConsent.userId, unticked.record.id)),
    ).toEqual([]);
    expect((await unticked.client.get('/api/me/whatsapp')).body).toMatchObject({ granted: false, at: null });
  });

  it('refuses the box without a phone, naming the field', async () => {
    const client = browser(server);
    const answer = await client.post(
      '/api/register',
      await registrationForm(client, { telefono: '', avisosWhatsapp: true }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ field: 'telefono' });
  });

  it("switches in 'Mis datos' with its date, and refuses to switch on without a valid phone", async () => {
    const customer = await signedUpCustomer(server);
    const on = await customer.client.send('PUT', '/api/me/whatsapp', { granted: true });
    expect(on.status).toBe(200);
    expect(on.body.choice).toMatchObject({
      granted: true,
      source: 'mis_datos',
      policyVersion: WHATSAPP_POLICY_VERSION,
      phone: '+573001234567',
    });
    expect(typeof on.body.choice.at).toBe('string');
    const off = await customer.client.send('PUT', '/api/me/whatsapp', { granted: false });
    expect(off.body.choice.granted).toBe(false);
    expect(
      await server.db
        .select()
        .from(whatsappConsentLog)
        .where(eq(whatsappConsentLog.userId, customer.record.id)),
    ).toHaveLength(2);
    const exported = await customer.client.get('/api/me/export');
    expect(
      JSON.parse(typeof exported.body === 'string' ? exported.body : JSON.stringify(exported.body))
        .avisosWhatsapp,
    ).toMatchObject({ granted: false });
    const phoneless = await signedUpCustomer(server, { telefono: '' });
    const refused = await phoneless.client.send('PUT', '/api/me/whatsapp', { granted: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(WHATSAPP_NEEDS_PHONE);
  });

  it("sends 'paquete_recibido' with its parameters to a consenting customer, and mails the receipt too", async () => {
    const customer = await signedUpCustomer(server, {
      name: 'Lucía Gómez',
      avisosWhatsapp: true,
      telefono: '+573005550101',
    });
    const { number } = await receivedPackage(customer, admin, { weight: '3.2' });
    const [notice] = await noticesOf(number);
    expect(notice).toMatchObject({
      template: 'paquete_recibido',
      toPhone: '573005550101',
      fallback: null,
    });
    expect(notice?.eventId).toBeGreaterThan(0);
    // The queue's NOTIFY may have woken the worker already; sendDue waits for it and sends what is left.
    await server.notices?.sendDue();
    const message = standIn.received.find((item) => item.to === '573005550101');
    expect(message?.template).toBe('paquete_recibido');
    expect(message?.parameters).toHaveLength(TEMPLATES.paquete_recibido.parameters.length);
    expect(message?.parameters.slice(0, 3)).toEqual(['Lucía', String(number), '3.20']);
    expect(message?.parameters[3]).toMatch(/^\$ [\d.]+$/);
    expect(message?.parameters[4]).toBe(`http://localhost:3000/paquetes/${number}`);
    const [sent] = await noticesOf(number);
    expect(sent).toMatchObject({ state: 'sent', wamid: message?.wamid, attempts: 1 });
    // Receipts always mail, whatever WhatsApp does.
    expect((await mailsTo(customer.form.email)).some((mail) => mail.subject.includes(String(number)))).toBe(
      true,
    );
  });

  it('sends each move once, and its mail only as the fallback', async () => {
    const customer = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573005550102' });
    const { number } = await receivedPackage(customer, admin);
    const before = (await mailsTo(customer.form.email)).length;
    expect((await move(number, 'en_transito')).status).toBe(200);
    await server.notices?.sendDue();
    await server.notices?.sendDue();
    const sent = standIn.received.filter((item) => item.to === '573005550102');
    expect(sent.map((item) => item.template)).toEqual(['paquete_recibido', 'paquete_en_transito']);
    expect(sent[1]?.parameters).toEqual([
      customer.form.name.split(' ')[0],
      String(number),
      `http://localhost:3000/paquetes/${number}`,
    ]);
    expect((await mailsTo(customer.form.email)).length).toBe(before);
    const transit = (await noticesOf(number)).find((row) => row.template === 'paquete_en_transito');
    expect(transit?.fallback).toMatchObject({ kind: 'move', state: 'en_transito' });
  });

  it('mails instead when WhatsApp answers it will never arrive (131026), and records why', async () => {
    const customer = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573005550103' });
    const { number } = await receivedPackage(customer, admin);
    await server.notices?.sendDue();
    standIn.failFor('573005550103', GRAPH_ERRORS.undeliverable);
    const before = (await mailsTo(customer.form.email)).length;
    expect((await move(number, 'en_transito')).status).toBe(200);
    await server.notices?.sendDue();
    const failed = (await noticesOf(number)).find((row) => row.template === 'paquete_en_transito');
    expect(failed).toMatchObject({ state: 'failed', errorCode: 131026 });
    expect(failed?.lastError).toContain('131026');
    expect(failed?.mailedAt).not.toBeNull();
    const mails = await mailsTo(customer.form.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.filter((mail) => /tránsito/i.test(mail.subject))).toHaveLength(1);
  });

  it('retries on 429 and on 5xx with back-off, then sends once', async () => {
    const customer = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573005550104' });
    standIn.answerNext(GRAPH_ERRORS.rateLimit, GRAPH_ERRORS.server);
    const { number } = await receivedPackage(customer, admin);
    await server.notices?.sendDue();
    let [row] = await noticesOf(number);
    expect(row).toMatchObject({ state: 'queued', errorCode: 130429, attempts: 1 });
    expect(row?.lastError).not.toContain(STAND_IN_TOKEN);
    expect((row?.nextAttemptAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(5_000);
    for (const attempt of [2, 3]) {
      await server.db
        .update(notices)
        .set({ nextAttemptAt: new Date() })
        .where(eq(notices.packageNumber, number));
      await server.notices?.sendDue();
      [row] = await noticesOf(number);
      expect(row?.attempts).toBe(attempt);
    }
    expect(row?.state).toBe('sent');
    expect(standIn.received.filter((item) => item.to === '573005550104')).toHaveLength(1);
  });

  it('sends nothing by WhatsApp without consent, after switching off, or to a phone that is not E.164', async () => {
    const customer = await signedUpCustomer(server, { telefono: '+573005550105' });
    const { number } = await receivedPackage(customer, admin);
    expect(await noticesOf(number)).toEqual([]);
    await customer.client.send('PUT', '/api/me/whatsapp', { granted: true });
    await customer.client.send('PUT', '/api/me/whatsapp', { granted: false });
    expect((await move(number, 'en_transito')).status).toBe(200);
    expect(await noticesOf(number)).toEqual([]);
    // A phone stored before the E.164 rule (or edited by hand) is never sent.
    const odd = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573005550106' });
    const { users } = await import('../db/schema.ts');
    await server.db.update(users).set({ telefono: '3005550106' }).where(eq(users.id, odd.record.id));
    const other = await receivedPackage(odd, admin);
    expect(await noticesOf(other.number)).toEqual([]);
  });

  it('shows staff the last notices, counts per template and state, the share read and the opted out', async () => {
    const customer = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573005550107' });
    await customer.client.send('PUT', '/api/me/whatsapp', { granted: false });
    const answer = await admin.get('/api/admin/avisos?days=7');
    expect(answer.status).toBe(200);
    expect(answer.body.last.length).toBeGreaterThan(0);
    expect(answer.body.counts).toContainEqual({
      template: 'paquete_recibido',
      state: 'sent',
      count: expect.any(Number),
    });
    expect(answer.body.readShare).toBe(0);
    expect(answer.body.whatsappOn).toBe(true);
    expect(answer.body.optedOut.map((row: { userId: string }) => row.userId)).toContain(customer.record.id);
    expect((await customer.client.get('/api/admin/avisos')).status).toBe(403);
  });
});

describe.each(logicDrivers)('WhatsApp off on %s', (driver) => {
  it('says so once at start, queues no notice and mails as before', async () => {
    const server = await startTestServer(driver);
    try {
      expect(server.log().filter((line) => line.msg === WHATSAPP_OFF_LINE)).toHaveLength(1);
      expect(server.notices).toBeNull();
      const admin = (await signedUpCustomer(server, { email: 'apagado-admin@example.com' })).client;
      const { users } = await import('../db/schema.ts');
      await server.db
        .update(users)
        .set({ role: 'admin' })
        .where(eq(users.email, 'apagado-admin@example.com'));
      const customer = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573005550108' });
      const { number } = await receivedPackage(customer, admin);
      expect(await server.db.select().from(notices).where(eq(notices.packageNumber, number))).toEqual([]);
      expect(
        (await server.db.select().from(outbox).where(eq(outbox.toAddress, customer.form.email))).length,
      ).toBeGreaterThan(1);
      // 'Avisos' says WhatsApp is off rather than a share read of nothing (issue 37).
      expect((await admin.get('/api/admin/avisos?days=7')).body).toMatchObject({ whatsappOn: false });
    } finally {
      await server.close();
    }
  });
});
