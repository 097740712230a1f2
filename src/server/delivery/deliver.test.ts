// 'Entregar' through the API, on every driver: the package 'Entregado' with its proof and its collection in one
// transaction (the customer mailed), the key applied once even when sent twice at once or by two phones, the
// courier's own stops only, the checks with their fields, and the photo re-encoded and served to owner and staff.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import {
  deliveryBody,
  deliveryWorld,
  photoDataUrl,
  startedRoute,
  valueToPay,
} from '../../../test/support/delivery.ts';
import { packageInColombia } from '../../../test/support/packages.ts';
import { browser, signedUpCustomer, signedUpWithRole } from '../../../test/support/server.ts';
import { doorMessages, MAX_DOOR_BODY_BYTES } from '../../shared/delivery/door-choices.ts';
import { collections, deliveries, outbox, packageCharges, packages } from '../db/schema.ts';

describe.each(drivers)("'Entregar' on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'entregar-admin@example.com',
    customer: 'Rosa Cliente',
    couriers: ['Pedro Mensajero'],
  });

  const deliverPath = (number: number) => `/api/delivery/stops/${number}/deliver`;
  const rowsOf = async (number: number) => ({
    deliveries: await world.server.db.select().from(deliveries).where(eq(deliveries.packageNumber, number)),
    collections: await world.server.db
      .select()
      .from(collections)
      .where(eq(collections.packageNumber, number)),
    state: (await world.server.db.select().from(packages).where(eq(packages.number, number)))[0]?.state,
  });

  it("delivers with photo and 'Nequi': Entregado, the proof, the collection and the customer's mail together", async () => {
    const { server, admin, customer, courier } = world;
    const route = await startedRoute(admin, customer, courier.record.id, 2);
    const [number = 0] = route.numbers;
    const toPay = await valueToPay(courier.client, number);
    expect(toPay).toBeGreaterThan(0);
    const body = deliveryBody(toPay, {
      means: 'nequi',
      reference: 'M123456',
      photo: await photoDataUrl(),
      position: { latitude: 4.65, longitude: -74.05, accuracy: 12 },
    });
    const answer = await courier.client.post(deliverPath(number), body);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      key: body.key,
      number,
      repeated: false,
      message: doorMessages.delivered(number),
      outcome: { kind: 'delivered', at: body.at, collectedCop: toPay, means: 'nequi' },
    });
    const stored = await rowsOf(number);
    expect(stored.state).toBe('entregado');
    expect(stored.deliveries).toHaveLength(1);
    expect(stored.deliveries[0]).toMatchObject({
      routeId: route.id,
      courierId: courier.record.id,
      receivedBy: 'Marta Gómez',
      document: '1020304050',
      relation: 'familiar',
      latitude: 4.65,
    });
    expect(stored.collections).toEqual([
      expect.objectContaining({
        routeId: route.id,
        courierId: courier.record.id,
        amountCop: toPay,
        means: 'nequi',
        reference: 'M123456',
        recordedBy: courier.record.id,
        deliveryId: stored.deliveries[0]?.id,
      }),
    ]);
    const [mail] = await server.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, customer.form.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail?.text).toContain(`Tu paquete ${number}`);
    expect(mail?.text).toContain('fue entregado');

    // The photo was re-encoded and is served to its owner and staff, to no one else.
    const photoId = stored.deliveries[0]?.photoId as string;
    const own = await server.app.request(`http://localhost:3000/api/files/${photoId}`, {
      headers: { cookie: [...customer.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect((await admin.get(`/api/files/${photoId}`)).status).toBe(200);
    const stranger = await signedUpCustomer(server);
    expect((await stranger.client.get(`/api/files/${photoId}`)).status).toBe(404);

    const mine = (await courier.client.get('/api/delivery/my-route')).body.route;
    expect(mine.counters).toEqual({
      delivered: 1,
      pending: 1,
      failed: 0,
      cash: [{ means: 'nequi', label: 'Nequi', amountCop: toPay, count: 1 }],
    });
    expect(mine.stops[0].outcome).toEqual(answer.body.outcome);
    expect(mine.stops[1].outcome).toEqual({ kind: 'pending' });
    expect(mine.progress).toMatchObject({ delivered: 1, pending: 1, failed: 0, collectedCop: toPay });
  });

  it('applies a key once: sent again it answers repeated and changes nothing; a key of another package is a 409', async () => {
    const { admin, customer, courier } = world;
    const { numbers } = await startedRoute(admin, customer, courier.record.id, 2);
    const [first = 0, second = 0] = numbers;
    const body = deliveryBody(await valueToPay(courier.client, first));
    const applied = await courier.client.post(deliverPath(first), body);
    expect(applied.status).toBe(200);
    const again = await courier.client.post(deliverPath(first), body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...applied.body, repeated: true, message: doorMessages.repeated });
    const stored = await rowsOf(first);
    expect([stored.deliveries.length, stored.collections.length]).toEqual([1, 1]);

    const reused = await courier.client.post(deliverPath(second), { ...body, collectedCop: 0, note: 'x' });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toMatchObject({ code: 'key_of_another', message: doorMessages.keyOfAnother });
    expect((await rowsOf(second)).state).toBe('en_reparto');
  });

  it('gives one delivery and one collection when two phones, or two identical requests at once, deliver a stop', async () => {
    const { server, admin, customer, courier } = world;
    const { numbers } = await startedRoute(admin, customer, courier.record.id, 2);
    const [first = 0, second = 0] = numbers;
    const toPay = await valueToPay(courier.client, first);
    const phoneA = courier.client;
    const phoneB = browser(server);
    for (const [name, value] of courier.client.cookies) phoneB.cookies.set(name, value);
    expect((await phoneA.post(deliverPath(first), deliveryBody(toPay))).status).toBe(200);
    const late = await phoneB.post(deliverPath(first), deliveryBody(toPay));
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      code: 'already_delivered',
      message: doorMessages.alreadyDelivered(first),
    });

    const twin = deliveryBody(await valueToPay(courier.client, second));
    const answers = await Promise.all([
      phoneA.post(deliverPath(second), twin),
      phoneB.post(deliverPath(second), twin),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.repeated).sort()).toEqual([false, true]);
    for (const number of numbers) {
      const stored = await rowsOf(number);
      expect([stored.deliveries.length, stored.collections.length]).toEqual([1, 1]);
    }
  });

  it("asks for a note when 'Valor cobrado' differs, and records no collection only when 'Valor a pagar' is zero", async () => {
    const { server, admin, customer, courier } = world;
    const { numbers } = await startedRoute(admin, customer, courier.record.id, 3);
    const [differs = 0, zero = 0, short = 0] = numbers;
    const toPay = await valueToPay(courier.client, differs);
    const refused = await courier.client.post(deliverPath(differs), deliveryBody(toPay - 1000));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ field: 'note', message: doorMessages.differenceNote });
    expect(await rowsOf(differs)).toMatchObject({ deliveries: [], collections: [], state: 'en_reparto' });

    const explained = deliveryBody(toPay - 1000, { note: 'Descuento acordado con soporte' });
    expect((await courier.client.post(deliverPath(differs), explained)).status).toBe(200);
    expect((await rowsOf(differs)).collections[0]?.amountCop).toBe(toPay - 1000);

    await server.db.update(packageCharges).set({ totalCop: 0 }).where(eq(packageCharges.packageNumber, zero));
    const free = await courier.client.post(deliverPath(zero), deliveryBody(0));
    expect(free.status).toBe(200);
    expect(free.body.outcome).toMatchObject({ kind: 'delivered', collectedCop: 0, means: null });
    expect(await rowsOf(zero)).toMatchObject({ collections: [], state: 'entregado' });

    // Nothing paid at a door with something to pay is still a collection (of 0, with its note).
    const unpaid = deliveryBody(0, { note: 'Pagó por transferencia a la oficina' });
    expect((await courier.client.post(deliverPath(short), unpaid)).status).toBe(200);
    expect((await rowsOf(short)).collections.map((row) => row.amountCop)).toEqual([0]);

    // No package delivered by a route lacks its collection unless its 'Valor a pagar' is zero.
    const delivered = await server.db
      .select({
        number: deliveries.packageNumber,
        totalCop: packageCharges.totalCop,
        collection: collections.id,
      })
      .from(deliveries)
      .innerJoin(packageCharges, eq(packageCharges.packageNumber, deliveries.packageNumber))
      .leftJoin(collections, eq(collections.deliveryId, deliveries.id));
    expect(delivered.filter((row) => row.collection === null && row.totalCop > 0)).toEqual([]);
  });

  it("refuses a photo that is not an image, a missing reference, another courier's stop and a route not started", async () => {
    const { server, admin, customer, courier } = world;
    const { numbers } = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = numbers;
    const toPay = await valueToPay(courier.client, number);
    const junk = `data:image/jpeg;base64,${Buffer.from('esto no es una foto'.repeat(10_000)).toString('base64')}`;
    const notImage = await courier.client.post(deliverPath(number), deliveryBody(toPay, { photo: junk }));
    expect(notImage.status).toBe(400);
    expect(notImage.body.error).toMatchObject({ field: 'photo', message: doorMessages.photo });
    const noReference = await courier.client.post(
      deliverPath(number),
      deliveryBody(toPay, { means: 'daviplata' }),
    );
    expect(noReference.body.error).toMatchObject({ field: 'reference', message: doorMessages.reference });
    const badDocument = await courier.client.post(
      deliverPath(number),
      deliveryBody(toPay, { document: '12a4' }),
    );
    expect(badDocument.body.error).toMatchObject({ field: 'document', message: doorMessages.document });

    const other = await signedUpWithRole(server, 'reparto', { name: 'Juana Otra' });
    const theirs = await startedRoute(admin, customer, other.record.id, 1);
    const inPreparation = (await packagesInWarehouseRoute()).number;
    for (const target of [theirs.numbers[0] ?? 0, inPreparation, 999_999]) {
      const refusal = await courier.client.post(deliverPath(target), deliveryBody(0, { note: 'x' }));
      expect(refusal.status).toBe(404);
      expect(refusal.body.error).toMatchObject({ code: 'not_your_stop', message: doorMessages.notYourStop });
    }
    expect((await rowsOf(theirs.numbers[0] ?? 0)).state).toBe('en_reparto');
    expect((await customer.client.post(deliverPath(number), deliveryBody(toPay))).status).toBe(403);
    expect((await rowsOf(number)).deliveries).toEqual([]);
  });

  it('takes photos past the small body limit and refuses a body past its own limit with 413', async () => {
    const { admin, customer, courier } = world;
    const { numbers } = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = numbers;
    const big = `data:image/jpeg;base64,${'A'.repeat(1_500_000)}`;
    const large = await courier.client.post(deliverPath(number), deliveryBody(0, { note: 'x', photo: big }));
    expect(large.status).toBe(400);
    expect(large.body.error.field).toBe('photo');
    const huge = await courier.client.post(deliverPath(number), {
      ...deliveryBody(0, { note: 'x' }),
      filler: 'x'.repeat(MAX_DOOR_BODY_BYTES),
    });
    expect(huge.status).toBe(413);
    expect((await rowsOf(number)).deliveries).toEqual([]);
    expect((await admin.post('/api/admin/delivery/routes', { zone: 'x'.repeat(70_000) })).status).toBe(413);
  });

  /** A package in a route of the courier that was never started. */
  async function packagesInWarehouseRoute() {
    const { admin, customer, courier } = world;
    const { number } = await packageInColombia(customer, admin);
    const created = await admin.post('/api/admin/delivery/routes', {
      date: '2026-12-24',
      courierId: courier.record.id,
      zone: 'Sin iniciar',
    });
    await admin.post(`/api/admin/delivery/routes/${created.body.route.id}/stops`, {
      packages: [String(number)],
    });
    return { number };
  }
});
