// Two uploads of one photo at once (issue 34, 'Bad input and safety'), on both drivers and both stores: one
// package's invoice sent twice at once, and one staged photo named by two receipts at once. Each leaves one
// outcome: nothing served to whom it does not belong, nothing lost, no row pointing at a missing object, and no
// object without a row once the sweep has passed. And a transaction that fails after its object was stored.
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import {
  attemptBody,
  deliveryBody,
  deliveryWorld,
  photoDataUrl,
  startedRoute,
  valueToPay,
} from '../../../test/support/delivery.ts';
import { startS3, type TestS3 } from '../../../test/support/s3.ts';
import {
  type browser,
  signedUpCustomer,
  signedUpWithRole,
  startTestServer,
  type TestServer,
} from '../../../test/support/server.ts';
import { receiptMessages } from '../../shared/warehouse/receipt.ts';
import { deliveries, deliveryAttempts, files } from '../db/schema.ts';
import { objectStore, recordFile, storeFile } from './store.ts';
import { sweepOrphans } from './sweep.ts';

const image = (background: string) =>
  sharp({ create: { width: 60, height: 40, channels: 3, background } })
    .png()
    .toBuffer();

const cases = drivers.flatMap((driver) => [[driver, 'database'] as const, [driver, 'bucket'] as const]);

/** Objects in the bucket (if any) that no row points at, once the sweep has passed with no grace left: none. */
async function expectNoOrphans(server: TestServer) {
  const bucket = objectStore();
  if (!bucket) return;
  await sweepOrphans(server.db, 0);
  const rows = new Set((await server.db.select({ id: files.id }).from(files)).map((row) => row.id));
  for await (const page of bucket.list()) expect(page.filter((object) => !rows.has(object.id))).toEqual([]);
}

describe.each(cases)('two uploads of one photo at once on %s, bytes in the %s', (driver, store) => {
  let server: TestServer;
  let bodega: ReturnType<typeof browser>;
  let s3: TestS3 | undefined;
  let sequence = 0;
  beforeAll(async () => {
    if (store === 'bucket') s3 = await startS3();
    server = await startTestServer(driver, s3?.env ?? {});
    bodega = (await signedUpWithRole(server, 'bodega', { email: `carrera-${driver}-${store}@example.com` }))
      .client;
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  const newGuide = () =>
    `1Z9R${driver === 'pglite' ? 1 : 2}${store.length}${String(++sequence).padStart(12, '0')}`;

  async function customerWithPrealert() {
    const customer = await signedUpCustomer(server);
    const guide = newGuide();
    const saved = await customer.client.post('/api/packages', {
      guide,
      content: 'Libros',
      declaredValue: '30',
    });
    expect(saved.status).toBe(201);
    return { ...customer, guide, number: saved.body.package.number as number };
  }

  /** The bytes a client gets for a file URL: from the app, or from the bucket by the link it redirects to. */
  async function served(client: ReturnType<typeof browser>, url: string) {
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await server.app.request(`http://localhost:3000${url}`, { headers: { cookie } });
    const response = answer.status === 302 ? await fetch(answer.headers.get('location') ?? '') : answer;
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  /**
   * Every row's bytes are somewhere (in the row, or an object under its id), and once the sweep has passed with no
   * grace left, no object is without its row.
   */
  async function expectRowsAndObjectsAgree() {
    const rows = await server.db.select({ id: files.id, bytes: files.bytes }).from(files);
    const bucket = objectStore();
    if (store === 'database') {
      expect(bucket).toBeNull();
      expect(rows.filter((row) => row.bytes === null)).toEqual([]);
      return;
    }
    if (!bucket) throw new Error('no bucket');
    expect(rows.filter((row) => row.bytes !== null)).toEqual([]);
    await sweepOrphans(server.db, 0);
    const objects: string[] = [];
    for await (const page of bucket.list()) objects.push(...page.map((object) => object.id));
    expect(objects.sort()).toEqual(rows.map((row) => row.id).sort());
  }

  it("one package's invoice sent twice at once: one invoice stands, served whole to its owner only", async () => {
    const { client, number } = await customerWithPrealert();
    const [red, blue] = await Promise.all([image('#c0392b'), image('#2471a3')]);
    const answers = await Promise.all(
      [red, blue].map((bytes) => client.upload(`/api/packages/${number}/invoice`, bytes, 'image/png')),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const invoices = await server.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.packageNumber, number));
    expect(invoices).toHaveLength(1);
    const id = invoices[0]?.id ?? '';
    const detail = await client.get(`/api/packages/${number}`);
    expect(detail.body.files.map((file: { id: string }) => file.id)).toEqual([id]);
    const got = await served(client, `/api/files/${id}`);
    expect(got.status).toBe(200);
    expect([red, blue].some((bytes) => got.bytes?.equals(bytes))).toBe(true);
    // The invoice that lost is gone for everyone; a stranger does not see the one that stands.
    const loser = answers.map((answer) => answer.body.package.files[0].id).find((other) => other !== id);
    expect((await client.get(`/api/files/${loser}`)).status).toBe(404);
    const stranger = await signedUpCustomer(server);
    expect((await stranger.client.get(`/api/files/${id}`)).status).toBe(404);
    await expectRowsAndObjectsAgree();
    expect((await served(client, `/api/files/${id}`)).status).toBe(200);
  });

  it('one staged photo named by two receipts at once: it goes whole to one package, the other receipt is refused', async () => {
    const [first, second] = [await customerWithPrealert(), await customerWithPrealert()];
    const staged = await bodega.upload('/api/warehouse/photos', await image('#1e8449'), 'image/png', 'POST');
    expect(staged.status).toBe(201);
    const receive = (customer: typeof first) =>
      bodega.post('/api/warehouse/receipts', {
        guide: customer.guide,
        lockerNumber: customer.record.lockerNumber,
        weightLb: '2',
        photoIds: [staged.body.id],
      });
    const answers = await Promise.all([receive(first), receive(second)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body.error).toMatchObject({
      code: 'photo_taken',
      field: 'photoIds',
      message: receiptMessages.photoTaken,
    });
    const [winner, loser] = answers[0]?.status === 201 ? [first, second] : [second, first];

    // The photo and its thumbnail went together, to the winner's package and owner.
    const photo = await server.db
      .select({ kind: files.kind, packageNumber: files.packageNumber, ownerId: files.ownerId })
      .from(files)
      .where(inArray(files.id, [staged.body.id, staged.body.thumbnailUrl.split('/').at(-1)]));
    expect(photo.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'photo', packageNumber: winner.number, ownerId: winner.record.id },
      { kind: 'thumbnail', packageNumber: winner.number, ownerId: winner.record.id },
    ]);
    expect((await served(winner.client, staged.body.url)).status).toBe(200);
    expect((await served(winner.client, staged.body.thumbnailUrl)).status).toBe(200);
    expect((await loser.client.get(staged.body.url)).status).toBe(404);
    expect((await loser.client.get(staged.body.thumbnailUrl)).status).toBe(404);
    // The refused receipt changed nothing: the loser's package still waits, and can be received with its own photo.
    expect((await loser.client.get(`/api/packages/${loser.number}`)).body.state).toBe('prealertado');
    const own = await bodega.upload('/api/warehouse/photos', await image('#7d3c98'), 'image/png', 'POST');
    expect((await receive(loser)).status).toBe(409);
    const again = await bodega.post('/api/warehouse/receipts', {
      guide: loser.guide,
      lockerNumber: loser.record.lockerNumber,
      weightLb: '2',
      photoIds: [own.body.id],
    });
    expect(again.status).toBe(201);
    expect((await served(loser.client, own.body.url)).status).toBe(200);
    await expectRowsAndObjectsAgree();
  });

  it('a transaction that fails after its object was stored leaves no row; the sweep takes the object after its grace', async () => {
    const stored = await storeFile({
      ownerId: null,
      packageNumber: null,
      kind: 'photo',
      mime: 'image/png',
      bytes: await image('#d4ac0d'),
    });
    await expect(
      server.db.transaction(async (tx) => {
        await recordFile(tx, stored);
        throw new Error('la transacción falla después de escribir la fila');
      }),
    ).rejects.toThrow('la transacción falla');
    expect(await server.db.select().from(files).where(eq(files.id, stored.id))).toEqual([]);
    expect(stored.inBucket).toBe(store === 'bucket');
    if (store === 'bucket') {
      // Within the grace period (an upload whose row is about to commit looks the same) the object stays.
      expect(await sweepOrphans(server.db)).toBe(0);
      expect(await objectStore()?.exists(stored.id)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await sweepOrphans(server.db, 1_000)).toBeGreaterThanOrEqual(1);
      expect(await objectStore()?.exists(stored.id)).toBe(false);
    }
    await expectRowsAndObjectsAgree();
  });
});

describe.each(cases)('two door photos of one stop at once on %s, bytes in the %s', (driver, store) => {
  let s3: TestS3 | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    if (store !== 'bucket') return;
    s3 = await startS3();
    Object.assign(env, s3.env);
  });
  afterAll(() => s3?.close());
  const world = deliveryWorld(driver, {
    admin: `puerta-${driver}-${store}@example.com`,
    customer: 'Lina Cliente',
    couriers: ['Tomás Mensajero'],
    env,
  });

  it('two phones deliver one stop, each with its photo: one delivery, whose photo is there, given to its owner', async () => {
    const { server, admin, customer, courier } = world;
    const [number = 0] = (await startedRoute(admin, customer, courier.record.id, 1)).numbers;
    const toPay = await valueToPay(courier.client, number);
    const body = async () => deliveryBody(toPay, { photo: await photoDataUrl() });
    const [one, two] = [await body(), await body()];
    const answers = await Promise.all(
      [one, two].map((form) => courier.client.post(`/api/delivery/stops/${number}/deliver`, form)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [delivery, ...others] = await server.db
      .select({ photoId: deliveries.photoId })
      .from(deliveries)
      .where(eq(deliveries.packageNumber, number));
    expect(others).toEqual([]);
    const photos = await server.db.select().from(files).where(eq(files.packageNumber, number));
    expect(photos.map((photo) => [photo.id, photo.kind, photo.ownerId])).toEqual([
      [delivery?.photoId, 'delivery', customer.record.id],
    ]);
    if (store === 'bucket') expect(await objectStore()?.exists(delivery?.photoId ?? '')).toBe(true);
    await expectNoOrphans(server);
  });

  it('an attempt refused in its transaction (the stop already attempted) leaves no row; its object is swept', async () => {
    const { server, admin, customer, courier } = world;
    const [number = 0] = (await startedRoute(admin, customer, courier.record.id, 1)).numbers;
    const path = `/api/delivery/stops/${number}/attempt`;
    expect((await courier.client.post(path, attemptBody({ photo: await photoDataUrl() }))).status).toBe(200);
    const objectsBefore = await countObjects();
    const refused = await courier.client.post(path, attemptBody({ photo: await photoDataUrl() }));
    expect(refused.status).toBe(409);
    const attempts = await server.db
      .select({ photoId: deliveryAttempts.photoId })
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.packageNumber, number));
    const photos = await server.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.packageNumber, number));
    expect(photos.map((photo) => photo.id)).toEqual(attempts.map((attempt) => attempt.photoId));
    if (store === 'bucket') {
      // The refused attempt's photo was stored before its transaction: kept through the grace period, then swept.
      expect(await countObjects()).toBe(objectsBefore + 1);
      expect(await sweepOrphans(server.db)).toBe(0);
      await expectNoOrphans(server);
      expect(await countObjects()).toBe(objectsBefore);
    }
  });
});

async function countObjects() {
  let count = 0;
  for await (const page of objectStore()?.list() ?? []) count += page.length;
  return count;
}
