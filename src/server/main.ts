// Reads the configuration, opens the database, applies migrations and listens; stops cleanly on SIGTERM/SIGINT.
// What the running server says goes to the JSON log (observability/log.ts); the refusals to start stay plain
// text on stderr, for the person starting it.
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/open.ts';
import { BucketError } from './files/s3-config.ts';
import { log } from './observability/log.ts';
import { listen, type Server, startServer } from './start.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let server: Server;
try {
  server = await startServer(config);
} catch (error) {
  // A second app on a PGlite folder already in use, or a bucket that cannot be reached: say so, without a stack trace.
  if (error instanceof DatabaseLockedError || error instanceof BucketError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const http = listen(server.app, config.port, (info) => {
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite en ${config.dataDir}`;
  log.info(
    { port: info.port },
    `${config.brandName} escuchando en http://localhost:${info.port} (base de datos: ${where})`,
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, `${signal}: cerrando…`);
  // Stop accepting connections; requests in flight finish, then the database closes. Live streams (admin,
  // packages, any later one) never finish by themselves: they all end first (browsers reconnect to another
  // instance).
  const closed = new Promise<void>((resolve) => http.close(() => resolve()));
  await server.endStreams();
  if ('closeIdleConnections' in http) http.closeIdleConnections();
  const forced = setTimeout(() => {
    if ('closeAllConnections' in http) http.closeAllConnections();
  }, 10_000);
  forced.unref();
  await closed;
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
