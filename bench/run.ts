// `npm run bench [-- NAME …]`: runs the benchmarks (all by default), prints a table for each and rewrites its
// section of docs/PERFORMANCE.md. Exits 0 whatever the verdicts; 1 only when a benchmark crashed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import * as adminSearch from './admin-search.ts';
import * as charges from './charges.ts';
import * as courierSync from './courier-sync.ts';
import * as fanOut from './fan-out.ts';
import * as files from './files.ts';
import * as lighthouse from './lighthouse.ts';
import * as notices from './notices.ts';
import * as operations from './operations.ts';
import * as packages from './packages.ts';
import * as pageWeight from './page-weight.ts';
import * as payments from './payments.ts';
import * as pqr from './pqr.ts';
import * as registration from './registration.ts';
import * as signIn from './sign-in.ts';
import { backgroundLoad } from './support/machine.ts';
import { type BenchResult, DOC, printTable, writeSection } from './support/report.ts';
import { ROOT } from './support/root.ts';
import * as warehouse from './warehouse.ts';

const BENCHMARKS: Record<string, { title: string; run: () => Promise<BenchResult> }> = {
  registration: { title: 'Registration', run: registration.run },
  'sign-in': { title: 'Sign-in', run: signIn.run },
  'admin-search': { title: 'Admin search', run: adminSearch.run },
  'board-index': {
    title: "The board's name within a state (INCLUDE (user_id))",
    run: async () => (await import('./board-index.ts')).run(),
  },
  packages: { title: 'Packages', run: packages.run },
  warehouse: { title: 'Warehouse', run: warehouse.run },
  operations: { title: 'Operations', run: operations.run },
  charges: { title: 'Charges', run: charges.run },
  'courier-sync': { title: 'Last mile', run: courierSync.run },
  money: { title: 'Money at the door', run: async () => (await import('./money.ts')).run() },
  'fan-out': { title: 'Live fan-out', run: fanOut.run },
  pqr: { title: 'PQR', run: pqr.run },
  files: { title: 'Files in a bucket', run: files.run },
  'files-receipts': {
    title: 'Receipts with photos in a bucket',
    run: async () => (await import('./files-receipts.ts')).run(),
  },
  notices: { title: 'WhatsApp notices', run: notices.run },
  einvoice: { title: 'Electronic invoices', run: async () => (await import('./einvoice.ts')).run() },
  payments: { title: 'Online payments (Wompi events)', run: payments.run },
  requests: { title: 'Requests in Miami', run: async () => (await import('./requests.ts')).run() },
  observability: {
    title: 'Observability',
    run: async () => (await import('./observability.ts')).run(),
  },
  'page-weight': { title: 'Page weight', run: pageWeight.run },
  'courier-route': { title: 'Courier screen', run: async () => (await import('./courier-route.ts')).run() },
  lighthouse: { title: 'Lighthouse', run: lighthouse.run },
  'experience-packages': {
    title: 'Experience: Lighthouse on the daily phone screens',
    run: async () => (await import('./lighthouse-packages.ts')).run(),
  },
  day: { title: 'A day of traffic', run: async () => (await import('./day.ts')).run() },
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in BENCHMARKS));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}

let crashed = false;
for (const name of asked.length ? asked : Object.keys(BENCHMARKS)) {
  const benchmark = BENCHMARKS[name];
  if (!benchmark) continue;
  const load = await backgroundLoad();
  console.log(`\n>> ${name} (other work on this machine: ${(load * 100).toFixed(0)}% of the cores busy)…`);
  const started = Date.now();
  try {
    const result = await benchmark.run();
    printTable(`${benchmark.title} (${((Date.now() - started) / 1000).toFixed(0)} s)`, result.rows);
    writeSection(name, benchmark.title, result, load);
  } catch (error) {
    crashed = true;
    console.error(`${name} crashed:`, error);
  }
}
// The same layout `npm run lint` expects (Biome formats Markdown tables too).
spawnSync(join(ROOT, 'node_modules/.bin/biome'), ['format', '--write', DOC], { cwd: ROOT, stdio: 'ignore' });
console.log(`\nWritten to ${DOC}`);
process.exit(crashed ? 1 : 0);
