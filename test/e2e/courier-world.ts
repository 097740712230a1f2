// A courier's day set up through the API as the screens would (test/e2e/courier*.test.ts):
// an admin, a courier with the 'reparto' role, one new customer per stop with a package pre-alerted, received in
// Miami and flown to 'En bodega Colombia', and today's route of those packages started.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { isoDayInColombia } from '../../src/shared/dates.ts';
import {
  type AppInBrowser,
  apiCall,
  CHROMIUM_FLAGS,
  chromiumPath,
  type RunningApp,
  registerViaApi,
} from './harness.ts';

export type Session = Awaited<ReturnType<typeof apiCall>>;

export interface CourierWorld {
  admin: Session;
  courier: Session;
  /** The courier's sign-in, for the browser's form. */
  email: string;
  password: string;
  /** The route's packages, in the order of its stops. */
  numbers: number[];
  routeId: number;
}

let guides = 0;

/**
 * A package of a new customer called `name` (at `address`, with the package's delivery `instructions` if given),
 * pre-alerted, received in Miami and flown to 'En bodega Colombia'.
 */
export async function packageInColombia(
  app: RunningApp,
  admin: Session,
  name: string,
  options: { address?: string; instructions?: string } = {},
) {
  const form = await registerViaApi(app, {
    name,
    telefono: '+573001112233',
    direccion1: options.address ?? 'Calle 10 # 43-12',
    ciudad1: 'Medellín',
    codigoPostal1: '050021',
  });
  const customer = await apiCall(app, form.email, form.password);
  const me = await customer<{ lockerNumber: string }>('GET', '/api/me');
  const guide = `TBA${String(Date.now()).slice(-9)}${++guides}`;
  const saved = await customer<{ package: { number: number } }>('POST', '/api/packages', {
    guide,
    store: 'Amazon',
    content: 'Audífonos',
    declaredValue: '40',
    quantity: 1,
    address: 1,
    ...(options.instructions ? { instructions: options.instructions } : {}),
  });
  expect(saved.status).toBe(201);
  const receipt = await admin('POST', '/api/warehouse/receipts', {
    guide,
    lockerNumber: me.body.lockerNumber,
    weightLb: '3',
  });
  expect(receipt.status).toBe(201);
  const number = saved.body.package.number;
  for (const state of ['en_transito', 'en_aduana', 'en_bodega_colombia'])
    expect((await admin('POST', '/api/admin/packages/state', { numbers: [number], state })).status).toBe(200);
  return number;
}

/** `adminEmail` must be in the app's ADMIN_EMAILS; the route is in `zone`, one stop per name of `customers`. */
export async function courierWorld(
  app: RunningApp,
  options: { adminEmail: string; courierName: string; zone: string; customers: string[] },
): Promise<CourierWorld> {
  const adminForm = await registerViaApi(app, { email: options.adminEmail, name: 'Jefa de Reparto' });
  const admin = await apiCall(app, options.adminEmail, adminForm.password);
  const form = await registerViaApi(app, { name: options.courierName });
  const courier = await apiCall(app, form.email, form.password);
  const me = await courier<{ id: string }>('GET', '/api/me');
  expect((await admin('POST', `/api/admin/users/${me.body.id}/role`, { role: 'reparto' })).status).toBe(200);
  const numbers: number[] = [];
  for (const name of options.customers) numbers.push(await packageInColombia(app, admin, name));
  const created = await admin<{ route: { id: number } }>('POST', '/api/admin/delivery/routes', {
    date: isoDayInColombia(new Date()),
    courierId: me.body.id,
    zone: options.zone,
  });
  expect(created.status).toBe(201);
  const routeId = created.body.route.id;
  const stops = await admin('POST', `/api/admin/delivery/routes/${routeId}/stops`, {
    packages: numbers.map(String),
  });
  expect(stops.status).toBe(200);
  expect((await admin('POST', `/api/admin/delivery/routes/${routeId}/start`)).status).toBe(200);
  return { admin, courier, email: form.email, password: form.password, numbers, routeId };
}

/**
 * Inside a describe: the world of `options` and a Chromium of its own in which each phone is a fresh context (no
 * service worker, IndexedDB or cache from the one before), started before the tests and closed after.
 */
export function courierPhones(e2e: AppInBrowser, options: Parameters<typeof courierWorld>[1]) {
  const fixture = {} as { world: CourierWorld; browser: Browser };
  beforeAll(async () => {
    fixture.world = await courierWorld(e2e.app, options);
    fixture.browser = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: CHROMIUM_FLAGS,
    });
  });
  afterAll(async () => {
    await fixture.browser?.close();
  });
  return fixture;
}

/** A phone-sized context signed in as the world's courier (their session cookie), in Bogotá. */
export async function courierContext(
  phones: { world: CourierWorld; browser: Browser },
  url: string,
  options: { javaScriptEnabled?: boolean; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const context = await phones.browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    ...options,
  });
  await context.addCookies(
    phones.world.courier.cookie.split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('='), url };
    }),
  );
  return context;
}

/**
 * Waits until the courier screen's service worker controls `page` (loaded at '/reparto': no worker takes a page opened
 * at another path). A worker that became active while this page's navigation was on its way claims the pages there
 * were, not this one, which then stays without it (the rehearsal of 2026-11-29, under load): once a worker is active,
 * a page still without one is loaded again, and that load is the worker's.
 */
export async function workerTakes(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}
