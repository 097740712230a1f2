// The instance's metrics in Prometheus' text format (prom-client, ADR 0016): each instance keeps its own registry,
// so two instances (or two test servers in one process) count their own requests. Requests and failures are counted
// as they happen; the queues and the pool are read when Prometheus scrapes, the business' gauges at most once a
// minute (METRICS_BUSINESS_SECONDS), with the small queries of readings.ts. docs/OPERATIONS.md 'Health, logs, metrics and alerts' lists every name, and docs/alerts.yml alerts on them.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { OpenDatabase } from '../db/open.ts';
import { type FailureKind, logFailure } from './log.ts';
import {
  OPEN_PACKAGE_STATES,
  type QueueName,
  readPackagesByState,
  readPqrDue,
  readQueues,
  readUnclosedCash,
} from './readings.ts';

export type Metrics = ReturnType<typeof createMetrics>;

const QUEUES: readonly QueueName[] = ['mail', 'whatsapp', 'payments'];

export interface MetricsOptions {
  /** The business' gauges are read at most once in this many seconds (METRICS_BUSINESS_SECONDS); 0: every scrape. */
  businessEverySeconds: number;
}

export function createMetrics(database: OpenDatabase, options: MetricsOptions) {
  const registry = new Registry();
  // Process CPU, memory, event-loop lag, handles (prom-client's standard names).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'casillero_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'casillero_http_request_duration_seconds',
    help: 'Time to answer (to the response headers; a live stream counts until it starts), by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const failures = new Counter({
    name: 'casillero_failures_total',
    help: 'Failures logged at level error or warn, by kind (http: an unexpected 5xx; mail, whatsapp: a send or a worker).',
    labelNames: ['kind'] as const,
    registers,
  });
  /** A gauge set at each scrape, with its labels. */
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });
  const databaseUp = gauge(
    'casillero_database_up',
    '1 when the database answered the scrape, 0 when it did not.',
  );
  const pool = gauge(
    'casillero_db_pool_connections',
    "The PostgreSQL pool's connections: total, idle, and requests waiting for one (absent on PGlite).",
    ['state'],
  );
  const queueDepth = gauge(
    'casillero_queue_depth',
    'Rows waiting in a queue (mail: the outbox not sent yet; whatsapp: notices still queued; payments: Wompi events not yet applied).',
    ['queue'],
  );
  const queueOldest = gauge(
    'casillero_queue_oldest_age_seconds',
    'Seconds since the oldest waiting row of a queue was queued (0 when empty).',
    ['queue'],
  );
  const packagesByState = gauge(
    'casillero_packages',
    'Packages in each open state (the final ones, entregado, devuelto and cancelado, are not counted).',
    ['state'],
  );
  const pqrOpen = gauge(
    'casillero_pqr_open_due',
    'Open PQR awaiting an answer whose legal due day is past (past_due) or today (today), Bogotá time.',
    ['when'],
  );
  const cashRoutes = gauge(
    'casillero_cash_unclosed_routes',
    'Delivery routes with collections and no cash close, of today or of an earlier day (Bogotá).',
    ['day'],
  );
  const cashCop = gauge(
    'casillero_cash_unclosed_cop',
    'Cash in pesos collected on routes not closed yet, of today or of an earlier day.',
    ['day'],
  );

  /** When the business' gauges were last read (ms since the epoch), and the read in flight, if any. */
  let businessReadAt = Number.NEGATIVE_INFINITY;
  let businessRead: Promise<void> | undefined;

  /**
   * The business' gauges change slowly and cost the most (the packages' state index at a million rows): read at
   * most once in `businessEverySeconds`, one read at a time, however many Prometheus servers scrape.
   */
  async function readBusiness(db: OpenDatabase['db']) {
    const [states, pqr, cash] = await Promise.all([
      readPackagesByState(db),
      readPqrDue(db),
      readUnclosedCash(db),
    ]);
    // Every open state, 0 when none: an alert on a state never sees a series vanish.
    const counted = new Map(states.map((row) => [row.state, row.count]));
    for (const state of OPEN_PACKAGE_STATES) packagesByState.set({ state }, counted.get(state) ?? 0);
    pqrOpen.set({ when: 'past_due' }, pqr.pastDue);
    pqrOpen.set({ when: 'today' }, pqr.dueToday);
    for (const day of ['today', 'earlier'] as const) {
      cashRoutes.set({ day }, cash[day].routes);
      cashCop.set({ day }, cash[day].cashCop);
    }
  }

  function business(db: OpenDatabase['db']): Promise<void> {
    if (businessRead) return businessRead;
    if (Date.now() - businessReadAt < options.businessEverySeconds * 1000) return Promise.resolve();
    businessRead = readBusiness(db)
      .then(() => {
        businessReadAt = Date.now();
      })
      .finally(() => {
        businessRead = undefined;
      });
    return businessRead;
  }

  /** Reads the gauges of the database; a failed read sets casillero_database_up to 0 and keeps the rest. */
  async function refresh() {
    const { db } = database;
    const stats = database.poolStats?.();
    if (stats) for (const [state, value] of Object.entries(stats)) pool.set({ state }, value);
    try {
      const [queues] = await Promise.all([readQueues(db), business(db)]);
      for (const queue of QUEUES) {
        queueDepth.set({ queue }, queues[queue].depth);
        queueOldest.set({ queue }, queues[queue].oldestAgeSeconds);
      }
      databaseUp.set(1);
    } catch (error) {
      databaseUp.set(0);
      // Counted on this instance through the scrape's request.
      logFailure('database', 'Las métricas no pudieron leer la base de datos', error);
    }
  }

  return {
    registry,
    countFailure(kind: FailureKind) {
      failures.inc({ kind });
    },
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    /** The text Prometheus reads, with the gauges read just now. */
    async scrape(): Promise<string> {
      await refresh();
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}
