// Moving a running shop's files to the bucket (`npm run files -- migrate`), and backups that then carry references
// and hashes instead of bytes, restored only when the bucket holds every object. Real S3 server, both drivers.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, openTestDatabase } from '../../../test/support/database.ts';
import { startS3, type TestS3 } from '../../../test/support/s3.ts';
import { signedUpCustomer, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { loadConfig } from '../config.ts';
import { createBackup, restoreBackup } from '../db/backup.ts';
import { files } from '../db/schema.ts';
import { migrateToBucket } from './migrate.ts';
import { objectStore, setObjectStore, sha256Of } from './store.ts';
import { openConfiguredFileStore } from './sweep.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.close());

const switchToBucket = () => openConfiguredFileStore(loadConfig(s3.env));
const photo = (seed: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 90, b: 160 } } })
    .png()
    .toBuffer();
// Noise does not compress: the bytes weigh in a backup what they weigh on disk.
const noisyPhoto = () =>
  sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
    .png()
    .toBuffer();

async function uploadInvoices(server: TestServer, prefix: string, images: Buffer[]) {
  const customer = await signedUpCustomer(server);
  const invoices: { url: string; bytes: Buffer }[] = [];
  for (const [index, bytes] of images.entries()) {
    const saved = await customer.client.post('/api/packages', {
      guide: `${prefix}${String(index).padStart(8, '0')}`,
      content: 'Libros',
      declaredValue: '30',
    });
    const uploaded = await customer.client.upload(
      `/api/packages/${saved.body.package.number}/invoice`,
      bytes,
      'image/png',
    );
    expect(uploaded.status).toBe(200);
    invoices.push({ url: uploaded.body.package.files[0].url, bytes });
  }
  return { ...customer, invoices };
}

describe.each(drivers)('moving the files to the bucket on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  it('moves every file checking its hash, resumes after a failure, and the app serves them all along', async () => {
    const { client, invoices } = await uploadInvoices(server, `MIG${driver}`, [
      await photo(10),
      await photo(20),
      await photo(30),
    ]);
    // One row whose bytes no longer match the hash they were saved with: it must stay in the database.
    const [broken] = await server.db.select({ id: files.id }).from(files).limit(1);
    if (!broken) throw new Error('no files');
    await server.db
      .update(files)
      .set({ sha256: '0'.repeat(64) })
      .where(eq(files.id, broken.id));

    // The running app switches to the bucket; the files move under it.
    await switchToBucket();
    const first = await migrateToBucket(server.db);
    expect(first.moved).toBe(2);
    expect(first.failed).toEqual([
      { id: broken.id, reason: 'los bytes de la base no coinciden con su hash' },
    ]);
    for (const invoice of invoices) {
      const answer = await client.get(invoice.url);
      // Moved ones by a presigned link, the one left behind from the database: the same bytes either way.
      if (answer.status === 302) {
        const object = await fetch(answer.headers.get('location') ?? '');
        expect(Buffer.from(await object.arrayBuffer()).equals(invoice.bytes)).toBe(true);
      } else expect(answer.status).toBe(200);
    }
    // Mended, the next run moves what is left, and a third moves nothing twice.
    await server.db.update(files).set({ sha256: null }).where(eq(files.id, broken.id));
    expect(await migrateToBucket(server.db)).toEqual({ moved: 1, failed: [] });
    expect(await migrateToBucket(server.db)).toEqual({ moved: 0, failed: [] });
    const rows = await server.db
      .select({ id: files.id, sha256: files.sha256 })
      .from(files)
      .where(isNull(files.bytes));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const object = await objectStore()?.get(row.id);
      expect(object && sha256Of(object)).toBe(row.sha256);
    }
    for (const invoice of invoices) expect((await client.get(invoice.url)).status).toBe(302);
  });

  it('reads an object back to check it when the store answers no MD5 of it, and frees the row only then', async () => {
    setObjectStore(null);
    const { invoices } = await uploadInvoices(server, `ETG${driver}`, [await photo(40), await photo(50)]);
    await switchToBucket();
    const bucket = objectStore();
    if (!bucket) throw new Error('no bucket');
    // A store whose ETag is not the MD5 (an object encrypted with a KMS key): put says it could not confirm.
    const readBack: string[] = [];
    setObjectStore({
      ...bucket,
      put: async (...args) => (await bucket.put(...args)) && false,
      get: async (id) => {
        readBack.push(id);
        return bucket.get(id);
      },
    });
    const report = await migrateToBucket(server.db);
    expect(report).toEqual({ moved: 2, failed: [] });
    const moved = await server.db
      .select({ id: files.id, sha256: files.sha256 })
      .from(files)
      .where(isNull(files.bytes));
    const ids = invoices.map((invoice) => invoice.url.split('/').at(-1));
    expect(readBack.sort()).toEqual(ids.sort());
    for (const row of moved.filter((row) => ids.includes(row.id)))
      expect(sha256Of((await bucket.get(row.id)) ?? Buffer.alloc(0))).toBe(row.sha256);
    // And the store's own MD5, when it answers one, spares the read.
    setObjectStore(bucket);
    expect(
      await bucket.put('sin-lectura', Buffer.from('hola'), 'text/plain', sha256Of(Buffer.from('hola'))),
    ).toBe(true);
    await bucket.remove('sin-lectura');
  });

  it('then backs up references and hashes, and restores only when the bucket holds every object', async () => {
    setObjectStore(null);
    await uploadInvoices(server, `BAK${driver}`, [await noisyPhoto(), await noisyPhoto()]);
    const withBytes = await createBackup(server.db);
    await switchToBucket();
    await migrateToBucket(server.db);
    const withReferences = await createBackup(server.db);
    expect(withReferences.length).toBeLessThan(withBytes.length * 0.05);

    const [row] = await server.db.select({ id: files.id }).from(files);
    const object = row && (await objectStore()?.get(row.id));
    if (!row || !object) throw new Error('no object');
    const count = (await server.db.select({ id: files.id }).from(files)).length;
    const empty = await openTestDatabase(driver);
    try {
      setObjectStore(null);
      await expect(restoreBackup(empty.db, withReferences)).rejects.toThrow(
        `La copia tiene ${count} archivos en un bucket S3: configura FILES_S3_*`,
      );
      await switchToBucket();
      await objectStore()?.remove(row.id);
      await expect(restoreBackup(empty.db, withReferences)).rejects.toThrow(
        new RegExp(`Faltan 1 de ${count} archivos en el bucket casillero-test`),
      );
      expect(await empty.db.select({ id: files.id }).from(files)).toEqual([]);
      await objectStore()?.put(row.id, object, 'image/png', sha256Of(object));
      expect((await restoreBackup(empty.db, withReferences)).files).toBe(count);
    } finally {
      await empty.close();
    }
  });
});

describe('npm run files', () => {
  it('says what is missing when no bucket is configured', async () => {
    const run = promisify(execFile);
    const root = new URL('../../../', import.meta.url).pathname;
    const env = { ...process.env, FILES_S3_ENDPOINT: '', FILES_S3_BUCKET: '' };
    await expect(
      run(process.execPath, ['--import', 'tsx', 'scripts/files.ts', 'migrate'], { cwd: root, env }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Configura FILES_S3_*') });
    await expect(
      run(process.execPath, ['--import', 'tsx', 'scripts/files.ts', 'nada'], { cwd: root, env }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('npm run files -- migrate') });
  });
});
