// Operations (issue 14), on the packages benchmark's seed (1,000,000 packages over 100,000 customers) plus 15,500
// packages 'Recibido en Miami' added in SQL before the server starts, signed in as the ADMIN_EMAILS admin:
// 1. the 'Paquetes' board, GET /api/admin/packages with varied searches, state filters and none;
// 2. the live update: 500 customers' pages open on GET /api/packages/events, then state changes of one package of
//    each, timed from the change's HTTP answer to each stream's 'refresh';
// 3. a dispatch of 5,000 packages created, then moved to 'En tránsito' (5,000 events and 5,000 mails);
// 4. 'Importar estados': a 10,000-row CSV moving 10,000 other packages to 'En tránsito'.
// Each phase starts when the server is idle again (its mail worker done with the previous phase's mails). The
// events and mails written are counted in SQL after the server stops.
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/server/auth/password.ts';
import * as schema from '../src/server/db/schema.ts';
import { boardCount, boardPage } from '../src/server/packages/board.ts';
import { isPackageState } from '../src/shared/packages/states.ts';
import {
  CUSTOMERS,
  FIRST_NUMBER,
  openInspector,
  openStorage,
  PACKAGES,
  rowsOf,
  type Seeded,
  seed,
  seedTimes,
  timed,
} from './packages.ts';
import {
  availableDrivers,
  type BenchResult,
  type BenchServer,
  type Driver,
  freshStorage,
  login,
  markdownTable,
  median,
  ms,
  openFileLimit,
  PASSWORD,
  percentile,
  pool,
  type Row,
  registerAdmin,
  type Storage,
  startServer,
  verdict,
  waitForIdle,
} from './shared.ts';

const LIVE_CUSTOMERS = 500;
const LIVE_ROUNDS = 10;
const DISPATCH_SIZE = 5000;
const IMPORT_ROWS = 10_000;
const EXTRA = LIVE_CUSTOMERS + DISPATCH_SIZE + IMPORT_ROWS;
const GUIDE_PREFIX = 'BENCHREC';
const BOARD_ROUNDS = 10;
const WAIT_MS = 15_000;
/** PostgreSQL's budgets (PGlite is reported against them, without a verdict). */
const BUDGET_MS = { board: 50, dispatch: 3000, import: 5000, live: 250 };

/** Epoch milliseconds with sub-millisecond precision (the streams and the requests on one clock). */
const now = () => performance.timeOrigin + performance.now();

// ---------- what the run adds to the seed ----------

interface LivePackage {
  number: number;
  email: string;
}

interface Prepared {
  first: number;
  live: LivePackage[];
  dispatch: number[];
  importGuides: string[];
  searches: Search[];
}

interface Search {
  label: string;
  query: Record<string, string>;
  /** Part of the budget's p95 (the brief's kinds); a two-letter term is reported apart. */
  budgeted: boolean;
}

/**
 * 15,500 packages 'Recibido en Miami' (pre-alerted three days ago, received today) with their two events, numbered
 * after the seed's and newest: the first 500 belong to 500 customers (every 200th, none of the packages benchmark's
 * signed-in ones) who get a credential; 5,000 are for the dispatch, 10,000 for the import. Then VACUUM ANALYZE.
 */
async function prepare(storage: Storage): Promise<Prepared> {
  const database = await openStorage(storage);
  try {
    const { db } = database;
    const first = FIRST_NUMBER + PACKAGES;
    const step = CUSTOMERS / LIVE_CUSTOMERS;
    const owner = `case when i < ${LIVE_CUSTOMERS} then i * ${step} + 3 else 1 + (i * 7919) % ${CUSTOMERS} end`;
    const live = await db.transaction(async (tx) => {
      const statements = [
        `create temp table bench_extra_owner on commit drop as
         select row_number() over (order by locker_number::int) as n, id, email, locker_number,
           direccion1 || ', ' || ciudad1 as address
         from users where role = 'customer'`,
        'create unique index on bench_extra_owner (n)',
        `insert into packages (number, user_id, guide, store, content, declared_value_cents, quantity,
           delivery_address, address_choice, state, locker_number, weight_lb, length_in, width_in, height_in,
           condition, received_at, received_by, created_at, updated_at)
         select ${first} + i, o.id, '${GUIDE_PREFIX}' || lpad(i::text, 8, '0'), 'Amazon', 'Ropa',
           1500 + (i * 7919) % 30000, 1, o.address, 1, 'recibido', o.locker_number, 0.5 + (i % 300) / 10.0,
           6 + i % 30, 4 + i % 20, 2 + i % 15, 'bueno', now() - interval '20 hours' + i * interval '4 seconds', null,
           now() - interval '3 days' + i * interval '4 seconds', now() - interval '20 hours' + i * interval '4 seconds'
         from generate_series(0, ${EXTRA - 1}) as i join bench_extra_owner o on o.n = ${owner}`,
        `insert into package_events (package_number, state, at, actor_id, actor_role)
         select number, 'prealertado', created_at, user_id, 'customer' from packages where number >= ${first}
         order by number`,
        `insert into package_events (package_number, state, at, actor_id, actor_role)
         select number, 'recibido', received_at, null, 'bodega' from packages where number >= ${first}
         order by number`,
        `select setval('package_number_seq', ${first + EXTRA - 1})`,
      ];
      for (const statement of statements) await tx.execute(sql.raw(statement));
      const owners = rowsOf<{ number: number; id: string; email: string }>(
        await tx.execute(
          sql.raw(`select p.number, u.id, u.email from packages p join users u on u.id = p.user_id
                   where p.number < ${first + LIVE_CUSTOMERS} and p.number >= ${first} order by p.number`),
        ),
      );
      const password = await hashPassword(PASSWORD);
      await tx.insert(schema.authAccount).values(
        owners.map((o) => ({
          id: `bench-live-${o.id}`,
          accountId: o.id,
          providerId: 'credential',
          userId: o.id,
          password,
        })),
      );
      return owners.map((o) => ({ number: Number(o.number), email: o.email }));
    });
    if (live.length !== LIVE_CUSTOMERS)
      throw new Error(`expected ${LIVE_CUSTOMERS} live owners, got ${live.length}`);
    await db.execute(sql.raw('vacuum analyze packages, package_events'));
    const sample = rowsOf<{ number: number; guide: string; locker: string | null }>(
      await db.execute(
        sql.raw(`select number, guide, locker_number as locker from packages
                 where number in (${FIRST_NUMBER + 314_150}, ${FIRST_NUMBER + 314_156}, ${first + 7})
                 order by number`),
      ),
    );
    const [ups, usps, ownLocker] = sample;
    if (!ups || !usps || !ownLocker?.locker) throw new Error('board sample not found');
    const numbers = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => first + from + i);
    return {
      first,
      live,
      dispatch: numbers(LIVE_CUSTOMERS, DISPATCH_SIZE),
      importGuides: Array.from(
        { length: IMPORT_ROWS },
        (_, i) => `${GUIDE_PREFIX}${String(LIVE_CUSTOMERS + DISPATCH_SIZE + i).padStart(8, '0')}`,
      ),
      searches: [
        { label: 'package number', query: { q: String(FIRST_NUMBER + 543_210) }, budgeted: true },
        { label: 'part of a UPS guide', query: { q: ups.guide.slice(6, 14) }, budgeted: true },
        { label: 'end of a USPS guide', query: { q: usps.guide.slice(-10) }, budgeted: true },
        { label: 'locker number', query: { q: ownLocker.locker }, budgeted: true },
        { label: 'a surname (≈5% of customers)', query: { q: 'quintero' }, budgeted: true },
        { label: 'first name + surname', query: { q: 'María Rodríguez' }, budgeted: true },
        { label: 'part of a name', query: { q: 'londo' }, budgeted: true },
        {
          label: 'surname + estado=en_transito',
          query: { q: 'quintero', estado: 'en_transito' },
          budgeted: true,
        },
        { label: 'estado=recibido', query: { estado: 'recibido' }, budgeted: true },
        { label: 'estado=en_aduana', query: { estado: 'en_aduana' }, budgeted: true },
        { label: 'estado=sin_identificar', query: { estado: 'sin_identificar' }, budgeted: true },
        { label: 'estado=entregado', query: { estado: 'entregado' }, budgeted: true },
        { label: 'no search', query: {}, budgeted: true },
        { label: 'no search, page 5', query: { page: '5' }, budgeted: true },
        { label: 'two letters (typing on)', query: { q: 'ez' }, budgeted: false },
      ],
    };
  } finally {
    await database.close();
  }
}

// ---------- 1. the board ----------

interface BoardSample {
  search: Search;
  ms: number;
}

async function board(server: BenchServer, cookie: string, search: Search): Promise<number> {
  const { elapsed, body } = await timed(
    `${server.url}/api/admin/packages?${new URLSearchParams(search.query)}`,
    { headers: { cookie } },
    200,
  );
  const page = body as { packages: unknown[]; total: number };
  if (!Array.isArray(page.packages)) throw new Error(`board ${search.label}: ${JSON.stringify(body)}`);
  return elapsed;
}

async function measureBoard(server: BenchServer, cookie: string, searches: Search[]): Promise<BoardSample[]> {
  for (const search of searches) await board(server, cookie, search);
  const samples: BoardSample[] = [];
  // Round r starts at a different search, so no search is always first after another.
  for (let round = 0; round < BOARD_ROUNDS; round++)
    for (let k = 0; k < searches.length; k++) {
      const search = searches[(k + round * 5) % searches.length] as Search;
      samples.push({ search, ms: await board(server, cookie, search) });
    }
  return samples;
}

// ---------- 2. the live update ----------

interface LiveStream {
  request: http.ClientRequest;
  /** The arrival of each round's 'refresh' (NaN until it comes). */
  arrivals: number[];
}

/** One customer page's stream (raw HTTP, its own socket); resolves once its 'ready' came. */
function openStream(url: string, cookie: string, round: () => number): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const arrivals = Array.from({ length: LIVE_ROUNDS }, () => Number.NaN);
    const request = http.get(
      `${url}/api/packages/events`,
      { agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`events: ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          const at = now();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: ?(.*)$/m.exec(block)?.[1];
            if (event === 'ready') resolve({ request, arrivals });
            const r = round();
            if (event === 'refresh' && r >= 0 && Number.isNaN(arrivals[r])) arrivals[r] = at;
          }
        });
      },
    );
    request.on('error', reject);
    request.setTimeout(60_000, () => reject(new Error('no ready event in 60 s')));
  });
}

interface LiveResult {
  openSeconds: number;
  /** Arrival − the change's HTTP answer, per stream and round. */
  fromAnswer: number[];
  /** Arrival − the change's request being sent. */
  fromRequest: number[];
  /** The state change's own time (500 packages). */
  changeMs: number[];
  /** Per round: the last stream's 'refresh' − the first one's (the fan-out to all the pages). */
  spreadMs: number[];
  missing: number;
}

async function measureLive(server: BenchServer, admin: string, live: LivePackage[]): Promise<LiveResult> {
  const pid = server.process.pid ?? 0;
  const cookies: string[] = new Array(live.length);
  await pool(live.length, 4, async (i) => {
    cookies[i] = (await login(server.url, (live[i] as LivePackage).email)).cookie;
  });
  let round = -1;
  const streams: LiveStream[] = [];
  const result: LiveResult = {
    openSeconds: 0,
    fromAnswer: [],
    fromRequest: [],
    changeMs: [],
    spreadMs: [],
    missing: 0,
  };
  try {
    const opened = performance.now();
    await pool(live.length, 50, async (i) => {
      const stream = await openStream(server.url, cookies[i] as string, () => round);
      stream.request.setTimeout(0);
      streams.push(stream);
    });
    result.openSeconds = (performance.now() - opened) / 1000;
    const numbers = live.map((p) => p.number);
    for (let r = 0; r < LIVE_ROUNDS; r++) {
      await waitForIdle(pid);
      round = r;
      // A hold and its release, in turn: the one package of each of the 500 customers changes state.
      const form =
        r % 2 === 0
          ? { numbers, state: 'retenido', note: 'Revisión de documentos de aduana.' }
          : { numbers, state: 'recibido' };
      const sent = now();
      const { elapsed } = await timed(
        `${server.url}/api/admin/packages/state`,
        {
          method: 'POST',
          headers: { cookie: admin, 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify(form),
        },
        200,
      );
      const answered = now();
      result.changeMs.push(elapsed);
      const deadline = Date.now() + WAIT_MS;
      while (streams.some((s) => Number.isNaN(s.arrivals[r])) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      const arrived = streams.map((s) => s.arrivals[r] as number).filter((at) => !Number.isNaN(at));
      if (arrived.length) result.spreadMs.push(Math.max(...arrived) - Math.min(...arrived));
      for (const stream of streams) {
        const at = stream.arrivals[r] as number;
        if (Number.isNaN(at)) {
          result.missing++;
          continue;
        }
        result.fromAnswer.push(at - answered);
        result.fromRequest.push(at - sent);
      }
    }
    return result;
  } finally {
    for (const stream of streams) stream.request.destroy();
  }
}

// ---------- 3. the dispatch and 4. the import ----------

interface DispatchResult {
  id: number;
  createMs: number;
  transitMs: number;
  /** The next move (no mail for 'En aduana'), for comparison. */
  customsMs: number;
  /** Until the server was idle after the move to 'En tránsito': its mail worker delivering the 5,000 mails. */
  drainSeconds: number;
}

async function measureDispatch(
  server: BenchServer,
  admin: string,
  numbers: number[],
): Promise<DispatchResult> {
  const post = (path: string, body: unknown, expected: number) =>
    timed(
      `${server.url}${path}`,
      {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify(body),
      },
      expected,
    );
  const created = await post(
    '/api/admin/dispatches',
    { masterAwb: '729-10000011', airline: 'Avianca Cargo', flightDate: '2026-12-01', numbers },
    201,
  );
  const dispatch = (created.body as { dispatch: { id: number; totals: { packages: number } } }).dispatch;
  if (dispatch.totals.packages !== numbers.length)
    throw new Error(`dispatch has ${dispatch.totals.packages} packages, expected ${numbers.length}`);
  const pid = server.process.pid ?? 0;
  await waitForIdle(pid);
  const transit = await post(`/api/admin/dispatches/${dispatch.id}/state`, { state: 'en_transito' }, 200);
  const drainSeconds = (await waitForIdle(pid)) / 1000;
  const customs = await post(`/api/admin/dispatches/${dispatch.id}/state`, { state: 'en_aduana' }, 200);
  await waitForIdle(pid);
  return {
    id: dispatch.id,
    createMs: created.elapsed,
    transitMs: transit.elapsed,
    customsMs: customs.elapsed,
    drainSeconds,
  };
}

async function measureImport(server: BenchServer, admin: string, guides: string[]): Promise<number> {
  const csv = `guia,estado\n${guides.map((guide) => `${guide},en_transito`).join('\n')}\n`;
  await waitForIdle(server.process.pid ?? 0);
  const { elapsed, body } = await timed(
    `${server.url}/api/admin/packages/import`,
    {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'text/csv', origin: server.url },
      body: csv,
    },
    200,
  );
  const result = body as { applied: unknown[]; refused: unknown[] };
  if (result.applied.length !== guides.length || result.refused.length !== 0)
    throw new Error(`import: ${result.applied.length} applied, ${result.refused.length} refused`);
  return elapsed;
}

// ---------- after the run: counts and plans ----------

interface Counts {
  dispatchEvents: number;
  dispatchMails: number;
  importEvents: number;
  importMails: number;
  liveMails: number;
}

/** The events and queued mails each phase wrote, counted in SQL (mails by the package number in their subject). */
async function countWrites(storage: Storage, prepared: Prepared, dispatchId: number): Promise<Counts> {
  const database = await openStorage(storage);
  try {
    const count = async (query: string) =>
      Number(rowsOf<{ n: string }>(await database.db.execute(sql.raw(query)))[0]?.n ?? 0);
    const importFrom = prepared.first + LIVE_CUSTOMERS + DISPATCH_SIZE;
    const mailed = `(substring(subject from 'paquete (\\d+)'))::int`;
    const transit = `subject like '%«En tránsito»'`;
    return {
      dispatchEvents: await count(
        `select count(*) as n from package_events e join dispatch_packages d on d.package_number = e.package_number
         where d.dispatch_id = ${dispatchId} and e.state = 'en_transito'`,
      ),
      dispatchMails: await count(
        `select count(*) as n from outbox where ${transit}
         and ${mailed} in (select package_number from dispatch_packages where dispatch_id = ${dispatchId})`,
      ),
      importEvents: await count(
        `select count(*) as n from package_events where state = 'en_transito' and package_number >= ${importFrom}`,
      ),
      importMails: await count(
        `select count(*) as n from outbox where ${transit} and ${mailed} >= ${importFrom}`,
      ),
      liveMails: await count(
        `select count(*) as n from outbox where ${mailed} >= ${prepared.first}
         and ${mailed} < ${prepared.first + LIVE_CUSTOMERS}`,
      ),
    };
  } finally {
    await database.close();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the board's two queries (page and capped count) for one search. */
async function boardPlans(storage: Storage, search: Search): Promise<string[]> {
  const inspector = await openInspector(storage);
  try {
    const estado = search.query.estado ?? '';
    const filter = {
      q: search.query.q ?? '',
      state: isPackageState(estado) ? estado : null,
    };
    await Promise.all([
      boardPage(inspector.db, filter, Number(search.query.page ?? 1)),
      boardCount(inspector.db, filter),
    ]);
    const out: string[] = [];
    for (const query of inspector.take())
      out.push(
        `-- ${query.sql.includes('count(') ? 'count' : 'page'}: ${query.sql}`,
        `-- params: ${JSON.stringify(query.params)}`,
        ...(await inspector.explain(query)),
        '',
      );
    return out.slice(0, -1);
  } finally {
    await inspector.close();
  }
}

// ---------- the run ----------

interface DriverResult {
  seeded: Seeded;
  board: BoardSample[];
  live: LiveResult;
  dispatch: DispatchResult;
  importMs: number;
  counts: Counts;
  plans: { search: Search; plan: string[] }[];
}

const p95Of = (samples: BoardSample[]) =>
  percentile(
    samples.map((s) => s.ms),
    95,
  );

async function runDriver(driver: Driver): Promise<DriverResult> {
  const storage = await freshStorage(driver);
  try {
    const seeded = await seed(storage);
    const prepared = await prepare(storage);
    const server = await startServer(storage);
    let boardSamples: BoardSample[];
    let live: LiveResult;
    let dispatch: DispatchResult;
    let importMs: number;
    try {
      const admin = await registerAdmin(server);
      boardSamples = await measureBoard(server, admin, prepared.searches);
      live = await measureLive(server, admin, prepared.live);
      dispatch = await measureDispatch(server, admin, prepared.dispatch);
      importMs = await measureImport(server, admin, prepared.importGuides);
    } finally {
      await server.stop();
    }
    const counts = await countWrites(storage, prepared, dispatch.id);
    // The slowest two searches, explained on the data as the run left it.
    const slowest = [...prepared.searches]
      .sort(
        (a, b) =>
          p95Of(boardSamples.filter((s) => s.search === b)) -
          p95Of(boardSamples.filter((s) => s.search === a)),
      )
      .slice(0, 2);
    const plans: DriverResult['plans'] = [];
    for (const search of slowest) plans.push({ search, plan: await boardPlans(storage, search) });
    return { seeded, board: boardSamples, live, dispatch, importMs, counts, plans };
  } finally {
    await storage.remove();
  }
}

function budgetRow(driver: Driver, measure: string, value: number, budget: number): Row {
  return driver === 'postgres'
    ? {
        measure: `${driver}: ${measure}`,
        value: ms(value),
        budget: `< ${budget} ms`,
        verdict: verdict(value < budget),
      }
    : {
        measure: `${driver}: ${measure}`,
        value: ms(value),
        budget: `report only (PostgreSQL < ${budget} ms)`,
        verdict: '—',
      };
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

export async function run(): Promise<BenchResult> {
  const limit = openFileLimit();
  if (limit < LIVE_CUSTOMERS + 200)
    throw new Error(`ulimit -n is ${limit}: raise it above ${LIVE_CUSTOMERS + 200} and run again`);
  const { drivers, note } = await availableDrivers();
  const rows: Row[] = [];
  const seeds: string[][] = [];
  const boardTable: string[][] = [];
  const liveTable: string[][] = [];
  const writesTable: string[][] = [];
  const plans: string[] = [];
  for (const driver of drivers) {
    const result = await runDriver(driver);
    const budgeted = result.board.filter((s) => s.search.budgeted);
    const boardP95 = p95Of(budgeted);
    const liveP95 = percentile(result.live.fromAnswer, 95);
    const countsOk =
      result.counts.dispatchEvents === DISPATCH_SIZE &&
      result.counts.dispatchMails === DISPATCH_SIZE &&
      result.counts.importEvents === IMPORT_ROWS &&
      result.counts.importMails === IMPORT_ROWS;
    rows.push(
      budgetRow(
        driver,
        `GET /api/admin/packages p95 (${budgeted.length} requests)`,
        boardP95,
        BUDGET_MS.board,
      ),
      budgetRow(
        driver,
        `dispatch of ${DISPATCH_SIZE.toLocaleString('en')} → 'En tránsito'`,
        result.dispatch.transitMs,
        BUDGET_MS.dispatch,
      ),
      budgetRow(
        driver,
        `import of ${IMPORT_ROWS.toLocaleString('en')} CSV rows`,
        result.importMs,
        BUDGET_MS.import,
      ),
      {
        ...budgetRow(driver, `change → 'refresh' at ${LIVE_CUSTOMERS} pages, p95`, liveP95, BUDGET_MS.live),
        ...(result.live.missing
          ? { value: `${ms(liveP95)}, ${result.live.missing} missing`, verdict: 'FAIL' as const }
          : {}),
      },
      {
        measure: `${driver}: events and mails written (dispatch, import)`,
        value: `${result.counts.dispatchEvents} + ${result.counts.dispatchMails}, ${result.counts.importEvents} + ${result.counts.importMails}`,
        budget: `${DISPATCH_SIZE} + ${DISPATCH_SIZE}, ${IMPORT_ROWS} + ${IMPORT_ROWS}`,
        verdict: verdict(countsOk),
      },
    );
    const times = seedTimes(result.seeded);
    seeds.push([driver, times.total, times.parts]);
    const searches = [...new Set(result.board.map((s) => s.search))];
    for (const search of searches) {
      const values = result.board.filter((s) => s.search === search).map((s) => s.ms);
      boardTable.push([
        driver,
        search.label,
        `\`${new URLSearchParams(search.query).toString() || '(none)'}\``,
        ms(median(values)),
        ms(percentile(values, 95)),
        ms(Math.max(...values)),
      ]);
    }
    boardTable.push([
      driver,
      '**budgeted searches**',
      '',
      ms(median(budgeted.map((s) => s.ms))),
      `**${ms(boardP95)}**`,
      '',
    ]);
    const live = result.live;
    liveTable.push([
      driver,
      `${live.openSeconds.toFixed(1)} s`,
      ms(median(live.changeMs)),
      ms(median(live.fromAnswer)),
      ms(liveP95),
      ms(Math.max(...live.fromAnswer)),
      ms(percentile(live.fromRequest, 95)),
      `${ms(median(live.spreadMs))} / ${ms(Math.max(...live.spreadMs))}`,
      String(live.missing),
    ]);
    const d = result.dispatch;
    writesTable.push([
      driver,
      seconds(d.createMs),
      seconds(d.transitMs),
      seconds(d.customsMs),
      `${d.drainSeconds.toFixed(0)} s`,
      seconds(result.importMs),
      `${result.counts.dispatchEvents} / ${result.counts.dispatchMails}`,
      `${result.counts.importEvents} / ${result.counts.importMails}`,
      String(result.counts.liveMails),
    ]);
    for (const { search, plan } of result.plans)
      plans.push(
        '',
        `### ${driver}: board queries for "${search.label}", EXPLAIN (ANALYZE, BUFFERS) after the run`,
        '',
        '```',
        ...plan,
        '```',
      );
  }
  const details = [
    "The packages benchmark's seed (100,000 customers, 1,000,000 packages, ≈2.5M events; see its section), plus",
    `${EXTRA.toLocaleString('en')} packages 'Recibido en Miami' inserted in SQL before the server starts (pre-alerted three days ago,`,
    `received today, each with its two events; the newest of all): one for each of ${LIVE_CUSTOMERS} customers (every`,
    `${CUSTOMERS / LIVE_CUSTOMERS}th, each given a credential), ${DISPATCH_SIZE.toLocaleString('en')} for the dispatch and ${IMPORT_ROWS.toLocaleString('en')} for the import. The admin is`,
    'registered through the API (ADMIN_EMAILS). Each phase starts once the server is idle again (under 5% of a core',
    "for 1 s: its mail worker has delivered the previous phase's mails, to the log as SMTP_URL is empty).",
    '',
    markdownTable(['driver', 'seed', 'users + packages + vacuum'], seeds),
    '',
    `**Board.** GET /api/admin/packages, one request at a time, each search once to warm up then ${BOARD_ROUNDS} rounds over`,
    "all of them (each round starting elsewhere). The budget's p95 is over the searches the issue names; the two-letter",
    'term (what the debounced box sends while someone types) is reported beside them.',
    '',
    markdownTable(['driver', 'search', 'query', 'median', 'p95', 'max'], boardTable),
    '',
    `**Live update.** ${LIVE_CUSTOMERS} customers signed in, each with one page open on GET /api/packages/events (raw HTTP, one`,
    `socket each, waited for until 'ready'). Then ${LIVE_ROUNDS} rounds: POST /api/admin/packages/state moves the one new`,
    'package of each of them (a hold with its reason, then its release, in turn: each move mails the customer); the',
    "time is from the change's HTTP answer (after its commit, which sends the NOTIFY) to each stream's 'refresh',",
    'measured here on one clock: negative when the page had its refresh before the admin had the answer. "From the',
    'request" adds the change itself; "first → last page" is how long the fan-out to all the pages took. The pages',
    'do not read their packages again after the refresh, as the real page would.',
    '',
    markdownTable(
      [
        'driver',
        'open all',
        'change of 500 (median)',
        'median',
        'p95',
        'max',
        'p95 from the request',
        'first → last page (median / max of rounds)',
        'missing',
      ],
      liveTable,
    ),
    '',
    `**Dispatch and import.** POST /api/admin/dispatches with the ${DISPATCH_SIZE.toLocaleString('en')} numbers (one request, 40 KB), then`,
    "POST /api/admin/dispatches/:id/state to 'en_transito' (timed: the budget), then to 'en_aduana' (no mails, for",
    `comparison). The import is POST /api/admin/packages/import with a ${IMPORT_ROWS.toLocaleString('en')}-row \`guia,estado\` CSV (text/csv)`,
    "moving the other packages to 'en_transito'. Events and mails are counted in SQL after the server stops: events",
    "in 'En tránsito' of the dispatch's and of the imported packages, and outbox rows whose subject names them.",
    '',
    markdownTable(
      [
        'driver',
        'create dispatch',
        "→ 'En tránsito'",
        "→ 'En aduana'",
        'mail worker done after',
        'import',
        'dispatch events / mails',
        'import events / mails',
        'live rounds mails',
      ],
      writesTable,
    ),
    ...plans,
  ];
  if (note) details.push('', note);
  return { rows, details: details.join('\n') };
}
