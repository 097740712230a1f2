// 'Esperar mis instrucciones' (issue 31), on PGlite: off by default; while on, a received package is refused
// by a dispatch and by a move to 'En tránsito' (naming why) until its customer's 'Despachar'; only the owner
// releases it (another's: 404), and a package not waiting is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { instructionMessages } from '../../shared/requests/instructions.ts';

describe.each(logicDrivers)("'Esperar mis instrucciones' on %s", (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'instrucciones-admin@example.com'));
  });
  afterAll(() => server?.close());

  it("holds received packages for the customer's 'Despachar', and a dispatch says why it refuses them", async () => {
    const customer = await signedUpCustomer(server, { name: 'Inés Instrucciones' });
    expect((await customer.client.get('/api/me/instructions')).body).toEqual({
      wait: false,
      message: instructionMessages.off,
    });
    const on = await customer.client.send('PUT', '/api/me/instructions', { wait: true });
    expect(on.body).toEqual({ wait: true, message: instructionMessages.on });
    expect((await customer.client.send('PUT', '/api/me/instructions', { wait: 'sí' })).status).toBe(400);

    const { number } = await receivedPackage(customer, admin);
    const other = await receivedPackage(customer, admin);
    expect((await customer.client.get('/api/packages')).body.waiting).toEqual(
      [number, other.number].sort((a, b) => a - b),
    );
    const flight = {
      masterAwb: '123-45678901',
      airline: 'Avianca Cargo',
      flightDate: '2026-12-01',
      numbers: [number],
    };
    const refused = await admin.post('/api/admin/dispatches', flight);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.refused).toEqual([
      { number, reason: instructionMessages.waiting(number) },
    ]);
    const moved = await admin.post('/api/admin/packages/state', { numbers: [number], state: 'en_transito' });
    expect(moved.status).toBe(409);
    expect(moved.body.error.details.refused[0].reason).toBe(instructionMessages.waiting(number));

    const stranger = await signedUpCustomer(server);
    expect((await stranger.client.post('/api/packages/release', { numbers: [number] })).status).toBe(404);
    const released = await customer.client.post('/api/packages/release', { numbers: [number] });
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ numbers: [number], message: instructionMessages.released(1) });
    const again = await customer.client.post('/api/packages/release', { numbers: [number] });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(instructionMessages.notWaiting(number));
    expect((await customer.client.get('/api/packages')).body.waiting).toEqual([other.number]);
    expect((await admin.post('/api/admin/dispatches', flight)).status).toBe(201);

    // Turned off, nothing waits.
    await customer.client.send('PUT', '/api/me/instructions', { wait: false });
    expect((await customer.client.get('/api/packages')).body.waiting).toEqual([]);
  });
});
