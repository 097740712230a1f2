// What a return to the store and a consolidation leave owed (issue 45 defect 5), on every driver, with the Wompi
// stand-in: a returned package owes its return fee and its storage, not the flight it never took, and its customer
// pays that online; a consolidated box keeps its originals' storage clock (their days and their used free days).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { deliveryWorld } from '../../../test/support/delivery.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import { eventsIntoWorld, onlinePayments, payOnline } from '../../../test/support/pay-online.ts';
import { DAY_MS } from '../../shared/requests/storage.ts';
import { einvoices, packageChargeLines, packageCharges, packages, settlements } from '../db/schema.ts';

const PDF = new Uint8Array(Buffer.from('%PDF-1.4\ntrailer <<>>\n%%EOF\n'));
const BOX = { weightLb: '6', lengthIn: '12', widthIn: '10', heightIn: '8' };
const standIn = await onlinePayments();

describe.each(drivers)('what requests leave owed on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'solicitudes-dinero-admin@example.com',
    customer: 'Rosa Retorno',
    env: standIn.env,
  });
  eventsIntoWorld(standIn, world);
  const db = () => world.server.db;
  const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
  const receivedDaysAgo = async (days: number, value = '50') => {
    const { number } = await receivedPackage(world.customer, world.admin, { value, weight: '4' });
    await db()
      .update(packages)
      .set({ receivedAt: ago(days) })
      .where(eq(packages.number, number));
    return number;
  };
  const ask = async (body: Record<string, unknown>) => {
    const asked = await world.customer.client.post('/api/requests', body);
    expect(asked.status).toBe(201);
    return asked.body.request.id as number;
  };
  const act = async (id: number, step: string, body: unknown = {}) => {
    const done = await world.admin.post(`/api/warehouse/requests/${id}/${step}`, body);
    expect(done.status).toBe(200);
    return done.body;
  };
  const linesOf = (number: number) =>
    db().select().from(packageChargeLines).where(eq(packageChargeLines.packageNumber, number));

  it('leaves a returned package owing its fee and storage, not its flight, payable online and invoiced', async () => {
    // 35 days in Miami (30 free) and declared over the tax-free threshold: freight, insurance and customs owed.
    const number = await receivedDaysAgo(35, '350');
    const [before] = await db().select().from(packageCharges).where(eq(packageCharges.packageNumber, number));
    expect(before?.tariffCents).toBeGreaterThan(0);
    const label = (await world.customer.client.upload('/api/requests/label', PDF, 'application/pdf')).body;
    const id = await ask({ kind: 'devolver', numbers: [number], labelFileId: label.fileId });
    await act(id, 'start');
    await act(id, 'complete', { carrier: 'UPS', carrierGuide: '1Z999AA10123456784' });

    const lines = await linesOf(number);
    expect(lines.map((line) => [line.kind, line.quantity])).toEqual([
      ['almacenaje', 5],
      ['devolucion', 1],
    ]);
    const owed = lines.reduce((sum, line) => sum + line.amountCop, 0);
    const page = (await world.customer.client.get(`/api/packages/${number}`)).body;
    expect(page.state).toBe('devuelto');
    expect(page.charge.totalCop).toBe(owed);
    const listed = (await world.customer.client.get('/api/packages')).body.packages.find(
      (row: { number: number }) => row.number === number,
    );
    expect(listed.toPay.cop).toBe(owed);

    // The customer pays it online: one settlement of exactly that, invoiced as the return and the storage.
    const paid = await payOnline(standIn, world, number);
    expect(paid.amountCop).toBe(owed);
    const [settlement] = await db().select().from(settlements).where(eq(settlements.packageNumber, number));
    expect(settlement).toMatchObject({ source: 'online', dueCop: owed, paidCop: owed, freightCents: 0 });
    const [invoice] = await db()
      .select()
      .from(einvoices)
      .where(and(eq(einvoices.packageNumber, number), eq(einvoices.kind, 'invoice')));
    expect(invoice?.lines.map((line) => line.kind)).toEqual(['almacenaje', 'devolucion']);
    expect((invoice?.totalCop ?? 0) + (invoice?.customsCop ?? 0)).toBe(owed);
  });

  it("keeps a consolidated box on its originals' storage clock: their days counted, no free days again", async () => {
    const older = await receivedDaysAgo(40);
    const newer = await receivedDaysAgo(20);
    const id = await ask({ kind: 'consolidar', numbers: [older, newer] });
    await act(id, 'start');
    const done = await act(id, 'complete', { scanned: [String(older), String(newer)], box: BOX });
    const box = done.newPackage as number;
    // From the earliest receipt, 40 days ago: 10 past the 30 free days.
    const page = (await world.customer.client.get(`/api/packages/${box}`)).body;
    expect(page.storage.days).toBe(10);
    expect(new Date(page.storage.freeUntil).getTime()).toBeLessThan(Date.now());
    const moved = await world.admin.post('/api/admin/packages/state', {
      numbers: [box],
      state: 'en_transito',
    });
    expect(moved.status).toBe(200);
    const storage = (await linesOf(box)).filter((line) => line.kind === 'almacenaje');
    expect(storage.map((line) => [line.quantity, line.amountCents])).toEqual([[10, 10 * 50]]);
  });
});
