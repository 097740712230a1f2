// 'Cerrar ruta' and what follows it, on PGlite: admins only, routes 'En curso' only; every stop closes, the
// packages still out go back to 'En bodega Colombia' with their attempts counted, the close is audited, and the
// courier can record nothing more; packages whose attempts reached DELIVERY_MAX_ATTEMPTS are flagged.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import {
  attemptBody,
  deliveryBody,
  deliveryWorld,
  startedRoute,
  valueToPay,
} from '../../../test/support/delivery.ts';
import { signedUpWithRole } from '../../../test/support/server.ts';
import { collectionMessages } from '../../shared/collections/forms.ts';
import { isoDayInColombia } from '../../shared/dates.ts';
import { doorMessages } from '../../shared/delivery/door-choices.ts';
import { deliveryMessages } from '../../shared/delivery/route-forms.ts';
import { auditLog, packages, routeStops } from '../db/schema.ts';

describe.each(logicDrivers)("'Cerrar ruta' on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'cierre-admin@example.com',
    customer: 'Rosa Cliente',
    couriers: ['Pedro Mensajero'],
    env: {
      DELIVERY_MAX_ATTEMPTS: '2',
    },
  });

  const closePath = (id: number) => `/api/admin/delivery/routes/${id}/close`;
  const stateOf = async (number: number) =>
    (await world.server.db.select().from(packages).where(eq(packages.number, number)))[0]?.state;

  it('brings back what was not delivered with its attempts counted, closes the stops and locks the route', async () => {
    const { server, admin, customer, courier } = world;
    const route = await startedRoute(admin, customer, courier.record.id, 3);
    const [delivered = 0, attempted = 0, untouched = 0] = route.numbers;
    const toPay = await valueToPay(courier.client, delivered);
    expect(
      (await courier.client.post(`/api/delivery/stops/${delivered}/deliver`, deliveryBody(toPay))).status,
    ).toBe(200);
    expect(
      (await courier.client.post(`/api/delivery/stops/${attempted}/attempt`, attemptBody())).status,
    ).toBe(200);

    const bodega = await signedUpWithRole(server, 'bodega');
    expect((await bodega.client.post(closePath(route.id), { cashDeliveredCop: toPay })).status).toBe(403);
    const closed = await admin.post(closePath(route.id), { cashDeliveredCop: toPay });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(collectionMessages.closedWithCash(route.id, 2));
    expect(closed.body.route).toMatchObject({ state: 'cerrada', stateLabel: 'Cerrada' });
    expect(closed.body.route.progress).toMatchObject({
      stops: 3,
      delivered: 1,
      failed: 1,
      pending: 1,
      collectedCop: toPay,
    });
    expect([await stateOf(delivered), await stateOf(attempted), await stateOf(untouched)]).toEqual([
      'entregado',
      'en_bodega_colombia',
      'en_bodega_colombia',
    ]);
    const notes = async (number: number) =>
      (await admin.get(`/api/packages/${number}`)).body.events[0].note as string;
    expect(await notes(attempted)).toBe('Vuelve a bodega: intento 1 de 2 (No había nadie)');
    expect(await notes(untouched)).toBe('Vuelve a bodega sin intento');
    const stops = await server.db.select().from(routeStops).where(eq(routeStops.routeId, route.id));
    expect(stops.map((stop) => stop.open)).toEqual([false, false, false]);
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.action, 'route_closed'));
    expect(audit.some((entry) => (entry.detail as { routeId?: number })?.routeId === route.id)).toBe(true);

    for (const [path, body] of [
      [`/api/delivery/stops/${untouched}/deliver`, deliveryBody(0, { note: 'x' })],
      [`/api/delivery/stops/${untouched}/attempt`, attemptBody()],
    ] as const) {
      const refused = await courier.client.post(path, body);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'route_closed', message: doorMessages.routeClosed });
    }
    expect(await stateOf(untouched)).toBe('en_bodega_colombia');
    const again = await admin.post(closePath(route.id), { cashDeliveredCop: toPay });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(deliveryMessages.notClosable('Cerrada'));
    expect((await courier.client.get('/api/delivery/my-route')).body.route).toBeNull();
    const day = await admin.get(`/api/admin/delivery/routes?fecha=${isoDayInColombia(new Date())}`);
    expect(day.body.routes.find((each: { id: number }) => each.id === route.id).progress).toEqual(
      closed.body.route.progress,
    );
    const detail = (await admin.get(`/api/admin/delivery/routes/${route.id}`)).body;
    expect(detail.stops.map((stop: { outcome: { kind: string } }) => stop.outcome.kind)).toEqual([
      'delivered',
      'failed',
      'pending',
    ]);
    expect(detail.stops.map((stop: { attempts: number }) => stop.attempts)).toEqual([0, 1, 0]);
  });

  it('closes only routes in course', async () => {
    const { admin, courier } = world;
    const created = await admin.post('/api/admin/delivery/routes', {
      date: isoDayInColombia(new Date()),
      courierId: courier.record.id,
      zone: 'Sin iniciar',
    });
    const refused = await admin.post(closePath(created.body.route.id), { cashDeliveredCop: 0 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(deliveryMessages.notClosable('En preparación'));
    expect((await admin.post(closePath(999_999), { cashDeliveredCop: 0 })).status).toBe(404);
  });

  it('flags a package whose failed attempts reached DELIVERY_MAX_ATTEMPTS, until it is put in a route again', async () => {
    const { admin, customer, courier } = world;
    const first = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = first.numbers;
    const attemptAndClose = async (routeId: number, reason: string) => {
      expect(
        (await courier.client.post(`/api/delivery/stops/${number}/attempt`, attemptBody({ reason }))).status,
      ).toBe(200);
      expect((await admin.post(closePath(routeId), { cashDeliveredCop: 0 })).status).toBe(200);
    };
    await attemptAndClose(first.id, 'no_habia_nadie');
    const flaggedNumbers = async () =>
      (await admin.get('/api/admin/delivery/flagged')).body.packages.map(
        (pkg: { number: number }) => pkg.number,
      );
    expect(await flaggedNumbers()).not.toContain(number);

    const date = isoDayInColombia(new Date());
    const second = (
      await admin.post('/api/admin/delivery/routes', { date, courierId: courier.record.id, zone: 'B' })
    ).body.route.id as number;
    await admin.post(`/api/admin/delivery/routes/${second}/stops`, { packages: [String(number)] });
    await admin.post(`/api/admin/delivery/routes/${second}/start`);
    const mine = (await courier.client.get('/api/delivery/my-route')).body.route;
    expect(mine.stops[0]).toMatchObject({ number, earlierAttempts: 1, outcome: { kind: 'pending' } });
    await attemptAndClose(second, 'direccion_errada');
    expect((await admin.get(`/api/packages/${number}`)).body.events[0].note).toBe(
      'Vuelve a bodega: intento 2 de 2 (Dirección errada)',
    );

    const flagged = await admin.get('/api/admin/delivery/flagged');
    expect(flagged.status).toBe(200);
    expect(flagged.body.maxAttempts).toBe(2);
    expect(flagged.body.packages.find((pkg: { number: number }) => pkg.number === number)).toMatchObject({
      number,
      customerName: 'Rosa Cliente',
      attempts: 2,
      lastReasonLabel: 'Dirección errada',
    });
    expect((await courier.client.get('/api/admin/delivery/flagged')).status).toBe(403);

    const third = (
      await admin.post('/api/admin/delivery/routes', { date, courierId: courier.record.id, zone: 'C' })
    ).body.route.id as number;
    await admin.post(`/api/admin/delivery/routes/${third}/stops`, { packages: [String(number)] });
    expect(await flaggedNumbers()).not.toContain(number);
  });
});
