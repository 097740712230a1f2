// 'Ubicación' (issue 31, design/requests.md): asked at receipt (optional, free text, kept upper case), editable by
// staff, shown on the staff package view, the requests queue and the dispatch's picking list; never to the customer.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { newTestGuide } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { receiptMessages } from '../../shared/warehouse/receipt.ts';
import { packages } from '../db/schema.ts';

describe.each(logicDrivers)("'Ubicación' on %s", (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'ubicacion-admin@example.com'));
    customer = await signedUpCustomer(server, { name: 'Ubaldo Ubicación' });
  });
  afterAll(() => server?.close());

  it('is kept upper case at receipt, edited by staff, shown to staff only, on the queue and the picking list', async () => {
    const base = { lockerNumber: customer.record.lockerNumber, weightLb: '2' };
    const bad = await admin.post('/api/warehouse/receipts', {
      ...base,
      guide: newTestGuide(),
      location: '<b>',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(receiptMessages.locationInvalid);
    const receipt = await admin.post('/api/warehouse/receipts', {
      ...base,
      guide: newTestGuide(),
      location: ' a-03-2 ',
    });
    expect(receipt.status).toBe(201);
    const number = receipt.body.number as number;
    const [row] = await server.db.select().from(packages).where(eq(packages.number, number));
    expect(row?.location).toBe('A-03-2');
    expect((await admin.get(`/api/admin/packages/${number}`)).body.package.location).toBe('A-03-2');
    expect((await customer.client.get(`/api/packages/${number}`)).body.location).toBeNull();

    expect(
      (await customer.client.post(`/api/warehouse/packages/${number}/location`, { location: 'Z' })).status,
    ).toBe(403);
    const moved = await admin.post(`/api/warehouse/packages/${number}/location`, { location: 'b-01-1' });
    expect(moved.body).toEqual({
      location: 'B-01-1',
      message: receiptMessages.locationSaved(number, 'B-01-1'),
    });

    const asked = await customer.client.post('/api/requests', {
      kind: 'fotos',
      numbers: [number],
      note: 'La caja',
    });
    const queue = (await admin.get('/api/warehouse/requests')).body.requests;
    expect(
      queue.find((request: { id: number }) => request.id === asked.body.request.id).packages[0].location,
    ).toBe('B-01-1');
    await customer.client.post(`/api/requests/${asked.body.request.id}/cancel`);

    const flight = {
      masterAwb: '123-45678901',
      airline: 'Avianca Cargo',
      flightDate: '2026-12-01',
      numbers: [number],
    };
    const dispatch = await admin.post('/api/admin/dispatches', flight);
    expect(dispatch.status).toBe(201);
    expect(dispatch.body.dispatch.packages[0].location).toBe('B-01-1');
  });
});
