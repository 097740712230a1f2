// Warehouse ('Recepción en bodega', issue 13), on the packages benchmark's seed (1,000,000 packages over 100,000
// customers): a bodega user (a seeded customer given that role before the server starts) looks up guides that were
// pre-alerted, guides already received and guides nobody knows, then registers receipts: a 1.5 MB JPEG (3000 × 2000,
// made here with sharp) to POST /api/warehouse/photos, then POST /api/warehouse/receipts for a pre-alert its
// customer just made, with the CPU each receipt costs the server (sharp included) and PostgreSQL.
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import * as schema from '../src/server/db/schema.ts';
import { packageByGuide } from '../src/server/warehouse/receiving.ts';
import {
  type CpuMeter,
  type Customer,
  openCpuMeter,
  openInspector,
  openStorage,
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
  kb,
  login,
  markdownTable,
  median,
  ms,
  percentile,
  processCpuMs,
  type Row,
  type Storage,
  startServer,
  verdict,
} from './shared.ts';

/** Guides looked up of each kind (pre-alerted, received, unknown), after WARM_UP_LOOKUPS others. */
const LOOKUPS_EACH = 200;
const WARM_UP_LOOKUPS = 30;
const RECEIPTS = 60;
const WARM_UP_RECEIPTS = 5;
const BUDGET_MS: Record<Driver, number> = { postgres: 20, pglite: 60 };
const PHOTO = { width: 3000, height: 2000, targetBytes: 1.5 * 1024 * 1024 };

type Kind = 'prealertado' | 'recibido' | 'desconocido';
const KINDS: Kind[] = ['prealertado', 'recibido', 'desconocido'];
const KIND_LABELS: Record<Kind, string> = {
  prealertado: 'pre-alerted',
  recibido: 'already received',
  desconocido: 'unknown',
};

// ---------- the photo ----------

interface Photo {
  bytes: Buffer;
  quality: number;
}

/**
 * A 3000 × 2000 JPEG of about 1.5 MB, as a phone's photo after the browser shrank it: a smooth random scene (a
 * 60 × 40 noise image scaled up) with sensor-like gaussian noise on every pixel, at the JPEG quality whose size is
 * nearest 1.5 MB.
 */
async function makePhoto(): Promise<Photo> {
  const { width, height } = PHOTO;
  const small = await sharp({
    create: {
      width: 60,
      height: 40,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const scene = await sharp(small).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 10 },
    },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(scene.length);
  for (let i = 0; i < scene.length; i++)
    pixels[i] = Math.min(255, Math.max(0, (scene[i] ?? 0) + (grain[i] ?? 128) - 128));
  const encode = (quality: number) =>
    sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
  let best: Photo | null = null;
  let [low, high] = [40, 98];
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const bytes = await encode(quality);
    if (!best || Math.abs(bytes.length - PHOTO.targetBytes) < Math.abs(best.bytes.length - PHOTO.targetBytes))
      best = { bytes, quality };
    if (bytes.length < PHOTO.targetBytes) low = quality + 1;
    else high = quality - 1;
  }
  if (!best) throw new Error('no photo');
  return best;
}

// ---------- what the run needs from the seed ----------

interface Prepared {
  bodega: Customer;
  /** The other signed-in customers, with their locker numbers. */
  customers: (Customer & { lockerNumber: string })[];
  guides: Record<Kind, string[]>;
}

/**
 * Before the server starts: one seeded customer becomes the warehouse's bodega user; guides of pre-alerted and of
 * received packages, spread over the table; unknown guides in the carriers' shapes (none of them seeded).
 */
async function prepare(storage: Storage, seeded: Seeded): Promise<Prepared> {
  const database = await openStorage(storage);
  try {
    const { db } = database;
    const bodega = seeded.customers.at(-1) as Customer;
    const others = seeded.customers.slice(0, -1);
    await db.update(schema.users).set({ role: 'bodega' }).where(eq(schema.users.id, bodega.id));
    const lockers = await db
      .select({ id: schema.users.id, lockerNumber: schema.users.lockerNumber })
      .from(schema.users)
      .where(
        inArray(
          schema.users.id,
          others.map((c) => c.id),
        ),
      );
    const lockerOf = new Map(lockers.map((row) => [row.id, row.lockerNumber]));
    const sample = async (where: string, modulo: number) =>
      rowsOf<{ guide: string }>(
        await db.execute(
          sql.raw(
            `select guide from packages where ${where} and number % ${modulo} = 0 order by number limit ${LOOKUPS_EACH + WARM_UP_LOOKUPS}`,
          ),
        ),
      ).map((row) => row.guide);
    const unknown = Array.from({ length: LOOKUPS_EACH + WARM_UP_LOOKUPS }, (_, i) => {
      const n = String(i * 7919 + 17);
      // UPS with letters no seeded guide has ('K', 'N', 'O', 'U', 'W' are not hex digits), USPS, FedEx, DHL.
      return [
        `1ZUNKNOWN${n.padStart(9, '0')}`,
        `9405${n.padStart(18, '0')}`,
        `8${n.padStart(11, '0')}`,
        `5${n.padStart(9, '0')}`,
      ][i % 4] as string;
    });
    return {
      bodega,
      customers: others.map((c) => ({ ...c, lockerNumber: lockerOf.get(c.id) ?? '' })),
      guides: {
        prealertado: await sample(`state = 'prealertado'`, 61),
        recibido: await sample(`state not in ('prealertado', 'cancelado')`, 4001),
        desconocido: unknown,
      },
    };
  } finally {
    await database.close();
  }
}

// ---------- the requests ----------

interface Lookup {
  kind: Kind;
  guide: string;
}

/** A fixed shuffle (the kinds interleaved, never in runs of one kind). */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  let state = 20_261_122;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function lookup(server: BenchServer, cookie: string, item: Lookup): Promise<number> {
  const { elapsed, body } = await timed(
    `${server.url}/api/warehouse/lookup?guia=${encodeURIComponent(item.guide)}`,
    { headers: { cookie } },
    200,
  );
  const answer = body as { match: unknown; alreadyReceived: string | null };
  const ok =
    item.kind === 'desconocido'
      ? answer.match === null
      : answer.match !== null && (answer.alreadyReceived !== null) === (item.kind === 'recibido');
  if (!ok) throw new Error(`lookup ${item.guide} (${item.kind}): ${JSON.stringify(body)}`);
  return elapsed;
}

let guides = 0;
/** A UPS-shaped guide no seeded package has ('R' is not a hex digit). */
const newGuide = () => `1ZREC${String(++guides).padStart(13, '0')}`;

/** The customer pre-alerts a new guide (not timed): what the warehouse then receives. */
async function prealert(server: BenchServer, cookie: string): Promise<string> {
  const guide = newGuide();
  await timed(
    `${server.url}/api/packages`,
    {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        guide,
        store: 'Amazon',
        content: 'Zapatos deportivos',
        declaredValue: '89.90',
        quantity: 1,
        address: 1,
        instructions: '',
      }),
    },
    201,
  );
  return guide;
}

interface ReceiptTimes {
  photo: number;
  receipt: number;
  /** Server CPU ms of each of the two requests (the process's threads together: sharp's included). */
  photoCpu: number;
  receiptCpu: number;
}

/** 'Registrar recepción' as the screen sends it: the photo, then the receipt naming it. */
async function receive(
  server: BenchServer,
  cookie: string,
  photo: Uint8Array<ArrayBuffer>,
  guide: string,
  lockerNumber: string,
): Promise<ReceiptTimes> {
  const pid = server.process.pid ?? 0;
  const cpu0 = processCpuMs(pid).total;
  const uploaded = await timed(
    `${server.url}/api/warehouse/photos`,
    {
      method: 'POST',
      headers: { cookie, 'content-type': 'image/jpeg', origin: server.url },
      body: photo,
    },
    201,
  );
  const cpu1 = processCpuMs(pid).total;
  const { id } = uploaded.body as { id: string };
  const received = await timed(
    `${server.url}/api/warehouse/receipts`,
    {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        guide,
        lockerNumber,
        weightLb: '4.5',
        lengthIn: '14',
        widthIn: '10',
        heightIn: '6',
        condition: 'bueno',
        notes: '',
        photoIds: [id],
      }),
    },
    201,
  );
  const cpu2 = processCpuMs(pid).total;
  const answer = received.body as { identified: boolean; state: string };
  if (!answer.identified || answer.state !== 'recibido')
    throw new Error(`receipt of ${guide}: ${JSON.stringify(answer)}`);
  return {
    photo: uploaded.elapsed,
    receipt: received.elapsed,
    photoCpu: cpu1 - cpu0,
    receiptCpu: cpu2 - cpu1,
  };
}

interface Samples {
  lookups: { kind: Kind; ms: number }[];
  receipts: ReceiptTimes[];
  /** Around the measured receipts: the server (all threads) and this database's PostgreSQL backends. */
  receiptCpu: { server: number; postgres: number | null };
}

async function measure(
  server: BenchServer,
  storage: Storage,
  prepared: Prepared,
  photo: Uint8Array<ArrayBuffer>,
): Promise<Samples> {
  const bodega = (await login(server.url, prepared.bodega.email)).cookie;
  const items = (kind: Kind, from: number, to: number) =>
    prepared.guides[kind].slice(from, to).map((guide) => ({ kind, guide }));
  for (const item of shuffled(
    KINDS.flatMap((kind) => items(kind, LOOKUPS_EACH, LOOKUPS_EACH + WARM_UP_LOOKUPS)),
  ))
    await lookup(server, bodega, item);
  const lookups: Samples['lookups'] = [];
  for (const item of shuffled(KINDS.flatMap((kind) => items(kind, 0, LOOKUPS_EACH))))
    lookups.push({ kind: item.kind, ms: await lookup(server, bodega, item) });

  // The customers pre-alert first (not measured), then the warehouse receives, one parcel at a time.
  const total = WARM_UP_RECEIPTS + RECEIPTS;
  const cookies = new Map<string, string>();
  const parcels: { guide: string; lockerNumber: string }[] = [];
  for (let i = 0; i < total; i++) {
    const customer = prepared.customers[i % prepared.customers.length] as Prepared['customers'][number];
    let cookie = cookies.get(customer.id);
    if (!cookie) {
      cookie = (await login(server.url, customer.email)).cookie;
      cookies.set(customer.id, cookie);
    }
    parcels.push({ guide: await prealert(server, cookie), lockerNumber: customer.lockerNumber });
  }
  for (const parcel of parcels.slice(0, WARM_UP_RECEIPTS))
    await receive(server, bodega, photo, parcel.guide, parcel.lockerNumber);
  const meter: CpuMeter = await openCpuMeter(server, storage);
  try {
    const before = await meter.read();
    const receipts: ReceiptTimes[] = [];
    for (const parcel of parcels.slice(WARM_UP_RECEIPTS))
      receipts.push(await receive(server, bodega, photo, parcel.guide, parcel.lockerNumber));
    const after = await meter.read();
    let postgres: number | null = null;
    if (meter.postgres) {
      postgres = 0;
      for (const [pid, value] of after.postgres) postgres += value - (before.postgres.get(pid) ?? 0);
      postgres /= RECEIPTS;
    }
    return { lookups, receipts, receiptCpu: { server: (after.server - before.server) / RECEIPTS, postgres } };
  } finally {
    await meter.close();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the lookup's package query, for a pre-alerted guide and an unknown one. */
async function lookupPlans(storage: Storage, prepared: Prepared): Promise<string[]> {
  const inspector = await openInspector(storage);
  try {
    const out: string[] = [];
    for (const kind of ['prealertado', 'desconocido'] as Kind[]) {
      await packageByGuide(inspector.db, prepared.guides[kind][0] as string);
      for (const query of inspector.take())
        out.push(
          `-- ${KIND_LABELS[kind]} guide: ${query.sql.replace(/^select .*? from/, 'select … from')}`,
          ...(await inspector.explain(query)),
          '',
        );
    }
    return out.slice(0, -1);
  } finally {
    await inspector.close();
  }
}

async function runDriver(driver: Driver, photo: Uint8Array<ArrayBuffer>) {
  const storage = await freshStorage(driver);
  try {
    const seeded = await seed(storage);
    const prepared = await prepare(storage, seeded);
    const server = await startServer(storage);
    let samples: Samples;
    try {
      samples = await measure(server, storage, prepared, photo);
    } finally {
      await server.stop();
    }
    return { seeded, samples, plans: await lookupPlans(storage, prepared) };
  } finally {
    await storage.remove();
  }
}

const cpu = (value: number | null) => (value === null ? '—' : ms(value));

export async function run(): Promise<BenchResult> {
  const { drivers, note } = await availableDrivers();
  const photo = await makePhoto();
  const rows: Row[] = [];
  const seeds: string[][] = [];
  const lookupTable: string[][] = [];
  const receiptTable: string[][] = [];
  const plans: string[] = [];
  for (const driver of drivers) {
    const { seeded, samples, plans: plan } = await runDriver(driver, new Uint8Array(photo.bytes));
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
    const times = seedTimes(seeded);
    seeds.push([driver, times.total, times.parts]);
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
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
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
    part("'Registrar recepción' (both)", totals, ms(serverCpu), cpu(samples.receiptCpu.postgres));
    plans.push(
      '',
      `### ${driver}: the lookup's query, EXPLAIN (ANALYZE, BUFFERS) after the run`,
      '',
      '```',
      ...plan,
      '```',
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
    markdownTable(['driver', 'seed', 'users + packages + vacuum'], seeds),
    '',
    markdownTable(['driver', 'guides', 'lookups', 'median', 'p95'], lookupTable),
    '',
    markdownTable(
      ['driver', 'request', 'median', 'p95', 'server CPU per receipt', 'PostgreSQL CPU per receipt'],
      receiptTable,
    ),
    ...plans,
  ];
  if (note) details.push('', note);
  return { rows, details: details.join('\n') };
}
