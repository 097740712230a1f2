// The storage fee when a package leaves Miami (issue 31), on PGlite: the days past the free ones, less our
// holds, each at the rate in force that day, become one 'almacenaje' line; the package's page says when the free
// days end and, once storage accrues, the days × the rate; a package within its free days gets no line.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, logicDrivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { DAY_MS } from '../../shared/requests/storage.ts';
import { packageChargeLines, packageEvents, packageRequests, packages, rateSettings } from '../db/schema.ts';

describe.each(logicDrivers)('the storage fee on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'almacenaje-admin@example.com'));
    customer = await signedUpCustomer(server, { name: 'Alma Almacenaje' });
  });
  afterAll(() => server?.close());

  const storageLines = (number: number) =>
    server.db
      .select()
      .from(packageChargeLines)
      .where(and(eq(packageChargeLines.packageNumber, number), eq(packageChargeLines.kind, 'almacenaje')));
  const ago = (days: number, extraMs = 0) => new Date(Date.now() - days * DAY_MS - extraMs);

  it('charges the days past the free ones less a hold, each at the rate of its day, once, when it leaves', async () => {
    const { number } = await receivedPackage(customer, admin);
    const fresh = await receivedPackage(customer, admin);
    // Received 40 days ago (the seeded rates: 30 free days) and held by us for 5 of them.
    await server.db
      .update(packages)
      .set({ receivedAt: ago(40) })
      .where(eq(packages.number, number));
    await server.db.insert(packageEvents).values([
      { packageNumber: number, state: 'retenido', actorRole: 'bodega', at: ago(20) },
      { packageNumber: number, state: 'recibido', actorRole: 'bodega', at: ago(15) },
    ]);
    const page = (await customer.client.get(`/api/packages/${number}`)).body;
    expect(page.storage).toMatchObject({ days: 5, rateCents: 50 });
    const within = (await customer.client.get(`/api/packages/${fresh.number}`)).body.storage;
    expect(within.days).toBe(0);
    expect(new Date(within.freeUntil).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);

    // The rate doubled two days ago (and an hour): the last two charged days take it.
    const [current] = await server.db
      .select()
      .from(rateSettings)
      .orderBy(desc(rateSettings.effectiveFrom))
      .limit(1);
    if (!current) throw new Error('no rates');
    const { id: _id, createdAt: _at, ...copy } = current;
    await server.db
      .insert(rateSettings)
      .values({ ...copy, effectiveFrom: ago(2, 3_600_000), storagePerDayCents: 100 });

    const moved = await admin.post('/api/admin/packages/state', {
      numbers: [number, fresh.number],
      state: 'en_transito',
    });
    expect(moved.status).toBe(200);
    const [line] = await storageLines(number);
    expect(line).toMatchObject({
      quantity: 5,
      amountCents: 3 * 50 + 2 * 100,
      rateCents: 100,
      amountCop: 14_000,
    });
    expect(await storageLines(fresh.number)).toEqual([]);
    // The charge's 'Valor a pagar' counts it.
    const after = (await customer.client.get(`/api/packages/${number}`)).body.charge;
    expect(after.lines.map((row: { label: string }) => row.label)).toEqual(['Almacenaje']);
  });
});

// Issue 45 defect 9: a request waiting 'Pendiente' in our queue holds the package (it cannot leave), so those days do
// not count either, whether the request is later started, refused or cancelled.
describe.each(drivers)('the storage clock while a request waits on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'almacenaje-cola-admin@example.com'));
    customer = await signedUpCustomer(server, { name: 'Cola Pendiente' });
  });
  afterAll(() => server?.close());
  const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

  it("does not count the days a request waited 'Pendiente', on the page and in the fee when it leaves", async () => {
    const { number } = await receivedPackage(customer, admin);
    await server.db
      .update(packages)
      .set({ receivedAt: ago(40) })
      .where(eq(packages.number, number));
    const asked = await customer.client.post('/api/requests', {
      kind: 'fotos',
      numbers: [number],
      note: 'La etiqueta',
    });
    expect(asked.status).toBe(201);
    const id: number = asked.body.request.id;
    // Asked 8 days ago and still waiting: 40 − 8 counted, 2 past the 30 free days.
    await server.db
      .update(packageRequests)
      .set({ createdAt: ago(8) })
      .where(eq(packageRequests.id, id));
    const page = (await customer.client.get(`/api/packages/${number}`)).body;
    expect(page.storage.days).toBe(2);

    // Cancelled 5 days ago, after 3 days waiting: those 3 do not count when it leaves (40 − 3 − 30 = 7).
    expect((await customer.client.post(`/api/requests/${id}/cancel`)).status).toBe(200);
    await server.db
      .update(packageRequests)
      .set({ finishedAt: ago(5) })
      .where(eq(packageRequests.id, id));
    expect(
      (await admin.post('/api/admin/packages/state', { numbers: [number], state: 'en_transito' })).status,
    ).toBe(200);
    const [line] = await server.db
      .select()
      .from(packageChargeLines)
      .where(and(eq(packageChargeLines.packageNumber, number), eq(packageChargeLines.kind, 'almacenaje')));
    expect(line).toMatchObject({ quantity: 7, amountCents: 7 * 50 });
  });
});
