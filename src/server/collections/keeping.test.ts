// Nothing lost: a backup carries the routes, stops, attempts, deliveries, collections, closes, corrections,
// remittances and receipts, and a restore continues their numbering; 'Mis datos' lists the person's deliveries and
// payments, and a deletion erases who received the parcels while the payments stay. On every driver.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers, openTestDatabase } from '../../../test/support/database.ts';
import { attemptBody, deliveryWorld, startedRoute } from '../../../test/support/delivery.ts';
import { carrierDelivered, deliveredRoute, uploadRemittance } from '../../../test/support/money.ts';
import { signedUpCustomer } from '../../../test/support/server.ts';
import { createBackup, restoreBackup } from '../db/backup.ts';
import {
  cashCloses,
  collectionCorrections,
  collections,
  deliveries,
  deliveryAttempts,
  deliveryRoutes,
  paymentReceipts,
  remittances,
  routeStops,
  settlements,
} from '../db/schema.ts';

const MONEY_TABLES = {
  delivery_routes: deliveryRoutes,
  route_stops: routeStops,
  deliveries,
  delivery_attempts: deliveryAttempts,
  remittances,
  collections,
  collection_corrections: collectionCorrections,
  cash_closes: cashCloses,
  payment_receipts: paymentReceipts,
  settlements,
};

describe.each(drivers)('money kept on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'guarda-admin@example.com',
    customer: 'Nora Cliente',
    couriers: ['Óscar Mensajero'],
  });

  it("lists the person's deliveries and payments in 'Mis datos', and erases the receiver on deletion", async () => {
    const { server, admin, customer, courier } = world;
    const route = await deliveredRoute(server, admin, customer, courier, ['daviplata']);
    const [number = 0] = route.numbers;
    const receipt = (await customer.client.get(`/api/packages/${number}/receipt`)).body;
    const data = await customer.client.get('/api/me/data');
    expect(data.status).toBe(200);
    expect(data.body.entregas).toEqual([
      expect.objectContaining({ paquete: number, recibidoPor: 'Marta Gómez', documento: '1020304050' }),
    ]);
    expect(data.body.pagos).toEqual([
      expect.objectContaining({
        paquete: number,
        valorPagadoPesos: route.toPay[0],
        medioDePago: 'Daviplata',
        referencia: 'REF0',
        comprobante: receipt.receiptCode,
      }),
    ]);
    const deleted = await customer.client.post('/api/me/delete', { password: customer.form.password });
    expect(deleted.status).toBe(200);
    const [row] = (await server.db.select().from(deliveries)).filter((each) => each.packageNumber === number);
    expect(row).toMatchObject({ receivedBy: 'Cuenta eliminada', document: '', latitude: null });
    expect((await server.db.select().from(collections)).some((each) => each.packageNumber === number)).toBe(
      true,
    );
  });

  it('backs up and restores every money table, and the receipts continue their numbering', async () => {
    const { server, admin, courier } = world;
    const owner = await signedUpCustomer(server);
    const route = await deliveredRoute(server, admin, owner, courier, ['efectivo', 'nequi']);
    const failed = await startedRoute(admin, owner, courier.record.id, 1);
    await courier.client.post(`/api/delivery/stops/${failed.numbers[0]}/attempt`, attemptBody());
    await admin.post(`/api/admin/delivery/routes/${failed.id}/close`, { cashDeliveredCop: 0 });
    const cash = route.toPay[0] ?? 0;
    expect(
      (await admin.post(`/api/admin/delivery/routes/${route.id}/close`, { cashDeliveredCop: cash })).status,
    ).toBe(200);
    const sheet = (await admin.get(`/api/admin/delivery/routes/${route.id}/cash`)).body;
    const fix = await admin.post(`/api/admin/recaudos/collections/${sheet.collections[0].id}/corrections`, {
      amountCop: cash,
      means: 'efectivo',
      reference: 'RECIBO-9',
      note: 'Recibo de caja',
    });
    expect(fix.status).toBe(200);
    const carried = await carrierDelivered(server, admin, owner);
    await uploadRemittance(admin, `guia,valor,fecha\n${carried.carrierGuide},${carried.toPay},2026-11-22\n`);
    const receipt = (await owner.client.get(`/api/packages/${carried.number}/receipt`)).body;

    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(MONEY_TABLES))
      counts[name] = (await server.db.select().from(table)).length;
    for (const count of Object.values(counts)) expect(count).toBeGreaterThan(0);

    const backup = await createBackup(server.db);
    const target = await openTestDatabase(driver);
    try {
      const restored = await restoreBackup(target.db, backup);
      for (const [name, count] of Object.entries(counts)) expect(restored[name], name).toBe(count);
      // The carrier's was the last receipt issued: issued again, its number continues after it.
      const [issued] = await target.db
        .delete(paymentReceipts)
        .where(eq(paymentReceipts.number, receipt.receiptNumber))
        .returning();
      const [next] = await target.db
        .insert(paymentReceipts)
        .values({ packageNumber: carried.number, collectionId: issued?.collectionId ?? 0 })
        .returning();
      expect(next?.number).toBe(receipt.receiptNumber + 1);
      const [route2] = await target.db
        .insert(deliveryRoutes)
        .values({ date: '2026-12-01', courierId: courier.record.id, zone: 'Después' })
        .returning();
      expect(route2?.id).toBeGreaterThan(failed.id);
    } finally {
      await target.close();
    }
  });
});
