// Live 'Mis paquetes': a customer's open stream hears 'refresh' when one of their packages changes, on any instance
// sharing the database, and never hears of another customer's packages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, drivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  TEST_APP_URL,
  type TestServer,
  verifyEmail,
} from '../../../test/support/server.ts';
import { readSse } from '../../../test/support/sse.ts';
import { loadConfig } from '../config.ts';
import { openPostgres } from '../db/open.ts';
import { startServer } from '../start.ts';

const ADMIN_EMAIL = 'vivo-admin@example.com';

const cookieOf = (client: ReturnType<typeof browser>) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe.each(drivers)('live package updates on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, ADMIN_EMAIL));
  });
  afterAll(() => server?.close());

  const open = async (client: ReturnType<typeof browser>) => {
    const response = await server.app.request(`${TEST_APP_URL}/api/packages/events`, {
      headers: { cookie: cookieOf(client) },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const stream = readSse(response);
    await stream.event('ready');
    return stream;
  };
  const changeState = (number: number, state: string) =>
    admin.post('/api/admin/packages/state', { numbers: [number], state });

  it('tells only the owner that a package changed', async () => {
    const owner = await signedUpCustomer(server);
    const other = await signedUpCustomer(server);
    const { number } = await receivedPackage(owner, admin);
    const { number: othersNumber } = await receivedPackage(other, admin);
    const mine = await open(owner.client);
    const theirs = await open(other.client);
    expect((await changeState(number, 'en_transito')).status).toBe(200);
    await mine.event('refresh');
    expect(mine.names()).toEqual(['ready', 'refresh']);
    // The owner's notice has gone through the hub (their stream heard it), so a wrong 'refresh' for it would reach
    // the other customer's stream before the one their own package's change causes now.
    expect((await changeState(othersNumber, 'en_transito')).status).toBe(200);
    await theirs.event('refresh');
    expect(theirs.names()).toEqual(['ready', 'refresh']);
    expect(mine.names()).toEqual(['ready', 'refresh']);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('tells the owner when the warehouse receives a parcel of theirs that was never pre-alerted', async () => {
    const owner = await signedUpCustomer(server);
    const stream = await open(owner.client);
    const received = await admin.post('/api/warehouse/receipts', {
      guide: `1ZLIVE${String(Date.now()).slice(-12)}`,
      lockerNumber: owner.record.lockerNumber,
      weightLb: '2',
      lengthIn: '10',
      widthIn: '8',
      heightIn: '4',
    });
    expect(received.status).toBe(201);
    expect(received.body).toMatchObject({ identified: true, state: 'recibido' });
    await stream.event('refresh');
    expect(stream.names()).toEqual(['ready', 'refresh']);
    await stream.close();
  });

  it('refuses the stream without a session', async () => {
    const response = await server.app.request(`${TEST_APP_URL}/api/packages/events`);
    expect(response.status).toBe(401);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('live package updates across instances', () => {
  it('reaches a page open on instance A when instance B changes the package', async () => {
    const { url, drop } = await createPostgresDatabase();
    const config = loadConfig({
      APP_URL: TEST_APP_URL,
      CAPTCHA_TEST_ANSWER: 'ABCDE',
      RATE_LIMITS: 'off',
      ADMIN_EMAILS: ADMIN_EMAIL,
    });
    const a = await startServer(config, { database: await openPostgres(url), printMail: () => {} });
    const b = await startServer(config, { database: await openPostgres(url), printMail: () => {} });
    try {
      const onB = { app: b.app, db: b.database.db };
      const staff = (await signedUpCustomer(onB, { email: ADMIN_EMAIL })).client;
      await verifyEmail(b, ADMIN_EMAIL);
      const owner = await signedUpCustomer(onB);
      const { number } = await receivedPackage(owner, staff);
      const response = await a.app.request(`${TEST_APP_URL}/api/packages/events`, {
        headers: { cookie: cookieOf(owner.client) },
      });
      const stream = readSse(response);
      await stream.event('ready');
      await staff.post('/api/admin/packages/state', {
        numbers: [number],
        state: 'retenido',
        note: 'Revisión',
      });
      await stream.event('refresh');
      expect(stream.names()).toEqual(['ready', 'refresh']);
      await stream.close();
    } finally {
      await a.close();
      await b.close();
      await drop();
    }
  });
});
