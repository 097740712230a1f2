// The staff's view of one package through the API, on PGlite: its moves with who made them, its charge with
// the inputs and rates it came from, the whole proof of delivery, 403 to customers, couriers and the warehouse,
// 404 for a number that does not exist; an invoice attached by the customer to a held package as its own line; and
// the board shows a pre-alert's locker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { deliveryBody, startedRoute, valueToPay } from '../../../test/support/delivery.ts';
import { newTestGuide, receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  signedUpWithRole,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import type { StaffPackage } from '../../shared/operations/api-types.ts';

const ADMIN_EMAIL = 'vista-paquete-admin@example.com';

describe.each(logicDrivers)("the staff's package view on %s", (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, ADMIN_EMAIL));
    customer = await signedUpCustomer(server, { name: 'Celia Vista' });
  });
  afterAll(() => server?.close());

  const view = async (number: number) => {
    const answer = await admin.get(`/api/admin/packages/${number}`);
    expect(answer.status).toBe(200);
    return answer.body as StaffPackage;
  };

  it('answers 403 to a customer, a courier and the warehouse, and 404 for an unknown number', async () => {
    const { number } = await receivedPackage(customer, admin);
    const people = [
      customer,
      await signedUpWithRole(server, 'reparto'),
      await signedUpWithRole(server, 'bodega'),
    ];
    for (const { client } of people) {
      const refused = await client.get(`/api/admin/packages/${number}`);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
    }
    const unknown = await admin.get('/api/admin/packages/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found', message: 'No encontramos ese paquete.' });
    // The board's own routes keep answering under the same prefix.
    expect((await admin.get('/api/admin/packages/csv')).status).toBe(200);
  });

  it('names who made each move, with the role and the time, newest first', async () => {
    const bodega = await signedUpWithRole(server, 'bodega', { name: 'Bruno Bodeguero' });
    const guide = newTestGuide();
    const saved = await customer.client.post('/api/packages', {
      guide,
      content: 'Zapatos',
      declaredValue: '80',
    });
    expect(saved.status).toBe(201);
    const number = saved.body.package.number as number;
    const receipt = await bodega.client.post('/api/warehouse/receipts', {
      guide,
      lockerNumber: customer.record.lockerNumber,
      weightLb: '4.2',
      lengthIn: '12',
      widthIn: '10',
      heightIn: '8',
    });
    expect(receipt.status).toBe(201);
    const held = await admin.post('/api/admin/packages/state', {
      numbers: [number],
      state: 'retenido',
      note: 'Falta la factura',
    });
    expect(held.status).toBe(200);

    const { package: pkg, owner, events } = await view(number);
    expect(pkg).toMatchObject({ number, guide, state: 'retenido', holdReason: expect.any(String) });
    expect(owner).toEqual({
      name: 'Celia Vista',
      email: customer.record.email,
      lockerNumber: customer.record.lockerNumber,
      telefono: customer.record.telefono,
    });
    expect(events.map(({ state, actor, actorName, note }) => ({ state, actor, actorName, note }))).toEqual([
      { state: 'retenido', actor: 'Administración', actorName: 'Ana María Pérez', note: 'Falta la factura' },
      { state: 'recibido', actor: 'Bodega', actorName: 'Bruno Bodeguero', note: expect.any(String) },
      { state: 'prealertado', actor: 'Cliente', actorName: 'Celia Vista', note: expect.any(String) },
    ]);
    for (const event of events) expect(Number.isNaN(Date.parse(event.at))).toBe(false);
  });

  it('shows an invoice its customer attached to a held package as its own line, by the customer, among its files', async () => {
    const { number } = await receivedPackage(customer, admin);
    const held = await admin.post('/api/admin/packages/state', {
      numbers: [number],
      state: 'retenido',
      note: 'Falta la factura',
    });
    expect(held.status).toBe(200);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    expect(
      (await customer.client.upload(`/api/packages/${number}/invoice`, pdf, 'application/pdf')).status,
    ).toBe(200);

    const { package: pkg, events } = await view(number);
    expect(pkg.state).toBe('retenido');
    expect(events[0]).toMatchObject({
      kind: 'invoice',
      state: 'retenido',
      note: 'Factura adjuntada',
      actor: 'Cliente',
      actorName: 'Celia Vista',
    });
    expect(events[1]).toMatchObject({ kind: 'state', state: 'retenido', actor: 'Administración' });
    const [invoice, ...others] = pkg.files.filter((file) => file.kind === 'invoice');
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ mime: 'application/pdf', url: `/api/files/${invoice?.id}` });
  });

  it('shows the charge with its inputs and rates, and who recomputed it', async () => {
    const { number } = await receivedPackage(customer, admin, { weight: '2.5', value: '250' });
    const before = (await view(number)).charge;
    expect(before).toMatchObject({
      weightLb: 2.5,
      measuresIn: null,
      declaredValueCents: 25_000,
      actualLb: 3,
      volumetricLb: 0,
      chargeableLb: 3,
      freightCents: 750,
      insuranceCents: 500,
      rates: {
        pricePerLbCents: 250,
        insuranceBasisPoints: 200,
        taxFreeThresholdCents: 20_000,
        trmHundredths: 400_000,
      },
    });
    // Over US$ 200: arancel 10 % of (value + freight + insurance), then IVA 19 % of that plus the arancel.
    expect(before?.tariffCents).toBe(2625);
    expect(before?.vatCents).toBe(Math.round((26_250 + 2625) * 0.19));
    expect(before?.totalCents).toBe(
      750 + 500 + 2625 + (before?.vatCents ?? 0) - (before?.creditUsedCents ?? 0),
    );
    expect(before?.ratesFrom).toEqual(expect.any(String));
    expect((await admin.post(`/api/admin/packages/${number}/charge`, {})).status).toBe(200);
    expect((await view(number)).charge).toMatchObject({
      computedBy: 'Ana María Pérez',
      totalCents: before?.totalCents,
    });
  });

  it('shows the whole proof of delivery with the courier', async () => {
    const courier = await signedUpWithRole(server, 'reparto', { name: 'Pablo Ruta' });
    const route = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = route.numbers;
    const toPay = await valueToPay(courier.client, number);
    expect(
      (await courier.client.post(`/api/delivery/stops/${number}/deliver`, deliveryBody(toPay))).status,
    ).toBe(200);
    const { package: pkg, events } = await view(number);
    expect(pkg.delivery).toMatchObject({
      receivedBy: 'Marta Gómez',
      document: '1020304050',
      courierName: 'Pablo Ruta',
      paidCop: toPay,
    });
    expect(events[0]).toMatchObject({ state: 'entregado', actor: 'Mensajero', actorName: 'Pablo Ruta' });
    // The customer's own page keeps the last four digits only.
    expect((await customer.client.get(`/api/packages/${number}`)).body.delivery.document).toBe('••••4050');
  });

  it("shows a pre-alert's locker on the board: its customer's", async () => {
    const guide = newTestGuide();
    const saved = await customer.client.post('/api/packages', {
      guide,
      content: 'Libros',
      declaredValue: '20',
    });
    expect(saved.status).toBe(201);
    const board = await admin.get(`/api/admin/packages?q=${saved.body.package.number}`);
    expect(board.body.packages).toEqual([
      expect.objectContaining({ state: 'prealertado', lockerNumber: customer.record.lockerNumber }),
    ]);
  });
});
