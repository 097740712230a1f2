// The warehouse benchmark's requests, as 'Recepción en bodega' sends them: guide lookups, then receipts (the photo,
// then the receipt naming it) of parcels customers pre-alert just before.
import { guideMaker, login, prealert, timedGet, timedPost } from '../support/api.ts';
import { type CpuCost, withCpuMeter } from '../support/cpu-meter.ts';
import { processCpuMs } from '../support/machine.ts';
import type { BenchServer } from '../support/server.ts';
import type { Storage } from '../support/storage.ts';
import { KINDS, type Kind, LOOKUPS_EACH, type Prepared, WARM_UP_LOOKUPS } from './prepare.ts';

export const RECEIPTS = 60;
export const WARM_UP_RECEIPTS = 5;

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
  const { elapsed, body } = await timedGet(
    server,
    cookie,
    `/api/warehouse/lookup?guia=${encodeURIComponent(item.guide)}`,
  );
  const answer = body as { match: unknown; alreadyReceived: string | null };
  const ok =
    item.kind === 'desconocido'
      ? answer.match === null
      : answer.match !== null && (answer.alreadyReceived !== null) === (item.kind === 'recibido');
  if (!ok) throw new Error(`lookup ${item.guide} (${item.kind}): ${JSON.stringify(body)}`);
  return elapsed;
}

/** A UPS-shaped guide no seeded package has ('R' is not a hex digit). */
const newGuide = guideMaker('1ZREC');

/** The customer pre-alerts a new guide (not timed): what the warehouse then receives. */
async function prealertParcel(server: BenchServer, cookie: string): Promise<string> {
  const guide = newGuide();
  await prealert(server, cookie, { guide, content: 'Zapatos deportivos', declaredValue: '89.90' });
  return guide;
}

export interface ReceiptTimes {
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
  const uploaded = await timedPost(server, cookie, '/api/warehouse/photos', photo, 201, 'image/jpeg');
  const cpu1 = processCpuMs(pid).total;
  const { id } = uploaded.body as { id: string };
  const receipt = {
    guide,
    lockerNumber,
    weightLb: '4.5',
    lengthIn: '14',
    widthIn: '10',
    heightIn: '6',
    condition: 'bueno',
    notes: '',
    photoIds: [id],
  };
  const received = await timedPost(server, cookie, '/api/warehouse/receipts', receipt, 201);
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

export interface Samples {
  lookups: { kind: Kind; ms: number }[];
  receipts: ReceiptTimes[];
  /** Around the measured receipts, per receipt: the server (all threads) and this database's PostgreSQL backends. */
  receiptCpu: CpuCost;
}

export async function measure(
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
    parcels.push({ guide: await prealertParcel(server, cookie), lockerNumber: customer.lockerNumber });
  }
  for (const parcel of parcels.slice(0, WARM_UP_RECEIPTS))
    await receive(server, bodega, photo, parcel.guide, parcel.lockerNumber);
  const { value: receipts, cpu } = await withCpuMeter(server, storage, (meter) =>
    meter.cost(RECEIPTS, async () => {
      const receipts: ReceiptTimes[] = [];
      for (const parcel of parcels.slice(WARM_UP_RECEIPTS))
        receipts.push(await receive(server, bodega, photo, parcel.guide, parcel.lockerNumber));
      return receipts;
    }),
  );
  return { lookups, receipts, receiptCpu: cpu };
}
