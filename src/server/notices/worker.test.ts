// The notices' worker on every driver: two instances on one database never send a notice twice, the shared budget
// holds the configured rate, a failed delivery attempt is told once by 'intento_entrega', and nothing logged carries
// the token.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { attemptBody, startedRoute } from '../../../test/support/delivery.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  signedUpWithRole,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import {
  GRAPH_ERRORS,
  STAND_IN_TOKEN,
  startWhatsappStandIn,
  type WhatsappStandIn,
} from '../../../test/support/whatsapp-stand-in.ts';
import { loadConfig } from '../config.ts';
import { noticeRate, notices, outbox, whatsappConsent, whatsappConsentLog } from '../db/schema.ts';
import { claimDue, startNoticeWorker } from './worker.ts';

describe.each(drivers)('the notices worker on %s', (driver) => {
  let standIn: WhatsappStandIn;
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    standIn = await startWhatsappStandIn();
    ({ server, admin } = await startTestServerWithAdmin(driver, 'worker-admin@example.com', {
      ...standIn.env,
      WHATSAPP_RATE: '40',
    }));
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  /** `count` queued notices straight in the outbox (as one dispatch move would queue them). */
  async function queueMany(count: number) {
    const customer = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573007770001' });
    const prefix = randomUUID();
    const rows = Array.from({ length: count }, (_, i) => ({
      eventKey: `test:${prefix}:${i}`,
      userId: customer.record.id,
      template: 'paquete_entregado' as const,
      toPhone: '573007770001',
      parameters: ['Ana', String(i), 'http://localhost:3000/paquetes/1'],
    }));
    await server.db.insert(notices).values(rows);
    return prefix;
  }

  it('sends every notice once with two instances at work, at most the configured rate a second', async () => {
    const config = loadConfig({ ...standIn.env, WHATSAPP_RATE: '40' }).whatsapp;
    if (!config) throw new Error('WhatsApp config expected');
    const before = standIn.received.length;
    await queueMany(100);
    const second = startNoticeWorker({ db: server.db, config, pollMs: 60_000, log: () => {} });
    try {
      await Promise.all([server.notices?.sendDue(), second.sendDue(), server.notices?.sendDue()]);
    } finally {
      await second.stop();
    }
    const sent = standIn.received.slice(before);
    expect(sent).toHaveLength(100);
    expect(new Set(sent.map((item) => item.parameters[1])).size).toBe(100);
    // In any one second, no more than the rate (and 10% for timers' jitter); 100 at 40/s take about 2.5 s.
    const times = sent.map((item) => item.at).sort((a, b) => a - b);
    const busiest = Math.max(...times.map((at) => times.filter((t) => t >= at && t < at + 1000).length));
    expect(busiest).toBeLessThanOrEqual(44);
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(2300);
  });

  it('claims nothing while the pace is booked more than a second ahead, and says how long to wait', async () => {
    await queueMany(2);
    await server.db
      .update(noticeRate)
      .set({ nextAtMs: sql`(extract(epoch from clock_timestamp()) * 1000 + 5000)::bigint` })
      .where(eq(noticeRate.id, 1));
    const spent = await claimDue(server.db, 40);
    expect(spent.rows).toEqual([]);
    expect(spent.waitMs).toBeGreaterThan(0);
    expect(spent.waitMs).toBeLessThanOrEqual(4100);
    await server.db.update(noticeRate).set({ nextAtMs: 0 }).where(eq(noticeRate.id, 1));
    await server.notices?.sendDue();
    expect(await server.db.select().from(notices).where(eq(notices.state, 'queued'))).toEqual([]);
  });

  it("tells a failed delivery attempt once by 'intento_entrega', mailing only if WhatsApp fails", async () => {
    const customer = await signedUpCustomer(server, {
      name: 'Rosa Cliente',
      avisosWhatsapp: true,
      telefono: '+573007770002',
    });
    const courier = await signedUpWithRole(server, 'reparto', { name: 'Pedro Mensajero' });
    const route = await startedRoute(admin, customer, courier.record.id, 2);
    const [first = 0, second = 0] = route.numbers;
    const body = attemptBody();
    for (let i = 0; i < 2; i++)
      expect((await courier.client.post(`/api/delivery/stops/${first}/attempt`, body)).status).toBe(200);
    await server.notices?.sendDue();
    const told = standIn.received.filter(
      (item) => item.to === '573007770002' && item.template === 'intento_entrega',
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.parameters).toEqual(['Rosa', String(first), 'No había nadie']);
    const attemptMails = async () =>
      (await server.db.select().from(outbox).where(eq(outbox.toAddress, customer.form.email))).filter(
        (mail) => /no pudimos|no entregado/i.test(mail.subject),
      );
    expect(await attemptMails()).toHaveLength(0);
    standIn.failFor('573007770002', GRAPH_ERRORS.reengagement);
    expect((await courier.client.post(`/api/delivery/stops/${second}/attempt`, attemptBody())).status).toBe(
      200,
    );
    await server.notices?.sendDue();
    const failed = (await server.db.select().from(notices).where(eq(notices.packageNumber, second))).find(
      (row) => row.template === 'intento_entrega',
    );
    expect(failed).toMatchObject({ state: 'failed', errorCode: 131047 });
    expect(await attemptMails()).toHaveLength(1);
  });

  it('mails instead of sending when consent was withdrawn after the notice was queued', async () => {
    const customer = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573007770003' });
    await customer.client.send('PUT', '/api/me/whatsapp', { granted: false });
    const { number } = await receivedPackage(customer, admin);
    await server.db.insert(notices).values({
      eventKey: `test:${randomUUID()}`,
      userId: customer.record.id,
      packageNumber: number,
      template: 'paquete_en_transito',
      toPhone: '573007770003',
      parameters: ['Ana', String(number), `http://localhost:3000/paquetes/${number}`],
      fallback: {
        kind: 'move',
        brandName: 'CasilleroYa',
        appUrl: 'http://localhost:3000',
        state: 'en_transito',
        note: '',
        carrier: '',
        carrierGuide: '',
      },
    });
    await server.notices?.sendDue();
    expect(standIn.received.filter((item) => item.to === '573007770003')).toEqual([]);
    const [row] = await server.db.select().from(notices).where(eq(notices.userId, customer.record.id));
    expect(row).toMatchObject({ state: 'failed' });
    expect(row?.mailedAt).not.toBeNull();
    const mails = await server.db.select().from(outbox).where(eq(outbox.toAddress, customer.form.email));
    expect(
      mails.filter((item) => /tránsito/i.test(item.subject) && item.subject.includes(String(number))),
    ).toHaveLength(1);
  });

  it('erases the phone and words of a deleted account, and its consent ends', async () => {
    const customer = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573007770004' });
    await server.db.insert(notices).values({
      eventKey: `test:${randomUUID()}`,
      userId: customer.record.id,
      template: 'paquete_entregado',
      toPhone: '573007770004',
      parameters: ['Ana', '1', 'http://localhost:3000/paquetes/1'],
      state: 'read',
    });
    const deleted = await customer.client.post('/api/me/delete', { password: customer.form.password });
    expect(deleted.status).toBe(200);
    const [row] = await server.db.select().from(notices).where(eq(notices.userId, customer.record.id));
    expect(row).toMatchObject({ toPhone: '', parameters: [], state: 'read' });
    const [choice] = await server.db
      .select()
      .from(whatsappConsent)
      .where(eq(whatsappConsent.userId, customer.record.id));
    expect(choice?.granted).toBe(false);
    const proofs = await server.db
      .select()
      .from(whatsappConsentLog)
      .where(eq(whatsappConsentLog.userId, customer.record.id));
    expect(proofs.map((proof) => proof.phone)).toEqual(['']);
  });

  it('never writes the token in a log line or a stored error', async () => {
    const lines: string[] = [];
    const config = loadConfig({ ...standIn.env, WHATSAPP_API_URL: 'http://127.0.0.1:1' }).whatsapp;
    if (!config) throw new Error('WhatsApp config expected');
    expect(JSON.stringify(config)).not.toContain(STAND_IN_TOKEN);
    await queueMany(1);
    const broken = startNoticeWorker({
      db: server.db,
      config,
      pollMs: 60_000,
      log: (line) => lines.push(line),
    });
    await broken.sendDue();
    await broken.stop();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(STAND_IN_TOKEN);
    const errors = await server.db.select({ lastError: notices.lastError }).from(notices);
    expect(errors.map((row) => row.lastError ?? '').join('\n')).not.toContain(STAND_IN_TOKEN);
  });
});
