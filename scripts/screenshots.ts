// `npm run screenshots`: the README's four pictures taken from the real app, so they stay true. It builds the app if
// needed, starts it on a fresh embedded database, makes a small day through the API (a customer with four parcels, a
// courier with a started route, an admin), and photographs in Chromium: the customer's locker and a parcel's
// tracker on a phone (390 × 844), the courier's route on a phone, the admin's packages board on a desktop. The PNGs
// go to docs/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { login, register, registerAdmin, timedPost } from '../bench/support/api.ts';
import { ROOT } from '../bench/support/root.ts';
import { type BenchServer, whileServing } from '../bench/support/server.ts';
import { onFreshStorage } from '../bench/support/storage.ts';
import { isoDayInColombia } from '../src/shared/dates.ts';
import { paths } from '../src/shared/paths.ts';
import { CHROMIUM_FLAGS, chromiumPath } from '../test/e2e/harness.ts';

const OUT = join(ROOT, 'docs/screenshots');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

const PARCELS = [
  { guide: '1Z999AA10123456784', store: 'Amazon', content: 'Audífonos inalámbricos', declaredValue: '89.99' },
  { guide: '9400111899223344556677', store: 'Nike', content: 'Tenis para correr', declaredValue: '120' },
  { guide: '772233445566', store: 'Best Buy', content: 'Teclado mecánico', declaredValue: '75.5' },
  { guide: 'TBA301234567890', store: 'Amazon', content: 'Libros', declaredValue: '32' },
];

async function post(server: BenchServer, cookie: string, path: string, body: unknown = {}, expected = 200) {
  const { body: answer } = await timedPost(server, cookie, path, body, expected);
  return answer;
}

/** A number from an answer's field (`{ package: { number } }`, `{ route: { id } }`), or an error naming it. */
function numberAt(answer: unknown, key: string, field: string): number {
  const inner =
    typeof answer === 'object' && answer !== null && key in answer ? Reflect.get(answer, key) : null;
  const value = typeof inner === 'object' && inner !== null ? Reflect.get(inner, field) : undefined;
  if (typeof value !== 'number') throw new Error(`the answer has no ${key}.${field}`);
  return value;
}

/** The day: returns the three people's cookies and the parcel in transit. */
async function seed(server: BenchServer) {
  const admin = await registerAdmin(server);
  await register(server.url, 'mensajero@ejemplo.com');
  const courier = (await login(server.url, 'mensajero@ejemplo.com')).cookie;
  const me: unknown = await (await fetch(`${server.url}/api/me`, { headers: { cookie: courier } })).json();
  const courierId = typeof me === 'object' && me !== null ? String(Reflect.get(me, 'id')) : '';
  await post(server, admin, `/api/admin/users/${courierId}/role`, { role: 'reparto' });
  const { lockerNumber } = await register(server.url, 'laura.gomez@ejemplo.com');
  const customer = (await login(server.url, 'laura.gomez@ejemplo.com')).cookie;
  const numbers: number[] = [];
  for (const parcel of PARCELS) {
    const form = { ...parcel, quantity: 1, address: 1, instructions: 'Dejar en portería' };
    numbers.push(numberAt(await post(server, customer, '/api/packages', form, 201), 'package', 'number'));
    await post(
      server,
      admin,
      '/api/warehouse/receipts',
      { guide: parcel.guide, lockerNumber, weightLb: '3' },
      201,
    );
  }
  const [, inTransit = 0, ...toDeliver] = numbers;
  await post(server, admin, '/api/admin/packages/state', { numbers: [inTransit], state: 'en_transito' });
  for (const state of ['en_transito', 'en_aduana', 'en_bodega_colombia'])
    await post(server, admin, '/api/admin/packages/state', { numbers: toDeliver, state });
  const route = { date: isoDayInColombia(new Date()), courierId, zone: 'Laureles' };
  const id = numberAt(await post(server, admin, '/api/admin/delivery/routes', route, 201), 'route', 'id');
  await post(server, admin, `/api/admin/delivery/routes/${id}/stops`, { packages: toDeliver.map(String) });
  await post(server, admin, `/api/admin/delivery/routes/${id}/start`);
  return { admin, courier, customer, inTransit };
}

async function photograph(
  browser: Browser,
  server: BenchServer,
  shot: { cookie: string; path: string; file: string; device: typeof PHONE | typeof DESKTOP },
) {
  const context = await browser.newContext({ ...shot.device, locale: 'es-CO' });
  const [name = '', value = ''] = shot.cookie.split('=', 2);
  await context.addCookies([{ name, value, url: server.url }]);
  const page = await context.newPage();
  await page.goto(`${server.url}${shot.path}`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: join(OUT, shot.file) });
  await context.close();
  console.log(`docs/screenshots/${shot.file}`);
}

await onFreshStorage('pglite', (storage) =>
  whileServing(storage, async (server) => {
    const people = await seed(server);
    mkdirSync(OUT, { recursive: true });
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
    try {
      const shots = [
        { cookie: people.customer, path: paths.locker, file: 'casillero.png', device: PHONE },
        {
          cookie: people.customer,
          path: paths.packageDetail(people.inTransit),
          file: 'paquete.png',
          device: PHONE,
        },
        { cookie: people.courier, path: paths.courierRoute, file: 'reparto.png', device: PHONE },
        { cookie: people.admin, path: paths.adminPackages, file: 'admin-paquetes.png', device: DESKTOP },
      ];
      for (const shot of shots) await photograph(browser, server, shot);
    } finally {
      await browser.close();
    }
  }),
);
