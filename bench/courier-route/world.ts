// The courier benchmark's world (bench/courier-route.ts): an admin, a courier and one customer whose STOPS packages
// are received, flown, and put on a started route of today for the courier.
import { isoDayInColombia } from '../../src/shared/dates.ts';
import { login, register, registerAdmin, timedPost } from '../support/api.ts';
import { pool } from '../support/load.ts';
import type { BenchServer } from '../support/server.ts';

export const STOPS = 200;

const post = (server: BenchServer, cookie: string, path: string, body: unknown = {}, expected = 200) =>
  timedPost(server, cookie, path, body, expected).then(
    ({ body: answer }) => answer as Record<string, unknown>,
  );

/** A courier with a started route of today of `stops` packages of one customer; returns the courier's cookie. */
export async function startedRoute(server: BenchServer, stops = STOPS): Promise<string> {
  const admin = await registerAdmin(server);
  await register(server.url, 'mensajero@bench.example.com');
  const courier = (await login(server.url, 'mensajero@bench.example.com')).cookie;
  const me = (await (await fetch(`${server.url}/api/me`, { headers: { cookie: courier } })).json()) as {
    id: string;
  };
  await post(server, admin, `/api/admin/users/${me.id}/role`, { role: 'reparto' });
  const { lockerNumber } = await register(server.url, 'cliente@bench.example.com');
  const customer = (await login(server.url, 'cliente@bench.example.com')).cookie;
  const numbers: number[] = [];
  await pool(stops, 4, async (i) => {
    const guide = `1ZCOURIER${String(i).padStart(9, '0')}`;
    const form = {
      guide,
      store: 'Amazon',
      content: 'Audífonos',
      declaredValue: '40',
      quantity: 1,
      address: 1,
    };
    const saved = await post(server, customer, '/api/packages', { ...form, instructions: 'Portería' }, 201);
    numbers.push((saved.package as { number: number }).number);
    await post(server, admin, '/api/warehouse/receipts', { guide, lockerNumber, weightLb: '3' }, 201);
  });
  for (const state of ['en_transito', 'en_aduana', 'en_bodega_colombia'])
    await post(server, admin, '/api/admin/packages/state', { numbers, state });
  const created = await post(
    server,
    admin,
    '/api/admin/delivery/routes',
    {
      date: isoDayInColombia(new Date()),
      courierId: me.id,
      zone: 'Laureles',
    },
    201,
  );
  const id = (created.route as { id: number }).id;
  await post(server, admin, `/api/admin/delivery/routes/${id}/stops`, { packages: numbers.map(String) });
  await post(server, admin, `/api/admin/delivery/routes/${id}/start`);
  return courier;
}
