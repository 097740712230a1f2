// The machine the figures come from: its stamp, its limits, and the CPU time of processes read from /proc (Linux).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

export function cores(): number {
  return os.availableParallelism();
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = (os.totalmem() / 2 ** 30).toFixed(1);
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return `${cpu}, ${cores()} cores, ${memory} GiB, Node ${process.version}, ${os.platform()} ${os.release()}, ${date} UTC`;
}

/** The soft limit on open files of processes started from here (the server inherits it). */
export function openFileLimit(): number {
  const result = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const value = result.stdout.trim();
  return value === 'unlimited' ? Number.POSITIVE_INFINITY : Number(value);
}

/**
 * The open-file limit, once it is known to leave room for `sockets` sockets (this process and the server each hold
 * one per stream, and both inherit the limit); throws before any work when it does not.
 */
export function openFileLimitFor(sockets: number): number {
  const limit = openFileLimit();
  if (limit < sockets + 200)
    throw new Error(`ulimit -n is ${limit}: raise it above ${sockets + 200} (ulimit -n 4096) and run again`);
  return limit;
}

/** CPU time used so far, in ms, from /proc (Linux): a process's threads together and its main thread alone. */
export function processCpuMs(pid: number): { total: number; main: number } {
  const read = (file: string) => {
    const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, the 14th and 15th fields of stat(5), counted after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  };
  return { total: read(`/proc/${pid}/stat`), main: read(`/proc/${pid}/task/${pid}/stat`) };
}

/** CPU ms so far of every process named `name` that this session can see (e.g. the PostgreSQL backends), by pid. */
export function cpuByPid(name: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name)
        found.set(Number(entry), processCpuMs(Number(entry)).total);
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

/** The CPU ms that processes named `name` used between two cpuByPid readings (processes gone meanwhile are lost). */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, value] of after) total += value - (before.get(pid) ?? 0);
  return total;
}

function machineTicks(): { busy: number; all: number } {
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0] = (
    readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  )
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq;
  return { busy, all: busy + idle + iowait };
}

/**
 * The share of all cores busy over `ms` while no benchmark runs: work of others on this machine (the kernel's
 * /proc/stat counts processes this session cannot see). Figures taken under such load are lower.
 */
export async function backgroundLoad(ms = 3000): Promise<number> {
  const before = machineTicks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineTicks();
  return (after.busy - before.busy) / Math.max(1, after.all - before.all);
}

/**
 * Waits until the process `pid` is idle: a `windowMs` window in which it used under 5% of one core (e.g. the server
 * once its mail worker has delivered the outbox). Resolves to the milliseconds waited; gives up after `timeoutMs`.
 */
export async function waitForIdle(pid: number, windowMs = 1000, timeoutMs = 600_000): Promise<number> {
  const started = performance.now();
  let before = processCpuMs(pid).total;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = processCpuMs(pid).total;
    if (after - before < windowMs * 0.05 || performance.now() - started > timeoutMs)
      return performance.now() - started - windowMs;
    before = after;
  }
}

let ticks = 0;
function clockTicks(): number {
  ticks ||= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  return ticks;
}
