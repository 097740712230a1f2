// A real S3 server on the loopback, from npm (@20minutes/s3rver, which checks SigV4 signatures and the expiry of
// presigned links; design/architecture.md trap 8), in a temporary folder, with one bucket: the tests' bucket. Its one
// account is S3RVER / S3RVER.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { freePort } from './free-port.ts';

export const TEST_BUCKET = 'casillero-test';

// The SDK's notice that its releases after January 2027 want Node 22 (ADR 0015 says so): not a test failure.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export interface TestS3 {
  /** The FILES_S3_* variables that point the app at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'casillero-s3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  await server.run();
  return {
    env: s3Env(`http://127.0.0.1:${port}`),
    async close() {
      // The SDK keeps its connections alive: they are cut, or the server would wait for them.
      const closed = server.close();
      server.httpServer?.closeAllConnections();
      await closed;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export function s3Env(endpoint: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    FILES_S3_ENDPOINT: endpoint,
    FILES_S3_BUCKET: TEST_BUCKET,
    FILES_S3_REGION: 'us-east-1',
    FILES_S3_ACCESS_KEY_ID: 'S3RVER',
    FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
    FILES_S3_PATH_STYLE: 'true',
    ...overrides,
  };
}

/** A bucket that accepts connections and never answers (a store that hangs). */
export async function startSilentS3(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    env: s3Env(`http://127.0.0.1:${port}`, { FILES_S3_TIMEOUT_SECONDS: '1' }),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
