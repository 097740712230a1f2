// Pre-alerts and the customer's packages through the API, on every driver: saving, listing, reading, editing and
// cancelling; nobody reads another's package; one guide, one package, also when two people race for it.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import {
  browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { prealertMessages } from '../../shared/packages/prealert.ts';
import { outbox, packageEvents, packages } from '../db/schema.ts';
import { NotFound } from '../errors.ts';
import { changeState } from './state-change.ts';

const ADMIN_EMAIL = 'paquetes-admin@example.com';
let guideSequence = 0;
/** A new, valid UPS guide for every call, written as a person would type it. */
const newGuide = () => `1Z 999 AA1 ${String(++guideSequence).padStart(10, '0')}`;
const normalised = (typed: string) => typed.replace(/\s/g, '');

describe.each(drivers)('pre-alerts and packages on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  const mail = { brandName: 'CasilleroYa', appUrl: 'http://localhost:3000' };
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, ADMIN_EMAIL));
  });
  afterAll(() => server?.close());

  const prealert = (client: ReturnType<typeof browser>, fields: Record<string, unknown> = {}) =>
    client.post('/api/packages', {
      guide: newGuide(),
      store: 'Amazon',
      content: 'Audífonos',
      declaredValue: '49.99',
      ...fields,
    });
  const eventsOf = (number: number) =>
    server.db
      .select()
      .from(packageEvents)
      .where(eq(packageEvents.packageNumber, number))
      .orderBy(packageEvents.id);
  const mailsTo = async (email: string) =>
    (await server.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(outbox.id)).filter(
      (m) => m.subject.includes('paquete'),
    );

  it('saves a pre-alert with the guide normalised, its carrier, cents and the chosen address copied', async () => {
    const { client, record } = await signedUpCustomer(server, {
      direccion2: 'Carrera 7 # 8-9',
      ciudad2: 'Bogotá',
      codigoPostal2: '110111',
    });
    const typed = newGuide();
    const response = await prealert(client, {
      guide: typed.toLowerCase().replace(/ /g, '-'),
      quantity: 2,
      address: 2,
      instructions: 'Dejar en portería',
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Prealerta guardada. Te avisaremos cuando llegue a nuestra bodega.');
    expect(response.body.warning).toBeNull();
    const saved = response.body.package;
    expect(saved.number).toBeGreaterThanOrEqual(100001);
    expect(saved).toMatchObject({
      guide: normalised(typed),
      carrier: 'ups',
      store: 'Amazon',
      content: 'Audífonos',
      declaredValueCents: 4999,
      quantity: 2,
      state: 'prealertado',
      deliveryAddress: 'Carrera 7 # 8-9, Bogotá, 110111',
      addressChoice: 2,
      instructions: 'Dejar en portería',
    });
    expect(saved.events).toEqual([expect.objectContaining({ state: 'prealertado', actor: 'Tú' })]);
    const [row] = await server.db.select().from(packages).where(eq(packages.number, saved.number));
    expect(row?.userId).toBe(record.id);
    expect(row?.declaredValueCents).toBe(4999);
    // A pre-alert mails nobody.
    expect(await mailsTo(record.email)).toEqual([]);
  });

  it('numbers packages from 100001 upwards, one after another', async () => {
    const { client } = await signedUpCustomer(server);
    const first = (await prealert(client)).body.package.number;
    const second = (await prealert(client)).body.package.number;
    expect(second).toBe(first + 1);
    expect(first).toBeGreaterThanOrEqual(100001);
  });

  it('refuses what is missing or wrong with the messages of design/packages.md, storing nothing', async () => {
    const { client, record } = await signedUpCustomer(server);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ guide: '' }, 'Escribe el número de guía.'],
      [{ content: '' }, 'Completa el campo Contenido.'],
      [{ declaredValue: '' }, 'Escribe el valor declarado en dólares, por ejemplo 49.99.'],
      [{ declaredValue: '12.345' }, 'Escribe el valor declarado en dólares, por ejemplo 49.99.'],
      [{ declaredValue: '100000.01' }, 'Escribe el valor declarado en dólares, por ejemplo 49.99.'],
      [{ declaredValue: 49.99 }, 'Escribe el valor declarado en dólares, por ejemplo 49.99.'],
      [{ address: 2 }, 'Elige una de tus direcciones de entrega.'],
      [{ quantity: 0 }, 'La cantidad debe ser un número entero entre 1 y 999.'],
    ];
    for (const [fields, message] of cases) {
      const response = await prealert(client, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
    const [stored] = await server.db
      .select({ n: count() })
      .from(packages)
      .where(eq(packages.userId, record.id));
    expect(stored?.n).toBe(0);
  });

  it('saves over the courier regime with a warning, and takes 0 and 100000 as values', async () => {
    const { client } = await signedUpCustomer(server);
    const big = await prealert(client, { declaredValue: '2000.01', quantity: 7 });
    expect(big.status).toBe(201);
    expect(big.body.warning).toMatch(
      /vale más de USD 2\.000, trae más de 6 unidades: supera el régimen de envíos urgentes/,
    );
    expect((await prealert(client, { declaredValue: '2000' })).body.warning).toBeNull();
    expect((await prealert(client, { declaredValue: '0' })).status).toBe(201);
    expect((await prealert(client, { declaredValue: '100000' })).status).toBe(201);
  });

  it('accepts an unknown guide pattern, with no carrier', async () => {
    const { client } = await signedUpCustomer(server);
    const response = await prealert(client, { guide: `LP00${Date.now()}` });
    expect(response.status).toBe(201);
    expect(response.body.package.carrier).toBeNull();
  });

  it('keeps a guide unique across customers, however it is written, and says nothing of whose it is', async () => {
    const first = await signedUpCustomer(server, { name: 'Primera Dueña' });
    const second = await signedUpCustomer(server);
    const typed = newGuide();
    expect((await prealert(first.client, { guide: typed })).status).toBe(201);
    for (const client of [second.client, first.client]) {
      const again = await prealert(client, { guide: ` ${typed.toLowerCase().replace(/ /g, '-')} ` });
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({
        message: 'Esa guía ya está registrada. Si es tuya, escríbenos.',
        field: 'guide',
      });
      expect(JSON.stringify(again.body)).not.toMatch(/Primera|casillero|\d{6}/i);
    }
  });

  it('gives one pre-alert and one clear refusal when two customers save one guide at the same moment', async () => {
    const racers = await Promise.all([signedUpCustomer(server), signedUpCustomer(server)]);
    const guide = newGuide();
    const answers = await Promise.all(racers.map(({ client }) => prealert(client, { guide })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error.message).toBe(prealertMessages.guideTaken);
    const rows = await server.db
      .select()
      .from(packages)
      .where(eq(packages.guide, normalised(guide)));
    expect(rows).toHaveLength(1);
    expect(await eventsOf(rows[0]?.number ?? 0)).toHaveLength(1);
  });

  it('lists only the customer’s own packages, newest first, with counts per state, search and paging', async () => {
    const { client, record } = await signedUpCustomer(server);
    const other = await signedUpCustomer(server);
    await prealert(other.client, { store: 'Walmart', content: 'Ajeno' });
    const saved: number[] = [];
    for (let i = 0; i < 23; i++)
      saved.push(
        (await prealert(client, { store: i === 5 ? 'Best Buy' : 'Amazon', content: `Cosa ${i}` })).body
          .package.number,
      );
    const cancelled = saved[0] as number;
    expect((await client.post(`/api/packages/${cancelled}/cancel`)).status).toBe(200);

    const first = await client.get('/api/packages');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body.total).toBe(23);
    expect(first.body.pageSize).toBe(20);
    expect(first.body.packages).toHaveLength(20);
    expect(first.body.packages.map((p: { number: number }) => p.number)).toEqual(
      saved.slice().reverse().slice(0, 20),
    );
    expect(first.body.counts).toEqual({ prealertado: 22, cancelado: 1 });
    expect(JSON.stringify(first.body)).not.toContain('Ajeno');

    const second = await client.get('/api/packages?page=2');
    expect(second.body.packages).toHaveLength(3);
    expect(second.body.packages.at(-1).number).toBe(cancelled);

    const byStore = await client.get('/api/packages?q=best%20buy');
    expect(byStore.body.packages.map((p: { content: string }) => p.content)).toEqual(['Cosa 5']);
    const byGuide = await client.get(`/api/packages?q=${encodeURIComponent('1z-999')}`);
    expect(byGuide.body.total).toBe(23);
    expect((await client.get('/api/packages?q=Ajeno')).body.total).toBe(0);
    expect((await client.get('/api/packages?q=%25')).body.total).toBe(0);
    // A NUL in the search (PostgreSQL text refuses it) is dropped like any control character, never a 5xx.
    expect((await client.get('/api/packages?q=%00best%00')).body.total).toBe(1);
    const onlyCancelled = await client.get('/api/packages?estado=cancelado');
    expect(onlyCancelled.body.packages.map((p: { number: number }) => p.number)).toEqual([cancelled]);

    expect((await client.get('/api/packages?page=0')).status).toBe(400);
    expect((await client.get('/api/packages?estado=perdido')).body.error.message).toBe(
      'Ese estado no existe.',
    );
    expect((await browser(server).get('/api/packages')).status).toBe(401);
    expect(record.id).toBeTruthy();
  });

  it('shows an empty list to a new customer', async () => {
    const { client } = await signedUpCustomer(server);
    expect((await client.get('/api/packages')).body).toEqual({
      packages: [],
      counts: {},
      total: 0,
      page: 1,
      pageSize: 20,
      attention: { count: 0, number: null },
      waiting: [],
    });
  });

  it('answers 404, never 403, for another customer’s package, whatever is tried', async () => {
    const owner = await signedUpCustomer(server);
    const stranger = await signedUpCustomer(server);
    const number = (await prealert(owner.client)).body.package.number;
    const tries = [
      stranger.client.get(`/api/packages/${number}`),
      stranger.client.patch(`/api/packages/${number}`, {
        guide: newGuide(),
        content: 'Mío',
        declaredValue: '1',
      }),
      stranger.client.post(`/api/packages/${number}/cancel`),
      stranger.client.get('/api/packages/99999999'),
      stranger.client.get('/api/packages/abc'),
    ];
    for (const response of await Promise.all(tries)) {
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe('No encontramos ese paquete.');
    }
    const [row] = await server.db.select().from(packages).where(eq(packages.number, number));
    expect(row?.state).toBe('prealertado');
    expect(row?.content).toBe('Audífonos');
    // Staff read any package.
    expect((await admin.get(`/api/packages/${number}`)).status).toBe(200);
  });

  it('lets the customer edit and cancel a pre-alert, and nothing once the warehouse has it', async () => {
    const { client } = await signedUpCustomer(server);
    const number = (await prealert(client)).body.package.number;
    const edited = await client.patch(`/api/packages/${number}`, {
      guide: '9400 1000 0000 0000 0000 00',
      store: 'eBay',
      content: 'Reloj',
      declaredValue: '120,50',
      quantity: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Prealerta actualizada.');
    expect(edited.body.package).toMatchObject({
      guide: '9400100000000000000000',
      carrier: 'usps',
      store: 'eBay',
      declaredValueCents: 12050,
    });

    // The warehouse receives it: from now on it is not the customer's to change.
    await server.db.transaction((tx) =>
      changeState(tx, number, 'recibido', { id: null, role: 'bodega' }, mail),
    );
    const late = await client.patch(`/api/packages/${number}`, {
      guide: newGuide(),
      content: 'Otro',
      declaredValue: '1',
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(prealertMessages.notEditable);
    expect((await client.post(`/api/packages/${number}/cancel`)).status).toBe(409);

    const other = (await prealert(client)).body.package.number;
    const cancelled = await client.post(`/api/packages/${other}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('Prealerta cancelada.');
    expect(cancelled.body.package.state).toBe('cancelado');
    expect(cancelled.body.package.events.map((e: { state: string }) => e.state)).toEqual([
      'cancelado',
      'prealertado',
    ]);
    expect((await client.post(`/api/packages/${other}/cancel`)).status).toBe(409);
  });

  it('frees the guide of a cancelled pre-alert', async () => {
    const { client } = await signedUpCustomer(server);
    const guide = newGuide();
    const number = (await prealert(client, { guide })).body.package.number;
    await client.post(`/api/packages/${number}/cancel`);
    expect((await prealert(client, { guide })).status).toBe(201);
  });

  it('shows the history newest first', async () => {
    const { client } = await signedUpCustomer(server);
    const number = (await prealert(client)).body.package.number;
    await server.db.transaction((tx) =>
      changeState(tx, number, 'recibido', { id: null, role: 'bodega' }, mail),
    );
    const detail = await client.get(`/api/packages/${number}`);
    expect(detail.body.events.map((e: { state: string; actor: string }) => [e.state, e.actor])).toEqual([
      ['recibido', 'Bodega'],
      ['prealertado', 'Tú'],
    ]);
  });

  it('queues the customer’s mail with the state and its event, in one transaction', async () => {
    const { client, record } = await signedUpCustomer(server);
    const number = (await prealert(client)).body.package.number;
    await server.db.transaction((tx) =>
      changeState(tx, number, 'recibido', { id: null, role: 'bodega' }, mail),
    );
    const [received] = await mailsTo(record.email);
    expect(received?.subject).toBe(`CasilleroYa: tu paquete ${number} está en «Recibido en Miami»`);
    expect(received?.text).toContain(`http://localhost:3000/paquetes/${number}`);
    expect(received?.html).toContain(`/paquetes/${number}`);

    // A failure after the move leaves state, event and mail as they were.
    await expect(
      server.db.transaction(async (tx) => {
        await changeState(tx, number, 'retenido', { id: null, role: 'admin' }, mail, { note: 'Revisión' });
        throw new Error('falla a propósito');
      }),
    ).rejects.toThrow('falla a propósito');
    const [row] = await server.db.select().from(packages).where(eq(packages.number, number));
    expect(row?.state).toBe('recibido');
    expect(await eventsOf(number)).toHaveLength(2);
    expect(await mailsTo(record.email)).toHaveLength(1);

    // No such package: not found (a 404), not a refused move.
    const missing = server.db.transaction((tx) =>
      changeState(tx, 999_999_999, 'recibido', { id: null, role: 'admin' }, mail),
    );
    await expect(missing).rejects.toBeInstanceOf(NotFound);
    await expect(missing).rejects.toMatchObject({
      code: 'not_found',
      message: 'No encontramos ese paquete.',
    });
    // A refused move writes nothing and says why.
    await expect(
      server.db.transaction((tx) => changeState(tx, number, 'entregado', { id: null, role: 'admin' }, mail)),
    ).rejects.toThrow('Un paquete en «Recibido en Miami» no puede pasar a «Entregado».');
    expect(await eventsOf(number)).toHaveLength(2);
  });

  it('mails a hold with its reason and releases it to where it was', async () => {
    const { client, record } = await signedUpCustomer(server);
    const number = (await prealert(client)).body.package.number;
    const actor = { id: null, role: 'admin' as const };
    await server.db.transaction((tx) => changeState(tx, number, 'recibido', actor, mail));
    await server.db.transaction((tx) =>
      changeState(tx, number, 'retenido', actor, mail, { note: 'Falta la factura' }),
    );
    const hold = (await mailsTo(record.email)).at(-1);
    expect(hold?.text).toContain('Motivo: Falta la factura.');
    const detail = await client.get(`/api/packages/${number}`);
    expect(detail.body).toMatchObject({ state: 'retenido', holdReason: 'Falta la factura' });
    await expect(
      server.db.transaction((tx) => changeState(tx, number, 'en_aduana', actor, mail)),
    ).rejects.toThrow(/solo puede volver a «Recibido en Miami»/);
    const released = await server.db.transaction((tx) => changeState(tx, number, 'recibido', actor, mail));
    expect(released).toMatchObject({ state: 'recibido', heldFrom: null, holdReason: null });
  });

  it('never leaves state and events apart when two people change one package at once', async () => {
    const { client } = await signedUpCustomer(server);
    const number = (await prealert(client)).body.package.number;
    const actor = { id: null, role: 'admin' as const };
    await server.db.transaction((tx) => changeState(tx, number, 'recibido', actor, mail));
    const results = await Promise.allSettled(
      (['en_transito', 'retenido', 'devuelto'] as const).map((to) =>
        server.db.transaction((tx) => changeState(tx, number, to, actor, mail, { note: 'x' })),
      ),
    );
    const [row] = await server.db.select().from(packages).where(eq(packages.number, number));
    const events = await eventsOf(number);
    expect(events.at(-1)?.state).toBe(row?.state);
    expect(events).toHaveLength(2 + results.filter((r) => r.status === 'fulfilled').length);
    const [orphans] = await server.db
      .select({ n: count() })
      .from(packageEvents)
      .where(and(eq(packageEvents.packageNumber, number), eq(packageEvents.state, 'cancelado')));
    expect(orphans?.n).toBe(0);
  });
});
