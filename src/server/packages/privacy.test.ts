// The packages in the person's data rights: the export carries them, deletion waits for packages in course, and
// then erases their personal data and files while the package records stay.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { signedUpCustomer, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { files, packages, users } from '../db/schema.ts';
import { ACTIVE_PACKAGES_MESSAGE } from './privacy.ts';

const PDF = Buffer.from('%PDF-1.4\ntrailer <<>>\n%%EOF\n');

describe.each(logicDrivers)('packages and data rights on %s', (driver) => {
  let server: TestServer;
  let sequence = 0;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  async function customerWithInvoice() {
    const customer = await signedUpCustomer(server);
    const saved = await customer.client.post('/api/packages', {
      guide: `TBC${String(++sequence).padStart(12, '0')}`,
      store: 'Target',
      content: 'Juguetes',
      declaredValue: '25.50',
      instructions: 'Llamar antes',
    });
    const number = saved.body.package.number as number;
    expect(
      (await customer.client.upload(`/api/packages/${number}/invoice`, PDF, 'application/pdf')).status,
    ).toBe(200);
    return { ...customer, number };
  }

  it('exports the packages with their history and the list of their files', async () => {
    const { client, number } = await customerWithInvoice();
    const exported = await client.get('/api/me/export');
    expect(exported.status).toBe(200);
    expect(exported.body.paquetes).toEqual([
      expect.objectContaining({
        numero: number,
        tienda: 'Target',
        contenido: 'Juguetes',
        valorDeclaradoCentavos: 2550,
        estado: 'prealertado',
        instrucciones: 'Llamar antes',
        historial: [expect.objectContaining({ estado: 'prealertado' })],
        archivos: [
          expect.objectContaining({ tipo: 'invoice', formato: 'application/pdf', bytes: PDF.length }),
        ],
      }),
    ]);
  });

  it('refuses deletion while a package is in course, and then erases the packages’ personal data and files', async () => {
    const { client, form, record, number } = await customerWithInvoice();
    // Said before any password: 'Eliminar mi cuenta' asks first.
    expect((await client.get('/api/me/delete')).body).toEqual({ refusal: ACTIVE_PACKAGES_MESSAGE });
    const refused = await client.post('/api/me/delete', { password: form.password });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(ACTIVE_PACKAGES_MESSAGE);
    const [still] = await server.db.select().from(users).where(eq(users.id, record.id));
    expect(still?.deletedAt).toBeNull();
    expect((await client.get('/api/packages')).status).toBe(200);

    await client.post(`/api/packages/${number}/cancel`);
    expect((await client.get('/api/me/delete')).body).toEqual({ refusal: null });
    expect((await client.post('/api/me/delete', { password: form.password })).status).toBe(200);
    const [kept] = await server.db.select().from(packages).where(eq(packages.number, number));
    expect(kept).toMatchObject({
      state: 'cancelado',
      deliveryAddress: '',
      instructions: '',
      declaredValueCents: 2550,
    });
    expect(kept?.guide).toMatch(/^TBC/);
    expect(await server.db.select({ id: files.id }).from(files).where(eq(files.ownerId, record.id))).toEqual(
      [],
    );
  });
});
