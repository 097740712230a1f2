// Operations (issue 14), on the packages benchmark's seed (1,000,000 packages over 100,000 customers) plus 15,500
// packages 'Recibido en Miami' added in SQL before the server starts, signed in as the ADMIN_EMAILS admin:
// 1. the 'Paquetes' board, GET /api/admin/packages with varied searches, state filters and none;
// 2. the live update: 500 customers' pages open on GET /api/packages/events, then state changes of one package of
//    each, timed from the change's HTTP answer to each stream's 'refresh';
// 3. a dispatch of 5,000 packages created, then moved to 'En tránsito' (5,000 events and 5,000 mails);
// 4. 'Importar estados': a 10,000-row CSV moving 10,000 other packages to 'En tránsito'.
// Each phase starts when the server is idle again (its mail worker done with the previous phase's mails). The
// events and mails written are counted in SQL after the server stops.
import { BOARD_ROUNDS, type BoardSample, boardPlans, measureBoard, p95Of } from './operations/board.ts';
import { LIVE_ROUNDS, type LiveResult, measureLive } from './operations/live.ts';
import {
  DISPATCH_SIZE,
  EXTRA,
  IMPORT_ROWS,
  LIVE_CUSTOMERS,
  prepare,
  type Search,
} from './operations/prepare.ts';
import {
  type Counts,
  countWrites,
  type DispatchResult,
  measureDispatch,
  measureImport,
} from './operations/writes.ts';
import { registerAdmin } from './support/api.ts';
import { openFileLimitFor } from './support/machine.ts';
import { CUSTOMERS, type Seeded, seedPackages, seedTable } from './support/packages-seed.ts';
import {
  type BenchResult,
  benchResult,
  codeSection,
  markdownTable,
  ms,
  type Row,
  seconds,
  verdict,
} from './support/report.ts';
import { whileServing } from './support/server.ts';
import { median, percentile } from './support/stats.ts';
import { type Driver, onEachDriver, onFreshStorage } from './support/storage.ts';

/** PostgreSQL's budgets (PGlite is reported against them, without a verdict). */
const BUDGET_MS = { board: 50, dispatch: 3000, import: 5000, live: 250 };

interface DriverResult {
  seeded: Seeded;
  board: BoardSample[];
  live: LiveResult;
  dispatch: DispatchResult;
  importMs: number;
  counts: Counts;
  plans: { search: Search; plan: string[] }[];
}

async function runDriver(driver: Driver): Promise<DriverResult> {
  return onFreshStorage(driver, async (storage) => {
    const seeded = await seedPackages(storage);
    const prepared = await prepare(storage);
    const { boardSamples, live, dispatch, importMs } = await whileServing(storage, async (server) => {
      const admin = await registerAdmin(server);
      const boardSamples = await measureBoard(server, admin, prepared.searches);
      const live = await measureLive(server, admin, prepared.live);
      const dispatch = await measureDispatch(server, admin, prepared.dispatch);
      const importMs = await measureImport(server, admin, prepared.importGuides);
      return { boardSamples, live, dispatch, importMs };
    });
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
  });
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

export async function run(): Promise<BenchResult> {
  openFileLimitFor(LIVE_CUSTOMERS);
  const { runs, note } = await onEachDriver(runDriver);
  const rows: Row[] = [];
  const seeds: { driver: Driver; seeded: Seeded }[] = [];
  const boardTable: string[][] = [];
  const liveTable: string[][] = [];
  const writesTable: string[][] = [];
  const plans: string[] = [];
  for (const { driver, result } of runs) {
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
    seeds.push({ driver, seeded: result.seeded });
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
        ...codeSection(
          `${driver}: board queries for "${search.label}", EXPLAIN (ANALYZE, BUFFERS) after the run`,
          plan,
        ),
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
    seedTable(seeds),
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
  return benchResult(rows, details, note);
}
