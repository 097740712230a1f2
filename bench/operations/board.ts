// The operations benchmark's 'Paquetes' board: GET /api/admin/packages over the searches, in rounds, and the plans
// of its two queries explained after the run.
import { boardCount, boardPage } from '../../src/server/packages/board.ts';
import { isPackageState } from '../../src/shared/packages/states.ts';
import { timedGet } from '../support/api.ts';
import { withInspector } from '../support/inspector.ts';
import type { BenchServer } from '../support/server.ts';
import { percentile } from '../support/stats.ts';
import type { Storage } from '../support/storage.ts';
import type { Search } from './prepare.ts';

export const BOARD_ROUNDS = 10;

export interface BoardSample {
  search: Search;
  ms: number;
}

async function board(server: BenchServer, cookie: string, search: Search): Promise<number> {
  const { elapsed, body } = await timedGet(
    server,
    cookie,
    `/api/admin/packages?${new URLSearchParams(search.query)}`,
  );
  const page = body as { packages: unknown[]; total: number };
  if (!Array.isArray(page.packages)) throw new Error(`board ${search.label}: ${JSON.stringify(body)}`);
  return elapsed;
}

export async function measureBoard(
  server: BenchServer,
  cookie: string,
  searches: Search[],
): Promise<BoardSample[]> {
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

/** EXPLAIN (ANALYZE, BUFFERS) of the board's two queries (page and capped count) for one search. */
export async function boardPlans(storage: Storage, search: Search): Promise<string[]> {
  return withInspector(storage, async (inspector) => {
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
  });
}

export const p95Of = (samples: BoardSample[]) =>
  percentile(
    samples.map((s) => s.ms),
    95,
  );
