// A route that collects past midnight (issue 45, defect 8), on both drivers: each Colombia day of 'Recaudos' counts
// only the part of the cashier's count that belongs to its own cash (design/delivery.md 'Collections'), and the days
// together count the whole close once. The instants are fixed, on Colombia's clock (UTC−5), so the test means the
// same days whatever hour it runs at.
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { deliveryBody, deliveryWorld } from '../../../test/support/delivery.ts';
import { storedValueToPay } from '../../../test/support/money.ts';
import { packageInColombia } from '../../../test/support/packages.ts';

/** Colombia's 10 and 11 March 2026; the route is the 10th's and ends after midnight. */
const FIRST = '2026-03-10';
const SECOND = '2026-03-11';
/** 23:40 of the 10th in Colombia (04:40 UTC of the 11th), then 00:20 and 00:40 of the 11th. */
const BEFORE_MIDNIGHT = '2026-03-10T23:40:00-05:00';
const AFTER_MIDNIGHT = '2026-03-11T00:20:00-05:00';
const LATER = '2026-03-11T00:40:00-05:00';

describe.each(drivers)("'Recaudos' of a route past midnight on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'medianoche-admin@example.com',
    customer: 'Nora Noche',
    couriers: ['Mario Madrugada'],
  });
  const figures = async (from: string, to: string) =>
    (await world.admin.get(`/api/admin/recaudos?desde=${from}&hasta=${to}`)).body;

  it("counts on each day only that day's cash of the close, and the whole close once over both", async () => {
    const { server, admin, customer, courier } = world;
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) numbers.push((await packageInColombia(customer, admin)).number);
    const created = await admin.post('/api/admin/delivery/routes', {
      date: FIRST,
      courierId: courier.record.id,
      zone: 'Chapinero',
    });
    expect(created.status).toBe(201);
    const routeId = created.body.route.id as number;
    expect(
      (await admin.post(`/api/admin/delivery/routes/${routeId}/stops`, { packages: numbers.map(String) }))
        .status,
    ).toBe(200);
    expect((await admin.post(`/api/admin/delivery/routes/${routeId}/start`)).status).toBe(200);
    const [first = 0, second = 0, transfer = 0] = numbers;
    const toPay = new Map<number, number>();
    for (const [number, at, means] of [
      [first, BEFORE_MIDNIGHT, 'efectivo'],
      [second, AFTER_MIDNIGHT, 'efectivo'],
      [transfer, LATER, 'nequi'],
    ] as const) {
      const value = await storedValueToPay(server, number);
      toPay.set(number, value);
      const body = deliveryBody(value, { at, means, reference: means === 'nequi' ? 'NQ-NOCHE' : '' });
      expect((await courier.client.post(`/api/delivery/stops/${number}/deliver`, body)).status).toBe(200);
    }
    const cashFirst = toPay.get(first) ?? 0;
    const cashSecond = toPay.get(second) ?? 0;
    const nequi = toPay.get(transfer) ?? 0;
    // The cashier finds 3,000 pesos less cash than was collected.
    const closed = await admin.post(`/api/admin/delivery/routes/${routeId}/close`, {
      cashDeliveredCop: cashFirst + cashSecond - 3000,
      note: 'Faltan 3.000 pesos.',
    });
    expect(closed.status).toBe(200);

    const pick = ({ collectedCop, receivedCop, pendingCop, shortfallCop }: Record<string, number>) => ({
      collectedCop,
      receivedCop,
      pendingCop,
      shortfallCop,
    });
    // The 10th: its own cash, counted in full; nothing of the 11th's.
    const tenth = await figures(FIRST, FIRST);
    expect(pick(tenth.totals)).toEqual({
      collectedCop: cashFirst,
      receivedCop: cashFirst,
      pendingCop: 0,
      shortfallCop: 0,
    });
    // The 11th: its cash less what the count missed, and the transfer.
    const eleventh = await figures(SECOND, SECOND);
    expect(pick(eleventh.totals)).toEqual({
      collectedCop: cashSecond + nequi,
      receivedCop: cashSecond - 3000 + nequi,
      pendingCop: 0,
      shortfallCop: 3000,
    });
    expect(pick(eleventh.byCourier[0])).toEqual(pick(eleventh.totals));
    // Both days: the whole close, once.
    const both = await figures(FIRST, SECOND);
    expect(pick(both.totals)).toEqual({
      collectedCop: cashFirst + cashSecond + nequi,
      receivedCop: cashFirst + cashSecond - 3000 + nequi,
      pendingCop: 0,
      shortfallCop: 3000,
    });
  });
});
