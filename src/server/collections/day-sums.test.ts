// The collections' day sums (collection_day_sums, read by 'Recaudos') on every driver: whatever writes the
// collections — a courier's delivery, staff's 'Entregado' of a carrier's package, an admin's correction, a
// remittance, plain SQL inserts, updates and deletes, a transaction rolled back, a restore — the stored sums always
// equal the collections grouped by day, source, route, courier, carrier, means and remitted (a property over random
// writes), with no empty group.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drivers, openTestDatabase } from '../../../test/support/database.ts';
import { deliveryWorld } from '../../../test/support/delivery.ts';
import { carrierDelivered, deliveredRoute, uploadRemittance } from '../../../test/support/money.ts';
import { seedDrawn } from '../../../test/support/money-seed.ts';
import { properties } from '../../../test/support/properties.ts';
import { PAYMENT_MEANS } from '../../shared/delivery/door-choices.ts';
import { createBackup, restoreBackup } from '../db/backup.ts';
import type { Database } from '../db/open.ts';

const DAY_MS = 86_400_000;
const CARRIERS = ['Coordinadora', 'Servientrega', 'Envía'];

type Group = Record<string, string | number | boolean>;
const rowsOf = (result: unknown) => (result as { rows: Group[] }).rows;

/** The stored day sums, every column as text, in key order. */
const storedSums = async (db: Database) =>
  rowsOf(
    await db.execute(sql`select day::text as day, source, route_id::text as route, courier_id as courier, carrier,
      means, remitted::text as remitted, count::text as n, amount_cop::text as amount, to_pay_cop::text as to_pay
      from collection_day_sums order by 1, 2, 3, 4, 5, 6, 7`),
  );

/** The same groups summed from the collections themselves (the Colombia day is UTC−5 all year). */
const groupedCollections = async (db: Database) =>
  rowsOf(
    await db.execute(sql`select ((collected_at at time zone 'UTC') - interval '5 hours')::date::text as day, source,
      coalesce(route_id, 0)::text as route, coalesce(courier_id, '') as courier, carrier, means,
      (remitted_at is not null)::text as remitted, count(*)::text as n, sum(amount_cop)::text as amount,
      sum(to_pay_cop)::text as to_pay
      from collections group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`),
  );

async function expectSumsEqualCollections(db: Database) {
  const stored = await storedSums(db);
  expect(stored).toEqual(await groupedCollections(db));
  expect(stored.filter((row) => row.n === '0')).toEqual([]);
}

describe.each(drivers)('the day sums of the collections on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'sumas-admin@example.com',
    customer: 'Dueño Sumas',
    couriers: ['Ana Sumas', 'Beto Sumas'],
  });

  it("follow a courier's deliveries, a carrier's 'Entregado', the close and a remittance", async () => {
    const { server, admin, customer, couriers } = world;
    const route = await deliveredRoute(server, admin, customer, couriers[0] as never, ['efectivo', 'nequi']);
    await expectSumsEqualCollections(server.db);
    const carried = await carrierDelivered(server, admin, customer, 'Coordinadora');
    await expectSumsEqualCollections(server.db);
    const csv = `guia,valor,fecha\n${carried.carrierGuide},${carried.toPay},2026-11-20\n`;
    expect((await uploadRemittance(admin, csv)).body.applied).toBe(1);
    await expectSumsEqualCollections(server.db);
    const cash = route.toPay[0] ?? 0;
    const closed = await admin.post(`/api/admin/delivery/routes/${route.id}/close`, {
      cashDeliveredCop: cash,
    });
    expect(closed.status).toBe(200);
    await expectSumsEqualCollections(server.db);
  });

  it('always equal the grouped collections, whatever writes them (random writes)', async () => {
    const { server, admin, customer, couriers } = world;
    const ids = async (where: ReturnType<typeof sql>) =>
      rowsOf(
        await server.db.execute(sql`select id, carrier_guide, amount_cop from collections where ${where}`),
      );
    let run = 0;
    const item = fc.record({
      onRoute: fc.boolean(),
      courier: fc.integer({ min: 0, max: 1 }),
      closed: fc.boolean(),
      carrier: fc.constantFrom(...CARRIERS),
      toPayCop: fc.integer({ min: 0, max: 900_000 }),
      delta: fc.constantFrom(0, 0, -1000, 500),
      means: fc.constantFrom(...PAYMENT_MEANS),
      day: fc.integer({ min: 0, max: 3 }),
      minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
      remitted: fc.boolean(),
    });
    const write = fc.oneof(
      fc.record({ kind: fc.constant('correct' as const), pick: fc.nat(), amountCop: fc.nat(900_000) }),
      fc.record({ kind: fc.constant('remit' as const), share: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('move' as const), hours: fc.integer({ min: -30, max: 30 }) }),
      fc.record({ kind: fc.constant('delete' as const), modulo: fc.integer({ min: 2, max: 5 }) }),
      fc.record({ kind: fc.constant('rollback' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { maxLength: 20 }),
        fc.array(write, { maxLength: 4 }),
        async (items, writes) => {
          run += 1;
          const base = Date.parse('2002-01-01T05:00:00Z') + run * 10 * DAY_MS;
          const day = new Date(base).toISOString().slice(0, 10);
          const { numbers } = await seedDrawn(
            server.db,
            customer.record.id,
            couriers.map((courier) => courier.record.id),
            { base, routeDate: day },
            items,
          );
          await expectSumsEqualCollections(server.db);
          const mine = numbers.length ? sql`package_number in ${numbers}` : sql`false`;
          for (const step of writes) {
            if (step.kind === 'correct') {
              // An admin's correction of a locked collection: a carrier's, or one of a closed route.
              const locked = await ids(
                sql`${mine} and (source = 'carrier' or route_id in (select id from delivery_routes where state = 'cerrada'))`,
              );
              const target = locked[step.pick % Math.max(1, locked.length)];
              if (!target) continue;
              const means = PAYMENT_MEANS[step.pick % PAYMENT_MEANS.length] ?? 'efectivo';
              const fixed = await admin.post(`/api/admin/recaudos/collections/${target.id}/corrections`, {
                amountCop: step.amountCop,
                means,
                reference: means === 'efectivo' ? '' : `R${step.pick}`,
                note: 'Corrección de prueba',
              });
              expect([200, 400]).toContain(fixed.status);
            } else if (step.kind === 'remit') {
              // 'Importar liquidación' of some of the carriers' collections still owed.
              const owed = await ids(sql`${mine} and source = 'carrier' and remitted_at is null`);
              const lines = owed.filter((_, index) => index % step.share === 0);
              if (lines.length === 0) continue;
              const csv = [
                'guia,valor,fecha',
                ...lines.map((row) => `${row.carrier_guide},${row.amount_cop},${day}`),
              ];
              expect((await uploadRemittance(admin, `${csv.join('\n')}\n`)).body.applied).toBe(lines.length);
            } else if (step.kind === 'move') {
              // Plain SQL moving collections across days (and across the Colombia midnight).
              await server.db.execute(
                sql`update collections set collected_at = collected_at + ${`${step.hours} hours`}::interval
                where ${mine} and id % 2 = 0`,
              );
            } else if (step.kind === 'delete') {
              await server.db.execute(sql`delete from collections where ${mine} and id % ${step.modulo} = 0
              and id not in (select collection_id from collection_corrections)`);
            } else {
              // A write that fails after changing collections leaves the sums as they were.
              await expect(
                server.db.transaction(async (tx) => {
                  await tx.execute(sql`update collections set amount_cop = amount_cop + 1, remitted_at = now()
                  where ${mine}`);
                  throw new Error('deshecho');
                }),
              ).rejects.toThrow('deshecho');
            }
            await expectSumsEqualCollections(server.db);
          }
        },
      ),
      properties(driver === 'pglite' ? 10 : 15),
    );
  });

  it('are rebuilt by a restore, from the collections it inserts', async () => {
    const { server } = world;
    const before = await storedSums(server.db);
    expect(before.length).toBeGreaterThan(0);
    const target = await openTestDatabase(driver);
    try {
      await restoreBackup(target.db, await createBackup(server.db));
      expect(await storedSums(target.db)).toEqual(before);
      await expectSumsEqualCollections(target.db);
    } finally {
      await target.close();
    }
  });
});
