// 'Recaudos' counts packages, not collection rows, on PGlite, against the Wompi stand-in: a package paid online
// whose 'Saldo pendiente' is collected at the door, or paid online too, has two collections (its charge's and its
// balance's) and is one delivery in the range's totals and in its group (a courier's, a carrier's, the online
// figures), while every amount sums both rows.
import { describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { deliveryBody, deliveryWorld, startedRoute } from '../../../test/support/delivery.ts';
import { newTestGuide, packageInColombia } from '../../../test/support/packages.ts';
import {
  eventsIntoWorld,
  onlinePayments,
  payOnline,
  storageAfterPayment,
} from '../../../test/support/pay-online.ts';
import { isoDayInColombia } from '../../shared/dates.ts';

const standIn = await onlinePayments();

describe.each(logicDrivers)("'Recaudos' deliveries on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'recaudos-entregas-admin@example.com',
    customer: 'Elsa Entregas',
    couriers: ['Nico Mensajero'],
    env: standIn.env,
  });
  eventsIntoWorld(standIn, world);
  const today = () => isoDayInColombia(new Date());
  const recaudos = async () =>
    (await world.admin.get(`/api/admin/recaudos?desde=${today()}&hasta=${today()}`)).body;

  it('counts a package paid online with its balance collected at the door as one delivery', async () => {
    const { admin, customer, courier } = world;
    const before = await recaudos();
    const route = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = route.numbers;
    const paid = await payOnline(standIn, world, number);
    const line = await storageAfterPayment(world.server.db, number);
    const delivered = await courier.client.post(
      `/api/delivery/stops/${number}/deliver`,
      deliveryBody(line.amountCop),
    );
    expect(delivered.status).toBe(200);

    const after = await recaudos();
    const both = paid.amountCop + line.amountCop;
    expect(after.totals.deliveries - before.totals.deliveries).toBe(1);
    expect(after.totals.expectedCop - before.totals.expectedCop).toBe(both);
    expect(after.totals.collectedCop - before.totals.collectedCop).toBe(both);
    expect(after.online).toMatchObject({ deliveries: 1, collectedCop: paid.amountCop });
    expect(after.byCourier).toEqual([
      expect.objectContaining({ courierName: 'Nico Mensajero', deliveries: 1, collectedCop: line.amountCop }),
    ]);
  });

  it('counts a package whose charge and balance were both paid online as one payment', async () => {
    const { admin, customer, courier } = world;
    const before = await recaudos();
    const [number = 0] = (await startedRoute(admin, customer, courier.record.id, 1)).numbers;
    const paid = await payOnline(standIn, world, number);
    const line = await storageAfterPayment(world.server.db, number);
    const balance = await payOnline(standIn, world, number);
    expect(balance.amountCop).toBe(line.amountCop);

    const after = await recaudos();
    const both = paid.amountCop + line.amountCop;
    expect(after.totals.deliveries - before.totals.deliveries).toBe(1);
    expect(after.online.deliveries - before.online.deliveries).toBe(1);
    expect(after.online.collectedCop - before.online.collectedCop).toBe(both);
    expect(after.totals.expectedCop - before.totals.expectedCop).toBe(both);
  });

  it("counts a package paid online whose balance a carrier collected as one delivery, the carrier's one", async () => {
    const { admin, customer } = world;
    const before = await recaudos();
    const { number } = await packageInColombia(customer, admin);
    const paid = await payOnline(standIn, world, number);
    const line = await storageAfterPayment(world.server.db, number);
    const carrierGuide = newTestGuide('CO');
    for (const body of [
      { state: 'en_reparto', carrier: 'Coordinadora', carrierGuide },
      { state: 'entregado', receivedBy: 'Portería' },
    ])
      expect((await admin.post('/api/admin/packages/state', { numbers: [number], ...body })).status).toBe(
        200,
      );

    const after = await recaudos();
    expect(after.totals.deliveries - before.totals.deliveries).toBe(1);
    expect(after.totals.collectedCop - before.totals.collectedCop).toBe(paid.amountCop + line.amountCop);
    expect(after.byCarrier).toEqual([
      expect.objectContaining({ carrier: 'Coordinadora', deliveries: 1, collectedCop: line.amountCop }),
    ]);
  });
});
