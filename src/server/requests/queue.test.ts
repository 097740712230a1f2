// The warehouse's 'Solicitudes' (issue 31), on every driver: staff only; oldest first; 'Iniciar', 'Rechazar' with
// its 'Motivo'; 'Registrar consolidado' in one transaction (scans, the new package, the originals 'Consolidado',
// their charges annulled, the new charge plus the fee, never counted twice); two staff completing at once get one
// outcome; a repack recomputes the charge; photos and a return; the customer mailed; every step audited.
import { and, eq, inArray, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  signedUpWithRole,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { QUEUE_PAGE } from '../../shared/requests/kinds.ts';
import { queueMessages } from '../../shared/requests/warehouse.ts';
import {
  auditLog,
  creditLedger,
  outbox,
  packageChargeLines,
  packageCharges,
  packageEvents,
  packageRequests,
  packages,
} from '../db/schema.ts';

const PDF = new Uint8Array(Buffer.from('%PDF-1.4\ntrailer <<>>\n%%EOF\n'));
const BOX = { weightLb: '3', lengthIn: '10', widthIn: '8', heightIn: '6' };

describe.each(drivers)('the warehouse queue of requests on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let bodega: ReturnType<typeof browser>;
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'cola-admin@example.com'));
    bodega = (await signedUpWithRole(server, 'bodega', { name: 'Bruno Bodega' })).client;
    customer = await signedUpCustomer(server, { name: 'Carla Consolida' });
  });
  afterAll(() => server?.close());

  const received = async (count: number, weight = '2.5') => {
    const numbers: number[] = [];
    for (let i = 0; i < count; i++) numbers.push((await receivedPackage(customer, admin, { weight })).number);
    return numbers;
  };
  const ask = async (body: Record<string, unknown>) => {
    const asked = await customer.client.post('/api/requests', body);
    expect(asked.status).toBe(201);
    return asked.body.request.id as number;
  };
  const act = (id: number, step: string, body: unknown = {}) =>
    bodega.post(`/api/warehouse/requests/${id}/${step}`, body);
  const stateOf = async (numbers: number[]) =>
    (
      await server.db
        .select()
        .from(packages)
        .where(inArray(packages.number, numbers))
        .orderBy(packages.number)
    ).map((row) => row.state);
  const linesOf = (number: number) =>
    server.db.select().from(packageChargeLines).where(eq(packageChargeLines.packageNumber, number));
  const mailsTo = async (subject: string) =>
    (
      await server.db
        .select()
        .from(outbox)
        .where(like(outbox.subject, `%${subject}%`))
    ).length;
  const audited = async (action: 'request_started' | 'request_completed' | 'request_refused', id: number) =>
    (await server.db.select().from(auditLog).where(eq(auditLog.action, action))).filter(
      (entry) => (entry.detail as { requestId?: number } | null)?.requestId === id,
    ).length;

  it('is staff only (403), and lists the open requests oldest first with the customer and locker', async () => {
    expect((await customer.client.get('/api/warehouse/requests')).status).toBe(403);
    const [a = 0, b = 0] = await received(2);
    const first = await ask({ kind: 'fotos', numbers: [a], note: 'La pantalla' });
    const second = await ask({ kind: 'fotos', numbers: [b], note: 'El cable' });
    expect((await customer.client.post(`/api/warehouse/requests/${first}/start`)).status).toBe(403);
    const queue = await bodega.get('/api/warehouse/requests');
    expect(queue.status).toBe(200);
    const ids = queue.body.requests.map((row: { id: number }) => row.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(queue.body.requests.find((row: { id: number }) => row.id === first)).toMatchObject({
      customerName: 'Carla Consolida',
      lockerNumber: customer.record.lockerNumber,
      note: 'La pantalla',
      stateLabel: 'Pendiente',
    });
    for (const id of [first, second])
      expect((await act(id, 'refuse', { reason: 'Prueba' })).status).toBe(200);
  });

  it("consolidates by scanning: one new package, the originals 'Consolidado', their charges annulled, the fee once", async () => {
    const numbers = await received(3);
    const id = await ask({ kind: 'consolidar', numbers });
    const early = await act(id, 'complete', { scanned: numbers.map(String), box: BOX });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(queueMessages.notStarted);
    expect((await act(id, 'start')).status).toBe(200);
    expect((await act(id, 'start')).body.error.message).toBe(queueMessages.notOpen('en_proceso'));

    const [stranger = 0] = await received(1);
    const wrong = await act(id, 'scan', { code: String(stranger) });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.message).toBe(
      queueMessages.scanOther(stranger, null, customer.record.lockerNumber),
    );
    expect((await act(id, 'scan', { code: String(numbers[0]) })).body).toMatchObject({ number: numbers[0] });
    const partial = await act(id, 'complete', { scanned: [String(numbers[0])], box: BOX });
    expect(partial.status).toBe(400);
    expect(partial.body.error.message).toBe(queueMessages.missingScans(numbers.slice(1)));
    expect(await stateOf(numbers)).toEqual(['recibido', 'recibido', 'recibido']);

    const done = await act(id, 'complete', { scanned: numbers.map(String), box: BOX });
    expect(done.status).toBe(200);
    const fresh = done.body.newPackage as number;
    expect(done.body.message).toBe(queueMessages.consolidated(id, fresh));
    expect(await stateOf(numbers)).toEqual(['consolidado', 'consolidado', 'consolidado']);
    const [created] = await server.db.select().from(packages).where(eq(packages.number, fresh));
    expect(created).toMatchObject({
      state: 'recibido',
      userId: customer.record.id,
      declaredValueCents: 15_000,
    });
    const notes = await server.db
      .select()
      .from(packageEvents)
      .where(eq(packageEvents.packageNumber, numbers[0] ?? 0));
    expect(notes.map((event) => event.note)).toContain(`Consolidado en el paquete ${fresh}`);

    const charges = await server.db
      .select()
      .from(packageCharges)
      .where(inArray(packageCharges.packageNumber, [...numbers, fresh]));
    for (const charge of charges.filter((row) => row.packageNumber !== fresh))
      expect(charge).toMatchObject({ annulNote: `Anulado: consolidado en ${fresh}` });
    const newCharge = charges.find((row) => row.packageNumber === fresh);
    expect(newCharge?.annulledAt).toBeNull();
    expect((await linesOf(fresh)).map((line) => [line.kind, line.amountCents, line.requestId])).toEqual([
      ['consolidacion', 500, id],
    ]);
    // 'Valor a pagar' across the customer's packages counts the new one only.
    const list = (await customer.client.get('/api/packages')).body.packages as Array<{
      number: number;
      toPay: { cents: number } | null;
    }>;
    for (const number of numbers) expect(list.find((row) => row.number === number)?.toPay).toBeNull();
    expect(list.find((row) => row.number === fresh)?.toPay?.cents).toBe((newCharge?.totalCents ?? 0) + 500);
    const original = (await customer.client.get(`/api/packages/${numbers[0]}`)).body;
    expect(original.charge.annulNote).toBe(`Anulado: consolidado en ${fresh}`);
    expect((await customer.client.get(`/api/requests?paquete=${numbers[0]}`)).body.requests[0]).toMatchObject(
      {
        state: 'completada',
        resultPackageNumber: fresh,
      },
    );
    expect(await mailsTo(`completamos tu solicitud ${id}`)).toBe(1);
    expect(await audited('request_started', id)).toBe(1);
    expect(await audited('request_completed', id)).toBe(1);
    expect((await act(id, 'complete', { scanned: numbers.map(String), box: BOX })).status).toBe(409);
  });

  it('shows the oldest QUEUE_PAGE open requests and says more wait behind them', async () => {
    const old = new Date('2026-01-05T12:00:00Z');
    const inserted = await server.db
      .insert(packageRequests)
      .values(
        Array.from({ length: QUEUE_PAGE + 1 }, (_, i) => ({
          kind: 'fotos' as const,
          userId: customer.record.id,
          note: `antigua ${i}`,
          feeCents: 300,
          feeCop: 12_000,
          rateSettingsId: 1,
          createdAt: new Date(old.getTime() + i * 60_000),
        })),
      )
      .returning({ id: packageRequests.id });
    try {
      const queue = await bodega.get('/api/warehouse/requests');
      expect(queue.body.requests).toHaveLength(QUEUE_PAGE);
      expect(queue.body.more).toBe(true);
      expect(queue.body.requests.map((row: { id: number }) => row.id)).toEqual(
        inserted.slice(0, QUEUE_PAGE).map((row) => row.id),
      );
    } finally {
      await server.db
        .update(packageRequests)
        .set({ state: 'cancelada' })
        .where(
          inArray(
            packageRequests.id,
            inserted.map((row) => row.id),
          ),
        );
    }
    expect((await bodega.get('/api/warehouse/requests')).body.more).toBe(false);
  });

  it("gives back the referral credit the originals' charges used; the new package's charge uses it once", async () => {
    const thrifty = await signedUpCustomer(server, { name: 'Tomás Ahorrador' });
    await server.db.insert(creditLedger).values({
      userId: thrifty.record.id,
      kind: 'earned',
      amountCents: 300,
      referredUserId: customer.record.id,
    });
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) numbers.push((await receivedPackage(thrifty, admin, { weight: '2' })).number);
    const usedBy = async (number: number) =>
      (await server.db.select().from(creditLedger).where(eq(creditLedger.packageNumber, number))).reduce(
        (total, row) => total - row.amountCents,
        0,
      );
    // The credit went to the first charges, up to what was left.
    expect((await Promise.all(numbers.map(usedBy))).reduce((a, b) => a + b, 0)).toBe(300);
    const asked = await thrifty.client.post('/api/requests', { kind: 'consolidar', numbers });
    expect(asked.status).toBe(201);
    const id = asked.body.request.id as number;
    expect((await act(id, 'start')).status).toBe(200);
    const done = await act(id, 'complete', { scanned: numbers.map(String), box: BOX });
    expect(done.status).toBe(200);
    for (const number of numbers) expect(await usedBy(number)).toBe(0);
    expect(await usedBy(done.body.newPackage)).toBe(300);
    const ledger = await server.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, thrifty.record.id));
    expect(ledger.reduce((total, row) => total + row.amountCents, 0)).toBe(0);
  });

  it('gives exactly one outcome when two staff complete one request at once', async () => {
    const numbers = await received(2);
    const id = await ask({ kind: 'consolidar', numbers });
    await act(id, 'start');
    const body = { scanned: numbers.map(String), box: BOX };
    const answers = await Promise.all([
      act(id, 'complete', body),
      admin.post(`/api/warehouse/requests/${id}/complete`, body),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const made = await server.db
      .select()
      .from(packages)
      .where(eq(packages.guide, `CONS${String(id).padStart(8, '0')}`));
    expect(made).toHaveLength(1);
    expect(await audited('request_completed', id)).toBe(1);
  });

  it('repacks to a lower charge with the rates of receipt, keeping both weights in the history', async () => {
    const [number = 0] = await received(1, '9');
    const [before] = await server.db
      .select()
      .from(packageCharges)
      .where(eq(packageCharges.packageNumber, number));
    const id = await ask({ kind: 'reempacar', numbers: [number], repackOption: 'caja_pequena' });
    await act(id, 'start');
    expect((await act(id, 'complete', {})).status).toBe(400);
    const done = await act(id, 'complete', { boxes: [{ number, ...BOX, weightLb: '4' }] });
    expect(done.status).toBe(200);
    const [after] = await server.db
      .select()
      .from(packageCharges)
      .where(eq(packageCharges.packageNumber, number));
    expect(before?.chargeableLb).toBe(9);
    expect(after?.chargeableLb).toBe(4);
    expect(after?.totalCents).toBeLessThan(before?.totalCents ?? 0);
    expect((await linesOf(number)).map((line) => [line.kind, line.amountCents])).toEqual([
      ['reempaque', 300],
    ]);
    const events = await server.db
      .select()
      .from(packageEvents)
      .where(and(eq(packageEvents.packageNumber, number), eq(packageEvents.kind, 'request')));
    expect(events.map((event) => event.note)).toEqual([
      `Reempacado (solicitud ${id}): peso cobrable 9 lb → 4 lb.`,
    ]);
  });

  it("completes photos, and a return ends 'Devuelto' with its carrier; a refusal charges nothing and frees them", async () => {
    const [photo = 0, back = 0, refused = 0] = await received(3);
    const photos = await ask({ kind: 'fotos', numbers: [photo], note: 'El número de serie' });
    await act(photos, 'start');
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a3' } })
      .jpeg()
      .toBuffer();
    const staged = await bodega.upload('/api/warehouse/photos', picture, 'image/jpeg', 'POST');
    expect(staged.status).toBe(201);
    expect((await act(photos, 'complete', { photoIds: [staged.body.id] })).status).toBe(200);
    expect((await linesOf(photo)).map((line) => line.kind)).toEqual(['fotos']);
    // The photos reach the customer on the package's page, with the note in its 'Historial'.
    const page = (await customer.client.get(`/api/packages/${photo}`)).body;
    expect(page.files.map((file: { id: string }) => file.id)).toContain(staged.body.id);
    expect(page.events.map((event: { note: string }) => event.note)).toContain(
      `Fotos adicionales (solicitud ${photos}): El número de serie`,
    );

    const label = (await customer.client.upload('/api/requests/label', PDF, 'application/pdf')).body.fileId;
    const returned = await ask({ kind: 'devolver', numbers: [back], labelFileId: label });
    await act(returned, 'start');
    const noCarrier = await act(returned, 'complete', {});
    expect(noCarrier.status).toBe(400);
    expect(noCarrier.body.error.message).toBe(queueMessages.carrier);
    expect((await act(returned, 'complete', { carrier: 'UPS', carrierGuide: '1Z999' })).status).toBe(200);
    expect(await stateOf([back])).toEqual(['devuelto']);
    const [event] = await server.db
      .select()
      .from(packageEvents)
      .where(and(eq(packageEvents.packageNumber, back), eq(packageEvents.state, 'devuelto')));
    expect(event).toMatchObject({ note: 'Devuelto a la tienda', carrier: 'UPS', carrierGuide: '1Z999' });
    expect((await linesOf(back)).map((line) => [line.kind, line.amountCents])).toEqual([['devolucion', 400]]);

    const no = await ask({ kind: 'fotos', numbers: [refused], note: 'Todo' });
    const blank = await act(no, 'refuse', { reason: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe(queueMessages.reason);
    expect(
      (await act(no, 'refuse', { reason: 'Contiene baterías de litio: no se puede abrir' })).status,
    ).toBe(200);
    const shown = (await customer.client.get(`/api/requests?paquete=${refused}`)).body.requests[0];
    expect(shown).toMatchObject({
      state: 'rechazada',
      reason: 'Contiene baterías de litio: no se puede abrir',
    });
    expect(await linesOf(refused)).toEqual([]);
    expect(await mailsTo(`rechazamos tu solicitud ${no}`)).toBe(1);
    expect(await audited('request_refused', no)).toBe(1);
    expect(
      (await admin.post('/api/admin/packages/state', { numbers: [refused], state: 'en_transito' })).status,
    ).toBe(200);
  });
});
