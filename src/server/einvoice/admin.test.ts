// 'Facturas electrónicas' while invoicing is off (issue 33 item 6): the screen says so, the invoices wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { carrierDelivered } from '../../../test/support/money.ts';
import { signedUpCustomer, startTestServerWithAdmin, type TestServer } from '../../../test/support/server.ts';

describe.each(drivers)('invoicing off on %s', (driver) => {
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
});
