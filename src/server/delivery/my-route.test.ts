// The courier's 'Mi ruta' through the API, on PGlite: today's route in course with its stops in order and
// what each door needs, only the caller's own (another courier's stop is a 404), couriers only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { packageInColombia } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  signedUpWithRole,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { isoDayInColombia } from '../../shared/dates.ts';
import { deliveryMessages } from '../../shared/delivery/route-forms.ts';
import { deliveryRoutes } from '../db/schema.ts';

describe.each(logicDrivers)("the courier's route on %s", (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'mi-ruta-admin@example.com'));
    customer = await signedUpCustomer(server, { name: 'Lucía Puerta', ciudad1: 'Bogotá' });
  });
  afterAll(() => server?.close());

  /** A started route of today for `courierId` with two packages 'En reparto'; its id and package numbers. */
  async function startedRoute(courierId: string, zone: string) {
    const numbers: number[] = [];
    for (let i = 0; i < 2; i++) numbers.push((await packageInColombia(customer, admin)).number);
    const date = isoDayInColombia(new Date());
    const created = await admin.post('/api/admin/delivery/routes', { date, courierId, zone });
    const id = created.body.route.id as number;
    await admin.post(`/api/admin/delivery/routes/${id}/stops`, { packages: numbers.map(String) });
    expect((await admin.post(`/api/admin/delivery/routes/${id}/start`)).status).toBe(200);
    return { id, numbers };
  }

  it("shows a courier today's route in order, with address, phone and 'Valor a pagar', and only their own", async () => {
    const pedro = await signedUpWithRole(server, 'reparto', { name: 'Pedro Ruta' });
    const juana = await signedUpWithRole(server, 'reparto', { name: 'Juana Ruta' });
    expect((await pedro.client.get('/api/delivery/my-route')).body).toEqual({
      route: null,
      courierId: pedro.record.id,
    });

    const mine = await startedRoute(pedro.record.id, 'Bogotá norte');
    const theirs = await startedRoute(juana.record.id, 'Bogotá sur');
    const answer = await pedro.client.get('/api/delivery/my-route');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { route } = answer.body;
    expect(route).toMatchObject({ id: mine.id, zone: 'Bogotá norte', stateLabel: 'En curso' });
    expect(route.progress).toMatchObject({ stops: 2, delivered: 0, pending: 2 });
    expect(route.stops.map((stop: { number: number }) => stop.number)).toEqual(mine.numbers);
    expect(route.stops[0]).toMatchObject({
      position: 1,
      customerName: 'Lucía Puerta',
      phone: customer.record.telefono,
      state: 'en_reparto',
    });
    expect(route.stops[0].address).toContain('Calle 10 # 20-30');
    expect(Number.isInteger(route.stops[0].valueToPayCop) && route.stops[0].valueToPayCop > 0).toBe(true);

    const [own] = mine.numbers;
    const stop = await pedro.client.get(`/api/delivery/stops/${own}`);
    expect(stop.status).toBe(200);
    expect(stop.body).toMatchObject({
      routeId: mine.id,
      stop: { number: own, customerName: 'Lucía Puerta' },
    });
    for (const path of [`/api/delivery/stops/${theirs.numbers[0]}`, '/api/delivery/stops/999999']) {
      const refused = await pedro.client.get(path);
      expect(refused.status).toBe(404);
      expect(refused.body.error).toEqual({ code: 'stop_not_found', message: deliveryMessages.stopNotFound });
    }
    expect((await juana.client.get('/api/delivery/my-route')).body.route.id).toBe(theirs.id);
  });

  it("keeps showing a route still 'En curso' from yesterday after midnight in Bogotá, and today's first", async () => {
    const rosa = await signedUpWithRole(server, 'reparto', { name: 'Rosa Medianoche' });
    const yesterday = await startedRoute(rosa.record.id, 'Bogotá centro');
    const day = isoDayInColombia(new Date());
    const before = new Date(`${day}T12:00:00Z`);
    before.setUTCDate(before.getUTCDate() - 1);
    const yesterdayDay = isoDayInColombia(before);
    await server.db
      .update(deliveryRoutes)
      .set({ date: yesterdayDay })
      .where(eq(deliveryRoutes.id, yesterday.id));
    const open = (await rosa.client.get('/api/delivery/my-route')).body.route;
    expect(open).toMatchObject({ id: yesterday.id, date: yesterdayDay, stateLabel: 'En curso' });
    expect(open.stops.map((stop: { number: number }) => stop.number)).toEqual(yesterday.numbers);
    // A route of today started too: today's comes first.
    const today = await startedRoute(rosa.record.id, 'Bogotá centro');
    expect((await rosa.client.get('/api/delivery/my-route')).body.route).toMatchObject({
      id: today.id,
      date: day,
    });
  });

  it('answers 403 to customers and staff, 401 to strangers', async () => {
    const bodega = await signedUpWithRole(server, 'bodega');
    for (const client of [customer.client, admin, bodega.client])
      for (const path of ['/api/delivery/my-route', '/api/delivery/stops/100001'])
        expect((await client.get(path)).status).toBe(403);
  });
});
