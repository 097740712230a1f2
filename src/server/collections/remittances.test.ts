// Carriers' collections and 'Importar liquidación', on PGlite: staff's 'Entregado' on a carrier's package
// records its collection in the same move; a remittance CSV is checked whole (not CSV, other columns, amounts with
// decimals or letters, a guide twice, 10 MB: a Spanish 400 and nothing applied); matching rows mark their
// collections received, the others are listed with why; the same file twice changes nothing; admins only.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { deliveryWorld } from '../../../test/support/delivery.ts';
import { carrierDelivered, deliveredRoute, uploadRemittance } from '../../../test/support/money.ts';
import { packageInColombia } from '../../../test/support/packages.ts';
import { signedUpWithRole } from '../../../test/support/server.ts';
import { collectionMessages } from '../../shared/collections/forms.ts';
import { collections, remittances } from '../db/schema.ts';

describe.each(logicDrivers)("'Importar liquidación' on %s", (driver) => {
  const world = deliveryWorld(driver, { admin: 'liquidacion-admin@example.com', customer: 'Sara Cliente' });

  const collectionOf = async (number: number) =>
    (await world.server.db.select().from(collections).where(eq(collections.packageNumber, number)))[0];
  const snapshot = async () =>
    (await world.server.db.select().from(collections)).map((row) => [
      row.id,
      row.remittanceId,
      row.remittedOn,
    ]);

  it("records a carrier's collection when staff set 'Entregado', in the same move", async () => {
    const { server, admin, customer } = world;
    const pkg = await carrierDelivered(server, admin, customer, 'Coordinadora');
    expect(pkg.toPay).toBeGreaterThan(0);
    expect(await collectionOf(pkg.number)).toMatchObject({
      source: 'carrier',
      carrier: 'Coordinadora',
      carrierGuide: pkg.carrierGuide,
      amountCop: pkg.toPay,
      routeId: null,
      courierId: null,
      remittedAt: null,
    });
  });

  it('applies the matching rows in one go, lists the others with why, and the same file twice changes nothing', async () => {
    const { server, admin, customer } = world;
    const matching = await carrierDelivered(server, admin, customer);
    const byOurGuide = await carrierDelivered(server, admin, customer);
    const wrongAmount = await carrierDelivered(server, admin, customer);
    const notOut = await packageInColombia(customer, admin);
    const courier = await signedUpWithRole(server, 'reparto');
    const route = await deliveredRoute(server, admin, customer, courier, ['efectivo']);
    const routeGuide = (await admin.get(`/api/packages/${route.numbers[0]}`)).body.guide as string;
    const csv = [
      'Guía,Valor,Fecha',
      `${matching.carrierGuide},${matching.toPay},2026-11-20`,
      `${byOurGuide.guide.toLowerCase()},${byOurGuide.toPay},20/11/2026`,
      `${wrongAmount.carrierGuide},${wrongAmount.toPay + 1000},2026-11-20`,
      `SV000UNKNOWN1,50000,2026-11-20`,
      `${notOut.guide},50000,2026-11-20`,
      `${routeGuide},50000,2026-11-20`,
    ].join('\n');
    expect((await uploadRemittance(customer.client, csv)).status).toBe(403);
    expect((await uploadRemittance(courier.client, csv)).status).toBe(403);

    const first = await uploadRemittance(admin, csv);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ applied: 2, appliedCop: matching.toPay + byOurGuide.toPay });
    expect(first.body.message).toBe(collectionMessages.remittanceApplied(2, 4));
    expect(first.body.rows.map((row: { outcome: string }) => row.outcome)).toEqual([
      'applied',
      'applied',
      'different_amount',
      'unknown_guide',
      'not_delivered',
      'not_delivered',
    ]);
    expect(first.body.rows[2]).toMatchObject({
      line: 4,
      outcomeLabel: 'Valor distinto',
      packageNumber: wrongAmount.number,
    });
    expect(first.body.rows[3].reason).toBe('No tenemos ningún paquete con la guía «SV000UNKNOWN1».');
    expect(first.body.rows[4].reason).toContain('En bodega Colombia');
    expect(first.body.rows[5].reason).toContain('mensajero');
    expect(await collectionOf(matching.number)).toMatchObject({
      remittanceId: first.body.remittanceId,
      remittedOn: '2026-11-20',
    });
    expect((await collectionOf(byOurGuide.number))?.remittedAt).not.toBeNull();
    expect((await collectionOf(wrongAmount.number))?.remittedAt).toBeNull();

    const before = await snapshot();
    const stored = (await server.db.select().from(remittances)).length;
    const again = await uploadRemittance(admin, csv);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ applied: 0, appliedCop: 0, remittanceId: null });
    expect(again.body.rows.slice(0, 2).map((row: { outcome: string }) => row.outcome)).toEqual([
      'already_remitted',
      'already_remitted',
    ]);
    expect(await snapshot()).toEqual(before);
    expect((await server.db.select().from(remittances)).length).toBe(stored);
  });

  it('refuses a bad file whole with a Spanish 400, applying nothing', async () => {
    const { server, admin, customer } = world;
    const pkg = await carrierDelivered(server, admin, customer);
    const good = `${pkg.carrierGuide},${pkg.toPay},2026-11-21`;
    const before = await snapshot();
    const cases: Array<[string | Uint8Array, string, string?]> = [
      [
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        collectionMessages.remittanceNotCsv,
      ],
      ['guia,valor,fecha\n"abc,1,2026-11-01\n', collectionMessages.remittanceNotCsv],
      [
        `guia,valor,fecha,nota\n${good},x\n`,
        collectionMessages.remittanceColumns(['guia', 'valor', 'fecha', 'nota']),
      ],
      [`guia,monto,fecha\n${good}\n`, collectionMessages.remittanceColumns(['guia', 'monto', 'fecha'])],
      ['guia,valor,fecha\n', collectionMessages.remittanceEmpty],
      [
        `guia,valor,fecha\n${good}\nOTRA1234,85000.50,2026-11-21\n`,
        collectionMessages.remittanceProblems(1),
        collectionMessages.remittanceAmount(3, '85000.50'),
      ],
      [
        `guia,valor,fecha\n${good}\nOTRA1234,85mil,2026-11-21\n`,
        collectionMessages.remittanceProblems(1),
        collectionMessages.remittanceAmount(3, '85mil'),
      ],
      [
        `guia,valor,fecha\n${good}\nOTRA1234,85000,2026-13-40\n`,
        collectionMessages.remittanceProblems(1),
        collectionMessages.remittanceDate(3, '2026-13-40'),
      ],
      [
        `guia,valor,fecha\n${good}\n${good}\n`,
        collectionMessages.remittanceProblems(1),
        collectionMessages.remittanceTwice(pkg.carrierGuide, [2, 3]),
      ],
    ];
    for (const [file, message, problem] of cases) {
      const refused = await uploadRemittance(admin, file);
      expect(refused.status, message).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'invalid_remittance', message });
      if (problem) expect(refused.body.error.details.problems).toContain(problem);
    }
    const huge = `guia,valor,fecha\n${'SV1234567,85000,2026-11-21\n'.repeat(400_000)}`;
    expect(huge.length).toBeGreaterThan(10_000_000);
    const tooLarge = await uploadRemittance(admin, huge);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error).toMatchObject({
      code: 'remittance_too_large',
      message: collectionMessages.remittanceTooLarge,
    });
    const wrongType = await uploadRemittance(admin, `guia,valor,fecha\n${good}\n`, 'image/png');
    expect(wrongType.status).toBe(415);
    expect(await snapshot()).toEqual(before);
  });
});
