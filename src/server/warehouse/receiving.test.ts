// Receiving at the warehouse through the API, on every driver: the match with the pre-alert and the locker, the
// state, event and mail together, 'Sin identificar' and 'Asignar', duplicates and races, and bad input.
import { crc32, deflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import {
  browser,
  signedUpCustomer,
  signedUpWithRole,
  startTestServer,
  type TestServer,
} from '../../../test/support/server.ts';
import { files, outbox, packageCharges, packageEvents, packages } from '../db/schema.ts';

describe.each(drivers)('warehouse receiving on %s', (driver) => {
  let server: TestServer;
  let bodega: ReturnType<typeof browser>;
  let sequence = 0;
  beforeAll(async () => {
    server = await startTestServer(driver);
    bodega = (await signedUpWithRole(server, 'bodega', { email: `bodega-${driver}@example.com` })).client;
  });
  afterAll(() => server?.close());

  const newGuide = () => `1Z4W${String(++sequence).padStart(14, '0')}`;
  const receive = (fields: Record<string, unknown>) =>
    bodega.post('/api/warehouse/receipts', {
      weightLb: '4.5',
      lengthIn: '12',
      widthIn: '10',
      heightIn: '8',
      ...fields,
    });
  const rowOf = async (number: number) =>
    (await server.db.select().from(packages).where(eq(packages.number, number)))[0];
  /** The package mails (not the verification mail of the registration). */
  const mailsTo = async (email: string) =>
    (await server.db.select().from(outbox).where(eq(outbox.toAddress, email))).filter((m) =>
      m.subject.includes('paquete'),
    );
  async function customerWithPrealert() {
    const customer = await signedUpCustomer(server);
    const guide = newGuide();
    const saved = await customer.client.post('/api/packages', {
      guide,
      store: 'Nike',
      content: 'Tenis',
      declaredValue: '89.90',
    });
    expect(saved.status).toBe(201);
    return { ...customer, guide, number: saved.body.package.number as number };
  }
  const photo = () =>
    sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Ubicación secreta' } })
      .toBuffer();

  it('refuses customers and couriers (403) and strangers (401) on every warehouse route', async () => {
    const { client } = await signedUpCustomer(server);
    const { client: courier } = await signedUpWithRole(server, 'reparto');
    const calls = [
      (b: ReturnType<typeof browser>) => b.get('/api/warehouse/lookup?guia=1Z4W00000000000001'),
      (b: ReturnType<typeof browser>) =>
        b.post('/api/warehouse/receipts', { guide: newGuide(), weightLb: '1' }),
      (b: ReturnType<typeof browser>) => b.get('/api/warehouse/unidentified'),
      (b: ReturnType<typeof browser>) => b.get('/api/warehouse/today'),
      (b: ReturnType<typeof browser>) =>
        b.post('/api/warehouse/packages/100001/assign', { lockerNumber: '1334' }),
      (b: ReturnType<typeof browser>) => b.get('/api/warehouse/labels/100001'),
      (b: ReturnType<typeof browser>) =>
        b.upload('/api/warehouse/photos', Buffer.from('x'), 'image/jpeg', 'POST'),
    ];
    for (const call of calls) {
      expect((await call(client)).status).toBe(403);
      expect((await call(courier)).status).toBe(403);
      expect((await call(browser(server))).status).toBe(401);
    }
  });

  it('finds the pre-alert of a scanned guide, written any way', async () => {
    const { guide, record } = await customerWithPrealert();
    const found = await bodega.get(
      `/api/warehouse/lookup?guia=${encodeURIComponent(guide.toLowerCase().replace(/(.{4})/g, '$1 '))}`,
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      guide,
      alreadyReceived: null,
      match: {
        customerName: record.name,
        lockerNumber: record.lockerNumber,
        store: 'Nike',
        content: 'Tenis',
        declaredValueCents: 8990,
      },
    });
    const unknown = await bodega.get('/api/warehouse/lookup?guia=9400100000000000009999');
    expect(unknown.body).toMatchObject({ match: null, carrier: 'usps' });
  });

  it('receives a pre-alert whose locker matches: state, event, photos and the mail together', async () => {
    const { guide, number, record, client } = await customerWithPrealert();
    const uploaded = await bodega.upload('/api/warehouse/photos', await photo(), 'image/jpeg', 'POST');
    expect(uploaded.status).toBe(201);
    const answer = await receive({
      guide,
      lockerNumber: record.lockerNumber,
      condition: 'danado',
      notes: 'Caja golpeada',
      photoIds: [uploaded.body.id],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(`Paquete recibido: ${number} para el casillero ${record.lockerNumber}.`);
    expect(await rowOf(number)).toMatchObject({
      state: 'recibido',
      weightLb: '4.50',
      lengthIn: '12.0',
      condition: 'danado',
      warehouseNotes: 'Caja golpeada',
    });

    const [mail] = await mailsTo(record.email);
    expect(mail?.subject).toContain(`tu paquete ${number}`);
    expect(mail?.text).toContain('Tenis de Nike');
    expect(mail?.text).toContain('Peso: 4,5 lb.');
    expect(mail?.text).toContain('Medidas: 12 × 10 × 8 in.');
    expect(mail?.text).toMatch(/Foto 1: http:\/\/localhost:3000\/api\/files\/[0-9a-f-]{36}/);
    expect(mail?.text).toContain(`/paquetes/${number}`);

    const detail = await client.get(`/api/packages/${number}`);
    expect(detail.body.state).toBe('recibido');
    expect(detail.body.events[0]).toMatchObject({ state: 'recibido', actor: 'Bodega' });
    const [shown] = detail.body.files;
    expect(shown).toMatchObject({ kind: 'photo', mime: 'image/jpeg' });
    const served = await client.get(shown.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toMatch(/^inline/);
    expect((await client.get(shown.thumbnailUrl)).status).toBe(200);
  });

  it('re-encodes photos to 1600 px without their metadata, and refuses what is not a photo', async () => {
    const uploaded = await bodega.upload('/api/warehouse/photos', await photo(), 'image/jpeg', 'POST');
    const [stored] = await server.db.select().from(files).where(eq(files.id, uploaded.body.id));
    const meta = await sharp(stored?.bytes ?? Buffer.alloc(0)).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1067]);
    expect(meta.exif).toBeUndefined();
    const [thumb] = await server.db.select().from(files).where(eq(files.thumbnailOf, uploaded.body.id));
    expect((await sharp(thumb?.bytes ?? Buffer.alloc(0)).metadata()).width).toBe(320);
    // Only staff see a photo nobody owns yet.
    expect((await (await signedUpCustomer(server)).client.get(uploaded.body.url)).status).toBe(404);

    const before = (await server.db.select({ n: count() }).from(files))[0]?.n;
    const bomb = pngHeaderOnly(50_000, 50_000);
    for (const [bytes, status] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 400],
      [bomb, 400],
      [Buffer.alloc(30 * 1024 * 1024, 1), 413],
    ] as const) {
      const refused = await bodega.upload('/api/warehouse/photos', bytes, 'image/png', 'POST');
      expect(refused.status).toBe(status);
      expect(refused.body.error.message).toBe(
        'La foto debe ser una imagen JPG, PNG, WebP o HEIC de hasta 15 MB.',
      );
    }
    expect((await server.db.select({ n: count() }).from(files))[0]?.n).toBe(before);
  });

  it("keeps a parcel whose label shows another locker as 'Sin identificar', then 'Asignar' tells the owner", async () => {
    const prealerter = await customerWithPrealert();
    const realOwner = await signedUpCustomer(server);
    const answer = await receive({ guide: prealerter.guide, lockerNumber: realOwner.record.lockerNumber });
    expect(answer.body.state).toBe('sin_identificar');
    expect(await mailsTo(prealerter.record.email)).toEqual([]);
    // The pre-alerter still sees their pre-alert, not the warehouse's review.
    expect((await prealerter.client.get(`/api/packages/${prealerter.number}`)).body.state).toBe(
      'prealertado',
    );
    const queue = await bodega.get('/api/warehouse/unidentified');
    expect(queue.body.packages.map((p: { number: number }) => p.number)).toContain(prealerter.number);

    expect(
      (await bodega.post(`/api/warehouse/packages/${prealerter.number}/assign`, { lockerNumber: '999999' }))
        .body.error,
    ).toMatchObject({ message: 'No existe un casillero con ese número.', field: 'lockerNumber' });
    const assigned = await bodega.post(`/api/warehouse/packages/${prealerter.number}/assign`, {
      lockerNumber: realOwner.record.lockerNumber,
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.message).toBe(
      `Paquete ${prealerter.number} asignado al casillero ${realOwner.record.lockerNumber}.`,
    );
    expect(await rowOf(prealerter.number)).toMatchObject({ state: 'recibido', userId: realOwner.record.id });
    expect(await mailsTo(realOwner.record.email)).toHaveLength(1);
    expect((await prealerter.client.get(`/api/packages/${prealerter.number}`)).status).toBe(404);
    expect((await realOwner.client.get(`/api/packages/${prealerter.number}`)).body.state).toBe('recibido');
  });

  it('receives without a pre-alert: by the label’s locker, or unidentified without one', async () => {
    const owner = await signedUpCustomer(server);
    const known = await receive({ guide: newGuide(), lockerNumber: owner.record.lockerNumber });
    expect(known.body).toMatchObject({ identified: true, state: 'recibido' });
    expect(await rowOf(known.body.number)).toMatchObject({
      userId: owner.record.id,
      deliveryAddress: 'Calle 10 # 20-30, Medellín, 050021',
    });
    expect(await mailsTo(owner.record.email)).toHaveLength(1);
    const events = await server.db
      .select()
      .from(packageEvents)
      .where(eq(packageEvents.packageNumber, known.body.number));
    expect(events.map((e) => e.state)).toEqual(['recibido']);

    const nobody = await receive({ guide: newGuide(), lockerNumber: '' });
    expect(nobody.body).toMatchObject({ identified: false, state: 'sin_identificar' });
    expect(nobody.body.message).toContain("'Sin identificar'");
    expect((await rowOf(nobody.body.number))?.userId).toBeNull();
  });

  it('answers the same guide twice, also at the same moment, with one package', async () => {
    const { guide, record, number } = await customerWithPrealert();
    const both = await Promise.all([
      receive({ guide, lockerNumber: record.lockerNumber }),
      receive({ guide, lockerNumber: record.lockerNumber }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const refusal = both.find((r) => r.status === 409)?.body.error;
    expect(refusal.message).toMatch(/^Este paquete ya fue recibido el \d{1,2} de \w+ de \d{4}\.$/);
    expect(refusal.field).toBe('guide');
    // The lookup of a duplicate names the package and the locker it was received for (its label's).
    const again = (await bodega.get(`/api/warehouse/lookup?guia=${guide}`)).body;
    expect(again.alreadyReceived).toMatch(/^Este paquete ya fue recibido el/);
    expect(again.match).toMatchObject({ number, lockerNumber: record.lockerNumber });
    expect(
      await server.db.select().from(packageEvents).where(eq(packageEvents.packageNumber, number)),
    ).toHaveLength(2);

    const fresh = newGuide();
    const race = await Promise.all([receive({ guide: fresh }), receive({ guide: fresh })]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await server.db.select().from(packages).where(eq(packages.guide, fresh))).toHaveLength(1);
    expect((await bodega.get(`/api/warehouse/lookup?guia=${fresh}`)).body.alreadyReceived).toMatch(
      /^Este paquete ya fue recibido el/,
    );
  });

  it("receives one customer's parcels from several scanners at once, each charged once (no deadlock)", async () => {
    // Each new package holds a key-share lock on its owner (the foreign key) before its charge locks the owner
    // to spend the credit: with FOR UPDATE there, two receipts at once deadlocked on PostgreSQL (40P01, a 500).
    const owner = await signedUpCustomer(server);
    const guides = Array.from({ length: 12 }, newGuide);
    const answers = await Promise.all(
      guides.map((guide) => receive({ guide, lockerNumber: owner.record.lockerNumber })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(guides.map(() => 201));
    const charged = await server.db
      .select({ number: packageCharges.packageNumber })
      .from(packageCharges)
      .innerJoin(packages, eq(packages.number, packageCharges.packageNumber))
      .where(eq(packages.userId, owner.record.id));
    expect(charged).toHaveLength(guides.length);
  });

  it('refuses impossible weights and measures with a clear message, changing nothing', async () => {
    const { guide, number, record } = await customerWithPrealert();
    const weight = 'Escribe el peso en libras: un número mayor que 0 y hasta 150, por ejemplo 4.5.';
    const measure = 'Escribe las medidas en pulgadas: números mayores que 0 y hasta 120, por ejemplo 12.5.';
    for (const [fields, message] of [
      [{ weightLb: '0' }, weight],
      [{ weightLb: '-2' }, weight],
      [{ weightLb: '150.01' }, weight],
      [{ weightLb: 'cuatro' }, weight],
      [{ weightLb: 4 }, weight],
      [{ lengthIn: '121' }, measure],
      [{ heightIn: '0' }, measure],
    ] as const) {
      const refused = await receive({ guide, lockerNumber: record.lockerNumber, ...fields });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
    expect((await rowOf(number))?.state).toBe('prealertado');
    expect((await receive({ guide, lockerNumber: record.lockerNumber, weightLb: '150' })).status).toBe(201);
  });

  it("lists today's receipts and gives the label's data", async () => {
    const owner = await signedUpCustomer(server, { ciudad1: 'Cali' });
    const received = await receive({
      guide: newGuide(),
      lockerNumber: owner.record.lockerNumber,
      weightLb: '2.25',
    });
    const today = await bodega.get('/api/warehouse/today');
    expect(today.body.packages.map((p: { number: number }) => p.number)).toContain(received.body.number);
    const label = await bodega.get(`/api/warehouse/labels/${received.body.number}`);
    expect(label.body).toMatchObject({
      number: received.body.number,
      lockerNumber: owner.record.lockerNumber,
      name: owner.record.name,
      city: 'Cali',
      weightLb: 2.25,
      damaged: false,
      fragile: false,
    });
    const marked = await receive({
      guide: newGuide(),
      lockerNumber: owner.record.lockerNumber,
      condition: 'danado',
      notes: 'Caja abollada, contenido FRÁGIL',
    });
    expect((await bodega.get(`/api/warehouse/labels/${marked.body.number}`)).body).toMatchObject({
      damaged: true,
      fragile: true,
    });
  });
});

/** A valid PNG header that claims `width` × `height` pixels, with almost no data: a decompression bomb's shape. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
