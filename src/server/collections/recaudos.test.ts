// 'Recaudos' on PGlite: every figure is a sum of stored collections (a property over random collections,
// compared with sums computed here), the range is checked, the CSV neutralises formulas, and only admins read it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { deliveryWorld } from '../../../test/support/delivery.ts';
import { type SeedCollection, seedDrawn } from '../../../test/support/money-seed.ts';
import { properties } from '../../../test/support/properties.ts';
import { signedUpWithRole } from '../../../test/support/server.ts';
import type { UnclosedCash, UnremittedByCarrier } from '../../shared/collections/api-types.ts';
import { collectionMessages, daysInRange } from '../../shared/collections/forms.ts';
import { isoDayInColombia } from '../../shared/dates.ts';
import { PAYMENT_MEANS } from '../../shared/delivery/door-choices.ts';
import { cashCloses } from '../db/schema.ts';

const DAY_MS = 86_400_000;
const CARRIERS = ['Coordinadora', 'Servientrega', '=HYPERLINK("x")'];

interface Figures {
  deliveries: number;
  expectedCop: number;
  collectedCop: number;
  receivedCop: number;
  pendingCop: number;
  shortfallCop: number;
}
const zero = (): Figures => ({
  deliveries: 0,
  expectedCop: 0,
  collectedCop: 0,
  receivedCop: 0,
  pendingCop: 0,
  shortfallCop: 0,
});
/** Where an item's money is: reached us, still out, or a closed route's cash (what its count says). */
function add(figures: Figures, item: SeedCollection, held: 'received' | 'pending' | 'counted') {
  figures.deliveries += 1;
  figures.expectedCop += item.toPayCop;
  figures.collectedCop += item.amountCop;
  if (held === 'received') figures.receivedCop += item.amountCop;
  else if (held === 'pending') figures.pendingCop += item.amountCop;
  else figures.shortfallCop += item.amountCop;
}

describe.each(logicDrivers)("'Recaudos' on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'recaudos-admin@example.com',
    customer: 'Dueña Semilla',
    couriers: ['Ana Mensajera', 'Beto Mensajero'],
  });

  it('answers only admins, and refuses a bad range in Spanish', async () => {
    const { server, admin, customer, couriers } = world;
    for (const who of [
      customer.client,
      couriers[0]?.client,
      (await signedUpWithRole(server, 'bodega')).client,
    ]) {
      expect((await who?.get('/api/admin/recaudos'))?.status).toBe(403);
      expect((await who?.get('/api/admin/recaudos.csv'))?.status).toBe(403);
    }
    const bad = await admin.get('/api/admin/recaudos?desde=2026-02-30&hasta=2026-03-01');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ field: 'desde', message: collectionMessages.range });
    const long = await admin.get('/api/admin/recaudos?desde=2026-01-01&hasta=2026-12-31');
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(collectionMessages.rangeTooLong);
    const week = await admin.get('/api/admin/recaudos');
    expect(week.status).toBe(200);
    expect(week.body.to).toBe(isoDayInColombia(new Date()));
  });

  it('every figure is the sum of the stored collections (random data)', async () => {
    const { server, admin, customer, couriers } = world;
    const all: Array<SeedCollection & { packageNumber: number }> = [];
    const routeState = new Map<number, 'en_curso' | 'cerrada'>();
    let run = 0;
    const item = fc.record({
      onRoute: fc.boolean(),
      courier: fc.integer({ min: 0, max: 1 }),
      closed: fc.boolean(),
      carrier: fc.constantFrom(...CARRIERS),
      toPayCop: fc.integer({ min: 0, max: 900_000 }),
      delta: fc.constantFrom(0, 0, 0, -1000, 500),
      means: fc.constantFrom(...PAYMENT_MEANS),
      day: fc.integer({ min: -1, max: 5 }),
      minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
      remitted: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { maxLength: 25 }),
        fc.constantFrom(0, 0, 2000, 50_000),
        async (generated, short) => {
          run += 1;
          // Each run has days of its own: 2001-01-01 + 10 days per run; the range asked is days 0 to 3.
          const base = Date.parse('2001-01-01T05:00:00Z') + run * 10 * DAY_MS;
          const from = new Date(base).toISOString().slice(0, 10);
          const to = new Date(base + 3 * DAY_MS).toISOString().slice(0, 10);
          const { items, numbers, routeStates } = await seedDrawn(
            server.db,
            customer.record.id,
            couriers.map((courier) => courier.record.id),
            { base, routeDate: from },
            generated,
          );
          for (const [id, state] of routeStates) routeState.set(id, state);
          // Each closed route's cash count: its cash collected less `short` (a shortfall), never below zero.
          const counted = new Map<number, number>();
          for (const [id, state] of routeStates) {
            if (state !== 'cerrada') continue;
            const cash = items
              .filter((each) => each.routeId === id && each.means === 'efectivo')
              .reduce((sum, each) => sum + each.amountCop, 0);
            counted.set(id, Math.max(0, cash - short));
            await server.db
              .insert(cashCloses)
              .values({ routeId: id, cashDeliveredCop: counted.get(id) ?? 0 });
          }
          all.push(...items.map((each, index) => ({ ...each, packageNumber: numbers[index] ?? 0 })));

          const answer = await admin.get(`/api/admin/recaudos?desde=${from}&hasta=${to}`);
          expect(answer.status).toBe(200);
          const report = answer.body;
          const inRange = items.filter(
            (each) => each.collectedAt.getTime() >= base && each.collectedAt.getTime() < base + 4 * DAY_MS,
          );
          const held = (each: SeedCollection) =>
            each.source === 'carrier'
              ? each.remitted
                ? 'received'
                : 'pending'
              : routeState.get(each.routeId ?? 0) !== 'cerrada'
                ? 'pending'
                : each.means === 'efectivo'
                  ? 'counted'
                  : 'received';
          const totals = zero();
          const byCourier = new Map<string, Figures>();
          const byCarrier = new Map<string, Figures>();
          const byMeans = new Map<string, number>();
          for (const each of inRange) {
            add(totals, each, held(each));
            const [map, key] =
              each.source === 'route' ? [byCourier, each.courierId ?? ''] : [byCarrier, each.carrier];
            const figures = map.get(key) ?? zero();
            add(figures, each, held(each));
            map.set(key, figures);
            byMeans.set(each.means, (byMeans.get(each.means) ?? 0) + each.amountCop);
          }
          // The counts of the closed routes, over their days in order (each day at most its own cash, the last
          // the rest): the range's days' part is received, out of the shortfall.
          for (const [routeId, amount] of counted) {
            const mine = items.filter((each) => each.routeId === routeId);
            const cashByDay = new Map<string, number>();
            for (const each of mine) {
              const onDay = isoDayInColombia(each.collectedAt);
              const cash = each.means === 'efectivo' ? each.amountCop : 0;
              cashByDay.set(onDay, (cashByDay.get(onDay) ?? 0) + cash);
            }
            const days = [...cashByDay.keys()].sort();
            let left = amount;
            let inRangePart = 0;
            for (const [index, onDay] of days.entries()) {
              const part = index === days.length - 1 ? left : Math.min(left, cashByDay.get(onDay) ?? 0);
              left -= part;
              if (onDay >= from && onDay <= to) inRangePart += part;
            }
            const courierId = mine[0]?.courierId ?? '';
            for (const figures of [totals, byCourier.get(courierId)]) {
              if (!figures) continue;
              figures.receivedCop += inRangePart;
              figures.shortfallCop -= inRangePart;
            }
          }
          expect(report.totals).toEqual(totals);
          expect(
            Object.fromEntries(
              report.byCourier.map(
                ({
                  courierId,
                  courierName: _n,
                  byMeans: _m,
                  ...figures
                }: { courierId: string } & Record<string, unknown>) => [courierId, figures],
              ),
            ),
          ).toEqual(Object.fromEntries(byCourier));
          expect(
            Object.fromEntries(
              report.byCarrier.map(({ carrier, ...figures }: { carrier: string }) => [carrier, figures]),
            ),
          ).toEqual(Object.fromEntries(byCarrier));
          expect(
            Object.fromEntries(
              report.byMeans.map((row: { means: string; amountCop: number }) => [row.means, row.amountCop]),
            ),
          ).toEqual(Object.fromEntries(byMeans));

          // Each courier under their name.
          for (const courier of report.byCourier)
            expect(courier.courierName).toBe(
              couriers.find((one) => one.record.id === courier.courierId)?.record.name,
            );

          // Cash not closed, per route, and carriers' money not remitted: today's, over everything stored.
          const open = all.filter(
            (each) => each.source === 'route' && routeState.get(each.routeId ?? 0) !== 'cerrada',
          );
          const openRoutes = new Map<number, { cashCop: number; collectedCop: number; deliveries: number }>();
          for (const each of open) {
            const route = openRoutes.get(each.routeId ?? 0) ?? { cashCop: 0, collectedCop: 0, deliveries: 0 };
            if (each.means === 'efectivo') route.cashCop += each.amountCop;
            route.collectedCop += each.amountCop;
            route.deliveries += 1;
            openRoutes.set(each.routeId ?? 0, route);
          }
          expect(
            Object.fromEntries(
              report.unclosedCash.map(({ routeId, cashCop, collectedCop, deliveries }: UnclosedCash) => [
                routeId,
                { cashCop, collectedCop, deliveries },
              ]),
            ),
          ).toEqual(Object.fromEntries(openRoutes));
          const cashOpen = open
            .filter((each) => each.means === 'efectivo')
            .reduce((sum, each) => sum + each.amountCop, 0);
          expect(report.unclosedCashCop).toBe(cashOpen);
          const owed = all.filter((each) => each.source === 'carrier' && !each.remitted);
          expect(report.unremittedCop).toBe(owed.reduce((sum, each) => sum + each.amountCop, 0));
          const today = isoDayInColombia(new Date());
          const ageOf = (at: Date) => daysInRange(isoDayInColombia(at), today) - 1;
          expect(report.unremitted.map((carrier: UnremittedByCarrier) => carrier.carrier).sort()).toEqual(
            [...new Set(owed.map((each) => each.carrier))].sort(),
          );
          for (const carrier of report.unremitted as UnremittedByCarrier[]) {
            // Stably sorted: the same instant keeps the order stored (the collections' ids).
            const mine = owed
              .filter((each) => each.carrier === carrier.carrier)
              .sort((a, b) => a.collectedAt.getTime() - b.collectedAt.getTime());
            expect(carrier.count).toBe(mine.length);
            expect(carrier.totalCop).toBe(mine.reduce((sum, each) => sum + each.amountCop, 0));
            expect(carrier.oldestAgeDays).toBe(ageOf(mine[0]?.collectedAt ?? new Date()));
            expect(carrier.oldestAgeDays).toBeGreaterThan(300);
            expect(
              carrier.packages.map(({ packageNumber, amountCop, deliveredAt, ageDays, carrierGuide }) => ({
                packageNumber,
                amountCop,
                deliveredAt,
                ageDays,
                carrierGuide,
              })),
            ).toEqual(
              mine.slice(0, 200).map((each) => ({
                packageNumber: each.packageNumber,
                amountCop: each.amountCop,
                deliveredAt: each.collectedAt.toISOString(),
                ageDays: ageOf(each.collectedAt),
                carrierGuide: `CG${each.packageNumber}`,
              })),
            );
          }
        },
      ),
      properties(driver === 'pglite' ? 12 : 20),
    );

    // The CSV of a range holds one line per collection, formulas neutralised.
    const csv = await admin.get('/api/admin/recaudos.csv?desde=2001-01-11&hasta=2001-04-11');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toContain('"Valor cobrado"');
    expect(String(csv.body)).not.toContain('"=HYPERLINK');
    const expectedLines = all.filter(
      (each) =>
        each.collectedAt.getTime() >= Date.parse('2001-01-11T05:00:00Z') &&
        each.collectedAt.getTime() < Date.parse('2001-04-12T05:00:00Z'),
    ).length;
    // The header, one line per collection, and the closing 'Total' line with the count.
    expect(lines.length - 2).toBe(expectedLines);
    expect(lines[lines.length - 1]).toContain(`"Total","${expectedLines}"`);
    const exported = all.filter(
      (each) =>
        each.collectedAt.getTime() >= Date.parse('2001-01-11T05:00:00Z') &&
        each.collectedAt.getTime() < Date.parse('2001-04-12T05:00:00Z'),
    );
    if (exported.some((each) => each.carrier.startsWith('=')))
      expect(String(csv.body)).toContain(`"'=HYPERLINK`);
  });
});
