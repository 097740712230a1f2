// Warehouse ('Recepción en bodega', issue 13), on the packages benchmark's seed (1,000,000 packages over 100,000
// customers): a bodega user (a seeded customer given that role before the server starts) looks up guides that were
// pre-alerted, guides already received and guides nobody knows, then registers receipts: a 1.5 MB JPEG (3000 × 2000,
// made here with sharp) to POST /api/warehouse/photos, then POST /api/warehouse/receipts for a pre-alert its
// customer just made, with the CPU each receipt costs the server (sharp included) and PostgreSQL.
import { packageByGuide } from '../src/server/warehouse/receiving.ts';
import { latencyAndCpuTable } from './support/cpu-meter.ts';
import { shortSql, withInspector } from './support/inspector.ts';
import { type Seeded, seedPackages, seedTable } from './support/packages-seed.ts';
import {
  type BenchResult,
  benchResult,
  codeSection,
  kb,
  markdownTable,
  ms,
  msOrNone,
  type Row,
  verdict,
} from './support/report.ts';
import { whileServing } from './support/server.ts';
import { mean, median, percentile } from './support/stats.ts';
import { type Driver, onEachDriver, onFreshStorage, type Storage } from './support/storage.ts';
import { makePhoto, PHOTO } from './warehouse/photo.ts';
import {
  KIND_LABELS,
  KINDS,
  type Kind,
  LOOKUPS_EACH,
  type Prepared,
  prepare,
  WARM_UP_LOOKUPS,
} from './warehouse/prepare.ts';
import { measure, RECEIPTS, WARM_UP_RECEIPTS } from './warehouse/requests.ts';

const BUDGET_MS: Record<Driver, number> = { postgres: 20, pglite: 60 };

/** EXPLAIN (ANALYZE, BUFFERS) of the lookup's package query, for a pre-alerted guide and an unknown one. */
async function lookupPlans(storage: Storage, prepared: Prepared): Promise<string[]> {
  return withInspector(storage, async (inspector) => {
    const out: string[] = [];
    for (const kind of ['prealertado', 'desconocido'] as Kind[]) {
      await packageByGuide(inspector.db, prepared.guides[kind][0] as string);
      for (const query of inspector.take())
        out.push(
          `-- ${KIND_LABELS[kind]} guide: ${shortSql(query.sql)}`,
          ...(await inspector.explain(query)),
          '',
        );
    }
    return out.slice(0, -1);
  });
}

async function runDriver(driver: Driver, photo: Uint8Array<ArrayBuffer>) {
  return onFreshStorage(driver, async (storage) => {
    const seeded = await seedPackages(storage);
    const prepared = await prepare(storage, seeded);
    const samples = await whileServing(storage, (server) => measure(server, storage, prepared, photo));
    return { seeded, samples, plans: await lookupPlans(storage, prepared) };
  });
}

export async function run(): Promise<BenchResult> {
  const photo = await makePhoto();
  const { runs, note } = await onEachDriver((driver) => runDriver(driver, new Uint8Array(photo.bytes)));
  const rows: Row[] = [];
  const seeds: { driver: Driver; seeded: Seeded }[] = [];
  const lookupTable: string[][] = [];
  const receiptTable: string[][] = [];
  const plans: string[] = [];
  for (const { driver, result } of runs) {
    const { seeded, samples, plans: plan } = result;
    const all = samples.lookups.map((l) => l.ms);
    const p95 = percentile(all, 95);
    const budget = BUDGET_MS[driver];
    const totals = samples.receipts.map((r) => r.photo + r.receipt);
    const serverCpu = samples.receiptCpu.server;
    rows.push(
      {
        measure: `${driver}: GET /api/warehouse/lookup p95 (${all.length} guides)`,
        value: ms(p95),
        budget: `< ${budget} ms`,
        verdict: verdict(p95 < budget),
      },
      {
        measure: `${driver}: 'Registrar recepción' p95 (photo + receipt)`,
        value: ms(percentile(totals, 95)),
        budget: 'none set (report only)',
        verdict: '—',
      },
      {
        measure: `${driver}: server CPU per receipt`,
        value: ms(serverCpu),
        budget: 'none set (report only)',
        verdict: '—',
      },
    );
    seeds.push({ driver, seeded });
    for (const kind of KINDS) {
      const values = samples.lookups.filter((l) => l.kind === kind).map((l) => l.ms);
      lookupTable.push([
        driver,
        KIND_LABELS[kind],
        String(values.length),
        ms(median(values)),
        ms(percentile(values, 95)),
      ]);
    }
    lookupTable.push([driver, '**all**', String(all.length), ms(median(all)), `**${ms(p95)}**`]);
    const part = (label: string, values: number[], serverMs: string, postgresMs: string) =>
      receiptTable.push([
        driver,
        label,
        ms(median(values)),
        ms(percentile(values, 95)),
        serverMs,
        postgresMs,
      ]);
    part(
      'POST /api/warehouse/photos',
      samples.receipts.map((r) => r.photo),
      ms(mean(samples.receipts.map((r) => r.photoCpu))),
      '—',
    );
    part(
      'POST /api/warehouse/receipts',
      samples.receipts.map((r) => r.receipt),
      ms(mean(samples.receipts.map((r) => r.receiptCpu))),
      '—',
    );
    part("'Registrar recepción' (both)", totals, ms(serverCpu), msOrNone(samples.receiptCpu.postgres));
    plans.push(
      ...codeSection(`${driver}: the lookup's query, EXPLAIN (ANALYZE, BUFFERS) after the run`, plan),
    );
  }
  const details = [
    "The packages benchmark's seed (100,000 customers, 1,000,000 packages, ≈2.5M events; see its section), then one",
    'of its signed-in customers made bodega in SQL before the server starts. Lookups, one at a time, timed at the',
    `client: ${LOOKUPS_EACH} guides of pre-alerted packages, ${LOOKUPS_EACH} of packages already received (any later state),`,
    `${LOOKUPS_EACH} that no package has (UPS, USPS, FedEx and DHL shapes), shuffled together, after ${WARM_UP_LOOKUPS} others.`,
    '',
    `Receipts: ${RECEIPTS} customers' pre-alerts made through POST /api/packages first (not timed); then for each, one at`,
    `a time after ${WARM_UP_RECEIPTS} warm-up receipts, POST /api/warehouse/photos with one ${kb(photo.bytes.length)} JPEG of`,
    `${PHOTO.width} × ${PHOTO.height} px (made with sharp: a smooth random scene with gaussian grain, JPEG quality ${photo.quality})`,
    'then POST /api/warehouse/receipts naming it, with the locker of the pre-alerting customer (so the package is',
    "identified, charged and its mail queued). The browser's shrink-photo.ts sends at most 1600 px (≈300 KB), so this",
    'is the heavier case of a photo the browser could not shrink. Server CPU: the server process (all its threads,',
    "sharp's included), from /proc around the measured receipts (as process.cpuUsage() inside it would), ÷ receipts;",
    "PostgreSQL: this database's backends.",
    '',
    seedTable(seeds),
    '',
    markdownTable(['driver', 'guides', 'lookups', 'median', 'p95'], lookupTable),
    '',
    latencyAndCpuTable('receipt', receiptTable),
    ...plans,
  ];
  return benchResult(rows, details, note);
}
