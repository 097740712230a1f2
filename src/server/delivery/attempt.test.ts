// 'No entregado' through the API, on PGlite: the package stays 'En reparto', the attempt is stored and shows
// in its 'Historial', the customer is mailed why and what next, once per stop per route, the key applied once; a
// delivery after a failed attempt is still allowed (the customer came back).
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import {
  attemptBody,
  deliveryBody,
  deliveryWorld,
  photoDataUrl,
  startedRoute,
  valueToPay,
} from '../../../test/support/delivery.ts';
import { doorMessages } from '../../shared/delivery/door-choices.ts';
import { deliveryAttempts, outbox, packages } from '../db/schema.ts';

describe.each(logicDrivers)("'No entregado' on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'intento-admin@example.com',
    customer: 'Rosa Cliente',
    couriers: ['Pedro Mensajero'],
  });

  const attemptPath = (number: number) => `/api/delivery/stops/${number}/attempt`;
  const attemptsOf = (number: number) =>
    world.server.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.packageNumber, number));
  const stateOf = async (number: number) =>
    (await world.server.db.select().from(packages).where(eq(packages.number, number)))[0]?.state;

  it('records the attempt, keeps the package out, writes its history and mails the customer why and what next', async () => {
    const { server, admin, customer, courier } = world;
    const route = await startedRoute(admin, customer, courier.record.id, 2);
    const [number = 0] = route.numbers;
    const body = attemptBody({ photo: await photoDataUrl() });
    const answer = await courier.client.post(attemptPath(number), body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      key: body.key,
      number,
      repeated: false,
      message: doorMessages.attempted(number),
      outcome: { kind: 'failed', at: body.at, reason: 'no_habia_nadie', reasonLabel: 'No había nadie' },
    });
    expect(await stateOf(number)).toBe('en_reparto');
    const [stored] = await attemptsOf(number);
    expect(stored).toMatchObject({
      routeId: route.id,
      courierId: courier.record.id,
      reason: 'no_habia_nadie',
    });
    expect(stored?.photoId).toBeTruthy();

    const page = await customer.client.get(`/api/packages/${number}`);
    expect(page.body.state).toBe('en_reparto');
    expect(page.body.events[0]).toMatchObject({
      state: 'en_reparto',
      actor: 'Mensajero',
      note: 'No entregado: No había nadie',
    });
    expect(page.body.attempts).toEqual([
      { at: body.at, reason: 'no_habia_nadie', reasonLabel: 'No había nadie', note: '', routeId: route.id },
    ]);
    expect(page.body.delivery).toBeNull();

    const [mail] = await server.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, customer.form.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail?.subject).toContain(`no pudimos entregar tu paquete ${number}`);
    expect(mail?.text).toContain('Motivo: No había nadie.');
    expect(mail?.text).toContain('volveremos a intentarlo');
    expect(mail?.text).toContain('responde a este correo o escríbenos a soporte@example.com');

    const mine = (await courier.client.get('/api/delivery/my-route')).body.route;
    expect(mine.counters).toMatchObject({ delivered: 0, pending: 1, failed: 1, cash: [] });
    expect(mine.stops[0].outcome).toEqual(answer.body.outcome);
    const staff = (await admin.get(`/api/admin/delivery/routes/${route.id}`)).body;
    expect(staff.stops[0]).toMatchObject({ outcome: answer.body.outcome, attempts: 1 });
    expect(staff.progress).toMatchObject({ stops: 2, delivered: 0, failed: 1, pending: 1, collectedCop: 0 });
  });

  it('applies a key once and refuses a second attempt on the same stop of the same route', async () => {
    const { admin, customer, courier } = world;
    const { numbers } = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = numbers;
    const body = attemptBody({ reason: 'otro', note: 'Perro bravo en la puerta' });
    expect((await courier.client.post(attemptPath(number), body)).status).toBe(200);
    const again = await courier.client.post(attemptPath(number), body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ repeated: true, message: doorMessages.repeated });
    const second = await courier.client.post(attemptPath(number), attemptBody());
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: 'already_attempted',
      message: doorMessages.alreadyAttempted(number),
    });
    const asDelivery = await courier.client.post(`/api/delivery/stops/${number}/deliver`, {
      ...deliveryBody(0, { note: 'x' }),
      key: body.key,
    });
    expect(asDelivery.status).toBe(409);
    expect(asDelivery.body.error.code).toBe('key_of_another');
    expect(await attemptsOf(number)).toHaveLength(1);
    const [event] = (await customer.client.get(`/api/packages/${number}`)).body.events;
    expect(event.note).toBe('No entregado: Otro (Perro bravo en la puerta)');
  });

  it("asks what happened for 'Otro', and lets the customer who came back receive the package", async () => {
    const { admin, customer, courier } = world;
    const { numbers } = await startedRoute(admin, customer, courier.record.id, 1);
    const [number = 0] = numbers;
    const noNote = await courier.client.post(attemptPath(number), attemptBody({ reason: 'otro' }));
    expect(noNote.status).toBe(400);
    expect(noNote.body.error).toMatchObject({ field: 'note', message: doorMessages.otherNote });
    expect((await courier.client.post(attemptPath(number), attemptBody())).status).toBe(200);
    const toPay = await valueToPay(courier.client, number);
    const delivered = await courier.client.post(`/api/delivery/stops/${number}/deliver`, deliveryBody(toPay));
    expect(delivered.status).toBe(200);
    expect(await stateOf(number)).toBe('entregado');
    const mine = (await courier.client.get('/api/delivery/my-route')).body.route;
    expect(mine.stops.find((stop: { number: number }) => stop.number === number).outcome.kind).toBe(
      'delivered',
    );
    const late = await courier.client.post(attemptPath(number), attemptBody());
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('already_delivered');
  });
});
