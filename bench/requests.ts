// Requests in Miami (issue 31 'Performance'), on PostgreSQL, over the packages benchmark's seed (1,000,000 packages):
// - 50,000 open requests added in SQL (one package each, a minute apart): 'Solicitudes' (GET /api/warehouse/requests,
//   the oldest QUEUE_PAGE with their packages and customers) read by staff; budget p95 < 50 ms.
// - 'Registrar consolidado' of 20 packages (POST /api/warehouse/requests/:id/complete, every package scanned, the new
//   box weighed and measured): ROUNDS consolidations, each of 20 new packages 'Recibido en Miami' of one signed-in
//   customer, asked and started through the API; budget p95 < 300 ms.
// - The storage fee of 100,000 packages leaving Miami in one day (received 45 days ago: days past the free ones):
//   chargeStorage in batches of a dispatch's size, each in its own transaction, as dispatches call it; budget < 5 s.
import { sql } from 'drizzle-orm';
import { anyInteger } from '../src/server/db/lists.ts';
import { packages } from '../src/server/db/schema.ts';
import { chargeStorage } from '../src/server/requests/storage.ts';
import { QUEUE_PAGE } from '../src/shared/requests/kinds.ts';
import { login, registerAdmin, timedGet, timedPost } from './support/api.ts';
import { type Customer, PACKAGES, seedPackages, seedTimes } from './support/packages-seed.ts';
import { type BenchResult, benchResult, ms, type Row, seconds, verdict } from './support/report.ts';
import { whileServing } from './support/server.ts';
import { percentile } from './support/stats.ts';
import { availableDrivers, onFreshStorage, rowsOf, type Storage, withDatabase } from './support/storage.ts';

const OPEN_REQUESTS = 50_000;
const QUEUE_READS = 200;
const ROUNDS = 30;
const PER_CONSOLIDATION = 20;
const LEAVING = 100_000;
/** A dispatch's size (the operations benchmark dispatches 5,000 at once). */
const BATCH = 5_000;
const QUEUE_BUDGET_MS = 50;
const CONSOLIDATE_BUDGET_MS = 300;
const STORAGE_BUDGET_MS = 5_000;
const BOX = { weightLb: '12', lengthIn: '20', widthIn: '16', heightIn: '12' };

async function runSql(storage: Storage, statements: string[]) {
  await withDatabase(storage, ({ db }) =>
    db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    }),
  );
}

/** 50,000 open 'Fotos adicionales' requests, one seeded package each, the oldest a month ago. */
const openRequests = [
  `insert into package_requests (id, kind, user_id, note, fee_cents, fee_cop, rate_settings_id, created_at)
   overriding system value
   select row_number() over (order by number), 'fotos', user_id, 'Foto del contenido', 300, 12000, 1,
     now() - interval '35 days' + row_number() over (order by number) * interval '1 minute'
   from (select number, user_id from packages where user_id is not null and number % 20 = 0
         order by number limit ${OPEN_REQUESTS}) p`,
  `insert into package_request_items (request_id, package_number)
   select row_number() over (order by number), number
   from (select number from packages where user_id is not null and number % 20 = 0
         order by number limit ${OPEN_REQUESTS}) p`,
  `alter table package_requests alter column id restart with ${OPEN_REQUESTS + 1}`,
];

/** `count` packages 'Recibido en Miami' from `first` on, of `owner` (to their first address) or of customers in turn. */
const receivedPackages = (first: number, count: number, owner: string | null, days: number) => [
  `insert into packages (number, user_id, guide, store, content, declared_value_cents, quantity, delivery_address,
     address_choice, state, locker_number, weight_lb, length_in, width_in, height_in, condition, received_at,
     created_at, updated_at)
   select ${first} + i, u.id, 'BENCHRQ' || lpad((${first} + i)::text, 9, '0'), 'Amazon', 'Ropa', 2500, 1,
     u.direccion1 || ', ' || u.ciudad1, 1, 'recibido', u.locker_number, 2.5, 10, 8, 4, 'Buen estado',
     now() - interval '${days} days', now() - interval '${days + 2} days', now() - interval '${days} days'
   from generate_series(0, ${count - 1}) i
   join (select row_number() over (order by id) - 1 as k, * from users
         where ${owner ? `id = '${owner}'` : `role = 'customer'`} limit 1000) u
     on u.k = i % (select least(count(*), 1000) from users where ${owner ? `id = '${owner}'` : `role = 'customer'`})`,
  `insert into package_charges (package_number, rate_settings_id, input, chargeable_lb, freight_cents,
     insurance_cents, tariff_cents, vat_cents, credit_used_cents, total_cents, total_cop)
   select ${first} + i, 1, '{}'::jsonb, 3, 1500, 60, 0, 0, 0, 1560, 62400 from generate_series(0, ${count - 1}) i`,
];

async function measure(storage: Storage, customers: Customer[]) {
  const round = await whileServing(storage, async (server) => {
    const staff = await registerAdmin(server);
    await runSql(storage, openRequests);
    await withDatabase(storage, ({ db }) =>
      db.execute(sql.raw('vacuum analyze package_requests, package_request_items')),
    );
    const queue: number[] = [];
    let shown = 0;
    for (let i = 0; i < QUEUE_READS; i++) {
      const read = await timedGet(server, staff, '/api/warehouse/requests');
      queue.push(read.elapsed);
      shown = (read.body as { requests: unknown[] }).requests.length;
    }
    const consolidations: number[] = [];
    // Far above the sequence, which numbers the consolidations' new packages.
    let next = 60_000_000;
    for (let r = 0; r < ROUNDS; r++) {
      const owner = customers[r % customers.length];
      if (!owner) throw new Error('no signed-in customer');
      await runSql(storage, receivedPackages(next, PER_CONSOLIDATION, owner.id, 3));
      const numbers = Array.from({ length: PER_CONSOLIDATION }, (_, i) => next + i);
      next += PER_CONSOLIDATION;
      const { cookie } = await login(server.url, owner.email);
      const asked = await timedPost(server, cookie, '/api/requests', { kind: 'consolidar', numbers }, 201);
      const id = (asked.body as { request: { id: number } }).request.id;
      await timedPost(server, staff, `/api/warehouse/requests/${id}/start`, {}, 200);
      const done = await timedPost(
        server,
        staff,
        `/api/warehouse/requests/${id}/complete`,
        { scanned: numbers.map(String), box: BOX },
        200,
      );
      consolidations.push(done.elapsed);
    }
    return { queue, shown, consolidations };
  });
  // Storage: 100,000 packages received 45 days ago leave today, a dispatch at a time.
  const first = 70_000_000;
  await runSql(storage, receivedPackages(first, LEAVING, null, 45));
  const storageMs = await withDatabase(storage, async ({ db }) => {
    await db.execute(sql.raw('vacuum analyze packages, package_charges'));
    const at = new Date();
    let charging = 0;
    for (let from = first; from < first + LEAVING; from += BATCH) {
      const numbers = Array.from({ length: BATCH }, (_, i) => from + i);
      await db.transaction(async (tx) => {
        // The dispatch has its rows already (changeStates read and locked them): only the fee is timed.
        const rows = await tx.select().from(packages).where(anyInteger(packages.number, numbers));
        const started = performance.now();
        await chargeStorage(tx, rows, at, null);
        charging += performance.now() - started;
      });
    }
    return charging;
  });
  const [lines] = await withDatabase(storage, async ({ db }) =>
    rowsOf<{ lines: number; cents: number }>(
      await db.execute(
        sql.raw(`select count(*)::int as lines, coalesce(sum(amount_cents), 0)::int as cents
                 from package_charge_lines where kind = 'almacenaje' and package_number >= ${first}`),
      ),
    ),
  );
  return { ...round, storageMs, storageLines: lines?.lines ?? 0, storageCents: lines?.cents ?? 0 };
}

export async function run(): Promise<BenchResult> {
  const { drivers } = await availableDrivers();
  if (!drivers.includes('postgres'))
    return benchResult([], [], 'PostgreSQL did not answer: the requests benchmark runs on PostgreSQL only.');
  const { seeded, result } = await onFreshStorage('postgres', async (storage) => {
    const seeded = await seedPackages(storage);
    return { seeded, result: await measure(storage, seeded.customers) };
  });
  const queueP95 = percentile(result.queue, 95);
  const consolidateP95 = percentile(result.consolidations, 95);
  const rows: Row[] = [
    {
      measure: `postgres: 'Solicitudes' with ${OPEN_REQUESTS.toLocaleString('en')} open, p95 of ${QUEUE_READS}`,
      value: ms(queueP95),
      budget: `< ${QUEUE_BUDGET_MS} ms`,
      verdict: verdict(queueP95 < QUEUE_BUDGET_MS && result.shown === QUEUE_PAGE),
    },
    {
      measure: `postgres: 'Registrar consolidado' of ${PER_CONSOLIDATION} packages, p95 of ${ROUNDS}`,
      value: ms(consolidateP95),
      budget: `< ${CONSOLIDATE_BUDGET_MS} ms`,
      verdict: verdict(consolidateP95 < CONSOLIDATE_BUDGET_MS),
    },
    {
      measure: `postgres: storage fee of ${LEAVING.toLocaleString('en')} packages leaving in one day (${LEAVING / BATCH} dispatches)`,
      value: seconds(result.storageMs),
      budget: `< ${seconds(STORAGE_BUDGET_MS)}`,
      verdict: verdict(result.storageMs < STORAGE_BUDGET_MS && result.storageLines === LEAVING),
    },
  ];
  const { total, parts } = seedTimes(seeded);
  const details = [
    `Seed: the packages benchmark's (${PACKAGES.toLocaleString('en')} packages, ${total}: ${parts}), then the open`,
    `requests in SQL. The queue showed ${result.shown} requests a read (its page); median ${ms(percentile(result.queue, 50))}.`,
    `Consolidations: median ${ms(percentile(result.consolidations, 50))}, max ${ms(Math.max(...result.consolidations))};`,
    'each makes the new package with its charge, marks the 20 originals Consolidado with their events, annuls their',
    "charges, adds the fee line, audits, and queues the customer's mail, in one transaction.",
    `Storage: ${result.storageLines.toLocaleString('en')} lines written, US$ ${(result.storageCents / 100).toLocaleString('en')} in all,`,
    'each package received 45 days before leaving; chargeStorage reads its holds and the rates in force each day',
    '(timed alone: a dispatch has read and locked its rows before).',
  ];
  return benchResult(rows, details, '');
}
