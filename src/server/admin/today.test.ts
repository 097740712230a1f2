// 'Hoy' (issue 37), GET /api/admin/today: the counts an admin lands on — PQR overdue and due soon, routes whose
// cash is not closed, 'Requieren decisión', 'Sin identificar', 'Retenidos', the requests waiting — each moving with what it counts; 403
// for a customer, a courier and the warehouse, 401 signed out.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { attemptBody, deliveryWorld, startedRoute } from '../../../test/support/delivery.ts';
import { deliveredRoute } from '../../../test/support/money.ts';
import { packageInColombia, receivedPackage } from '../../../test/support/packages.ts';
import { filePqr } from '../../../test/support/pqr.ts';
import { browser, signedUpWithRole } from '../../../test/support/server.ts';
import { packages, pqrs } from '../db/schema.ts';

const ZERO = {
  pqrOverdue: 0,
  pqrDueSoon: 0,
  cashRoutes: 0,
  cashCop: 0,
  requiresDecision: 0,
  unidentified: 0,
  held: 0,
  requestsWaiting: 0,
};

describe.each(logicDrivers)("'Hoy' for admins (%s)", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'hoy-jefa@example.com',
    customer: 'Clara Hoy',
    couriers: ['Rita Hoy', 'Tomás Hoy'],
    env: { DELIVERY_MAX_ATTEMPTS: '1' },
  });

  it('is for admins only', async () => {
    const { server, customer, courier } = world;
    const forbidden = { error: { code: 'forbidden' } };
    expect(await customer.client.get('/api/admin/today')).toMatchObject({ status: 403, body: forbidden });
    expect(await courier.client.get('/api/admin/today')).toMatchObject({ status: 403, body: forbidden });
    const bodega = await signedUpWithRole(server, 'bodega');
    expect(await bodega.client.get('/api/admin/today')).toMatchObject({ status: 403, body: forbidden });
    expect((await browser(server).get('/api/admin/today')).status).toBe(401);
  });

  it('counts what waits for someone, and each count follows what it counts', async () => {
    const { server, admin, customer, couriers } = world;
    expect((await admin.get('/api/admin/today')).body).toEqual(ZERO);

    // A route delivered in cash and not closed; another where the only stop failed (the limit is 1 attempt).
    const cash = await deliveredRoute(server, admin, customer, couriers[0]!, ['efectivo', 'nequi']);
    const failing = await startedRoute(admin, customer, couriers[1]!.record.id, 1);
    const [failed] = failing.numbers;
    expect(
      (await couriers[1]!.client.post(`/api/delivery/stops/${failed}/attempt`, attemptBody())).status,
    ).toBe(200);
    const closedFailing = await admin.post(`/api/admin/delivery/routes/${failing.id}/close`, {
      cashDeliveredCop: 0,
    });
    expect(closedFailing.body).toMatchObject({ route: { id: failing.id } });
    // One held, one the warehouse could not identify (set in the table: the screens' own moves are tested there).
    const held = await packageInColombia(customer, admin);
    await server.db.update(packages).set({ state: 'retenido' }).where(eq(packages.number, held.number));
    const unknown = await packageInColombia(customer, admin);
    await server.db
      .update(packages)
      .set({ state: 'sin_identificar' })
      .where(eq(packages.number, unknown.number));
    // Three PQR awaiting an answer: one past due, one due tomorrow-ish, one far off.
    const overdue = await filePqr(customer);
    const soon = await filePqr(customer);
    await filePqr(customer);
    await server.db.update(pqrs).set({ runningDue: '2020-01-02' }).where(eq(pqrs.radicado, overdue));
    const today = new Date().toISOString().slice(0, 10);
    await server.db.update(pqrs).set({ runningDue: today }).where(eq(pqrs.radicado, soon));

    const now = await admin.get('/api/admin/today');
    expect(now.status).toBe(200);
    expect(now.headers.get('cache-control')).toBe('no-store');
    expect(now.body).toEqual({
      pqrOverdue: 1,
      pqrDueSoon: 1,
      cashRoutes: 1,
      cashCop: cash.toPay[0],
      requiresDecision: 1,
      unidentified: 1,
      held: 1,
      requestsWaiting: 0,
    });

    // A customer's request in Miami waits for the warehouse until it is done or cancelled.
    const waiting = await receivedPackage(customer, admin);
    const asked = await customer.client.post('/api/requests', {
      kind: 'fotos',
      numbers: [waiting.number],
      note: 'La etiqueta de la caja',
    });
    expect(asked.status).toBe(201);
    expect((await admin.get('/api/admin/today')).body).toMatchObject({ requestsWaiting: 1 });
    expect((await customer.client.post(`/api/requests/${asked.body.request.id}/cancel`)).status).toBe(200);
    expect((await admin.get('/api/admin/today')).body).toMatchObject({ requestsWaiting: 0 });

    // The cash closed, the PQR answered: their counts fall back.
    const closed = await admin.post(`/api/admin/delivery/routes/${cash.id}/close`, {
      cashDeliveredCop: cash.toPay[0],
    });
    expect(closed.status).toBe(200);
    await server.db.update(pqrs).set({ state: 'respondida' }).where(eq(pqrs.radicado, overdue));
    expect((await admin.get('/api/admin/today')).body).toMatchObject({
      cashRoutes: 0,
      cashCop: 0,
      pqrOverdue: 0,
    });
  });
});
