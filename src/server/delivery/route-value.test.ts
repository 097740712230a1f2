// 'Valor a cobrar' of a route, on PGlite, against the Wompi stand-in: the routes list ('/admin/reparto') counts
// what the route's own page and the courier's stops count, so a package paid online adds only its 'Saldo pendiente'
// (nothing when paid in full), not the 'Valor a pagar' it was paid.
import { describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { deliveryWorld } from '../../../test/support/delivery.ts';
import { storedValueToPay } from '../../../test/support/money.ts';
import { packageInColombia } from '../../../test/support/packages.ts';
import { eventsIntoWorld, onlinePayments, payOnline } from '../../../test/support/pay-online.ts';

const standIn = await onlinePayments();
const DATE = '2026-12-02';

describe.each(logicDrivers)("a route's 'Valor a cobrar' on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'valor-ruta-admin@example.com',
    customer: 'Vera Valor',
    couriers: ['Ramón Ruta'],
    env: standIn.env,
  });
  eventsIntoWorld(standIn, world);

  it('counts a package paid online in full as nothing to collect, in the list as on the route page', async () => {
    const { admin, customer, courier } = world;
    const paid = (await packageInColombia(customer, admin)).number;
    const unpaid = (await packageInColombia(customer, admin)).number;
    await payOnline(standIn, world, paid);
    const due = await storedValueToPay(world.server, unpaid);
    expect(due).toBeGreaterThan(0);
    expect(await storedValueToPay(world.server, paid)).toBeGreaterThan(0);

    const created = await admin.post('/api/admin/delivery/routes', {
      date: DATE,
      courierId: courier.record.id,
      zone: 'Bogotá sur',
    });
    expect(created.status).toBe(201);
    const id = created.body.route.id as number;
    const added = await admin.post(`/api/admin/delivery/routes/${id}/stops`, {
      packages: [String(paid), String(unpaid)],
    });
    expect(added.status).toBe(200);

    const detail = (await admin.get(`/api/admin/delivery/routes/${id}`)).body;
    expect(detail.stops.map((stop: { number: number; valueToPayCop: number }) => stop.valueToPayCop)).toEqual(
      [0, due],
    );
    expect(detail.progress.valueToCollectCop).toBe(due);
    const listed = (await admin.get(`/api/admin/delivery/routes?fecha=${DATE}`)).body.routes.find(
      (route: { id: number }) => route.id === id,
    );
    expect(listed.progress).toEqual(detail.progress);
    expect(listed.progress.valueToCollectCop).toBe(due);
  });
});
