import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresDatabase, drivers } from '../../../test/support/database.ts';
import {
  browser,
  registrationForm,
  startTestServer,
  TEST_APP_URL,
  TEST_CAPTCHA,
  type TestServer,
  verifyEmail,
} from '../../../test/support/server.ts';
import { openSse, type SseStream } from '../../../test/support/sse.ts';
import { loadConfig } from '../config.ts';
import { openPostgres } from '../db/open.ts';
import { liveHub } from '../live/hub.ts';
import { type Server, startServer } from '../start.ts';
import { parseCursor } from './event-cursor.ts';
import { adminStreams, registrations } from './events.ts';
import { setRole } from './roles.ts';

const PASSWORD = 'Casa#Verde2026x';
const ADMINS = 'jefa@example.com,vigia@example.com,saliente@example.com,ocupada@example.com';

/** Listens on a free port, as main.ts does, so the stream goes through @hono/node-server and a real socket. */
async function listen(app: { fetch: (request: Request) => Response | Promise<Response> }) {
  const http = await new Promise<ServerType>((resolve) => {
    const server: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(server),
    );
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in http) http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** The admin stream over real HTTP, signed in with `cookie`. */
const openStream = (url: string, cookie: string, headers: Record<string, string> = {}) =>
  openSse(url, { cookie, ...headers });

/** The 'user-registered' event of `email`, from index `from` on. */
const registered = (stream: SseStream, email: string, from = 0) =>
  stream.next(
    (event) => event.event === 'user-registered' && JSON.parse(event.data ?? '{}').email === email,
    from,
  );

/** Registers and opens the verification link (an admin's role counts only with a verified e-mail). */
async function register(server: Pick<Server, 'app' | 'database'>, email: string, name = 'Persona Nueva') {
  const client = browser(server);
  const form = await registrationForm(client, { email, name, password: PASSWORD, confirmPassword: PASSWORD });
  const response = await client.post('/api/register', form);
  expect(response.status).toBe(201);
  await verifyEmail(server, email);
  return client;
}

async function login(server: { app: TestServer['app'] }, email: string) {
  const client = browser(server);
  expect((await client.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

describe.each(drivers)('admin event stream on %s', (driver) => {
  let server: TestServer;
  let http: Awaited<ReturnType<typeof listen>>;
  let cookie: string;
  let listenSpy: ReturnType<typeof vi.spyOn>;
  const eventsUrl = () => `${http.url}/api/admin/events`;
  const subscribers = () => liveHub(server.database).subscriberCount(registrations);

  beforeAll(async () => {
    server = await startTestServer(driver, { ADMIN_EMAILS: ADMINS });
    // Before any stream opens, so every LISTEN this instance makes is counted.
    listenSpy = vi.spyOn(server.database, 'listen');
    await register(server, 'jefa@example.com', 'Jefa Admin');
    cookie = await login(server, 'jefa@example.com');
    http = await listen(server.app);
  });
  afterAll(async () => {
    await http?.close();
    await server?.close();
  });

  it('announces each committed registration with the users record and a growing id', async () => {
    const stream = await openStream(eventsUrl(), cookie);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    const ready = await stream.event('ready');
    expect(parseCursor(ready.id)).not.toBeNull();
    expect(ready.retry).toBe('3000');

    await register(server, 'nueva.uno@example.com', 'Nueva Uno');
    const first = await registered(stream, 'nueva.uno@example.com');
    const record = JSON.parse(first.data ?? '');
    expect(record).toMatchObject({ name: 'Nueva Uno', email: 'nueva.uno@example.com', role: 'customer' });
    expect(record.lockerNumber).toMatch(/^\d+$/);
    expect(record).not.toHaveProperty('searchText');
    expect(parseCursor(first.id)).toEqual({ time: Date.parse(record.createdAt), id: record.id });

    await register(server, 'nueva.dos@example.com', 'Nueva Dos');
    const second = await registered(stream, 'nueva.dos@example.com');
    const [a, b] = [parseCursor(first.id), parseCursor(second.id)];
    expect(b && a && (b.time > a.time || (b.time === a.time && b.id > a.id))).toBe(true);
    await stream.close();
  });

  it('sends what was missed after Last-Event-ID before going live, without repeating the cursor', async () => {
    const stream = await openStream(eventsUrl(), cookie);
    await stream.event('ready');
    await register(server, 'antes.corte@example.com');
    const before = await registered(stream, 'antes.corte@example.com');
    await stream.close();

    // Registered while the admin is disconnected.
    await register(server, 'perdida.uno@example.com');
    await register(server, 'perdida.dos@example.com');

    const resumed = await openStream(eventsUrl(), cookie, { 'last-event-id': before.id ?? '' });
    const ready = await resumed.event('ready');
    const replayed = resumed.seen
      .slice(0, resumed.seen.indexOf(ready))
      .map((event) => JSON.parse(event.data ?? '{}').email);
    expect(replayed).toContain('perdida.uno@example.com');
    expect(replayed).toContain('perdida.dos@example.com');
    expect(replayed.indexOf('perdida.uno@example.com')).toBeLessThan(
      replayed.indexOf('perdida.dos@example.com'),
    );
    expect(replayed).not.toContain('antes.corte@example.com');
    // The ready event's id is where a further reconnect would resume.
    expect(ready.id).toBe(resumed.seen[resumed.seen.indexOf(ready) - 1]?.id);

    await register(server, 'en.vivo@example.com');
    await registered(resumed, 'en.vivo@example.com');
    await resumed.close();
  });

  it('resumes from the cursor the list answered (?after=) and from the browser header alike', async () => {
    const listed = await server.app.request(`${TEST_APP_URL}/api/admin/users`, { headers: { cookie } });
    const { cursor } = (await listed.json()) as { cursor: string };
    await register(server, 'tras.lista@example.com');
    const stream = await openStream(`${eventsUrl()}?after=${encodeURIComponent(cursor)}`, cookie);
    await registered(stream, 'tras.lista@example.com');
    await stream.close();
  });

  it('tells the page to reload the list when too much was missed', async () => {
    const stream = await openStream(eventsUrl(), cookie);
    const ready = await stream.event('ready');
    await stream.close();
    await register(server, 'hueco.uno@example.com');
    await register(server, 'hueco.dos@example.com');
    adminStreams.replayLimit = 1;
    try {
      const resumed = await openStream(eventsUrl(), cookie, { 'last-event-id': ready.id ?? '' });
      const resync = await resumed.event('resync');
      expect(parseCursor(resync.id)).not.toBeNull();
      await resumed.event('ready');
      expect(resumed.seen.some((event) => event.event === 'user-registered')).toBe(false);
      await resumed.close();
    } finally {
      adminStreams.replayLimit = 500;
    }
  });

  it('ignores a Last-Event-ID it cannot read and starts live', async () => {
    const stream = await openStream(eventsUrl(), cookie, { 'last-event-id': 'basura; DROP TABLE users' });
    await stream.event('ready');
    expect(stream.seen.filter((event) => event.event === 'user-registered')).toEqual([]);
    await stream.close();
  });

  it('sends heartbeat comments while idle', async () => {
    adminStreams.heartbeatMs = 100;
    try {
      const stream = await openStream(eventsUrl(), cookie);
      await stream.event('ready');
      await stream.next((event) => event.comment === 'heartbeat');
      await stream.close();
    } finally {
      adminStreams.heartbeatMs = 15_000;
    }
  });

  it('fans out to every connected admin through one LISTEN, and lets go of a stream that disconnects', async () => {
    // Every stream of the tests before has been let go of.
    await vi.waitFor(() => expect(subscribers()).toBe(0), { timeout: 5000 });
    const baseline = 0;
    const streams = await Promise.all([1, 2, 3].map(() => openStream(eventsUrl(), cookie)));
    await Promise.all(streams.map((stream) => stream.event('ready')));
    expect(subscribers()).toBe(baseline + 3);
    await register(server, 'para.todos@example.com');
    await Promise.all(streams.map((stream) => registered(stream, 'para.todos@example.com')));
    expect(listenSpy.mock.calls.filter((call: unknown[]) => call[0] === registrations.name)).toHaveLength(1);
    await Promise.all(streams.map((stream) => stream.close()));
    await vi.waitFor(() => expect(subscribers()).toBe(baseline), { timeout: 5000 });
  });

  it('ends the stream of a revoked admin even while registrations keep it busy', async () => {
    await register(server, 'ocupada@example.com');
    const cookie = await login(server, 'ocupada@example.com');
    adminStreams.heartbeatMs = 100;
    let registering = true;
    try {
      const stream = await openStream(eventsUrl(), cookie);
      await stream.event('ready');
      const traffic = (async () => {
        for (let i = 0; registering && i < 60; i++) {
          await register(server, `trafico-${Date.now()}-${i}@example.com`);
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
      })();
      await setRole(server.db, 'ocupada@example.com', 'customer');
      // Fails with 'stream still open' unless the server ends the stream within 5 s.
      await Promise.race([
        stream.ended,
        new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 5000)),
      ]);
      registering = false;
      await traffic;
    } finally {
      registering = false;
      adminStreams.heartbeatMs = 15_000;
    }
  });

  it('ends the stream when the session ends or the role is revoked', async () => {
    await register(server, 'vigia@example.com');
    await register(server, 'saliente@example.com');
    const vigia = await login(server, 'vigia@example.com');
    const saliente = await login(server, 'saliente@example.com');
    adminStreams.heartbeatMs = 100;
    try {
      const revoked = await openStream(eventsUrl(), vigia);
      const loggedOut = await openStream(eventsUrl(), saliente);
      await Promise.all([revoked.event('ready'), loggedOut.event('ready')]);
      await setRole(server.db, 'vigia@example.com', 'customer');
      await server.app.request(`${TEST_APP_URL}/api/logout`, {
        method: 'POST',
        headers: { cookie: saliente, origin: TEST_APP_URL },
      });
      // Fails with 'streams still open' unless the server ends both within 5 s.
      await Promise.race([
        Promise.all([revoked.ended, loggedOut.ended]),
        new Promise((_, reject) => setTimeout(() => reject(new Error('streams still open')), 5000)),
      ]);
      const again = await fetch(eventsUrl(), { headers: { cookie: vigia } });
      expect(again.status).toBe(403);
      await again.body?.cancel();
    } finally {
      adminStreams.heartbeatMs = 15_000;
    }
  });

  it('ends open streams when the server closes', async () => {
    const other = await startTestServer(driver, { ADMIN_EMAILS: 'cierre@example.com' });
    const otherHttp = await listen(other.app);
    let closed = false;
    try {
      await register(other, 'cierre@example.com');
      const stream = await openStream(
        `${otherHttp.url}/api/admin/events`,
        await login(other, 'cierre@example.com'),
      );
      await stream.event('ready');
      closed = true;
      await other.close();
      await Promise.race([
        stream.ended,
        new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 5000)),
      ]);
      expect(liveHub(other.database).closed).toBe(true);
    } finally {
      await otherHttp.close();
      if (!closed) await other.close();
    }
  });
});

describe('two app instances on one PostgreSQL', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'alerts an admin connected to instance A of a registration made on instance B',
    async () => {
      const { url, drop } = await createPostgresDatabase();
      const instances: Server[] = [];
      let httpA: Awaited<ReturnType<typeof listen>> | undefined;
      try {
        for (let i = 0; i < 2; i++) {
          const config = loadConfig({
            APP_URL: TEST_APP_URL,
            CAPTCHA_TEST_ANSWER: TEST_CAPTCHA,
            ADMIN_EMAILS: 'jefa@example.com',
          });
          // Each instance opens its own pool and its own LISTEN connection, as separate processes would.
          instances.push(
            await startServer(config, {
              database: await openPostgres(url),
              mailPollMs: 60_000,
              printMail: () => {},
            }),
          );
        }
        const [a, b] = instances as [Server, Server];
        httpA = await listen(a.app);
        await register(a, 'jefa@example.com', 'Jefa Admin');
        const stream = await openStream(`${httpA.url}/api/admin/events`, await login(a, 'jefa@example.com'));
        await stream.event('ready');

        await register(b, 'desde.b@example.com', 'Registrada en B');
        const event = await registered(stream, 'desde.b@example.com');
        expect(JSON.parse(event.data ?? '')).toMatchObject({ name: 'Registrada en B' });
        await stream.close();
      } finally {
        await httpA?.close();
        for (const instance of instances) await instance.close();
        await drop();
      }
    },
  );
});
