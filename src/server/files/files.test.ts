// Invoices: checked by their bytes (PDF, JPEG, PNG, WebP, whole, up to 10 MB), stored in the database or in a
// bucket, and served only to their owner and to staff, with our own name, nosniff and a CSP. Everything refused
// stores nothing.
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { startS3, type TestS3 } from '../../../test/support/s3.ts';
import {
  browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { files } from '../db/schema.ts';
import { checkInvoice, INVOICE_MAX_BYTES } from './invoice-check.ts';

const INVOICE_REFUSED = 'La factura debe ser PDF, JPG, PNG o WebP de hasta 10 MB.';
const pdf = (padding = 0) =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n'),
    Buffer.alloc(padding, 0x20),
    Buffer.from('trailer <<>>\n%%EOF\n'),
  ]);
const image = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0b5cab' } })
    .toFormat(format)
    .toBuffer();

describe('checkInvoice', () => {
  it('knows the four formats by their bytes', async () => {
    expect(await checkInvoice(pdf())).toBe('application/pdf');
    expect(await checkInvoice(await image('jpeg'))).toBe('image/jpeg');
    expect(await checkInvoice(await image('png'))).toBe('image/png');
    expect(await checkInvoice(await image('webp'))).toBe('image/webp');
  });

  it('refuses SVG, HTML, empty, truncated and oversized files', async () => {
    const png = await image('png');
    const jpeg = await image('jpeg');
    const refused = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      Buffer.alloc(0),
      pdf().subarray(0, 30),
      png.subarray(0, png.length - 20),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 garbage'),
      pdf(INVOICE_MAX_BYTES),
    ];
    for (const bytes of refused) expect(await checkInvoice(bytes)).toBeNull();
  });
});

// Both stores (ADR 0015): bytes in the row, or in a bucket of the local S3 server (served by a presigned link).
const cases = drivers.flatMap((driver) => [[driver, 'database'] as const, [driver, 'bucket'] as const]);

describe.each(cases)('invoice files on %s, bytes in the %s', (driver, store) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let s3: TestS3 | undefined;
  let sequence = 0;
  const served = store === 'bucket' ? 302 : 200;
  beforeAll(async () => {
    if (store === 'bucket') s3 = await startS3();
    ({ server, admin } = await startTestServerWithAdmin(driver, 'facturas-admin@example.com', s3?.env));
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  async function customerWithPackage() {
    const customer = await signedUpCustomer(server);
    const saved = await customer.client.post('/api/packages', {
      guide: `TBA${String(++sequence).padStart(12, '0')}`,
      content: 'Libros',
      declaredValue: '30',
    });
    expect(saved.status).toBe(201);
    return { ...customer, number: saved.body.package.number as number };
  }
  const filesOf = async (number: number) =>
    server.db.select({ id: files.id, kind: files.kind }).from(files).where(eq(files.packageNumber, number));

  it('stores an invoice, replaces it, and serves it only to its owner and to staff', async () => {
    const { client, number } = await customerWithPackage();
    const first = await client.upload(`/api/packages/${number}/invoice`, pdf(), 'application/pdf');
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Factura guardada.');
    const [invoice] = first.body.package.files;
    expect(invoice).toMatchObject({ kind: 'invoice', mime: 'application/pdf', size: pdf().length });

    const png = await image('png');
    const replaced = await client.upload(`/api/packages/${number}/invoice`, png, 'application/octet-stream');
    expect(replaced.status).toBe(200);
    expect(replaced.body.package.files).toHaveLength(1);
    const current = replaced.body.package.files[0];
    expect(current.mime).toBe('image/png');
    expect(await filesOf(number)).toEqual([{ id: current.id, kind: 'invoice' }]);

    const answer = await server.app.request(`http://localhost:3000${current.url}`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(answer.status).toBe(served);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    // From the bucket, by the presigned link the app answered with; from the app itself otherwise.
    const response = served === 302 ? await fetch(answer.headers.get('location') ?? '') : answer;
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="factura-${number}.png"`);
    if (served === 200) {
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(response.headers.get('content-security-policy')).toContain('sandbox');
    }

    const stranger = await signedUpCustomer(server);
    expect((await stranger.client.get(current.url)).status).toBe(404);
    expect((await stranger.client.get(invoice.url)).status).toBe(404);
    expect((await browser(server).get(current.url)).status).toBe(401);
    expect((await stranger.client.get('/api/files/not-an-id')).status).toBe(404);
    expect((await admin.get(current.url)).status).toBe(served);
    // Nor can a stranger put a file on it.
    expect(
      (await stranger.client.upload(`/api/packages/${number}/invoice`, pdf(), 'application/pdf')).status,
    ).toBe(404);
  });

  it('refuses SVG or HTML named .pdf, truncated files, 10 MB + 1 byte and empty files, storing nothing', async () => {
    const { client, number } = await customerWithPackage();
    const attempts: Array<[Uint8Array, string, number]> = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'application/pdf', 400],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf', 400],
      [pdf().subarray(0, 25), 'application/pdf', 400],
      [Buffer.alloc(0), 'application/pdf', 400],
      [Buffer.alloc(INVOICE_MAX_BYTES + 1, 0x25), 'application/pdf', 413],
      [pdf(), 'text/plain', 415],
      [pdf(), 'multipart/form-data; boundary=x', 415],
    ];
    for (const [bytes, type, status] of attempts) {
      const response = await client.upload(`/api/packages/${number}/invoice`, bytes, type);
      expect(response.status, `${type} ${bytes.length}`).toBe(status);
      expect(response.body.error.message).toBe(INVOICE_REFUSED);
    }
    expect(await filesOf(number)).toEqual([]);
  });

  it('takes a PDF of exactly 10 MB', async () => {
    const { client, number } = await customerWithPackage();
    const bytes = pdf(INVOICE_MAX_BYTES - pdf().length);
    expect(bytes.length).toBe(INVOICE_MAX_BYTES);
    expect((await client.upload(`/api/packages/${number}/invoice`, bytes, 'application/pdf')).status).toBe(
      200,
    );
  });

  it('takes no invoice once the pre-alert is cancelled', async () => {
    const { client, number } = await customerWithPackage();
    await client.post(`/api/packages/${number}/cancel`);
    const late = await client.upload(`/api/packages/${number}/invoice`, pdf(), 'application/pdf');
    expect(late.status).toBe(409);
    const [stored] = await server.db
      .select({ n: count() })
      .from(files)
      .where(eq(files.packageNumber, number));
    expect(stored?.n).toBe(0);
  });
});
