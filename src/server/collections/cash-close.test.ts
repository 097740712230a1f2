// 'Cerrar ruta' with its cash count and what follows it, on every driver: the figures are sums of the stored
// collections, any difference needs 'Observación' (400 on `note`, nothing closed), the close is stored and audited
// and locks the route's collections, which then change only by an admin's correction with a note (a row of its own
// and an audit entry); a close and a delivery racing on the same route end in one consistent state; couriers,
// customers and bodega staff get 403; 'Entregados' counts every package delivered, paid online ones too (against
// the Wompi stand-in).
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { deliveryBody, deliveryWorld, startedRoute } from '../../../test/support/delivery.ts';
import { deliveredRoute, storedValueToPay } from '../../../test/support/money.ts';
import { eventsIntoWorld, onlinePayments, payOnline } from '../../../test/support/pay-online.ts';
import { signedUpWithRole } from '../../../test/support/server.ts';
import { collectionMessages } from '../../shared/collections/forms.ts';
import { formatCop } from '../../shared/money.ts';
import { auditLog, cashCloses, collectionCorrections, collections, deliveryRoutes } from '../db/schema.ts';

const standIn = await onlinePayments();

describe.each(drivers)("'Cierre de caja' on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'caja-admin@example.com',
    customer: 'Lucía Cliente',
    couriers: ['Andrés Mensajero'],
    env: standIn.env,
  });
  eventsIntoWorld(standIn, world);

  const closePath = (id: number) => `/api/admin/delivery/routes/${id}/close`;
  const cashPath = (id: number) => `/api/admin/delivery/routes/${id}/cash`;

  it('closes with cash and Nequi: a difference needs an Observación, the close is stored, audited and locks', async () => {
    const { server, admin, customer, courier } = world;
    const route = await deliveredRoute(server, admin, customer, courier, ['efectivo', 'nequi']);
    const [cash = 0, nequi = 0] = route.toPay;
    expect(cash).toBeGreaterThan(0);

    const before = await admin.get(cashPath(route.id));
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      locked: false,
      delivered: 2,
      close: null,
      figures: {
        expectedCop: cash + nequi,
        collectedCop: cash + nequi,
        cashCollectedCop: cash,
        differenceCop: 0,
      },
    });
    expect(before.body.byMeans).toEqual([
      { means: 'efectivo', label: 'Efectivo', amountCop: cash, count: 1 },
      { means: 'nequi', label: 'Nequi', amountCop: nequi, count: 1 },
    ]);

    for (const who of [courier.client, customer.client, (await signedUpWithRole(server, 'bodega')).client]) {
      expect((await who.post(closePath(route.id), { cashDeliveredCop: cash })).status).toBe(403);
      expect((await who.get(cashPath(route.id))).status).toBe(403);
    }

    const short = cash - 2000;
    const refused = await admin.post(closePath(route.id), { cashDeliveredCop: short });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'observation_required',
      field: 'note',
      message: collectionMessages.observation,
    });
    const bad = await admin.post(closePath(route.id), { cashDeliveredCop: 1.5 });
    expect(bad.body.error).toMatchObject({
      field: 'cashDeliveredCop',
      message: collectionMessages.cashDelivered,
    });
    const [stillOpen] = await server.db.select().from(deliveryRoutes).where(eq(deliveryRoutes.id, route.id));
    expect(stillOpen?.state).toBe('en_curso');
    expect(await server.db.select().from(cashCloses).where(eq(cashCloses.routeId, route.id))).toEqual([]);

    const closed = await admin.post(closePath(route.id), {
      cashDeliveredCop: short,
      note: 'Faltan 2.000 en billetes',
    });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(collectionMessages.closedWithDifference(route.id, formatCop(-2000)));
    expect(closed.body.route.state).toBe('cerrada');
    expect(closed.body.close).toMatchObject({
      routeId: route.id,
      expectedCop: cash + nequi,
      collectedCop: cash + nequi,
      cashCollectedCop: cash,
      cashDeliveredCop: short,
      cashDifferenceCop: -2000,
      differenceCop: -2000,
      note: 'Faltan 2.000 en billetes',
      delivered: 2,
    });
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.action, 'route_closed'));
    const entry = audit.find((row) => (row.detail as { routeId?: number }).routeId === route.id);
    expect(entry?.detail).toMatchObject({
      cashDeliveredCop: short,
      differenceCop: -2000,
      note: 'Faltan 2.000 en billetes',
      byMeans: { efectivo: cash, nequi },
    });

    // Locked: the courier records nothing more, and only an admin corrects, with a note.
    const after = (await admin.get(cashPath(route.id))).body;
    expect(after.locked).toBe(true);
    expect(after.collections.every((row: { locked: boolean }) => row.locked)).toBe(true);
    const nequiRow = after.collections.find((row: { means: string }) => row.means === 'nequi');
    const correctionPath = `/api/admin/recaudos/collections/${nequiRow.id}/corrections`;
    const fix = {
      amountCop: nequi,
      means: 'efectivo',
      reference: '',
      note: 'Pagó en efectivo, no por Nequi',
    };
    expect((await courier.client.post(correctionPath, fix)).status).toBe(403);
    const noNote = await admin.post(correctionPath, { ...fix, note: ' ' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.error).toMatchObject({ field: 'note', message: collectionMessages.correctionNote });
    const corrected = await admin.post(correctionPath, fix);
    expect(corrected.status).toBe(200);
    expect(corrected.body.message).toBe(collectionMessages.corrected(nequiRow.packageNumber));
    expect(corrected.body.collection).toMatchObject({ means: 'efectivo', amountCop: nequi });
    expect(corrected.body.collection.corrections).toHaveLength(1);
    expect(corrected.body.collection.corrections[0]).toMatchObject({
      note: fix.note,
      before: { amountCop: nequi, means: 'nequi', reference: 'REF1' },
      after: { amountCop: nequi, means: 'efectivo', reference: '' },
    });
    const same = await admin.post(correctionPath, fix);
    expect(same.status).toBe(400);
    expect(same.body.error.message).toBe(collectionMessages.noChange);
    const rows = await server.db
      .select()
      .from(collectionCorrections)
      .where(eq(collectionCorrections.collectionId, nequiRow.id));
    expect(rows).toHaveLength(1);
    expect(
      (await server.db.select().from(auditLog).where(eq(auditLog.action, 'collection_corrected'))).some(
        (row) => (row.detail as { collectionId?: number }).collectionId === nequiRow.id,
      ),
    ).toBe(true);

    // The close's figures are the sums of the stored collections: the correction moved them.
    const moved = (await admin.get(cashPath(route.id))).body;
    expect(moved.close).toMatchObject({ cashCollectedCop: cash + nequi, cashDifferenceCop: -2000 - nequi });
    const stored = await server.db.select().from(collections).where(eq(collections.routeId, route.id));
    const sum = (means: string) =>
      stored.filter((row) => row.means === means).reduce((total, row) => total + row.amountCop, 0);
    expect(moved.close.cashCollectedCop).toBe(sum('efectivo'));
    expect(moved.close.collectedCop).toBe(sum('efectivo') + sum('nequi'));
  });

  it('closes without a difference and without an Observación; corrects nothing on a route still open', async () => {
    const { server, admin, customer, courier } = world;
    const route = await deliveredRoute(server, admin, customer, courier, ['efectivo']);
    const [open] = (await admin.get(cashPath(route.id))).body.collections;
    const early = await admin.post(`/api/admin/recaudos/collections/${open.id}/corrections`, {
      amountCop: 1,
      means: 'efectivo',
      note: 'antes del cierre',
    });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(collectionMessages.notLocked);
    const closed = await admin.post(closePath(route.id), { cashDeliveredCop: route.toPay[0] });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(collectionMessages.closedWithCash(route.id, 0));
    expect(closed.body.close).toMatchObject({ differenceCop: 0, cashDifferenceCop: 0, note: '' });
    const missing = await admin.post('/api/admin/recaudos/collections/99999999/corrections', {
      amountCop: 1,
      means: 'efectivo',
      note: 'x',
    });
    expect(missing.status).toBe(404);
  });

  it("counts a package paid online and delivered in the close's 'Entregados' (issue 45, defect 11)", async () => {
    const { server, admin, customer, courier } = world;
    const route = await startedRoute(admin, customer, courier.record.id, 2);
    const [paid = 0, cash = 0] = route.numbers;
    await payOnline(standIn, world, paid);
    const toPay = await storedValueToPay(server, cash);
    for (const [number, body] of [
      [paid, deliveryBody(0, { means: undefined })],
      [cash, deliveryBody(toPay)],
    ] as const)
      expect((await courier.client.post(`/api/delivery/stops/${number}/deliver`, body)).status).toBe(200);

    // Two packages delivered; only the one paid at the door brought money to the route.
    const before = (await admin.get(cashPath(route.id))).body;
    expect(before).toMatchObject({ delivered: 2, figures: { expectedCop: toPay, collectedCop: toPay } });
    const closed = await admin.post(closePath(route.id), { cashDeliveredCop: toPay });
    expect(closed.status).toBe(200);
    expect(closed.body.close).toMatchObject({ delivered: 2, expectedCop: toPay, differenceCop: 0 });
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'route_closed'), sql`${auditLog.detail}->>'routeId' = ${String(route.id)}`),
      );
    expect(audit?.detail).toMatchObject({ delivered: 2 });
  });

  it('a close and a delivery racing on the same route end in one consistent state', async () => {
    const { server, admin, customer, courier } = world;
    for (let round = 0; round < 3; round++) {
      const route = await startedRoute(admin, customer, courier.record.id, 2);
      const [first = 0, second = 0] = route.numbers;
      const toPay = await storedValueToPay(server, first);
      const other = await storedValueToPay(server, second);
      expect(
        (await courier.client.post(`/api/delivery/stops/${first}/deliver`, deliveryBody(toPay))).status,
      ).toBe(200);
      // The cashier counted the first delivery's cash; the second arrives at the same moment.
      const [delivered, closed] = await Promise.all([
        courier.client.post(`/api/delivery/stops/${second}/deliver`, deliveryBody(other)),
        admin.post(closePath(route.id), { cashDeliveredCop: toPay }),
      ]);
      const stored = await server.db
        .select()
        .from(collections)
        .where(and(eq(collections.routeId, route.id)));
      const [routeRow] = await server.db.select().from(deliveryRoutes).where(eq(deliveryRoutes.id, route.id));
      // The delivery was made on the phone before the close either way: it is kept, and only its place differs.
      expect(delivered.status).toBe(200);
      expect(stored).toHaveLength(2);
      const late = stored.find((row) => row.packageNumber === second);
      if (closed.status === 400) {
        // The delivery came first: the close saw its cash, found a difference without an Observación, and refused.
        expect(closed.body.error.field).toBe('note');
        expect(late?.afterClose).toBe(false);
        expect(routeRow?.state).toBe('en_curso');
        const again = await admin.post(closePath(route.id), { cashDeliveredCop: toPay + other });
        expect(again.status).toBe(200);
      } else {
        // The close came first: the delivery is 'Registrada después del cierre', out of the close's figures.
        expect(closed.status).toBe(200);
        expect(late?.afterClose).toBe(true);
        expect(routeRow?.state).toBe('cerrada');
      }
      const close = (await admin.get(cashPath(route.id))).body.close;
      expect(close.collectedCop).toBe(late?.afterClose ? toPay : toPay + other);
    }
  });
});
