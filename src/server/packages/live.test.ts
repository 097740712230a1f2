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
import { loadConfig } from '../config.ts';
import { openPostgres } from '../db/open.ts';
import { startServer } from '../start.ts';

const ADMIN_EMAIL = 'vivo-admin@example.com';

/** Collects the SSE event names of a streaming response as they arrive. */
function eventsOf(response: Response) {
  const names: string[] = [];
  if (!response.body) throw new Error('no stream');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const name = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
          if (name) names.push(name);
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Cancelled by the test.
    }
  })();
  return {
    names,
    async waitFor(count: number, ms = 5000) {
      const deadline = Date.now() + ms;
      while (names.length < count && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return names;
    },
    async close() {
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

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
    return eventsOf(response);
  };

  it('tells only the owner that a package changed', async () => {
    const owner = await signedUpCustomer(server);
    const other = await signedUpCustomer(server);
    const { number } = await receivedPackage(owner, admin);
    const mine = await open(owner.client);
    const theirs = await open(other.client);
    expect(await mine.waitFor(1)).toEqual(['ready']);
    expect(await theirs.waitFor(1)).toEqual(['ready']);
    await admin.post('/api/admin/packages/state', { numbers: [number], state: 'en_transito' });
    expect(await mine.waitFor(2)).toEqual(['ready', 'refresh']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.names).toEqual(['ready']);
    await Promise.all([mine.close(), theirs.close()]);
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
    const a = await startServer(config, { database: await openPostgres(url), log: () => {} });
    const b = await startServer(config, { database: await openPostgres(url), log: () => {} });
    try {
      const onB = { app: b.app, db: b.database.db };
      const staff = (await signedUpCustomer(onB, { email: ADMIN_EMAIL })).client;
      await verifyEmail(b, ADMIN_EMAIL);
      const owner = await signedUpCustomer(onB);
      const { number } = await receivedPackage(owner, staff);
      const response = await a.app.request(`${TEST_APP_URL}/api/packages/events`, {
        headers: { cookie: cookieOf(owner.client) },
      });
      const stream = eventsOf(response);
      expect(await stream.waitFor(1)).toEqual(['ready']);
      await staff.post('/api/admin/packages/state', {
        numbers: [number],
        state: 'retenido',
        note: 'Revisión',
      });
      expect(await stream.waitFor(2)).toEqual(['ready', 'refresh']);
      await stream.close();
    } finally {
      await a.close();
      await b.close();
      await drop();
    }
  });
});
