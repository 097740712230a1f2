// 'Recibido' in the 'Recaudos' CSV and 'Recibido' on its screen are one rule (issue 45, defect 7), on both drivers,
// against the Wompi stand-in: an online payment, a door collection in cash and one by transfer on a closed route, a
// carrier's collection remitted and one not. Each line's 'Recibido' says whether the screen counts its amount as
// received or pending, and the sums of the two agree.
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { deliveryWorld } from '../../../test/support/delivery.ts';
import { carrierDelivered, deliveredRoute, uploadRemittance } from '../../../test/support/money.ts';
import { packageInColombia } from '../../../test/support/packages.ts';
import { eventsIntoWorld, onlinePayments, payOnline } from '../../../test/support/pay-online.ts';
import type { RecaudosFigures } from '../../shared/collections/api-types.ts';
import { isoDayInColombia } from '../../shared/dates.ts';
import { parseCsv } from '../csv.ts';

const standIn = await onlinePayments();

type Line = Record<string, string>;
const amountOf = (lines: Line[]) => lines.reduce((sum, line) => sum + Number(line['valor cobrado']), 0);

describe.each(drivers)("'Recibido' of 'Recaudos' on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'recibido-admin@example.com',
    customer: 'Rita Recibido',
    couriers: ['Rufo Mensajero'],
    env: standIn.env,
  });
  eventsIntoWorld(standIn, world);

  it('says the same on the CSV as on the screen for online, cash, transfer and carrier collections (issue 45, defect 7)', async () => {
    const { server, admin, customer, courier } = world;
    const online = (await packageInColombia(customer, admin)).number;
    const paid = await payOnline(standIn, world, online);
    const route = await deliveredRoute(server, admin, customer, courier, ['efectivo', 'nequi']);
    const [cash = 0, transfer = 0] = route.toPay;
    const closed = await admin.post(`/api/admin/delivery/routes/${route.id}/close`, {
      cashDeliveredCop: cash,
      note: '',
    });
    expect(closed.status).toBe(200);
    const remitted = await carrierDelivered(server, admin, customer);
    const owed = await carrierDelivered(server, admin, customer);
    const today = isoDayInColombia(new Date());
    expect(
      (await uploadRemittance(admin, `guia,valor,fecha\n${remitted.carrierGuide},${remitted.toPay},${today}`))
        .status,
    ).toBe(200);

    const screen = (await admin.get(`/api/admin/recaudos?desde=${today}&hasta=${today}`)).body;
    const csv = await admin.get(`/api/admin/recaudos.csv?desde=${today}&hasta=${today}`);
    expect(csv.status).toBe(200);
    // Keyed by the header, lower-cased.
    const lines = parseCsv(String(csv.body)).rows.filter((line) => line.fecha !== 'Total');
    const recibido = (number: number) => lines.find((line) => line.paquete === String(number))?.recibido;
    expect([online, ...route.numbers, remitted.number, owed.number].map(recibido)).toEqual([
      'Sí',
      'Sí',
      'Sí',
      'Sí',
      'No',
    ]);

    // The screen's sums are the CSV's: received is what the lines say 'Sí' (nothing short at the close), pending 'No'.
    const agree = (figures: RecaudosFigures, group: Line[]) => {
      expect(figures.shortfallCop).toBe(0);
      expect([figures.receivedCop, figures.pendingCop]).toEqual([
        amountOf(group.filter((line) => line.recibido === 'Sí')),
        amountOf(group.filter((line) => line.recibido === 'No')),
      ]);
    };
    expect(screen.online.receivedCop).toBe(paid.amountCop);
    agree(
      screen.online,
      lines.filter((line) => line.paquete === String(online)),
    );
    agree(
      screen.byCourier[0],
      lines.filter((line) => line.mensajero === 'Rufo Mensajero'),
    );
    expect(screen.byCourier[0].receivedCop).toBe(cash + transfer);
    agree(
      screen.byCarrier[0],
      lines.filter((line) => line.transportadora === 'Servientrega'),
    );
    expect(screen.byCarrier[0]).toMatchObject({ receivedCop: remitted.toPay, pendingCop: owed.toPay });
    agree(screen.totals, lines);
  });
});
