// Receipts with their photos in a bucket (issue 34 'Performance': "1,000 photos received, 6 each, 3 MB phone photos
// shrunk in the browser, with the warehouse's receipt p95 under its budget"), on PostgreSQL (PGlite when it is not
// there): the warehouse receives RECEIPTS parcels of one customer, each with 6 photos of 1600 × 1200 (what the
// browser's shrinkPhoto leaves of a 3 MB phone photo: ~300 KB), uploaded at once as the screen does when they are
// chosen, then 'Registrar recepción' naming them. Once with the files in the database, once in the local S3 server
// of the tests. The warehouse's receipt has no budget of its own (bench/warehouse.ts reports it); the budget here is
// that the bucket costs the warehouse nothing: its p95 within 10 % of the database's (or under it).
import sharp from 'sharp';
import { startS3 } from '../test/support/s3.ts';
import { guideMaker, login, prealert, register, registerAdmin, timedPost } from './support/api.ts';
import { type BenchResult, benchResult, markdownTable, ms, type Row, verdict } from './support/report.ts';
import { type BenchServer, whileServing } from './support/server.ts';
import { percentile } from './support/stats.ts';
import { availableDrivers, onFreshStorage } from './support/storage.ts';

const PHOTOS_EACH = 6;
const RECEIPTS = Math.ceil(Number(process.env.BENCH_RECEIPT_PHOTOS ?? 1000) / PHOTOS_EACH);
const WARM_UP = 5;
const SHARE = 1.1;

/** A shrunk phone photo with detail (so it does not compress to nothing), as the browser sends it. */
async function shrunkPhoto(): Promise<Uint8Array<ArrayBuffer>> {
  const width = 1600;
  const height = 1200;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = ((i * 7919) % 251) ^ (i >> 11);
  return new Uint8Array(
    await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 82 })
      .toBuffer(),
  );
}

interface Side {
  photos: number[];
  receipts: number[];
  totals: number[];
}

async function receiveAll(server: BenchServer, photo: Uint8Array<ArrayBuffer>): Promise<Side> {
  const staff = await registerAdmin(server);
  const email = 'recibe@bench.example.com';
  const { lockerNumber } = await register(server.url, email);
  const { cookie } = await login(server.url, email);
  const nextGuide = guideMaker('BENCHFOTO');
  const side: Side = { photos: [], receipts: [], totals: [] };
  for (let i = 0; i < WARM_UP + RECEIPTS; i++) {
    const guide = nextGuide();
    await prealert(server, cookie, { guide, content: 'Ropa', declaredValue: '40' });
    const begun = performance.now();
    const uploads = await Promise.all(
      Array.from({ length: PHOTOS_EACH }, () =>
        timedPost(server, staff, '/api/warehouse/photos', photo, 201, 'image/jpeg'),
      ),
    );
    const receipt = await timedPost(
      server,
      staff,
      '/api/warehouse/receipts',
      {
        guide,
        lockerNumber,
        weightLb: '4.5',
        lengthIn: '14',
        widthIn: '10',
        heightIn: '6',
        condition: 'bueno',
        notes: '',
        photoIds: uploads.map((upload) => (upload.body as { id: string }).id),
      },
      201,
    );
    if (i < WARM_UP) continue;
    side.photos.push(Math.max(...uploads.map((upload) => upload.elapsed)));
    side.receipts.push(receipt.elapsed);
    side.totals.push(performance.now() - begun);
  }
  return side;
}

export async function run(): Promise<BenchResult> {
  const { drivers } = await availableDrivers();
  const driver = drivers.includes('postgres') ? 'postgres' : 'pglite';
  const photo = await shrunkPhoto();
  const s3 = await startS3();
  try {
    const database = await onFreshStorage(driver, (storage) =>
      whileServing(storage, (server) => receiveAll(server, photo)),
    );
    const bucket = await onFreshStorage(driver, (storage) =>
      whileServing(storage, (server) => receiveAll(server, photo), s3.env),
    );
    const p95 = (side: Side) => percentile(side.totals, 95);
    const rows: Row[] = [
      {
        measure: `${driver}: ${RECEIPTS} receipts of ${PHOTOS_EACH} photos (${RECEIPTS * PHOTOS_EACH}) in a bucket, p95 (photos + receipt)`,
        value: ms(p95(bucket)),
        budget: `≤ ${ms(p95(database) * SHARE)} (the database's ${ms(p95(database))} + 10 %)`,
        verdict: verdict(p95(bucket) <= p95(database) * SHARE),
      },
    ];
    const line = (name: string, side: Side) => [
      name,
      ms(percentile(side.photos, 50)),
      ms(percentile(side.photos, 95)),
      ms(percentile(side.receipts, 50)),
      ms(percentile(side.receipts, 95)),
      ms(percentile(side.totals, 95)),
    ];
    const details = [
      `Each photo ${(photo.length / 1024).toFixed(0)} KB (1600 × 1200 JPEG, as shrinkPhoto leaves a phone's); the six sent at once,`,
      'then the receipt naming them; the server re-encodes each and makes its thumbnail (sharp) in both runs. The S3',
      "server is the tests' (an npm package), in this process, on the same two cores.",
      '',
      markdownTable(
        ['files', 'photos p50', 'photos p95', 'receipt p50', 'receipt p95', 'both p95'],
        [line('database', database), line('bucket', bucket)],
      ),
    ];
    return benchResult(rows, details, '');
  } finally {
    await s3.close();
  }
}
