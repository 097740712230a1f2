// Money at the door (issue 20, design/delivery.md 'Budgets'): 'Cerrar ruta' with its cash count for routes of 200
// deliveries, GET /api/admin/recaudos over 30 days of 5,000 deliveries a day, and a carrier's remittance of 20,000
// rows ('Importar liquidación'). p95 < 200 ms on PostgreSQL for the first two (PGlite reported), < 5 s for the import.
// The data is seeded in SQL (bench/support/money-seed-sql.ts) before the server opens the database.
import { sql } from 'drizzle-orm';
import type { RemittanceImported } from '../src/shared/collections/api-types.ts';
import { isoDayInColombia } from '../src/shared/dates.ts';
import { register, registerAdmin, timedGet, timedPost } from './support/api.ts';
import {
  CARRIER_PER_DAY,
  DAYS,
  ROUTES_PER_DAY,
  STOPS_PER_ROUTE,
  seedMoney,
  UNREMITTED_DAYS,
} from './support/money-seed-sql.ts';
import {
  type BenchResult,
  benchResult,
  markdownTable,
  ms,
  type Row,
  seconds,
  verdict,
} from './support/report.ts';
import { whileServing } from './support/server.ts';
import { percentile } from './support/stats.ts';
import { type Driver, onEachDriver, onFreshStorage, rowsOf, withDatabase } from './support/storage.ts';

const P95_BUDGET_MS = 200;
const IMPORT_BUDGET_MS = 5000;
const RECAUDOS_RUNS = 30;
const COURIERS = 10;
const CUSTOMER_EMAIL = 'cliente@money.bench.example.com';
const courierEmail = (n: number) => `mensajero${n}@money.bench.example.com`;

interface Measured {
  closes: number[];
  recaudos: number[];
  importMs: number;
  applied: number;
  rows: number;
  collections: number;
  recaudosCsvMs: number;
}

async function measure(driver: Driver): Promise<Measured> {
  return onFreshStorage(driver, async (storage) => {
    // The people, through the API (the admin's session survives the restart: it lives in the database).
    const admin = await whileServing(storage, async (server) => {
      const cookie = await registerAdmin(server);
      await register(server.url, CUSTOMER_EMAIL);
      for (let n = 0; n < COURIERS; n++) await register(server.url, courierEmail(n));
      return cookie;
    });
    const today = isoDayInColombia(new Date());
    const ids = await withDatabase(storage, async ({ db }) => {
      await db.execute(
        sql`update users set role = 'reparto' where email like 'mensajero%@money.bench.example.com'`,
      );
      return rowsOf<{ id: string; email: string }>(
        await db.execute(sql`select id, email from users where email like '%@money.bench.example.com'`),
      );
    });
    const customerId = ids.find((row) => row.email === CUSTOMER_EMAIL)?.id ?? '';
    const courierIds = ids.filter((row) => row.email !== CUSTOMER_EMAIL).map((row) => row.id);
    const seeded = await seedMoney(storage, customerId, courierIds, today);
    return whileServing(storage, async (server) => {
      const adminCookie = admin;
      const from = isoDayInColombia(new Date(Date.now() - (DAYS - 1) * 86_400_000));
      const path = `/api/admin/recaudos?desde=${from}&hasta=${today}`;
      await timedGet(server, adminCookie, path); // warm-up
      const recaudos: number[] = [];
      for (let run = 0; run < RECAUDOS_RUNS; run++)
        recaudos.push((await timedGet(server, adminCookie, path)).elapsed);
      const csvStarted = performance.now();
      const csv = await fetch(`${server.url}/api/admin/recaudos.csv?desde=${from}&hasta=${today}`, {
        headers: { cookie: adminCookie },
      });
      await csv.text();
      const recaudosCsvMs = performance.now() - csvStarted;
      const closes: number[] = [];
      for (const route of seeded.openRoutes)
        closes.push(
          (
            await timedPost(
              server,
              adminCookie,
              `/api/admin/delivery/routes/${route.id}/close`,
              { cashDeliveredCop: route.cashCop },
              200,
            )
          ).elapsed,
        );
      const text = [
        'guia,valor,fecha',
        ...seeded.unremitted.map((row) => `${row.guide},${row.amountCop},${today}`),
      ]
        .join('\n')
        .concat('\n');
      const imported = await timedPost(
        server,
        adminCookie,
        '/api/admin/recaudos/remittances',
        text,
        200,
        'text/csv',
      );
      return {
        closes,
        recaudos,
        importMs: imported.elapsed,
        applied: (imported.body as RemittanceImported).applied,
        rows: seeded.unremitted.length,
        collections: seeded.collections,
        recaudosCsvMs,
      };
    });
  });
}

export async function run(): Promise<BenchResult> {
  const { runs, note } = await onEachDriver(measure);
  const rows: Row[] = [];
  const table: string[][] = [];
  for (const { driver, result: r } of runs) {
    const gated = driver === 'postgres';
    const closeP95 = percentile(r.closes, 95);
    const recaudosP95 = percentile(r.recaudos, 95);
    rows.push(
      {
        measure: `${driver}: 'Cerrar ruta' of ${STOPS_PER_ROUTE} deliveries, p95 of ${r.closes.length}`,
        value: ms(closeP95),
        budget: gated ? `< ${P95_BUDGET_MS} ms` : 'reported',
        verdict: gated ? verdict(closeP95 < P95_BUDGET_MS) : '—',
      },
      {
        measure: `${driver}: GET /api/admin/recaudos over ${DAYS} days, p95 of ${RECAUDOS_RUNS}`,
        value: ms(recaudosP95),
        budget: gated ? `< ${P95_BUDGET_MS} ms` : 'reported',
        verdict: gated ? verdict(recaudosP95 < P95_BUDGET_MS) : '—',
      },
      {
        measure: `${driver}: 'Importar liquidación' of ${r.rows.toLocaleString('en')} rows`,
        value: seconds(r.importMs),
        budget: gated ? `< ${seconds(IMPORT_BUDGET_MS)}, all applied` : 'reported',
        verdict: gated ? verdict(r.importMs < IMPORT_BUDGET_MS && r.applied === r.rows) : '—',
      },
    );
    table.push([
      driver,
      r.collections.toLocaleString('en'),
      ms(percentile(r.closes, 50)),
      ms(closeP95),
      ms(percentile(r.recaudos, 50)),
      ms(recaudosP95),
      seconds(r.recaudosCsvMs),
      `${seconds(r.importMs)} (${r.applied.toLocaleString('en')} applied)`,
    ]);
  }
  const details = [
    `Seeded in SQL: ${DAYS} days × ${(ROUTES_PER_DAY * STOPS_PER_ROUTE + CARRIER_PER_DAY).toLocaleString('en')} deliveries`,
    `(${ROUTES_PER_DAY} routes of ${STOPS_PER_ROUTE} stops on ${COURIERS} couriers, a third paid by Nequi, and ${CARRIER_PER_DAY.toLocaleString('en')} by three`,
    `national carriers, remitted for the days older than ${UNREMITTED_DAYS}), each package with its charge, delivery and`,
    "collection. Timed over HTTP against the built server: today's routes closed one after the other with the exact",
    `cash (no difference), 'Recaudos' for the ${DAYS} days ${RECAUDOS_RUNS} times after a warm-up, its CSV once, then one CSV`,
    'of every collection still owed by the carriers imported at once.',
    '',
    markdownTable(
      [
        'driver',
        'collections',
        'close median',
        'close p95',
        'recaudos median',
        'recaudos p95',
        'recaudos CSV',
        'remittance import',
      ],
      table,
    ),
    '',
    "'Recaudos' before 2026-11-23 16:30 UTC: median 431 ms, p95 512 ms; 16:38 UTC: median 202 ms, p95 323 ms (the",
    "'Valor a pagar' stored on each collection, the open routes' cash and each carrier's owed read on their",
    'indexes). At 18:12 UTC, on this machine with a load average of 15–17 on 2 cores: p95 736 ms before, 164 ms after',
    "the change below. The range's figures are now read from collection_day_sums (migration 0016): the collections",
    'summed per Colombia day, source, route, courier, carrier, means and remitted, a few rows a day (690 for these 30',
    'days instead of 150,000 collections: the grouped scan took 140–160 ms in EXPLAIN ANALYZE at load 11, the read of',
    'the sums 1.2 ms). Statement triggers on collections keep them in the transaction of every write, whoever makes it',
    "(a delivery, a carrier's 'Entregado', a correction, a remittance, a restore, plain SQL); a property test over",
    'random writes (src/server/collections/day-sums.test.ts) proves they always equal the grouped collections, and a',
    "restore rebuilds them. The open routes' cash is read from their sums too; each carrier's first 200 owed in one",
    "lateral read; the three reads run at once on their own connections ('Recaudos' in-process: 90–240 → 21–28 ms at",
    'load 17–20). A covering index was tried first: the 30 days are the whole table, so PostgreSQL scans it anyway, and',
    'aggregating 150,000 rows stays near 140 ms on a busy machine. The triggers add no measurable time to the import',
    '(20,000 collections marked remitted: 1.46 s with them, 1.48 s without, mean of 6 at load 13); the import is over',
    'its 5 s budget only when the cores are this busy (8.17 s before the change at load 10–15). The import went from',
    '135 s to 3 s once our guides were probed on their unique index (an IN list had been planned on the trigram index).',
  ];
  return benchResult(rows, details, note);
}
