// One truth for money (issue 30), on every driver: a package's money is settled once, frozen, and read from there;
// a delivery synced after 'Cerrar ruta' is kept for an admin to settle; a correction out of 'Entregado' voids the
// settlement so the package can be delivered again (never a 500); the close's cash is what the cashier counted;
// staff cannot set 'Entregado' on a stop of an open route; a remittance counts each collection once; a receipt's
// number is issued with the settlement and only its owner and admins read it.
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { deliveryBody, deliveryWorld, startedRoute, valueToPay } from '../../../test/support/delivery.ts';
import { carrierDelivered, storedValueToPay, uploadRemittance } from '../../../test/support/money.ts';
import { signedUpWithRole } from '../../../test/support/server.ts';
import { chargeSettledMessage } from '../../shared/charges/rates-form.ts';
import { collectionMessages } from '../../shared/collections/forms.ts';
import { isoDayInColombia } from '../../shared/dates.ts';
import { doorMessages } from '../../shared/delivery/door-choices.ts';
import {
  auditLog,
  collections,
  packageCharges,
  packages,
  paymentReceipts,
  settlements,
} from '../db/schema.ts';

describe.each(drivers)('settled money on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'liquidaciones-admin@example.com',
    customer: 'Lucía Cliente',
    couriers: ['Ana Mensajera'],
  });
  const db = () => world.server.db;
  const stateOf = async (number: number) =>
    (await db().select().from(packages).where(eq(packages.number, number)))[0]?.state;
  const inForce = async (number: number) =>
    db()
      .select()
      .from(collections)
      .where(and(eq(collections.packageNumber, number), isNull(collections.voidedAt)));
  const deliver = (number: number, body: ReturnType<typeof deliveryBody>) =>
    world.courier.client.post(`/api/delivery/stops/${number}/deliver`, body);
  // The day as 'Recaudos' and the routes count it (Colombia's), not UTC's: they differ from 19:00 to midnight there.
  const today = () => isoDayInColombia(new Date());
  const recaudosToday = async () => {
    const answer = await world.admin.get(`/api/admin/recaudos?desde=${today()}&hasta=${today()}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it("keeps a delivery made before 'Cerrar ruta' and synced after it, apart from the close, for an admin to settle", async () => {
    const { admin, customer, courier } = world;
    const route = await startedRoute(admin, customer, courier.record.id, 2);
    const [late = 0, onTime = 0] = route.numbers;
    const toPay = await valueToPay(courier.client, late);
    const madeBeforeClose = deliveryBody(toPay);
    expect((await deliver(onTime, deliveryBody(await valueToPay(courier.client, onTime)))).status).toBe(200);
    const onTimeCash = (await inForce(onTime))[0]?.amountCop ?? 0;
    const closed = await admin.post(`/api/admin/delivery/routes/${route.id}/close`, {
      cashDeliveredCop: onTimeCash,
    });
    expect(closed.status).toBe(200);
    expect(await stateOf(late)).toBe('en_bodega_colombia');

    const synced = await deliver(late, madeBeforeClose);
    expect(synced.status).toBe(200);
    expect(synced.body.message).toBe(doorMessages.deliveredLate(late));
    expect(await stateOf(late)).toBe('entregado');
    expect(await inForce(late)).toMatchObject([
      { afterClose: true, courierId: courier.record.id, routeId: route.id, amountCop: toPay },
    ]);
    // Made after the close: refused, nothing written.
    const afterClose = await deliver(
      onTime,
      deliveryBody(0, { at: new Date(Date.now() + 60_000).toISOString() }),
    );
    expect(afterClose.status).toBe(409);

    // The close's figures do not move; the late one is listed on the close and waits on /admin/reparto.
    const cash = await admin.get(`/api/admin/delivery/routes/${route.id}/cash`);
    expect(cash.body.close).toMatchObject({ collectedCop: onTimeCash, delivered: 1 });
    expect(cash.body.collections.filter((entry: { afterClose: boolean }) => entry.afterClose)).toHaveLength(
      1,
    );
    const waiting = await admin.get('/api/admin/recaudos/late');
    expect(waiting.body.deliveries.map((entry: { packageNumber: number }) => entry.packageNumber)).toContain(
      late,
    );
    const lateId = (await inForce(late))[0]?.id;
    const before = await recaudosToday();

    const noNote = await admin.post(`/api/admin/recaudos/collections/${lateId}/late-count`, {
      cashDeliveredCop: toPay - 1000,
    });
    expect(noNote.status).toBe(400);
    expect(noNote.body.error.field).toBe('note');
    const settled = await admin.post(`/api/admin/recaudos/collections/${lateId}/late-count`, {
      cashDeliveredCop: toPay,
    });
    expect(settled.status).toBe(200);
    expect(settled.body.message).toBe(collectionMessages.lateSettled(late));
    const again = await admin.post(`/api/admin/recaudos/collections/${lateId}/late-count`, {
      cashDeliveredCop: toPay,
    });
    expect(again.status).toBe(409);
    const after = await recaudosToday();
    expect(after.totals.receivedCop - before.totals.receivedCop).toBe(toPay);
    expect(before.totals.pendingCop - after.totals.pendingCop).toBe(toPay);
    const waitingAfter = await admin.get('/api/admin/recaudos/late');
    expect(
      waitingAfter.body.deliveries.map((entry: { packageNumber: number }) => entry.packageNumber),
    ).not.toContain(late);
  });

  it("voids the settlement of a correction out of 'Entregado', and a new delivery settles it again (409s, never a 500)", async () => {
    const { server, admin, customer, courier } = world;
    const carried = await carrierDelivered(server, admin, customer);
    const corrected = await admin.post('/api/admin/packages/state', {
      numbers: [carried.number],
      state: 'en_bodega_colombia',
      correction: true,
      note: 'La transportadora no lo entregó: vuelve a bodega.',
    });
    expect(corrected.status).toBe(200);
    expect(await inForce(carried.number)).toEqual([]);
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, 'settlement_voided'));
    expect(audited.some((row) => JSON.stringify(row.detail).includes(String(carried.number)))).toBe(true);

    const created = await admin.post('/api/admin/delivery/routes', {
      date: today(),
      courierId: courier.record.id,
      zone: 'Bogotá sur',
    });
    const routeId = created.body.route.id as number;
    await admin.post(`/api/admin/delivery/routes/${routeId}/stops`, { packages: [String(carried.number)] });
    expect((await admin.post(`/api/admin/delivery/routes/${routeId}/start`)).status).toBe(200);
    const body = deliveryBody(carried.toPay);
    const sync = await courier.client.post('/api/delivery/sync', {
      actions: [{ kind: 'deliver', number: carried.number, body }],
    });
    expect(sync.status).toBe(200);
    expect(sync.body.results[0]).toMatchObject({ ok: true, number: carried.number });
    expect(await inForce(carried.number)).toMatchObject([{ source: 'route', routeId }]);
    const both = await db().select().from(settlements).where(eq(settlements.packageNumber, carried.number));
    expect(both.map((row) => row.voidedAt === null).sort()).toEqual([false, true]);
  });

  it("freezes 'Valor a pagar' at settlement: the close, the CSV and the receipt keep it, and 'Recalcular cobro' is refused", async () => {
    const { server, admin, customer, courier } = world;
    const route = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = route.numbers;
    const toPay = await storedValueToPay(server, number);
    expect((await deliver(number, deliveryBody(toPay))).status).toBe(200);
    // The receipt's number exists before anyone opens it.
    expect(
      await db().select().from(paymentReceipts).where(eq(paymentReceipts.packageNumber, number)),
    ).toHaveLength(1);
    const receiptBefore = (await customer.client.get(`/api/packages/${number}/receipt`)).body;

    const recompute = await admin.post(`/api/admin/packages/${number}/charge`);
    expect(recompute.status).toBe(409);
    expect(recompute.body.error.message).toBe(chargeSettledMessage);
    // Whatever happens to the stored charge afterwards, the settled figures stay.
    await db()
      .update(packageCharges)
      .set({ totalCop: toPay + 77_000, totalCents: 999_999 })
      .where(eq(packageCharges.packageNumber, number));
    const cash = await admin.get(`/api/admin/delivery/routes/${route.id}/cash`);
    expect(cash.body.figures.expectedCop).toBe(toPay);
    const receipt = (await customer.client.get(`/api/packages/${number}/receipt`)).body;
    expect(receipt).toMatchObject({
      receiptNumber: receiptBefore.receiptNumber,
      valueToPayCop: toPay,
      valueToPayCents: receiptBefore.valueToPayCents,
    });
    const csv = String((await admin.get(`/api/admin/recaudos.csv?desde=${today()}&hasta=${today()}`)).body);
    const line = csv.split('\r\n').find((row) => row.includes(`"${number}"`)) ?? '';
    expect(line).toContain(`"${toPay}"`);
    expect(line).not.toContain(`"${toPay + 77_000}"`);
    const lines = csv.trim().split('\r\n');
    expect(lines[lines.length - 1]).toMatch(/^"Total","\d+"/);
  });

  it("reports a closed route's cash as what the cashier counted, and the shortfall on its own line", async () => {
    const { admin, customer, courier } = world;
    const route = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = route.numbers;
    const toPay = await valueToPay(courier.client, number);
    expect((await deliver(number, deliveryBody(toPay))).status).toBe(200);
    const before = await recaudosToday();
    const closed = await admin.post(`/api/admin/delivery/routes/${route.id}/close`, {
      cashDeliveredCop: toPay - 5000,
      note: 'Faltaron cinco mil.',
    });
    expect(closed.status).toBe(200);
    const after = await recaudosToday();
    expect(after.totals.receivedCop - before.totals.receivedCop).toBe(toPay - 5000);
    expect(after.totals.shortfallCop - before.totals.shortfallCop).toBe(5000);
    const { collectedCop, receivedCop, pendingCop, shortfallCop } = after.totals;
    expect(receivedCop + pendingCop + shortfallCop).toBe(collectedCop);
  });

  it("refuses staff's 'Entregado' on a stop of an open route, naming the route", async () => {
    const { admin, customer, courier } = world;
    const route = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = route.numbers;
    const answer = await admin.post('/api/admin/packages/state', {
      numbers: [number],
      state: 'entregado',
      receivedBy: 'Portería',
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.details.refused[0].reason).toContain(`ruta ${route.id}`);
    expect(await stateOf(number)).toBe('en_reparto');
    expect(await inForce(number)).toEqual([]);
  });

  it('counts a collection once when a remittance names it by both guides, and imports at once never fail', async () => {
    const { server, admin, customer } = world;
    const carried = await carrierDelivered(server, admin, customer);
    const other = await carrierDelivered(server, admin, customer);
    const csv = [
      'guia,valor,fecha',
      `${carried.carrierGuide},${carried.toPay},2026-11-20`,
      `${carried.guide},${carried.toPay},2026-11-20`,
    ].join('\n');
    const imported = await uploadRemittance(admin, csv);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ applied: 1, appliedCop: carried.toPay });
    expect(imported.body.rows[1].outcome).toBe('repeated_in_file');
    const file = `guia,valor,fecha\n${other.carrierGuide},${other.toPay},2026-11-20\n${other.guide},${other.toPay},2026-11-20`;
    const racing = await Promise.all([uploadRemittance(admin, file), uploadRemittance(admin, file)]);
    expect(racing.map((answer) => answer.status)).toEqual([200, 200]);
    expect(racing.map((answer) => answer.body.applied).sort()).toEqual([0, 1]);
  });

  it('shows a receipt to its owner and admins only (the warehouse gets 404)', async () => {
    const { server, admin, customer } = world;
    const carried = await carrierDelivered(server, admin, customer);
    const bodega = await signedUpWithRole(server, 'bodega');
    expect((await bodega.client.get(`/api/packages/${carried.number}/receipt`)).status).toBe(404);
    expect((await customer.client.get(`/api/packages/${carried.number}/receipt`)).status).toBe(200);
    expect((await admin.get(`/api/packages/${carried.number}/receipt`)).status).toBe(200);
  });
});
