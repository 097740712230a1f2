// 'Facturas electrónicas' while invoicing is off (issue 33 item 6): the screen says so, the invoices wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { carrierDelivered } from '../../../test/support/money.ts';
import { signedUpCustomer, startTestServerWithAdmin, type TestServer } from '../../../test/support/server.ts';
import { taxMessages } from '../../shared/einvoice/taxes.ts';

describe.each(logicDrivers)('invoicing off on %s', (driver) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof startTestServerWithAdmin>>['admin'];
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'facturas-off-admin@example.com'));
  });
  afterAll(() => server?.close());

  it('says invoicing is off and keeps the due invoices pending, with no worker running', async () => {
    const customer = await signedUpCustomer(server);
    const { number } = await carrierDelivered(server, admin, customer);
    expect(server.invoices).toBeNull();
    const listed = await admin.get('/api/admin/facturas');
    expect(listed.status).toBe(200);
    expect(listed.body.enabled).toBe(false);
    expect(listed.body.invoices).toEqual([
      expect.objectContaining({ packageNumber: number, state: 'pending' }),
    ]);
  });

  it("lists the dated taxes of the invoice lines on 'Tarifas' and adds one from a later day, audited", async () => {
    const listed = await admin.get('/api/admin/facturas/impuestos');
    expect(listed.status).toBe(200);
    const inForce = listed.body.rows.filter((row: { current: boolean }) => row.current);
    expect(inForce).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'flete', label: 'Flete internacional', excluded: true }),
        expect.objectContaining({ kind: 'seguro', label: 'Seguro', vatBasisPoints: 1900, excluded: false }),
      ]),
    );
    const past = await admin.post('/api/admin/facturas/impuestos', {
      kind: 'seguro',
      effectiveFrom: '2020-01-02',
      vatPercent: '5',
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({ field: 'effectiveFrom', message: taxMessages.past });
    const tooMuch = await admin.post('/api/admin/facturas/impuestos', {
      kind: 'seguro',
      effectiveFrom: '2099-01-01',
      vatPercent: '190',
    });
    expect(tooMuch.body.error).toMatchObject({ field: 'vatPercent', message: taxMessages.percent });
    const saved = await admin.post('/api/admin/facturas/impuestos', {
      kind: 'almacenaje',
      effectiveFrom: '2099-01-01',
      vatPercent: '5',
    });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe(taxMessages.saved('Almacenaje', '2099-01-01'));
    const after = await admin.get('/api/admin/facturas/impuestos');
    expect(after.body.rows).toContainEqual(
      expect.objectContaining({ kind: 'almacenaje', vatBasisPoints: 500, current: false }),
    );
    const customer = await signedUpCustomer(server);
    expect((await customer.client.get('/api/admin/facturas/impuestos')).status).toBe(403);
  });
});
