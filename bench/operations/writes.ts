// The operations benchmark's bulk writes: a dispatch of 5,000 packages moved to 'En tránsito', a 10,000-row
// 'Importar estados' CSV, and the events and mails they wrote, counted in SQL after the server stops.
import { sql } from 'drizzle-orm';
import { timedPost } from '../support/api.ts';
import { waitForIdle } from '../support/machine.ts';
import type { BenchServer } from '../support/server.ts';
import { rowsOf, type Storage, withDatabase } from '../support/storage.ts';
import { DISPATCH_SIZE, LIVE_CUSTOMERS, type Prepared } from './prepare.ts';

export interface DispatchResult {
  id: number;
  createMs: number;
  transitMs: number;
  /** The next move (no mail for 'En aduana'), for comparison. */
  customsMs: number;
  /** Until the server was idle after the move to 'En tránsito': its mail worker delivering the 5,000 mails. */
  drainSeconds: number;
}

export async function measureDispatch(
  server: BenchServer,
  admin: string,
  numbers: number[],
): Promise<DispatchResult> {
  const post = (path: string, body: unknown, expected: number) =>
    timedPost(server, admin, path, body, expected);
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

export async function measureImport(server: BenchServer, admin: string, guides: string[]): Promise<number> {
  const csv = `guia,estado\n${guides.map((guide) => `${guide},en_transito`).join('\n')}\n`;
  await waitForIdle(server.process.pid ?? 0);
  const { elapsed, body } = await timedPost(
    server,
    admin,
    '/api/admin/packages/import',
    csv,
    200,
    'text/csv',
  );
  const result = body as { applied: unknown[]; refused: unknown[] };
  if (result.applied.length !== guides.length || result.refused.length !== 0)
    throw new Error(`import: ${result.applied.length} applied, ${result.refused.length} refused`);
  return elapsed;
}

// ---------- after the run: counts and plans ----------

export interface Counts {
  dispatchEvents: number;
  dispatchMails: number;
  importEvents: number;
  importMails: number;
  liveMails: number;
}

/** The events and queued mails each phase wrote, counted in SQL (mails by the package number in their subject). */
export async function countWrites(storage: Storage, prepared: Prepared, dispatchId: number): Promise<Counts> {
  return withDatabase(storage, async ({ db }) => {
    const count = async (query: string) =>
      Number(rowsOf<{ n: string }>(await db.execute(sql.raw(query)))[0]?.n ?? 0);
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
  });
}
