// The CPU a phase of requests costs: the server process (PGlite and sharp inside it) and the PostgreSQL backends
// connected to the benchmark's database.
import pg from 'pg';
import { cpuByPid, cpuSince, processCpuMs } from './machine.ts';
import { markdownTable } from './report.ts';
import { using } from './resource.ts';
import type { BenchServer } from './server.ts';
import type { Storage } from './storage.ts';

interface CpuReading {
  server: number;
  postgres: Map<number, number>;
}

/** CPU ms per request of a phase; `postgres` is null on PGlite, which runs inside the server. */
export interface CpuCost {
  server: number;
  postgres: number | null;
}

/** Reads the CPU used so far by the server process and by the PostgreSQL backends connected to our database. */
export async function openCpuMeter(server: BenchServer, storage: Storage) {
  const pid = server.process.pid ?? 0;
  const client = storage.driver === 'postgres' ? new pg.Client({ connectionString: storage.location }) : null;
  await client?.connect();
  const read = async (): Promise<CpuReading> => {
    const serverMs = processCpuMs(pid).total;
    if (!client) return { server: serverMs, postgres: new Map() };
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const ours = new Set(rows.map((row) => row.pid));
    return { server: serverMs, postgres: new Map([...cpuByPid('postgres')].filter(([p]) => ours.has(p))) };
  };
  return {
    /** Runs `body` (`count` requests) and returns its value with the CPU each request cost. */
    async cost<T>(count: number, body: () => Promise<T>): Promise<{ value: T; cpu: CpuCost }> {
      const before = await read();
      const value = await body();
      const after = await read();
      return {
        value,
        cpu: {
          server: (after.server - before.server) / count,
          postgres: client ? cpuSince(before.postgres, after.postgres) / count : null,
        },
      };
    },
    async close() {
      await client?.end();
    },
  };
}

export type CpuMeter = Awaited<ReturnType<typeof openCpuMeter>>;

/** Opens a meter, runs `body` with it, and always closes it. */
export function withCpuMeter<T>(
  server: BenchServer,
  storage: Storage,
  body: (meter: CpuMeter) => Promise<T>,
): Promise<T> {
  return using(openCpuMeter(server, storage), (meter) => meter.close(), body);
}

/** The table of a phase's requests: latencies at the client, and the CPU each cost (per `unit`). */
export function latencyAndCpuTable(unit: string, rows: string[][]): string {
  return markdownTable(
    ['driver', 'request', 'median', 'p95', `server CPU per ${unit}`, `PostgreSQL CPU per ${unit}`],
    rows,
  );
}
