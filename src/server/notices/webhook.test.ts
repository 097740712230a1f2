// The Cloud API's webhook on PGlite: the GET verification, signed statuses moving a notice forward (never
// back), 'BAJA'/'STOP'/'ALTA' applied and answered once, other messages kept, repeats changing nothing, and bad
// input (unsigned, wrongly signed, replayed, 1 MB, another shape) refused or ignored without a 5xx or a change.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  TEST_APP_URL,
  type TestServer,
} from '../../../test/support/server.ts';
import {
  STAND_IN_VERIFY_TOKEN,
  signBody,
  startWhatsappStandIn,
  type WhatsappStandIn,
} from '../../../test/support/whatsapp-stand-in.ts';
import { eventNoticeLabel } from '../../shared/notices/labels.ts';
import type { EventNotice } from '../../shared/packages/api-types.ts';
import { notices, whatsappConsent, whatsappInbound } from '../db/schema.ts';
import { OPTED_IN_REPLY, OPTED_OUT_REPLY, validSignature } from './webhook.ts';

const WEBHOOK = `${TEST_APP_URL}/api/whatsapp/webhook`;

describe('validSignature', () => {
  const raw = Buffer.from('{"a":1}');
  it('accepts sha256= and the HMAC of the raw body only', () => {
    expect(validSignature(raw, signBody(raw, 'secreto-de-la-app-123'), 'secreto-de-la-app-123')).toBe(true);
    expect(validSignature(raw, signBody(raw, 'otro-secreto-de-app'), 'secreto-de-la-app-123')).toBe(false);
    expect(
      validSignature(
        Buffer.from('{"a": 1}'),
        signBody(raw, 'secreto-de-la-app-123'),
        'secreto-de-la-app-123',
      ),
    ).toBe(false);
    expect(validSignature(raw, undefined, 'secreto-de-la-app-123')).toBe(false);
    expect(validSignature(raw, 'sha256=abc', 'secreto-de-la-app-123')).toBe(false);
    expect(
      validSignature(
        raw,
        signBody(raw, 'secreto-de-la-app-123').replace('sha256=', 'sha1='),
        'secreto-de-la-app-123',
      ),
    ).toBe(false);
  });
});

describe.each(logicDrivers)('WhatsApp webhook on %s', (driver) => {
  let standIn: WhatsappStandIn;
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    standIn = await startWhatsappStandIn();
    ({ server, admin } = await startTestServerWithAdmin(driver, 'webhook-admin@example.com', standIn.env));
    // Meta's POSTs come from its servers: no Origin, no cookies.
    standIn.setWebhook(async (raw, headers) =>
      server.app.request(WEBHOOK, { method: 'POST', headers, body: raw }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  async function sentNotice(phone: string) {
    const customer = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: `+${phone}` });
    const { number } = await receivedPackage(customer, admin);
    await server.notices?.sendDue();
    const [row] = await server.db.select().from(notices).where(eq(notices.packageNumber, number));
    if (!row?.wamid) throw new Error('notice not sent');
    return { customer, number, row, wamid: row.wamid };
  }
  const noticeBy = async (wamid: string) =>
    (await server.db.select().from(notices).where(eq(notices.wamid, wamid)))[0];
  const consentOf = async (userId: string) =>
    (await server.db.select().from(whatsappConsent).where(eq(whatsappConsent.userId, userId)))[0];

  it('answers the verification with the challenge, and a wrong token with 403', async () => {
    const query = (token: string, mode = 'subscribe') =>
      `${WEBHOOK}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const good = await server.app.request(query(STAND_IN_VERIFY_TOKEN));
    expect(good.status).toBe(200);
    expect(await good.text()).toBe('1158201444');
    expect((await server.app.request(query('otro-token-cualquiera'))).status).toBe(403);
    expect((await server.app.request(query(STAND_IN_VERIFY_TOKEN, 'unsubscribe'))).status).toBe(403);
    expect((await server.app.request(WEBHOOK)).status).toBe(403);
  });

  it('moves a notice to delivered and read with their times, never back, and once when Meta repeats', async () => {
    const { wamid } = await sentNotice('573006660001');
    const deliveredAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 1000);
    expect((await standIn.sendStatus(wamid, 'delivered', { at: deliveredAt })).status).toBe(200);
    expect(await noticeBy(wamid)).toMatchObject({ state: 'delivered', deliveredAt });
    const readAt = new Date(deliveredAt.getTime() + 60_000);
    expect((await standIn.sendStatus(wamid, 'read', { at: readAt })).status).toBe(200);
    // Repeated, and a late 'delivered' and 'sent': nothing moves back, no time changes.
    await standIn.sendStatus(wamid, 'read', { at: new Date(readAt.getTime() + 5000) });
    await standIn.sendStatus(wamid, 'delivered', { at: new Date(readAt.getTime() + 9000) });
    await standIn.sendStatus(wamid, 'sent');
    expect(await noticeBy(wamid)).toMatchObject({ state: 'read', deliveredAt, readAt });
  });

  it("makes 'Historial' say how each move was told: read on WhatsApp at its time, or by mail", async () => {
    const { customer, number, wamid } = await sentNotice('573006660006');
    const readAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    await standIn.sendStatus(wamid, 'read', { at: readAt });
    const detail = await customer.client.get(`/api/packages/${number}`);
    expect(detail.status).toBe(200);
    const events = detail.body.events as Array<{ state: string; notice: unknown }>;
    const received = events.find((event) => event.state === 'recibido');
    expect(received?.notice).toEqual({ channel: 'whatsapp', state: 'read', at: readAt.toISOString() });
    expect(eventNoticeLabel(received?.notice as EventNotice, () => '10:42')).toBe(
      'Aviso por WhatsApp: leído 10:42',
    );
    expect(events.find((event) => event.state === 'prealertado')?.notice).toBeNull();
    // A customer without consent: the move says it went by mail.
    const other = await signedUpCustomer(server);
    const mailed = await receivedPackage(other, admin);
    const plain = await other.client.get(`/api/packages/${mailed.number}`);
    const notice = (plain.body.events as Array<{ state: string; notice: EventNotice }>).find(
      (event) => event.state === 'recibido',
    )?.notice;
    expect(notice).toEqual({ channel: 'correo', state: null, at: null });
    expect(eventNoticeLabel(notice as EventNotice, () => '')).toBe('Aviso por correo');
  });

  it('records a failed status with its code and mails the fallback once', async () => {
    const customer = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573006660002' });
    const { number } = await receivedPackage(customer, admin);
    expect(
      (await admin.post('/api/admin/packages/state', { numbers: [number], state: 'en_transito' })).status,
    ).toBe(200);
    await server.notices?.sendDue();
    const [transit] = await server.db
      .select()
      .from(notices)
      .where(and(eq(notices.template, 'paquete_en_transito'), eq(notices.packageNumber, number)));
    const wamid = transit?.wamid ?? '';
    expect(wamid).toMatch(/^wamid\./);
    await standIn.sendStatus(wamid, 'failed', { code: 131026 });
    await standIn.sendStatus(wamid, 'failed', { code: 131026 });
    const failed = await noticeBy(wamid);
    expect(failed).toMatchObject({ state: 'failed', errorCode: 131026 });
    expect(failed?.mailedAt).not.toBeNull();
    const { outbox } = await import('../db/schema.ts');
    const mails = await server.db.select().from(outbox).where(eq(outbox.toAddress, customer.form.email));
    expect(mails.filter((mail) => /tránsito/i.test(mail.subject))).toHaveLength(1);
  });

  it("opts out on 'BAJA' (and 'STOP') at once, answers once, and opts back in on 'ALTA'", async () => {
    const { customer } = await sentNotice('573006660003');
    const replies = () =>
      standIn.received.filter((item) => item.to === '573006660003' && item.type === 'text');
    const baja = 'wamid.BAJA0001';
    expect((await standIn.sendText('573006660003', ' baja ', baja)).status).toBe(200);
    expect(await consentOf(customer.record.id)).toMatchObject({ granted: false, source: 'mensaje' });
    expect(replies().map((item) => item.text)).toEqual([OPTED_OUT_REPLY]);
    // Meta repeats the same message: applied once, answered once.
    await standIn.sendText('573006660003', 'BAJA', baja);
    expect(replies()).toHaveLength(1);
    // Nothing is queued for them now.
    const { number } = await receivedPackage(customer, admin);
    expect(await server.db.select().from(notices).where(eq(notices.packageNumber, number))).toEqual([]);
    await standIn.sendText('573006660003', 'Alta');
    expect(await consentOf(customer.record.id)).toMatchObject({ granted: true, source: 'mensaje' });
    expect(replies().at(-1)?.text).toBe(OPTED_IN_REPLY);
    await standIn.sendText('573006660003', 'STOP');
    expect((await consentOf(customer.record.id))?.granted).toBe(false);
  });

  it('keeps other messages for support, once', async () => {
    const { customer } = await sentNotice('573006660004');
    await standIn.sendText('573006660004', '¿Cuándo llega mi paquete?', 'wamid.SOPORTE1');
    await standIn.sendText('573006660004', '¿Cuándo llega mi paquete?', 'wamid.SOPORTE1');
    const kept = await server.db
      .select()
      .from(whatsappInbound)
      .where(eq(whatsappInbound.wamid, 'wamid.SOPORTE1'));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      action: 'soporte',
      userId: customer.record.id,
      body: '¿Cuándo llega mi paquete?',
    });
    expect((await consentOf(customer.record.id))?.granted).toBe(true);
  });

  it('refuses unsigned, wrongly signed, tampered and 1 MB bodies, and ignores other shapes, changing nothing', async () => {
    const { customer, wamid } = await sentNotice('573006660005');
    const read = standIn.envelope({
      statuses: [{ id: wamid, status: 'read', timestamp: '1795440000', recipient_id: '573006660005' }],
    });
    const baja = standIn.envelope({
      messages: [
        {
          from: '573006660005',
          id: 'wamid.MALO1',
          timestamp: '1795440000',
          type: 'text',
          text: { body: 'BAJA' },
        },
      ],
    });
    const post = (body: string, headers: Record<string, string>) =>
      server.app.request(WEBHOOK, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const answers = [
      await standIn.sendWebhook(read, ''),
      await standIn.sendWebhook(baja, ''),
      await standIn.sendWebhook(read, signBody(JSON.stringify(read), 'otro-secreto-cualquiera')),
      await standIn.sendWebhook(baja, 'sha256=00'),
      // A signed body replayed with a change in it.
      await post(JSON.stringify(baja).replace('wamid.MALO1', 'wamid.MALO2'), {
        'x-hub-signature-256': signBody(JSON.stringify(baja)),
      }),
      await post(`{"object":"whatsapp_business_account","x":"${'a'.repeat(1024 * 1024)}"}`, {
        'x-hub-signature-256': signBody('{}'),
      }),
      await post('no es json', { 'x-hub-signature-256': signBody('no es json') }),
    ];
    for (const answer of answers) expect(answer.status).toBeGreaterThanOrEqual(400);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    for (const shape of [
      {},
      [],
      { object: 'page', entry: [] },
      { object: 'whatsapp_business_account', entry: 'x' },
      { entry: [{ changes: [{ value: { statuses: [{ id: wamid, status: 'read' }] } }] }] },
    ])
      expect((await standIn.sendWebhook(shape)).status).toBe(200);
    // Another number's event, signed: ignored.
    const other = JSON.parse(JSON.stringify(read));
    other.entry[0].changes[0].value.metadata.phone_number_id = '999999999';
    expect((await standIn.sendWebhook(other)).status).toBe(200);
    expect((await noticeBy(wamid))?.state).toBe('sent');
    expect((await consentOf(customer.record.id))?.granted).toBe(true);
    expect(
      await server.db.select().from(whatsappInbound).where(eq(whatsappInbound.fromPhone, '573006660005')),
    ).toEqual([]);
  });
});
