// 'Rutas de reparto' through the API, on every driver: a route made for a courier, packages added by number or
// guide in the order scanned, ordered, removed, and 'Iniciar ruta' moving them all to 'En reparto' with the customers mailed; each
// refusal with its Spanish reason and nothing changed; staff only; one open route per package even at once.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { packageInColombia, receivedPackage } from '../../../test/support/packages.ts';
import {
  browser,
  signedUpCustomer,
  signedUpWithRole,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { deliveryMessages } from '../../shared/delivery/route-forms.ts';
import { outbox, packageEvents, packages, routeStops } from '../db/schema.ts';

const ADMIN_EMAIL = 'reparto-admin@example.com';
const DATE = '2026-12-01';

describe.each(drivers)('delivery routes on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let courierId: string;
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, ADMIN_EMAIL));
    courierId = (await signedUpWithRole(server, 'reparto', { name: 'Pedro Mensajero' })).record.id;
    customer = await signedUpCustomer(server, { name: 'Rosa Destinataria' });
  });
  afterAll(() => server?.close());

  const inWarehouse = () => packageInColombia(customer, admin);
  async function newRoute(zone = 'Bogotá norte') {
    const created = await admin.post('/api/admin/delivery/routes', { date: DATE, courierId, zone });
    expect(created.status).toBe(201);
    return created.body.route.id as number;
  }
  const stopsOf = async (id: number) =>
    (await admin.get(`/api/admin/delivery/routes/${id}`)).body.stops.map(
      (stop: { number: number }) => stop.number,
    );

  it('builds a route, orders it and starts it: every package to En reparto, the customer told the amount', async () => {
    const [a, b, c] = [await inWarehouse(), await inWarehouse(), await inWarehouse()];
    const created = await admin.post('/api/admin/delivery/routes', {
      date: DATE,
      courierId,
      zone: ' Bogotá norte ',
    });
    expect(created.status).toBe(201);
    const id = created.body.route.id;
    expect(created.body).toMatchObject({
      message: `Ruta ${id} creada.`,
      route: {
        date: DATE,
        zone: 'Bogotá norte',
        state: 'en_preparacion',
        stateLabel: 'En preparación',
        stops: [],
      },
    });
    expect(created.body.route.courier).toMatchObject({ id: courierId, name: 'Pedro Mensajero' });

    const byNumberAndGuide = [
      String(a.number),
      b.guide.toLowerCase().replace(/(.{5})/g, '$1 '),
      String(c.number),
    ];
    const added = await admin.post(`/api/admin/delivery/routes/${id}/stops`, { packages: byNumberAndGuide });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('3 paquetes agregados a la ruta.');
    expect(added.body.route.stops[0]).toMatchObject({
      position: 1,
      number: a.number,
      customerName: 'Rosa Destinataria',
      phone: customer.record.telefono,
      state: 'en_bodega_colombia',
    });
    expect(added.body.route.stops[0].address).toContain('Calle 10 # 20-30');
    expect(added.body.route.stops[0].valueToPayCop).toBeGreaterThan(0);

    const moved = await admin.post(`/api/admin/delivery/routes/${id}/stops/${c.number}/move`, {
      direction: 'up',
    });
    expect(moved.body.message).toBe('Parada movida.');
    expect(await stopsOf(id)).toEqual([a.number, c.number, b.number]);
    await admin.post(`/api/admin/delivery/routes/${id}/stops/${a.number}/move`, { direction: 'down' });
    expect(await stopsOf(id)).toEqual([c.number, a.number, b.number]);
    const removed = await admin.send('DELETE', `/api/admin/delivery/routes/${id}/stops/${b.number}`);
    expect(removed.body.message).toBe(`Paquete ${b.number} quitado de la ruta.`);
    expect(await stopsOf(id)).toEqual([c.number, a.number]);

    const day = await admin.get(`/api/admin/delivery/routes?fecha=${DATE}`);
    // A day with the right shape that does not exist is a Spanish 400 on 'fecha', not a 500.
    const noSuchDay = await admin.get('/api/admin/delivery/routes?fecha=2026-02-31');
    expect(noSuchDay.status).toBe(400);
    expect(noSuchDay.body.error).toMatchObject({ field: 'fecha', message: deliveryMessages.date });
    const summary = day.body.routes.find((route: { id: number }) => route.id === id);
    expect(summary.progress).toMatchObject({ stops: 2, delivered: 0, pending: 2 });
    expect(summary.progress.valueToCollectCop).toBe(removed.body.route.progress.valueToCollectCop);

    const started = await admin.post(`/api/admin/delivery/routes/${id}/start`);
    expect(started.status).toBe(200);
    expect(started.body.message).toBe(`Ruta ${id} iniciada: 2 paquetes salieron a reparto.`);
    expect(started.body.route.state).toBe('en_curso');
    const moves = await server.db
      .select()
      .from(packageEvents)
      .where(
        and(
          inArray(packageEvents.packageNumber, [a.number, c.number]),
          eq(packageEvents.state, 'en_reparto'),
        ),
      );
    expect(moves.map((event) => [event.carrier, event.carrierGuide])).toEqual([
      ['Mensajero: Pedro Mensajero', String(id)],
      ['Mensajero: Pedro Mensajero', String(id)],
    ]);
    const [removedState] = await server.db
      .select({ state: packages.state })
      .from(packages)
      .where(eq(packages.number, b.number));
    expect(removedState?.state).toBe('en_bodega_colombia');
    const mails = (
      await server.db.select().from(outbox).where(eq(outbox.toAddress, customer.record.email))
    ).filter((mail) => mail.subject.includes('En reparto'));
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain('Valor a pagar: US$');
    expect(mails[0]?.text).toContain('Mensajero: Pedro Mensajero');
  });

  it('adds the packages in the order they were scanned, after the stops already there (issue 47 item 6)', async () => {
    const [a, b, c, d] = [await inWarehouse(), await inWarehouse(), await inWarehouse(), await inWarehouse()];
    const id = await newRoute('Chapinero');
    const scanned = [c.number, a.number, b.guide].map(String);
    expect((await admin.post(`/api/admin/delivery/routes/${id}/stops`, { packages: scanned })).status).toBe(
      200,
    );
    expect(await stopsOf(id)).toEqual([c.number, a.number, b.number]);
    // A second scan: the new one last, one already in the route keeps its place.
    const again = [String(d.number), String(a.number)];
    expect((await admin.post(`/api/admin/delivery/routes/${id}/stops`, { packages: again })).status).toBe(
      200,
    );
    expect(await stopsOf(id)).toEqual([c.number, a.number, b.number, d.number]);
  });

  it('refuses what a route may not take, naming why, and changes nothing', async () => {
    const customerId = customer.record.id;
    const notCourier = await admin.post('/api/admin/delivery/routes', {
      date: DATE,
      courierId: customerId,
      zone: 'Sur',
    });
    expect(notCourier.status).toBe(400);
    expect(notCourier.body.error).toEqual({
      code: 'not_courier',
      message: deliveryMessages.notCourier,
      field: 'courierId',
    });
    const badDate = await admin.post('/api/admin/delivery/routes', {
      date: 'mañana',
      courierId,
      zone: 'Sur',
    });
    expect(badDate.body.error).toMatchObject({
      code: 'invalid',
      field: 'date',
      message: deliveryMessages.date,
    });

    const held = await inWarehouse();
    const miami = await receivedPackage(customer, admin);
    const first = await newRoute('Chapinero');
    const second = await newRoute('Usaquén');
    expect(
      (await admin.post(`/api/admin/delivery/routes/${first}/stops`, { packages: [String(held.number)] }))
        .status,
    ).toBe(200);

    const unknown = await admin.post(`/api/admin/delivery/routes/${second}/stops`, {
      packages: ['999999', 'NOEXISTE1'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      code: 'unknown_packages',
      field: 'packages',
      message: deliveryMessages.unknownPackages(['999999', 'NOEXISTE1']),
    });
    const refused = await admin.post(`/api/admin/delivery/routes/${second}/stops`, {
      packages: [String(held.number), miami.guide],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('refused');
    expect(refused.body.error.details.refused).toEqual([
      {
        number: held.number,
        reason: `El paquete ${held.number} ya está en la ruta ${first} (Chapinero, Pedro Mensajero).`,
      },
      {
        number: miami.number,
        reason: `El paquete ${miami.number} está en «Recibido en Miami»: solo salen a reparto paquetes en «En bodega Colombia».`,
      },
    ]);
    expect(await stopsOf(second)).toEqual([]);

    const empty = await admin.post(`/api/admin/delivery/routes/${second}/start`);
    expect(empty.status).toBe(409);
    expect(empty.body.error).toEqual({ code: 'empty_route', message: deliveryMessages.emptyRoute });
    expect((await admin.post(`/api/admin/delivery/routes/${first}/start`)).status).toBe(200);

    const other = await inWarehouse();
    const closed = deliveryMessages.notInPreparation('En curso');
    for (const attempt of [
      admin.post(`/api/admin/delivery/routes/${first}/stops`, { packages: [String(other.number)] }),
      admin.send('DELETE', `/api/admin/delivery/routes/${first}/stops/${held.number}`),
      admin.post(`/api/admin/delivery/routes/${first}/stops/${held.number}/move`, { direction: 'up' }),
    ]) {
      const response = await attempt;
      expect(response.status).toBe(409);
      expect(response.body.error).toEqual({ code: 'route_started', message: closed });
    }
    const again = await admin.post(`/api/admin/delivery/routes/${first}/start`);
    expect(again.body.error).toEqual({
      code: 'route_started',
      message: deliveryMessages.notStartable('En curso'),
    });
    expect(await stopsOf(first)).toEqual([held.number]);
    // A started route still holds its package: no other route may take it.
    const taken = await admin.post(`/api/admin/delivery/routes/${second}/stops`, {
      packages: [String(held.number)],
    });
    expect(taken.body.error.details.refused[0].reason).toContain(`ya está en la ruta ${first}`);

    const missing = await admin.get('/api/admin/delivery/routes/99999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(deliveryMessages.routeNotFound);
  });

  it('lets bodega build routes, and answers 403 to customers and couriers, 401 to strangers', async () => {
    const bodega = (await signedUpWithRole(server, 'bodega')).client;
    const made = await bodega.post('/api/admin/delivery/routes', { date: DATE, courierId, zone: 'Norte' });
    expect(made.status).toBe(201);
    const id = made.body.route.id;
    expect((await bodega.get('/api/admin/delivery/couriers')).body.couriers).toContainEqual(
      expect.objectContaining({ id: courierId, name: 'Pedro Mensajero' }),
    );
    const courier = (await signedUpWithRole(server, 'reparto')).client;
    const calls = [
      (b: ReturnType<typeof browser>) => b.get('/api/admin/delivery/couriers'),
      (b: ReturnType<typeof browser>) => b.get('/api/admin/delivery/routes'),
      (b: ReturnType<typeof browser>) =>
        b.post('/api/admin/delivery/routes', { date: DATE, courierId, zone: 'x' }),
      (b: ReturnType<typeof browser>) => b.get(`/api/admin/delivery/routes/${id}`),
      (b: ReturnType<typeof browser>) =>
        b.post(`/api/admin/delivery/routes/${id}/stops`, { packages: ['1'] }),
      (b: ReturnType<typeof browser>) =>
        b.post(`/api/admin/delivery/routes/${id}/stops/1/move`, { direction: 'up' }),
      (b: ReturnType<typeof browser>) => b.send('DELETE', `/api/admin/delivery/routes/${id}/stops/1`),
      (b: ReturnType<typeof browser>) => b.post(`/api/admin/delivery/routes/${id}/start`),
    ];
    for (const call of calls) {
      expect((await call(customer.client)).status).toBe(403);
      expect((await call(courier)).status).toBe(403);
      expect((await call(browser(server))).status).toBe(401);
    }
  });

  it('puts a package in one route when two routes take it at the same moment', async () => {
    const pkg = await inWarehouse();
    const [one, two] = [await newRoute('Este'), await newRoute('Oeste')];
    const answers = await Promise.all(
      [one, two].map((id) =>
        admin.post(`/api/admin/delivery/routes/${id}/stops`, { packages: [String(pkg.number)] }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const stops = await server.db.select().from(routeStops).where(eq(routeStops.packageNumber, pkg.number));
    expect(stops).toHaveLength(1);
    const loser = answers.find((answer) => answer.status === 409);
    expect(loser?.body.error.code).toMatch(/^(refused|in_other_route)$/);
  });
});
