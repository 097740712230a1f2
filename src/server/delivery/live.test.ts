// Live 'Reparto' and the proof on the package's page, on every driver: a staff stream hears 'route-changed' (the
// route's id and date) when a route is built, started, delivered on or closed; customers and couriers get no
// stream. The package's page shows the proof: the customer reads only the last four digits of 'Documento'.
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import {
  attemptBody,
  deliveryBody,
  deliveryWorld,
  startedRoute,
  valueToPay,
} from '../../../test/support/delivery.ts';
import { type browser, TEST_APP_URL } from '../../../test/support/server.ts';
import { readSse } from '../../../test/support/sse.ts';
import { isoDayInColombia } from '../../shared/dates.ts';

const cookieOf = (client: ReturnType<typeof browser>) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe.each(drivers)('live routes and the proof of delivery on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'vivo-reparto@example.com',
    customer: 'Rosa Cliente',
    couriers: ['Pedro Mensajero'],
  });

  const open = (client: ReturnType<typeof browser>) =>
    world.server.app.request(`${TEST_APP_URL}/api/admin/delivery/events`, {
      headers: { cookie: cookieOf(client) },
    });

  it("tells staff screens of every route's change, with the route's id and date", async () => {
    const { admin, customer, courier } = world;
    const response = await open(admin);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const stream = readSse(response);
    await stream.event('ready');
    const date = isoDayInColombia(new Date());
    const created = await admin.post('/api/admin/delivery/routes', {
      date,
      courierId: courier.record.id,
      zone: 'N',
    });
    const id = created.body.route.id as number;
    const changed = (from: number) =>
      stream.next(
        (event) => event.event === 'route-changed' && JSON.parse(event.data ?? '{}').routeId === id,
        from,
      );
    const first = await changed(0);
    expect(JSON.parse(first.data ?? '{}')).toEqual({ routeId: id, date });

    const route = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = route.numbers;
    const seen = stream.seen.length;
    expect((await courier.client.post(`/api/delivery/stops/${number}/attempt`, attemptBody())).status).toBe(
      200,
    );
    const heard = await stream.next(
      (event) => event.event === 'route-changed' && JSON.parse(event.data ?? '{}').routeId === route.id,
      seen,
    );
    expect(JSON.parse(heard.data ?? '{}')).toEqual({ routeId: route.id, date });
    // The close is heard too, after the attempt's notice.
    const beforeClose = stream.seen.length;
    expect(
      (await admin.post(`/api/admin/delivery/routes/${route.id}/close`, { cashDeliveredCop: 0 })).status,
    ).toBe(200);
    await stream.next(
      (event) => event.event === 'route-changed' && JSON.parse(event.data ?? '{}').routeId === route.id,
      beforeClose,
    );
    await stream.close();
  });

  it('refuses the stream to customers and couriers', async () => {
    const { customer, courier } = world;
    expect((await open(customer.client)).status).toBe(403);
    expect((await open(courier.client)).status).toBe(403);
  });

  it("shows the proof on the package's page: the customer reads four digits of 'Documento', staff the whole and the courier", async () => {
    const { admin, customer, courier } = world;
    const { numbers } = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = numbers;
    const toPay = await valueToPay(courier.client, number);
    const body = deliveryBody(toPay, { means: 'transferencia', reference: 'TR-88', relation: 'titular' });
    expect((await courier.client.post(`/api/delivery/stops/${number}/deliver`, body)).status).toBe(200);

    const own = await customer.client.get(`/api/packages/${number}`);
    expect(own.body.delivery).toEqual({
      at: body.at,
      receivedBy: 'Marta Gómez',
      document: '••••4050',
      relation: 'titular',
      relationLabel: 'Titular',
      photoId: null,
      novelty: 'sin_novedad',
      noveltyLabel: 'Sin novedad',
      paidCop: toPay,
      means: 'transferencia',
      meansLabel: 'Transferencia',
      reference: 'TR-88',
      routeId: expect.any(Number),
    });
    expect(JSON.stringify(own.body)).not.toContain('1020304050');
    expect(own.body.delivery).not.toHaveProperty('courierName');
    expect(own.body.events[0]).toMatchObject({ state: 'entregado', actor: 'Mensajero' });

    const staff = await admin.get(`/api/packages/${number}`);
    expect(staff.body.delivery).toMatchObject({ document: '1020304050', courierName: 'Pedro Mensajero' });
  });
});
