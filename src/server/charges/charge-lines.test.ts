// Fee lines of a charge (issue 31, design/requests.md 'Charges, line by line'), on PGlite: 'Valor a pagar' is the
// charge plus its lines in force wherever it is read (the customer's page and list, the staff view, the courier's
// stop, the route's total); an annulled line no longer counts; settling freezes the lines beside the settlement,
// at the door and by a carrier, and a later change of lines leaves the settled figures as they were.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { deliveryBody, deliveryWorld, startedRoute, valueToPay } from '../../../test/support/delivery.ts';
import { storedValueToPay } from '../../../test/support/money.ts';
import { packageInColombia } from '../../../test/support/packages.ts';
import { CHARGE_LINE_KINDS, centsToCop } from '../../shared/charges/charge-lines.ts';
import { linesOfSettlement, settlementOf } from '../collections/settlements.ts';
import { packageCharges } from '../db/schema.ts';
import { addChargeLines, annulChargeLines, type NewChargeLine } from './charge-lines.ts';
import { ratesInForce } from './rates.ts';

describe.each(logicDrivers)('charge lines on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'lineas-admin@example.com',
    customer: 'Lina Lineas',
    couriers: ['Carlos Mensajero'],
  });
  const db = () => world.server.db;
  const addLines = (lines: NewChargeLine[]) =>
    db().transaction(async (tx) => addChargeLines(tx, lines, await ratesInForce(tx), null));
  const chargeOf = async (number: number) =>
    (await db().select().from(packageCharges).where(eq(packageCharges.packageNumber, number)))[0];

  it('adds each fee with the rate of the day, in cents and pesos, and counts only the lines in force', async () => {
    const { admin, customer } = world;
    const { number } = await packageInColombia(customer, admin);
    const charge = await chargeOf(number);
    if (!charge) throw new Error('no charge');
    const stored = await addLines([
      { packageNumber: number, kind: 'consolidacion', requestId: 7 },
      { packageNumber: number, kind: 'fotos', requestId: 8 },
      { packageNumber: number, kind: 'almacenaje', quantity: 3 },
    ]);
    expect(stored.map((line) => [line.kind, line.rateCents, line.quantity, line.amountCents])).toEqual([
      ['consolidacion', 500, 1, 500],
      ['fotos', 200, 1, 200],
      ['almacenaje', 50, 3, 150],
    ]);
    expect(stored.map((line) => line.amountCop)).toEqual([20_000, 8_000, 6_000]);

    const detail = (await customer.client.get(`/api/packages/${number}`)).body;
    expect(detail.charge.lines.map((line: { label: string }) => line.label)).toEqual([
      'Consolidación',
      'Fotos adicionales',
      'Almacenaje',
    ]);
    expect(detail.charge.totalCents).toBe(charge.totalCents + 850);
    expect(detail.charge.totalCop).toBe(charge.totalCop + 34_000);
    const listed = (await customer.client.get('/api/packages')).body.packages.find(
      (row: { number: number }) => row.number === number,
    );
    expect(listed.toPay).toEqual({ cents: charge.totalCents + 850, cop: charge.totalCop + 34_000 });
    const staff = (await admin.get(`/api/admin/packages/${number}`)).body;
    expect(staff.charge).toMatchObject({
      totalCents: charge.totalCents + 850,
      totalCop: charge.totalCop + 34_000,
    });
    expect(staff.charge.lines).toHaveLength(3);

    // A refused request's fee is never charged: its line is annulled, kept, and no longer counted.
    expect(await db().transaction((tx) => annulChargeLines(tx, { requestId: 8 }, 'Rechazada', null))).toBe(1);
    expect(await db().transaction((tx) => annulChargeLines(tx, { requestId: 8 }, 'Rechazada', null))).toBe(0);
    const after = (await customer.client.get(`/api/packages/${number}`)).body.charge;
    expect(after.totalCents).toBe(charge.totalCents + 650);
    expect(after.lines.map((line: { kind: string }) => line.kind)).toEqual(['consolidacion', 'almacenaje']);
  });

  it('freezes the lines with the settlement at the door: the courier collects the charge plus its fees', async () => {
    const { admin, customer, courier } = world;
    const route = await startedRoute(admin, customer, courier.record.id, 2);
    const [withFees = 0, without = 0] = route.numbers;
    const base = await storedValueToPay(world.server, withFees);
    await addLines([
      { packageNumber: withFees, kind: 'reempaque', requestId: 11 },
      { packageNumber: withFees, kind: 'devolucion', requestId: 12 },
    ]);
    const toPay = await valueToPay(courier.client, withFees);
    expect(toPay).toBe(base + 12_000 + 16_000);
    const routes = await admin.get('/api/admin/delivery/routes');
    const listed = routes.body.routes.find((row: { id: number }) => row.id === route.id);
    expect(listed.progress.valueToCollectCop).toBe(toPay + (await storedValueToPay(world.server, without)));

    const delivered = await courier.client.post(
      `/api/delivery/stops/${withFees}/deliver`,
      deliveryBody(toPay),
    );
    expect(delivered.status).toBe(200);
    const settlement = await settlementOf(db(), withFees);
    const charge = await chargeOf(withFees);
    expect(settlement).toMatchObject({
      dueCop: toPay,
      paidCop: toPay,
      dueCents: (charge?.totalCents ?? 0) + 700,
    });
    const frozen = await linesOfSettlement(db(), settlement?.id ?? 0);
    expect(frozen.map((line) => [line.kind, line.amountCents, line.requestId])).toEqual([
      ['reempaque', 300, 11],
      ['devolucion', 400, 12],
    ]);
    // 'Comprobante de pago' lists the fee lines it included.
    const receipt = (await customer.client.get(`/api/packages/${withFees}/receipt`)).body;
    expect(receipt.feeLines).toEqual([
      { label: 'Reempaque', amountCents: 300, amountCop: 12_000 },
      { label: 'Devolución', amountCents: 400, amountCop: 16_000 },
    ]);
    expect(receipt.valueToPayCop).toBe(toPay);
    // A later annulment does not move what was settled.
    await db().transaction((tx) => annulChargeLines(tx, { packageNumbers: [withFees] }, 'prueba', null));
    expect((await settlementOf(db(), withFees))?.dueCop).toBe(toPay);
    expect(await linesOfSettlement(db(), settlement?.id ?? 0)).toHaveLength(2);
  });

  it("freezes them when staff set 'Entregado' for a carrier, and a package without lines settles as before", async () => {
    const { admin, customer } = world;
    const plain = await packageInColombia(customer, admin);
    const feed = await packageInColombia(customer, admin);
    await addLines([{ packageNumber: feed.number, kind: 'fotos', requestId: 21 }]);
    for (const state of ['en_reparto', 'entregado'])
      expect(
        (
          await admin.post('/api/admin/packages/state', {
            numbers: [plain.number, feed.number],
            state,
            carrier: 'Servientrega',
            carrierGuide: 'SV123456789',
            receivedBy: 'Portería',
          })
        ).status,
      ).toBe(200);
    const withLine = await settlementOf(db(), feed.number);
    const withoutLine = await settlementOf(db(), plain.number);
    expect(withLine?.dueCop).toBe((await storedValueToPay(world.server, feed.number)) + 8_000);
    expect(withoutLine?.dueCop).toBe(await storedValueToPay(world.server, plain.number));
    expect(await linesOfSettlement(db(), withLine?.id ?? 0)).toHaveLength(1);
    expect(await linesOfSettlement(db(), withoutLine?.id ?? 0)).toHaveLength(0);
  });

  it('prices every kind with its fee setting, and the pesos round up to 100 like a charge', () => {
    expect(CHARGE_LINE_KINDS).toEqual(['consolidacion', 'reempaque', 'fotos', 'devolucion', 'almacenaje']);
    expect(centsToCop(50, 400_000)).toBe(2_000);
    expect(centsToCop(1, 400_000)).toBe(100);
    expect(centsToCop(0, 400_000)).toBe(0);
  });
});
