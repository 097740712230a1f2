// Issue 23, item 4: slow and hostile clients do not stop others from being served, and each is cut by a timeout set
// on purpose (start.ts HTTP_TIMEOUTS, docs/SECURITY.md 'Connections and timeouts'): 500 connections that never send
// a request, a client sending its headers a byte at a time (slowloris), and a client that never reads its answers.
// The server listens with the same options, scaled down so the cuts come within the test; normal requests made
// meanwhile must all succeed. Before, nothing closed a socket whose answer the client had stopped reading: it held
// the socket and the answers' memory for good.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../test/support/database.ts';
import { startTestServer, TEST_APP_URL } from '../../test/support/server.ts';
import { type HttpTimeouts, listen } from './start.ts';

/** HTTP_TIMEOUTS' roles, in seconds instead of minutes. */
const SHORT: HttpTimeouts = {
  keepAliveTimeout: 1000,
  headersTimeout: 1500,
  requestTimeout: 3000,
  timeout: 1500,
  connectionsCheckingInterval: 200,
};
const IDLE_CONNECTIONS = 500;
const BIG_FILE_BYTES = 64 * 1024 * 1024;

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A raw connection to `port` and a promise that settles when the server (or anything) closes it. */
async function open(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  // Read (and drop) what the server sends, as any client does: a socket left in paused mode with the server's 408
  // unread in its buffer never emits 'end' nor 'close', and the test would wait on it for good (it did, about one
  // run in five: whether an idle socket is cut by the idle timeout, silently, or by the headers check, with a 408,
  // is a race between two timers of the same length).
  socket.resume();
  cleanups.push(() => socket.destroy());
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, closed };
}

describe.each(logicDrivers)('slow and hostile clients on %s', (driver) => {
  it('are cut by the timeouts while everyone else is served', async () => {
    // A built client whose one asset is far larger than the sockets' buffers.
    const clientDir = mkdtempSync(join(tmpdir(), 'casillero-lentos-'));
    cleanups.push(() => rmSync(clientDir, { recursive: true, force: true }));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>x</title><div id="root"></div>');
    writeFileSync(join(clientDir, 'assets', 'grande.js'), 'x'.repeat(BIG_FILE_BYTES));
    const server = await startTestServer(driver, {}, { clientDir });
    cleanups.push(() => server.close());
    const http = await new Promise<ReturnType<typeof listen>>((resolve) => {
      const listening = listen(server.app, 0, () => resolve(listening), SHORT);
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          http.close(() => resolve());
          if ('closeAllConnections' in http) http.closeAllConnections();
        }),
    );
    const { port } = http.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    // The server's side of the deaf connection: a client that does not read never sees its socket closed (it
    // reads nothing, not even the end), so the server's side is watched.
    const deafOnServer = new Promise<Socket>((resolve) =>
      http.on('request', (request: IncomingMessage) => {
        if (request.url === '/assets/grande.js') resolve(request.socket);
      }),
    );

    // 500 connections that never send a byte.
    const idle = await Promise.all(Array.from({ length: IDLE_CONNECTIONS }, () => open(port)));

    // Slowloris: a request line and headers that never end, one byte every 100 ms.
    const slow = await open(port);
    let slowAnswer = '';
    slow.socket.on('data', (chunk) => {
      slowAnswer += chunk.toString();
    });
    slow.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Lento: ');
    const drip = setInterval(() => slow.socket.writable && slow.socket.write('a'), 100);
    cleanups.push(() => clearInterval(drip));

    // A client that never reads: it asks for a large file (an export, a bundle) and leaves the answer unread.
    const deaf = await open(port);
    deaf.socket.pause();
    deaf.socket.write('GET /assets/grande.js HTTP/1.1\r\nHost: localhost\r\n\r\n');

    // Meanwhile everyone else is served: health checks and the home page, each on its own connection.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(i % 2 ? `${url}/api/health` : `${url}/`, {
          headers: { origin: TEST_APP_URL },
        }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);

    // And every hostile connection is cut: the idle ones and the slow one by headersTimeout (the slow one is told
    // 408), the deaf one by the socket timeout once its answers stopped moving.
    await Promise.all(idle.map(({ closed }) => closed));
    await slow.closed;
    expect(slowAnswer).toMatch(/^HTTP\/1\.1 408/);
    const cut = await deafOnServer;
    if (!cut.destroyed) await new Promise((resolve) => cut.once('close', resolve));
    // Cut with most of the answer unsent: it was not held in memory waiting for the client either.
    expect(cut.bytesWritten).toBeLessThan(BIG_FILE_BYTES);
    deaf.socket.destroy();
    // Still serving after them.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });
});
