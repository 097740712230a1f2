// The packages benchmark's requests, as a signed-in customer's pages send them: their list, one package, a
// pre-alert and GET /api/me; each kind timed in turn with the CPU it costs.
import type { PackageDetail, PackageList } from '../../src/shared/packages/api-types.ts';
import { guideMaker, login, prealert, timedGet } from '../support/api.ts';
import { type CpuCost, type CpuMeter, withCpuMeter } from '../support/cpu-meter.ts';
import type { Customer } from '../support/packages-seed.ts';
import type { BenchServer } from '../support/server.ts';
import type { Storage } from '../support/storage.ts';

export const LIST_ROUNDS = 3;
export const DETAILS_EACH = 5;
export const PREALERTS_EACH = 2;
export const WARM_UP_CUSTOMERS = 10;

interface Session extends Customer {
  cookie: string;
  /** Package numbers of their first page, once listed. */
  numbers: number[];
}

async function listPackages(server: BenchServer, session: Session): Promise<number> {
  const { elapsed, body } = await timedGet(server, session.cookie, '/api/packages');
  const page = body as PackageList;
  const counted = Object.values(page.counts).reduce((sum, n) => sum + (n ?? 0), 0);
  if (
    page.total !== session.packages ||
    counted !== page.total ||
    page.packages.length !== Math.min(20, page.total)
  )
    throw new Error(
      `list of ${session.email}: total ${page.total}, counts ${counted}, expected ${session.packages}`,
    );
  session.numbers = page.packages.map((p) => p.number);
  return elapsed;
}

async function readPackage(server: BenchServer, session: Session, number: number): Promise<number> {
  const { elapsed, body } = await timedGet(server, session.cookie, `/api/packages/${number}`);
  // A history may be empty to the customer: the warehouse's review ('sin_identificar') stays out of it.
  if ((body as PackageDetail).number !== number) throw new Error(`package ${number}: another answered`);
  return elapsed;
}

/** GET /api/me: the session's three queries and nothing else, the floor under the package routes. */
async function readMe(server: BenchServer, session: Session): Promise<number> {
  return (await timedGet(server, session.cookie, '/api/me')).elapsed;
}

/** A UPS-shaped guide no seeded package has ('N' and 'W' are not hex digits). */
const newGuide = guideMaker('1ZNEW');

function prealertOf(server: BenchServer, session: Session): Promise<number> {
  return prealert(server, session.cookie, {
    guide: newGuide(),
    content: 'Audífonos inalámbricos',
    declaredValue: '49.99',
  });
}

/** One kind of request: its latencies, and the CPU spent on each by the server and by PostgreSQL. */
export interface Phase {
  times: number[];
  /** Per request: the server's, and the PostgreSQL backends' of this benchmark's database only. */
  cpu: CpuCost;
}

export interface Samples {
  /** GET /api/me: the session middleware alone, the floor under every signed-in route. */
  me: Phase;
  /** LIST_ROUNDS rounds; the first is, for 90 of the customers, their first visit since the server started. */
  list: Phase;
  detail: Phase;
  prealert: Phase;
}

/** `count` requests one at a time, with the CPU they cost. */
async function phase(
  meter: CpuMeter,
  count: number,
  request: (i: number) => Promise<number>,
): Promise<Phase> {
  const { value: times, cpu } = await meter.cost(count, async () => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push(await request(i));
    return times;
  });
  return { times, cpu };
}

/**
 * Signs every customer in and warms up on a few; then each kind of request in turn, one at a time, customer
 * after customer.
 */
export async function measure(
  server: BenchServer,
  storage: Storage,
  customers: Customer[],
): Promise<Samples> {
  const sessions: Session[] = [];
  for (const customer of customers)
    sessions.push({ ...customer, cookie: (await login(server.url, customer.email)).cookie, numbers: [] });
  const warmUp = sessions.slice(-WARM_UP_CUSTOMERS);
  for (const session of warmUp) {
    await readMe(server, session);
    await listPackages(server, session);
    await readPackage(server, session, session.numbers[0] as number);
    await prealertOf(server, session);
  }
  // Counts checked by listPackages are the seeded ones: the warmed-up customers have one package more.
  for (const session of warmUp) session.packages++;
  const n = sessions.length;
  const at = (i: number) => sessions[i % n] as Session;
  return withCpuMeter(server, storage, async (meter) => {
    const me = await phase(meter, LIST_ROUNDS * n, (i) => readMe(server, at(i)));
    const list = await phase(meter, LIST_ROUNDS * n, (i) => listPackages(server, at(i)));
    // Every other package of the first page (each customer has at least 10): old and recent, short and long histories.
    const detail = await phase(meter, DETAILS_EACH * n, (i) =>
      readPackage(server, at(i), at(i).numbers[Math.floor(i / n) * 2] as number),
    );
    const prealerts = await phase(meter, PREALERTS_EACH * n, (i) => prealertOf(server, at(i)));
    return { me, list, detail, prealert: prealerts };
  });
}
