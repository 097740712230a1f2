// The staff's package view follows its package live (GET /api/admin/packages/:number/events), on every driver: an
// admin's stream hears 'refresh' when the package changes, whoever changed it (another admin's move, the customer's
// invoice on a hold), and not for another customer's package; customers, couriers and the warehouse get 403, an
// unknown number 404, and a stream ends once its admin is no longer one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  signedUpWithRole,
  startTestServerWithAdmin,
  TEST_APP_URL,
  type TestServer,
} from '../../../test/support/server.ts';
import { readSse } from '../../../test/support/sse.ts';
import { packageStreams } from './live.ts';

const ADMIN_EMAIL = 'vista-viva-admin@example.com';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const cookieOf = (client: ReturnType<typeof browser>) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe.each(drivers)("the staff's package view, live, on %s", (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, ADMIN_EMAIL));
  });
  afterAll(() => server?.close());

  const request = (client: ReturnType<typeof browser>, number: number) =>
    server.app.request(`${TEST_APP_URL}/api/admin/packages/${number}/events`, {
      headers: { cookie: cookieOf(client) },
    });
  const open = async (client: ReturnType<typeof browser>, number: number) => {
    const response = await request(client, number);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const stream = readSse(response);
    await stream.event('ready');
    return stream;
  };

  it("says 'refresh' when another admin moves the package or its customer attaches the invoice to a hold", async () => {
    const owner = await signedUpCustomer(server);
    const other = await signedUpCustomer(server);
    const { number } = await receivedPackage(owner, admin);
    const { number: othersNumber } = await receivedPackage(other, admin);
    const stream = await open(admin, number);
    const otherView = await open(admin, othersNumber);
    const move = await admin.post('/api/admin/packages/state', {
      numbers: [number],
      state: 'retenido',
      note: 'Falta la factura',
    });
    expect(move.status).toBe(200);
    await stream.event('refresh');
    // The other package's view heard nothing: its own change comes after and is its first 'refresh'.
    expect(
      (await admin.post('/api/admin/packages/state', { numbers: [othersNumber], state: 'en_transito' }))
        .status,
    ).toBe(200);
    await otherView.event('refresh');
    expect(otherView.names()).toEqual(['ready', 'refresh']);
    const before = stream.seen.length;
    const invoice = await owner.client.upload(`/api/packages/${number}/invoice`, PDF, 'application/pdf');
    expect(invoice.status).toBe(200);
    await stream.event('refresh', before);
    expect(stream.names()).toEqual(['ready', 'refresh', 'refresh']);
    await Promise.all([stream.close(), otherView.close()]);
  });

  it('answers 403 to a customer, a courier and the warehouse, and 404 for an unknown number', async () => {
    const owner = await signedUpCustomer(server);
    const { number } = await receivedPackage(owner, admin);
    for (const { client } of [
      owner,
      await signedUpWithRole(server, 'reparto'),
      await signedUpWithRole(server, 'bodega'),
    ]) {
      const refused = await request(client, number);
      expect(refused.status).toBe(403);
    }
    const unknown = await request(admin, 999_999);
    expect(unknown.status).toBe(404);
  });

  it('ends the stream at the next heartbeat once its admin is no longer one', async () => {
    const former = await signedUpWithRole(server, 'admin');
    const owner = await signedUpCustomer(server);
    const { number } = await receivedPackage(owner, admin);
    const before = packageStreams.heartbeatMs;
    packageStreams.heartbeatMs = 50;
    try {
      const stream = await open(former.client, number);
      expect(
        (await admin.post(`/api/admin/users/${former.record.id}/role`, { role: 'customer' })).status,
      ).toBe(200);
      await stream.ended;
    } finally {
      packageStreams.heartbeatMs = before;
    }
  });
});
