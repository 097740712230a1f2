// Files in an S3-compatible bucket (issue 34), against a real S3 server the test starts (test/support/s3.ts): the
// object before the row, presigned links that carry our name and die when they expire or are edited, a bucket down
// or hanging refused cleanly, the sweep, and an account's objects deleted with it.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogText, expectConsoleError } from '../../../test/support/console.ts';
import { logicDrivers } from '../../../test/support/database.ts';
import { attemptBody, deliveryWorld, photoDataUrl, startedRoute } from '../../../test/support/delivery.ts';
import { startS3, startSilentS3, type TestS3 } from '../../../test/support/s3.ts';
import {
  browser,
  signedUpCustomer,
  signedUpWithRole,
  startTestServer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { loadConfig } from '../config.ts';
import { deliveryAttempts, files } from '../db/schema.ts';
import { BucketError } from './s3-config.ts';
import { openS3Store } from './s3-store.ts';
import { BUCKET_DOWN, objectStore, setObjectStore, storeFile } from './store.ts';
import { openConfiguredFileStore, sweepOrphans } from './sweep.ts';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0b5cab' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.close());

/** The bytes and headers behind a file URL of the app, following its redirect to the bucket. */
async function download(client: ReturnType<typeof browser>, url: string) {
  const answer = await client.get(url);
  expect(answer.status, url).toBe(302);
  const link = answer.headers.get('location') ?? '';
  const object = await fetch(link);
  return { answer, link, object, bytes: Buffer.from(await object.arrayBuffer()) };
}

/** A new customer with a pre-alert under `guide`: its number and the customer's client. */
async function customerWithPrealert(server: TestServer, guide: string) {
  const customer = await signedUpCustomer(server);
  const saved = await customer.client.post('/api/packages', {
    guide,
    content: 'Libros',
    declaredValue: '30',
  });
  return { ...customer, number: saved.body.package.number as number };
}

describe('the bucket at start', () => {
  it('wants all five FILES_S3_* or none', () => {
    expect(() => loadConfig({ FILES_S3_BUCKET: 'fotos' })).toThrow(/FILES_S3_ENDPOINT: falta/);
    expect(loadConfig({}).filesS3).toBeNull();
    expect(loadConfig(s3.env).filesS3).toMatchObject({ bucket: 'casillero-test', pathStyle: true });
  });

  it('refuses to start with a wrong secret, a missing bucket or a store that is down, saying which', async () => {
    const start = (env: Record<string, string>) => openConfiguredFileStore(loadConfig({ ...s3.env, ...env }));
    await expect(start({ FILES_S3_SECRET_ACCESS_KEY: 'otra-clave' })).rejects.toThrow(
      /rechaza las credenciales/,
    );
    await expect(start({ FILES_S3_BUCKET: 'no-existe' })).rejects.toThrow(/no existe: créalo/);
    await expect(start({})).resolves.toBeTruthy();
    await expect(start({ FILES_S3_ENDPOINT: 'http://127.0.0.1:9' })).rejects.toThrow(BucketError);
    await expect(start({ FILES_S3_ENDPOINT: 'http://127.0.0.1:9' })).rejects.toThrow(/No se pudo contactar/);
  });
});

describe.each(logicDrivers)('files in the bucket on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let sequence = 0;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, `s3-admin-${driver}@example.com`, s3.env));
  });
  afterAll(() => server?.close());

  async function customerWithInvoice() {
    const customer = await customerWithPrealert(server, `S3${driver}${String(++sequence).padStart(10, '0')}`);
    const { number } = customer;
    const bytes = await png();
    const uploaded = await customer.client.upload(`/api/packages/${number}/invoice`, bytes, 'image/png');
    expect(uploaded.status).toBe(200);
    return { ...customer, number, bytes, invoice: uploaded.body.package.files[0] };
  }

  it('keeps the bytes in the bucket, the row with its hash, and serves them by a presigned link', async () => {
    const { client, number, bytes, invoice } = await customerWithInvoice();
    const [row] = await server.db.select().from(files).where(eq(files.id, invoice.id));
    expect(row?.bytes).toBeNull();
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await objectStore()?.get(invoice.id)).toEqual(bytes);

    const { answer, link, object, bytes: served } = await download(client, invoice.url);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(link).toContain('X-Amz-Signature=');
    expect(link).toContain('X-Amz-Expires=');
    expect(object.status).toBe(200);
    expect(served.equals(bytes)).toBe(true);
    expect(object.headers.get('content-type')).toBe('image/png');
    expect(object.headers.get('content-disposition')).toBe(`attachment; filename="factura-${number}.png"`);
    // Staff see it too; another customer and a visitor get what they got before: 404 and 401, no link.
    expect((await admin.get(invoice.url)).status).toBe(302);
    const stranger = await signedUpCustomer(server);
    expect((await stranger.client.get(invoice.url)).status).toBe(404);
    expect((await browser(server).get(invoice.url)).status).toBe(401);
    expect((await client.get('/api/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    // The pages let images come from the bucket, and from nowhere else new.
    const page = await browser(server).get('/');
    expect(page.headers.get('content-security-policy')).toMatch(
      /img-src 'self' data: http:\/\/127\.0\.0\.1:\d+;/,
    );
  });

  it('refuses a link edited to another object or to another download name', async () => {
    const mine = await customerWithInvoice();
    const theirs = await customerWithInvoice();
    const { link } = await download(mine.client, mine.invoice.url);
    const edited = link.replace(mine.invoice.id, theirs.invoice.id);
    expect(edited).not.toBe(link);
    expect((await fetch(edited)).status).toBe(403);
    const renamed = link.replace('factura-', 'otra-');
    expect((await fetch(renamed)).status).toBe(403);
  });

  it('refuses a link used after it expired', async () => {
    const shortLived = await startTestServer(driver, { ...s3.env, FILES_S3_URL_SECONDS: '1' });
    try {
      const customer = await customerWithPrealert(shortLived, `S3EXP${driver}0001`);
      const { number } = customer;
      const uploaded = await customer.client.upload(
        `/api/packages/${number}/invoice`,
        await png(),
        'image/png',
      );
      const { link, object } = await download(customer.client, uploaded.body.package.files[0].url);
      expect(object.status).toBe(200);
      // Valid 1 s from the start of its one-second signing window: 2 s at most.
      await new Promise((resolve) => setTimeout(resolve, 2_200));
      const late = await fetch(link);
      expect(late.status).toBe(403);
      expect(await late.text()).toContain('Request has expired');
    } finally {
      await shortLived.close();
    }
  });

  it('stores the warehouse photos and their thumbnails as objects, served only to staff until claimed', async () => {
    const bodega = (await signedUpWithRole(server, 'bodega', { email: `s3-bodega-${driver}@example.com` }))
      .client;
    const uploaded = await bodega.upload('/api/warehouse/photos', await jpeg(), 'image/jpeg', 'POST');
    expect(uploaded.status).toBe(201);
    const photo = await download(bodega, uploaded.body.url);
    expect(photo.object.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.object.headers.get('content-disposition')).toMatch(
      /^inline; filename="foto-sin-paquete\.jpg"/,
    );
    const thumbnail = await download(bodega, uploaded.body.thumbnailUrl);
    expect((await sharp(thumbnail.bytes).metadata()).width).toBe(320);
    expect((await (await signedUpCustomer(server)).client.get(uploaded.body.url)).status).toBe(404);
  });

  it('sweeps objects no row points at once they are older than the grace period, and only those', async () => {
    const { invoice } = await customerWithInvoice();
    // An upload whose transaction then failed: the object is there, its row never was.
    const orphan = await storeFile({
      ownerId: null,
      packageNumber: null,
      kind: 'pqr',
      mime: 'image/png',
      bytes: await png(),
    });
    expect(await sweepOrphans(server.db)).toBe(0);
    expect(await objectStore()?.exists(orphan.id)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await sweepOrphans(server.db, 500)).toBeGreaterThanOrEqual(1);
    expect(await objectStore()?.exists(orphan.id)).toBe(false);
    expect(await objectStore()?.exists(invoice.id)).toBe(true);
  });

  it('deletes the objects of an account that is deleted (Ley 1581)', async () => {
    const { client, number, invoice, form } = await customerWithInvoice();
    expect((await client.post(`/api/packages/${number}/cancel`)).status).toBe(200);
    expect(await objectStore()?.exists(invoice.id)).toBe(true);
    const deleted = await client.post('/api/me/delete', { password: form.password });
    expect(deleted.status).toBe(200);
    expect(await objectStore()?.exists(invoice.id)).toBe(false);
    expect(await server.db.select().from(files).where(eq(files.id, invoice.id))).toEqual([]);
  });
});

describe.each(logicDrivers)('a bucket down or hanging on %s', (driver) => {
  it('refuses an upload with a clear Spanish message, in bounded time, writing nothing', async () => {
    const silent = await startSilentS3();
    const down = await startS3();
    const server = await startTestServer(driver, down.env);
    try {
      const customer = await customerWithPrealert(server, `S3DOWN${driver}0001`);
      const { number } = customer;
      await down.close();
      // The 503 is an error line of the request's log; why the bucket refused, a warning of its own.
      expectConsoleError();
      const from = capturedLogText().length;
      const refused = await customer.client.upload(
        `/api/packages/${number}/invoice`,
        await png(),
        'image/png',
      );
      expect(refused.status).toBe(503);
      expect(refused.body.error.message).toBe(BUCKET_DOWN);
      expect(capturedLogText(from).join('\n')).toContain('[archivos]');
      expect(await server.db.select().from(files).where(eq(files.packageNumber, number))).toEqual([]);

      // A bucket that accepts the connection and never answers: refused after FILES_S3_TIMEOUT_SECONDS (1 s).
      const hanging = loadConfig(silent.env).filesS3;
      if (!hanging) throw new Error('no bucket configuration');
      setObjectStore(openS3Store(hanging));
      const started = Date.now();
      const hung = await customer.client.upload(`/api/packages/${number}/invoice`, await png(), 'image/png');
      expect(hung.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await server.db.select().from(files).where(eq(files.packageNumber, number))).toEqual([]);
    } finally {
      await server.close();
      await silent.close();
    }
  });
});

describe.each(logicDrivers)("a courier's queue while the bucket is down on %s", (driver) => {
  let down: TestS3;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    down = await startS3();
    Object.assign(env, down.env);
  });
  const world = deliveryWorld(driver, {
    admin: `cola-s3-${driver}@example.com`,
    customer: 'Rosa Cliente',
    couriers: ['Pedro Mensajero'],
    env,
  });

  it('refuses the whole sync (503) with a photo it cannot store, applying nothing; sent again, it is applied', async () => {
    const { server, admin, customer, courier } = world;
    const [number = 0] = (await startedRoute(admin, customer, courier.record.id, 1)).numbers;
    const actions = [{ kind: 'attempt', number, body: attemptBody({ photo: await photoDataUrl() }) }];
    await down.close();
    expectConsoleError();
    const refused = await courier.client.post('/api/delivery/sync', { actions });
    expect(refused.status).toBe(503);
    expect(refused.body.error.message).toBe(BUCKET_DOWN);
    const attempts = () =>
      server.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.packageNumber, number));
    expect(await attempts()).toEqual([]);
    // The bucket is back (the tests' one): the phone sends its queue again.
    const back = loadConfig(s3.env).filesS3;
    if (!back) throw new Error('no bucket configuration');
    setObjectStore(openS3Store(back));
    const applied = await courier.client.post('/api/delivery/sync', { actions });
    expect(applied.status).toBe(200);
    expect(applied.body.results[0]).toMatchObject({ ok: true, number });
    const [attempt] = await attempts();
    expect(await objectStore()?.exists(attempt?.photoId ?? '')).toBe(true);
  });
});
