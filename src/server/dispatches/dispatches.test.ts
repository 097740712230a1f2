// Dispatches through the API, on PGlite: created from received packages, one dispatch per package (the
// refusal names which), add and remove while open, its manifest, and its states moving every package at once.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { outbox, packageEvents, packages } from '../db/schema.ts';

const ADMIN_EMAIL = 'despachos-admin@example.com';
const FLIGHT = { masterAwb: '729-12345675', airline: 'Avianca Cargo', flightDate: '2026-12-01' };

describe.each(logicDrivers)('dispatches on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, ADMIN_EMAIL));
  });
  afterAll(() => server?.close());

  const states = async (numbers: number[]) =>
    (
      await server.db
        .select({ state: packages.state })
        .from(packages)
        .where(inArray(packages.number, numbers))
    ).map((r) => r.state);

  it('takes a package once, refusing the second dispatch by name, and only received ones', async () => {
    const customer = await signedUpCustomer(server);
    const a = await receivedPackage(customer, admin);
    const prealert = await customer.client.post('/api/packages', {
      guide: 'TBM000000777777',
      content: 'x',
      declaredValue: '1',
    });
    const first = await admin.post('/api/admin/dispatches', { ...FLIGHT, numbers: [a.number] });
    expect(first.status).toBe(201);
    const id = first.body.dispatch.id;
    const second = await admin.post('/api/admin/dispatches', {
      ...FLIGHT,
      numbers: [a.number, prealert.body.package.number],
    });
    expect(second.status).toBe(409);
    expect(second.body.error.details.refused).toEqual([
      { number: a.number, reason: `El paquete ${a.number} ya está en el despacho ${id}.` },
      {
        number: prealert.body.package.number,
        reason: `El paquete ${prealert.body.package.number} está en «Prealertado»: solo se despachan paquetes recibidos en Miami.`,
      },
    ]);
    // Nothing of the refused dispatch was kept.
    expect(
      (await admin.get('/api/admin/dispatches')).body.dispatches.map((d: { id: number }) => d.id),
    ).not.toContain(id + 1);
  });

  it('moves a dispatch of many packages through its states in one transaction, with totals and manifest', async () => {
    const customers = await Promise.all([
      signedUpCustomer(server, { name: 'Carlos Ñandú' }),
      signedUpCustomer(server),
    ]);
    const received = [];
    for (const customer of customers)
      for (let i = 0; i < 3; i++)
        received.push(await receivedPackage(customer, admin, { weight: '2.2', value: '10.50' }));
    const numbers = received.map((r) => r.number);
    const created = await admin.post('/api/admin/dispatches', { ...FLIGHT, numbers: numbers.slice(0, 5) });
    const id = created.body.dispatch.id;
    expect((await admin.post(`/api/admin/dispatches/${id}/packages`, { numbers: [numbers[5]] })).status).toBe(
      200,
    );
    expect(
      (await admin.post(`/api/admin/dispatches/${id}/packages/remove`, { numbers: [numbers[0]] })).status,
    ).toBe(200);
    const detail = await admin.get(`/api/admin/dispatches/${id}`);
    expect(detail.body.totals).toEqual({ packages: 5, pieces: 5, pounds: 15, declaredValueCents: 5250 });
    expect(detail.body).toMatchObject({ ...FLIGHT, state: 'abierto', stateLabel: 'Abierto' });

    const manifest = await server.app.request(`http://localhost:3000/api/admin/dispatches/${id}/manifest`, {
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const lines = Buffer.from(await manifest.arrayBuffer())
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Paquete","Guía","Consignatario","Dirección","Teléfono","Contenido","Piezas","Peso (lb)","Valor declarado (USD)"',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      `"${numbers[1]}","${received[1]?.guide}","Carlos Ñandú","Calle 10 # 20-30, Medellín, 050021","'+573001234567","Ropa","1","3","10.50"`,
    );

    const departed = await admin.post(`/api/admin/dispatches/${id}/state`, { state: 'en_transito' });
    expect(departed.status).toBe(200);
    expect(departed.body.message).toBe(`Despacho ${id}: 5 paquetes pasaron a «En tránsito».`);
    expect(await states(numbers.slice(1))).toEqual(Array(5).fill('en_transito'));
    expect(await states([numbers[0] as number])).toEqual(['recibido']);
    const events = await server.db
      .select()
      .from(packageEvents)
      .where(inArray(packageEvents.packageNumber, numbers.slice(1)));
    expect(events.filter((e) => e.state === 'en_transito')).toHaveLength(5);
    const mails = (await server.db.select().from(outbox)).filter((m) => m.subject.includes('«En tránsito»'));
    expect(mails.length).toBeGreaterThanOrEqual(5);

    expect(
      (await admin.post(`/api/admin/dispatches/${id}/packages`, { numbers: [numbers[0]] })).body.error
        .message,
    ).toBe('El despacho ya salió: no se le pueden agregar ni quitar paquetes.');
    expect(
      (await admin.post(`/api/admin/dispatches/${id}/state`, { state: 'en_bodega_colombia' })).body.error
        .message,
    ).toBe('Un despacho en «En tránsito» no puede pasar a «En bodega Colombia».');
    expect((await admin.post(`/api/admin/dispatches/${id}/state`, { state: 'en_aduana' })).status).toBe(200);
    expect(
      (await admin.post(`/api/admin/dispatches/${id}/state`, { state: 'en_bodega_colombia' })).status,
    ).toBe(200);
    expect(await states(numbers.slice(1))).toEqual(Array(5).fill('en_bodega_colombia'));
  });

  it('moves none of a dispatch when one of its packages cannot move', async () => {
    const customer = await signedUpCustomer(server);
    const a = await receivedPackage(customer, admin);
    const b = await receivedPackage(customer, admin);
    const id = (await admin.post('/api/admin/dispatches', { ...FLIGHT, numbers: [a.number, b.number] })).body
      .dispatch.id;
    await admin.post('/api/admin/packages/state', {
      numbers: [b.number],
      state: 'retenido',
      note: 'Factura ilegible',
    });
    const refused = await admin.post(`/api/admin/dispatches/${id}/state`, { state: 'en_transito' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.refused).toEqual([
      {
        number: b.number,
        reason: 'Un paquete retenido solo puede volver a «Recibido en Miami» o pasar a «Devuelto».',
      },
    ]);
    expect(await states([a.number, b.number])).toEqual(['recibido', 'retenido']);
    expect((await admin.get(`/api/admin/dispatches/${id}`)).body.state).toBe('abierto');
    expect((await server.db.select().from(packages).where(eq(packages.number, a.number)))[0]?.state).toBe(
      'recibido',
    );
  });
});
