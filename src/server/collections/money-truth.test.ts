// One truth for money (issue 30), as a property on PGlite: over random days of door deliveries (cash or
// transfer, collected in full or short), deliveries synced after 'Cerrar ruta' (settled by an admin or waiting), a
// cash count with or without a shortfall, carriers' deliveries (remitted or not) and corrections out of 'Entregado',
// every figure of 'Recaudos', the close, the CSV and the receipts equals the sum of the settlements in force and the
// counted cash, computed here from what the test itself did.
import { randomUUID } from 'node:crypto';
import { and, inArray, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { deliveryBody, deliveryWorld, startedRoute } from '../../../test/support/delivery.ts';
import { carrierDelivered, storedValueToPay, uploadRemittance } from '../../../test/support/money.ts';
import { properties } from '../../../test/support/properties.ts';
import { isoDayInColombia } from '../../shared/dates.ts';
import { collections, settlements } from '../db/schema.ts';

const door = fc.record({
  means: fc.constantFrom('efectivo' as const, 'nequi' as const),
  short: fc.constantFrom(0, 0, 1000),
  late: fc.boolean(),
  lateCounted: fc.constantFrom('waiting' as const, 'full' as const, 'short' as const),
});
const carried = fc.record({ remitted: fc.boolean(), corrected: fc.boolean() });
const day = fc.record({
  doors: fc.array(door, { minLength: 1, maxLength: 3 }),
  carriers: fc.array(carried, { maxLength: 2 }),
  closeShort: fc.constantFrom(0, 0, 3000),
});

interface Totals {
  collectedCop: number;
  receivedCop: number;
  pendingCop: number;
  shortfallCop: number;
  expectedCop: number;
}

describe.each(logicDrivers)('one truth for money on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'verdad-admin@example.com',
    customer: 'Verónica Cliente',
    couriers: ['Tomás Mensajero'],
  });
  const today = () => isoDayInColombia(new Date());
  const totalsNow = async (): Promise<Totals> =>
    (await world.admin.get(`/api/admin/recaudos?desde=${today()}&hasta=${today()}`)).body.totals;

  it('every figure is the sum of the settlements in force and the counted cash (random days)', async () => {
    const { server, admin, customer, courier } = world;
    await fc.assert(
      fc.asyncProperty(day, async (plan) => {
        const before = await totalsNow();
        const expected = { collectedCop: 0, receivedCop: 0, pendingCop: 0, shortfallCop: 0, expectedCop: 0 };
        const route = await startedRoute(admin, customer, courier.record.id, plan.doors.length);
        const paid = new Map<number, { toPay: number; amount: number }>();
        const lateBodies: Array<{
          number: number;
          body: ReturnType<typeof deliveryBody>;
          door: (typeof plan.doors)[0];
        }> = [];
        let onTimeCash = 0;
        let closeExpected = 0;
        for (const [index, each] of plan.doors.entries()) {
          const number = route.numbers[index] ?? 0;
          const toPay = await storedValueToPay(server, number);
          const amount = Math.max(0, toPay - each.short);
          const body = deliveryBody(amount, {
            means: each.means,
            reference: each.means === 'efectivo' ? '' : `NQ${randomUUID().slice(0, 8)}`,
            note: amount === toPay ? '' : 'Pagó de menos.',
          });
          paid.set(number, { toPay, amount });
          expected.collectedCop += amount;
          expected.expectedCop += toPay;
          if (each.late) {
            lateBodies.push({ number, body, door: each });
            continue;
          }
          expect((await courier.client.post(`/api/delivery/stops/${number}/deliver`, body)).status).toBe(200);
          closeExpected += toPay;
          if (each.means === 'efectivo') onTimeCash += amount;
          else expected.receivedCop += amount;
        }
        const counted = Math.max(0, onTimeCash - plan.closeShort);
        const closed = await admin.post(`/api/admin/delivery/routes/${route.id}/close`, {
          cashDeliveredCop: counted,
          note: 'Cierre del día.',
        });
        expect(closed.status).toBe(200);
        expect(closed.body.close).toMatchObject({
          expectedCop: closeExpected,
          collectedCop: [...paid]
            .filter(([n]) => !lateBodies.some((l) => l.number === n))
            .reduce((s, [, p]) => s + p.amount, 0),
          cashDeliveredCop: counted,
        });
        expected.receivedCop += counted;
        expected.shortfallCop += onTimeCash - counted;

        for (const { number, body, door: each } of lateBodies) {
          const synced = await courier.client.post('/api/delivery/sync', {
            actions: [{ kind: 'deliver', number, body }],
          });
          expect(synced.body.results[0].ok).toBe(true);
          const amount = paid.get(number)?.amount ?? 0;
          const [collection] = await server.db
            .select()
            .from(collections)
            .where(and(inArray(collections.packageNumber, [number]), isNull(collections.voidedAt)));
          if (!collection) {
            expect(amount).toBe(0);
            continue;
          }
          if (each.lateCounted === 'waiting') {
            expected.pendingCop += amount;
            continue;
          }
          const count = each.lateCounted === 'full' ? amount : Math.max(0, amount - 500);
          const settled = await admin.post(`/api/admin/recaudos/collections/${collection.id}/late-count`, {
            cashDeliveredCop: count,
            note: count === amount ? '' : 'Entregó de menos.',
          });
          expect(settled.status).toBe(200);
          expected.receivedCop += count;
          expected.shortfallCop += amount - count;
        }
        // The close did not move with what came after it.
        const cash = await admin.get(`/api/admin/delivery/routes/${route.id}/cash`);
        expect(cash.body.close.expectedCop).toBe(closeExpected);

        const remit: string[] = [];
        for (const each of plan.carriers) {
          const pkg = await carrierDelivered(server, admin, customer);
          if (each.corrected) {
            const corrected = await admin.post('/api/admin/packages/state', {
              numbers: [pkg.number],
              state: 'en_bodega_colombia',
              correction: true,
              note: 'No lo entregó.',
            });
            expect(corrected.status).toBe(200);
            continue;
          }
          paid.set(pkg.number, { toPay: pkg.toPay, amount: pkg.toPay });
          expected.collectedCop += pkg.toPay;
          expected.expectedCop += pkg.toPay;
          if (each.remitted && pkg.toPay > 0) {
            remit.push(`${pkg.carrierGuide},${pkg.toPay},${today()}`);
            expected.receivedCop += pkg.toPay;
          } else expected.pendingCop += pkg.toPay;
        }
        if (remit.length > 0)
          expect((await uploadRemittance(admin, `guia,valor,fecha\n${remit.join('\n')}`)).status).toBe(200);

        // 'Recaudos': the day's figures moved by exactly what this day did.
        const after = await totalsNow();
        for (const key of Object.keys(expected) as Array<keyof Totals>)
          expect([key, after[key] - before[key]]).toEqual([key, expected[key]]);

        // The settlements in force hold what was due and paid; the CSV and the receipts say the same.
        const numbers = [...paid.keys()];
        const inForce = await server.db
          .select()
          .from(settlements)
          .where(and(inArray(settlements.packageNumber, numbers), isNull(settlements.voidedAt)));
        expect(inForce.map((row) => [row.packageNumber, row.dueCop, row.paidCop]).sort()).toEqual(
          [...paid].map(([number, { toPay, amount }]) => [number, toPay, amount]).sort(),
        );
        const csv = String(
          (await admin.get(`/api/admin/recaudos.csv?desde=${today()}&hasta=${today()}`)).body,
        );
        for (const [number, { toPay, amount }] of paid) {
          const line = csv.split('\r\n').find((row) => row.split('","')[1] === String(number));
          if (toPay === 0 && amount === 0) continue;
          expect(line?.split('","').slice(8, 10)).toEqual([String(toPay), String(amount)]);
          const receipt = await customer.client.get(`/api/packages/${number}/receipt`);
          if (amount > 0) expect(receipt.body).toMatchObject({ valueToPayCop: toPay, paidCop: amount });
          else expect(receipt.status).toBe(404);
        }
      }),
      properties(4),
    );
  });
});
