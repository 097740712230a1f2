// A zero 'Valor a pagar' (design/delivery.md 'The courier's screen'): the form asks no 'Medio de pago' nor
// 'Referencia', so the delivery comes without them, is accepted, and records no collection; with something to pay (or
// collected), the means is still required, alone or through the queue's sync.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { deliveryBody, deliveryWorld, startedRoute, valueToPay } from '../../../test/support/delivery.ts';
import { doorMessages } from '../../shared/delivery/door-choices.ts';
import { collections, packageCharges, packages } from '../db/schema.ts';

describe.each(logicDrivers)("'Entregar' with nothing to pay on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'cero-admin@example.com',
    customer: 'Rosa Cliente',
    couriers: ['Pedro Mensajero'],
  });

  const noMeans = (collectedCop: number) => {
    const { means: _means, reference: _reference, ...body } = deliveryBody(collectedCop);
    return body;
  };

  it("accepts a delivery without 'Medio de pago' when nothing is to be paid, and records no collection", async () => {
    const { server, admin, customer, courier } = world;
    const { numbers } = await startedRoute(admin, customer, courier.record.id, 2);
    const [zero = 0, paying = 0] = numbers;
    await server.db.update(packageCharges).set({ totalCop: 0 }).where(eq(packageCharges.packageNumber, zero));
    expect(await valueToPay(courier.client, zero)).toBe(0);

    const free = await courier.client.post(`/api/delivery/stops/${zero}/deliver`, noMeans(0));
    expect(free.status).toBe(200);
    expect(free.body.outcome).toMatchObject({ kind: 'delivered', collectedCop: 0, means: null });
    expect(await server.db.select().from(collections).where(eq(collections.packageNumber, zero))).toEqual([]);
    const [stored] = await server.db.select().from(packages).where(eq(packages.number, zero));
    expect(stored?.state).toBe('entregado');

    // With something to pay, the means is required: alone and through the sync, the package stays out.
    const toPay = await valueToPay(courier.client, paying);
    expect(toPay).toBeGreaterThan(0);
    const alone = await courier.client.post(`/api/delivery/stops/${paying}/deliver`, noMeans(toPay));
    expect(alone.status).toBe(400);
    expect(alone.body.error).toMatchObject({ field: 'means', message: doorMessages.means });
    const unpaid = { ...noMeans(0), note: 'Pagó en la oficina' };
    const synced = await courier.client.post('/api/delivery/sync', {
      actions: [{ kind: 'deliver', number: paying, body: unpaid }],
    });
    expect(synced.status).toBe(200);
    expect(synced.body.results[0]).toMatchObject({ ok: false, status: 400, error: { field: 'means' } });
    const [still] = await server.db.select().from(packages).where(eq(packages.number, paying));
    expect(still?.state).toBe('en_reparto');
  });
});
