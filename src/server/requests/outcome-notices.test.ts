// How a customer is told of their request (issue 31, design/requests.md: mail, and WhatsApp where consented), on every
// driver against the Cloud API stand-in: a completion, photos ready and a refusal (with its 'Motivo') are mailed
// once and queued once as their template with its parameters; a return is told once, by its move to 'Devuelto';
// a customer who switched WhatsApp off is mailed and gets no notice.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { startWhatsappStandIn, type WhatsappStandIn } from '../../../test/support/whatsapp-stand-in.ts';
import { notices, outbox } from '../db/schema.ts';

const PDF = new Uint8Array(Buffer.from('%PDF-1.4\ntrailer <<>>\n%%EOF\n'));
const BOX = { weightLb: '3', lengthIn: '10', widthIn: '8', heightIn: '6' };
const APP = 'http://localhost:3000';

describe.each(logicDrivers)('the notices of requests on %s', (driver) => {
  let standIn: WhatsappStandIn;
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    standIn = await startWhatsappStandIn();
    ({ server, admin } = await startTestServerWithAdmin(
      driver,
      'avisos-solicitudes@example.com',
      standIn.env,
    ));
    customer = await signedUpCustomer(server, {
      name: 'Sara Solicita',
      avisosWhatsapp: true,
      telefono: '+573005550177',
    });
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  const received = async (who: typeof customer, count: number) => {
    const numbers: number[] = [];
    for (let i = 0; i < count; i++) numbers.push((await receivedPackage(who, admin)).number);
    return numbers;
  };
  const ask = async (who: typeof customer, body: Record<string, unknown>) => {
    const asked = await who.client.post('/api/requests', body);
    expect(asked.status).toBe(201);
    const id = asked.body.request.id as number;
    expect((await admin.post(`/api/warehouse/requests/${id}/start`)).status).toBe(200);
    return id;
  };
  const act = (id: number, step: string, body: unknown = {}) =>
    admin.post(`/api/warehouse/requests/${id}/${step}`, body);
  const noticesOf = (id: number) =>
    server.db
      .select()
      .from(notices)
      .where(eq(notices.eventKey, `request:${id}`));
  const mailsAbout = (id: number) =>
    server.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, `%tu solicitud ${id}`));

  it("tells a completed consolidation once, by mail and as 'solicitud_completada'", async () => {
    const numbers = await received(customer, 3);
    const id = await ask(customer, { kind: 'consolidar', numbers });
    const done = await act(id, 'complete', { scanned: numbers.map(String), box: BOX });
    expect(done.status).toBe(200);
    const fresh = done.body.newPackage as number;
    expect((await act(id, 'complete', { scanned: numbers.map(String), box: BOX })).status).toBe(409);
    const sent = await noticesOf(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      template: 'solicitud_completada',
      toPhone: '573005550177',
      packageNumber: fresh,
      fallback: null,
      parameters: [
        'Sara',
        String(id),
        `Consolidar (paquetes ${numbers.join(', ')}); tu nuevo paquete es el ${fresh}`,
        'US$ 5,00 ($ 20.000)',
        `${APP}/paquetes/${fresh}`,
      ],
    });
    const mails = await mailsAbout(id);
    expect(mails.map((mail) => mail.subject)).toEqual([`CasilleroYa: completamos tu solicitud ${id}`]);
    expect(mails[0]?.text).toContain(`Tu nuevo paquete es el ${fresh}. Cargo: US$ 5,00 ($ 20.000).`);
  });

  it("tells photos ready as 'fotos_listas', and a refusal with its reason as 'solicitud_rechazada'", async () => {
    const [photo = 0, refused = 0] = await received(customer, 2);
    const photos = await ask(customer, { kind: 'fotos', numbers: [photo], note: 'El número de serie' });
    expect((await act(photos, 'complete', {})).status).toBe(200);
    expect((await noticesOf(photos)).map((notice) => [notice.template, notice.parameters])).toEqual([
      [
        'fotos_listas',
        ['Sara', String(photos), `paquete ${photo}`, 'US$ 2,00 ($ 8.000)', `${APP}/paquetes/${photo}`],
      ],
    ]);
    expect((await mailsAbout(photos))[0]?.text).toContain(
      'Las fotos adicionales ya están en la página de tu paquete. Cargo: US$ 2,00 ($ 8.000).',
    );

    const reason = 'Contiene baterías de litio: no se puede abrir';
    const no = await ask(customer, { kind: 'fotos', numbers: [refused], note: 'Todo' });
    expect((await act(no, 'refuse', { reason })).status).toBe(200);
    expect((await act(no, 'refuse', { reason })).status).toBe(409);
    expect((await noticesOf(no)).map((notice) => [notice.template, notice.parameters])).toEqual([
      [
        'solicitud_rechazada',
        ['Sara', String(no), `Fotos adicionales (paquete ${refused})`, reason, `${APP}/paquetes/${refused}`],
      ],
    ]);
    const mails = await mailsAbout(no);
    expect(mails.map((mail) => mail.subject)).toEqual([`CasilleroYa: rechazamos tu solicitud ${no}`]);
    expect(mails[0]?.text).toContain(`Motivo: ${reason}. No se te cobra.`);

    // The stand-in checks each against its template as Meta would, and accepts it.
    await server.notices?.sendDue();
    const templates = standIn.received
      .filter((message) => message.to === '573005550177')
      .map((message) => message.template);
    expect(templates).toEqual(expect.arrayContaining(['fotos_listas', 'solicitud_rechazada']));
    for (const id of [photos, no]) expect((await noticesOf(id))[0]?.state).toBe('sent');
  });

  it("tells a return once, by its move to 'Devuelto'", async () => {
    const [back = 0] = await received(customer, 1);
    const label = (await customer.client.upload('/api/requests/label', PDF, 'application/pdf')).body.fileId;
    const id = await ask(customer, { kind: 'devolver', numbers: [back], labelFileId: label });
    expect((await act(id, 'complete', { carrier: 'UPS', carrierGuide: '1Z999' })).status).toBe(200);
    expect(await noticesOf(id)).toEqual([]);
    const moved = await server.db.select().from(notices).where(eq(notices.packageNumber, back));
    expect(moved.filter((notice) => notice.template === 'paquete_devuelto')).toHaveLength(1);
    expect(moved[moved.length - 1]?.parameters[2]).toBe('Devuelto a la tienda');
    const mails = await mailsAbout(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('el valor a pagar (la devolución y el almacenaje) está en la página');
  });

  it('mails a customer who switched WhatsApp off, and queues no notice', async () => {
    const quiet = await signedUpCustomer(server, { avisosWhatsapp: true, telefono: '+573005550178' });
    expect((await quiet.client.send('PUT', '/api/me/whatsapp', { granted: false })).status).toBe(200);
    const [number = 0] = await received(quiet, 1);
    const id = await ask(quiet, { kind: 'reempacar', numbers: [number], repackOption: 'caja_pequena' });
    expect((await act(id, 'refuse', { reason: 'La caja ya es la más pequeña' })).status).toBe(200);
    expect(await noticesOf(id)).toEqual([]);
    expect(await mailsAbout(id)).toHaveLength(1);
  });
});
