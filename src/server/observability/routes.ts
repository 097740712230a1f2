// What a load balancer and Prometheus ask (docs/OPERATIONS.md 'Health and metrics'):
// - GET /api/health/live: the process answers (no database read): restart it when this fails.
// - GET /api/health/ready: the database answers, holds this code's migrations, and no queue has a row due for
//   longer than QUEUE_STUCK_SECONDS with no worker taking it: send it traffic only while this is 200.
// - GET /api/health: as before, the database alone (kept for what already probes it).
// - GET /metrics: Prometheus' text, only with `Authorization: Bearer METRICS_TOKEN`; without the setting, a 404.
import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import type { OpenDatabase } from '../db/open.ts';
import { logFailure } from './log.ts';
import type { Metrics } from './metrics.ts';
import { migrationsApplied, readQueues } from './readings.ts';

/** A row due this long with no worker claiming it (a claim moves its next attempt on) means the queue is stuck. */
export const QUEUE_STUCK_SECONDS = 15 * 60;

export function healthRoutes(database: OpenDatabase) {
  const routes = new Hono();
  routes.use(async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
  });
  routes.get('/health', async (c) => {
    const databaseUp = await database.ping();
    return c.json(
      { status: databaseUp ? 'ok' : 'unavailable', database: databaseUp },
      databaseUp ? 200 : 503,
    );
  });
  routes.get('/health/live', (c) => c.json({ status: 'ok' }));
  routes.get('/health/ready', async (c) => {
    const checks = { database: false, migrations: false, queues: false };
    const stuck: string[] = [];
    try {
      checks.database = await database.ping();
      if (checks.database) {
        checks.migrations = await migrationsApplied(database.db);
        const queues = await readQueues(database.db);
        for (const [queue, reading] of Object.entries(queues))
          if (reading.overdueSeconds > QUEUE_STUCK_SECONDS) stuck.push(queue);
        checks.queues = stuck.length === 0;
      }
    } catch (error) {
      logFailure('database', 'La comprobación de disponibilidad falló', error);
    }
    const ready = checks.database && checks.migrations && checks.queues;
    return c.json({ status: ready ? 'ok' : 'unavailable', ...checks, stuck }, ready ? 200 : 503);
  });
  return routes;
}

/** Mounted only when METRICS_TOKEN is set; anything else at /metrics is the app's own 404. */
export function metricsRoutes(metrics: Metrics, token: string) {
  const routes = new Hono();
  routes.get('/metrics', bearerAuth({ token }), async (c) => {
    const text = await metrics.scrape();
    c.header('cache-control', 'no-store');
    return c.body(text, 200, { 'content-type': metrics.contentType });
  });
  return routes;
}
