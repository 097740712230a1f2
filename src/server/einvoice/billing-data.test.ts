import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { signedUpCustomer, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { billingMessages } from '../../shared/einvoice/billing-data.ts';
import { auditLog, billingData } from '../db/schema.ts';

describe.each(logicDrivers)("'Datos de facturación' on %s", (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  const company = {
    documentType: 'NIT',
    documentNumber: '890.903.938-8',
    name: 'Importaciones Andinas S.A.S.',
    address: 'Calle 10 # 43-20',
    municipality: 'Medellín',
  };

  it("proposes the registration's cédula, name and address until the customer saves their own", async () => {
    const { client, form } = await signedUpCustomer(server, { cedula: '1.020.304.050' });
    const proposed = await client.get('/api/me/facturacion');
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({
      documentType: 'CC',
      documentNumber: '1020304050',
      name: form.name,
      address: form.direccion1,
      municipality: form.ciudad1,
      email: form.email,
      saved: false,
    });
  });

  it('saves a NIT with its check digit, audited, and reads it back', async () => {
    const { client, record } = await signedUpCustomer(server);
    const saved = await client.post('/api/me/facturacion', company);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(billingMessages.saved);
    expect(saved.body.data).toMatchObject({ ...company, documentNumber: '890.903.938-8', saved: true });
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.subjectId, record.id));
    expect(audit.map((entry) => entry.action)).toContain('billing_data_saved');
  });

  it('refuses a wrong NIT check digit and a cédula with letters, beside the field, saving nothing', async () => {
    const { client, record } = await signedUpCustomer(server);
    const wrongNit = await client.post('/api/me/facturacion', { ...company, documentNumber: '890903938-7' });
    expect(wrongNit.status).toBe(400);
    expect(wrongNit.body.error).toMatchObject({
      field: 'documentNumber',
      message: billingMessages.nitCheckDigit,
    });
    const letters = await client.post('/api/me/facturacion', {
      ...company,
      documentType: 'CC',
      documentNumber: '10A2',
    });
    expect(letters.status).toBe(400);
    expect(letters.body.error).toMatchObject({
      field: 'documentNumber',
      message: billingMessages.cedulaDigits,
    });
    const noName = await client.post('/api/me/facturacion', { ...company, name: '' });
    expect(noName.body.error).toMatchObject({ field: 'name', message: billingMessages.name });
    expect(await server.db.select().from(billingData).where(eq(billingData.userId, record.id))).toEqual([]);
  });
});
