// The phone's queue at once (POST /api/delivery/sync), on every driver: each action answered in the order sent as
// its own endpoint would, a refused one alone; the same queue sent again changes nothing; a stop delivered twice
// in one queue is one delivery; an attempt then a delivery of the same stop both apply (the customer came back).
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import {
  attemptBody,
  deliveryBody,
  deliveryWorld,
  startedRoute,
  valueToPay,
} from '../../../test/support/delivery.ts';
import { doorMessages } from '../../shared/delivery/door-choices.ts';
import { collections, deliveries, deliveryAttempts, packages } from '../db/schema.ts';

describe.each(drivers)('the queue sent at once on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'cola-admin@example.com',
    customer: 'Rosa Cliente',
    couriers: ['Pedro Mensajero'],
  });

  it('applies each action in order, answers each, refuses the bad ones alone and changes nothing when sent again', async () => {
    const { server, admin, customer, courier } = world;
    const { numbers } = await startedRoute(admin, customer, courier.record.id, 4);
    const [a = 0, b = 0, c = 0, d = 0] = numbers;
    const pay = async (number: number) => valueToPay(courier.client, number);
    const first = deliveryBody(await pay(a), { means: 'nequi', reference: 'N1' });
    const actions = [
      { kind: 'deliver', number: a, body: first },
      { kind: 'attempt', number: b, body: attemptBody() },
      { kind: 'deliver', number: b, body: deliveryBody(await pay(b)) },
      { kind: 'deliver', number: c, body: deliveryBody(await pay(c), { document: '12' }) },
      { kind: 'deliver', number: a, body: deliveryBody(await pay(a)) },
      { kind: 'deliver', number: a, body: first },
      { kind: 'deliver', number: d, body: deliveryBody(await pay(d)) },
      { kind: 'deliver', number: 999_999, body: deliveryBody(0) },
    ];
    const answer = await courier.client.post('/api/delivery/sync', { actions });
    expect(answer.status).toBe(200);
    const results = answer.body.results;
    expect(results.map((result: { ok: boolean; status?: number }) => result.status ?? 200)).toEqual([
      200, 200, 200, 400, 409, 200, 200, 404,
    ]);
    expect(results[0]).toMatchObject({
      ok: true,
      key: first.key,
      number: a,
      done: { repeated: false, outcome: { kind: 'delivered', means: 'nequi' } },
    });
    expect(results[1].done.outcome.kind).toBe('failed');
    expect(results[2].done.outcome.kind).toBe('delivered');
    expect(results[3]).toMatchObject({
      ok: false,
      number: c,
      error: { field: 'document', message: doorMessages.document },
    });
    expect(results[4].error).toMatchObject({
      code: 'already_delivered',
      message: doorMessages.alreadyDelivered(a),
    });
    expect(results[5].done).toMatchObject({ repeated: true, outcome: results[0].done.outcome });
    expect(results[7].error).toMatchObject({ code: 'not_your_stop' });

    const stored = async () => ({
      deliveries: (
        await server.db.select().from(deliveries).where(inArray(deliveries.packageNumber, numbers))
      ).length,
      collections: (
        await server.db.select().from(collections).where(inArray(collections.packageNumber, numbers))
      ).length,
      attempts: (
        await server.db
          .select()
          .from(deliveryAttempts)
          .where(inArray(deliveryAttempts.packageNumber, numbers))
      ).length,
    });
    expect(await stored()).toEqual({ deliveries: 3, collections: 3, attempts: 1 });
    const [untouched] = await server.db.select().from(packages).where(eq(packages.number, c));
    expect(untouched?.state).toBe('en_reparto');

    const again = await courier.client.post('/api/delivery/sync', { actions });
    expect(
      again.body.results.map(
        (result: { ok: boolean; done?: { repeated: boolean } }) => result.done?.repeated ?? null,
      ),
    ).toEqual([true, true, true, null, null, true, true, null]);
    expect(await stored()).toEqual({ deliveries: 3, collections: 3, attempts: 1 });
  });

  it('refuses a queue that is not a list of actions, and customers', async () => {
    const { customer, courier } = world;
    expect((await courier.client.post('/api/delivery/sync', { actions: [] })).status).toBe(400);
    expect(
      (await courier.client.post('/api/delivery/sync', { actions: [{ kind: 'x', number: 1, body: {} }] }))
        .status,
    ).toBe(400);
    expect((await customer.client.post('/api/delivery/sync', { actions: [] })).status).toBe(403);
  });
});
