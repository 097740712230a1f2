// design/delivery.md 'Routes' and 'Proof of delivery' in Chromium: an admin builds a route on /admin/reparto ('Nueva
// ruta', packages scanned by number and guide, one refused because another route holds it, reordered, one removed),
// prints its sheet and starts it; a courier's delivery (through the courier API) shows live on the day's list; 'Cerrar
// ruta' sends what was not delivered back to 'En bodega Colombia'; the customer's package page shows the proof with
// only the last four digits of 'Documento'. Customers and couriers get no staff delivery API. axe on every screen.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoDayInColombia } from '../../src/shared/dates.ts';
import { deliveryMessages } from '../../src/shared/delivery/route-forms.ts';
import { seriousAxeViolations, VIEWPORTS } from './axe.ts';
import {
  apiCall,
  appInBrowser,
  launchBrowser,
  registerViaApi,
  signInThroughForm,
  staffNav,
} from './harness.ts';

const ADMIN = 'rutas-admin@example.com';
// A 1 × 1 PNG, as the courier's phone would send a (much larger) photo.
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

type Session = Awaited<ReturnType<typeof apiCall>>;
interface Stop {
  number: number;
  position: number;
  valueToPayCop: number | null;
}

let guides = 0;
const newGuide = () => `TBA${String(Date.now() % 1e9).padStart(9, '0')}${String(++guides).padStart(3, '0')}`;

describe("the staff's 'Reparto' in Chromium", () => {
  // One failed attempt is enough to flag a package for a decision here ('Requieren decisión').
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN, DELIVERY_MAX_ATTEMPTS: '1' } });
  let admin: Session;
  let courier: Session;
  let courierId = '';
  const courierName = 'Mario Mensajero';
  let customer: { email: string; password: string; session: Session };
  let page: Page;
  let routeId = 0;
  // The route's packages: a and b stay in it (b added by its guide), c sits in another route, d is removed.
  const pkg = { a: 0, b: 0, c: 0, d: 0 };
  let guideB = '';

  beforeAll(async () => {
    const adminForm = await registerViaApi(e2e.app, { email: ADMIN, name: 'Jefa de Rutas' });
    admin = await apiCall(e2e.app, ADMIN, adminForm.password);
    const courierForm = await registerViaApi(e2e.app, { name: courierName });
    const courierSession = await apiCall(e2e.app, courierForm.email, courierForm.password);
    const me = await courierSession<{ id: string }>('GET', '/api/me');
    courier = courierSession;
    courierId = me.body.id;
    const customerForm = await registerViaApi(e2e.app, {
      name: 'Camila Destino',
      telefono: '+573001112233',
      direccion1: 'Carrera 7 # 72-41 apto 502',
      ciudad1: 'Medellín',
      codigoPostal1: '050021',
    });
    customer = {
      ...customerForm,
      session: await apiCall(e2e.app, customerForm.email, customerForm.password),
    };
    const record = await customer.session<{ lockerNumber: string }>('GET', '/api/me');
    for (const key of ['a', 'b', 'c', 'd'] as const) {
      const guide = newGuide();
      if (key === 'b') guideB = guide;
      const saved = await customer.session<{ package: { number: number } }>('POST', '/api/packages', {
        guide,
        store: 'Amazon',
        content: `Artículo ${key}`,
        declaredValue: '40',
        quantity: 1,
        address: 1,
        instructions: '',
      });
      expect(saved.status).toBe(201);
      const receipt = await admin('POST', '/api/warehouse/receipts', {
        guide,
        lockerNumber: record.body.lockerNumber,
        weightLb: '3',
      });
      expect(receipt.status).toBe(201);
      pkg[key] = saved.body.package.number;
    }
    for (const state of ['en_transito', 'en_aduana', 'en_bodega_colombia'])
      expect(
        (await admin('POST', '/api/admin/packages/state', { numbers: Object.values(pkg), state })).status,
      ).toBe(200);
    page = await e2e.browser.newPage();
    await page.setViewportSize(VIEWPORTS.desktop);
    await signInThroughForm(page, e2e.app, ADMIN, adminForm.password);
    await page.waitForURL(`${e2e.app.url}/admin`);
  });

  const stateOf = async (number: number) =>
    (await admin<{ state: string }>('GET', `/api/packages/${number}`)).body.state;
  const stopsOf = async (id: number) =>
    (await admin<{ stops: Stop[] }>('GET', `/api/admin/delivery/routes/${id}`)).body.stops;

  it("says how to give the 'Mensajero' role while no one has it", async () => {
    await page.goto(`${e2e.app.url}/admin/reparto`);
    await page.getByText('Aún no hay mensajeros').waitFor();
    expect(await page.getByRole('link', { name: 'Casilleros' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Crear ruta' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect((await admin('POST', `/api/admin/users/${courierId}/role`, { role: 'reparto' })).status).toBe(200);
    await page.goto(`${e2e.app.url}/admin`);
  });

  it("builds a route: 'Nueva ruta', packages scanned by number and guide, a refusal, reorder and remove", async () => {
    // Package c already sits in another open route of the same courier.
    const other = await admin<{ route: { id: number } }>('POST', '/api/admin/delivery/routes', {
      date: isoDayInColombia(new Date()),
      courierId: courierId,
      zone: 'Envigado',
    });
    expect(other.status).toBe(201);
    const otherStops = `/api/admin/delivery/routes/${other.body.route.id}/stops`;
    expect((await admin('POST', otherStops, { packages: [String(pkg.c)] })).status).toBe(200);

    await (await staffNav(page)).getByRole('link', { name: 'Reparto' }).click();
    await page.waitForURL(`${e2e.app.url}/admin/reparto`);
    await page.getByRole('heading', { level: 1, name: 'Reparto' }).waitFor();
    const today = isoDayInColombia(new Date());
    expect(await page.getByLabel('Día de las rutas').inputValue()).toBe(today);
    expect(await page.getByLabel('Fecha', { exact: true }).inputValue()).toBe(today);
    await page.getByRole('heading', { name: 'Requieren decisión' }).waitFor();
    await page.getByLabel('Mensajero').selectOption({ label: courierName });
    await page.getByRole('button', { name: 'Crear ruta' }).click();
    await page.getByText('Completa el campo Zona.').waitFor();
    await page.getByLabel('Zona').fill('Laureles');
    await page.getByRole('button', { name: 'Crear ruta' }).click();
    await page.waitForURL(/\/admin\/reparto\/\d+$/);
    routeId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await page
      .getByRole('status')
      .filter({ hasText: deliveryMessages.created(routeId) })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Iniciar ruta' }).isDisabled()).toBe(true);

    // A scanner types one per line; a guide works as well as a number. The refusal names the route holding c.
    const field = page.getByLabel('Agregar paquetes');
    await field.fill(`${pkg.a}\n${guideB}\n${pkg.c}`);
    await page.getByRole('button', { name: 'Agregar paquetes' }).click();
    const refusal = page
      .getByRole('alert')
      .filter({ has: page.getByRole('list', { name: 'Paquetes rechazados' }) });
    await refusal.waitFor();
    expect(await refusal.getByRole('listitem').textContent()).toContain(
      deliveryMessages.inOtherRoute(pkg.c, {
        id: other.body.route.id,
        zone: 'Envigado',
        courierName: courierName,
      }),
    );
    expect(await field.inputValue()).toBe(`${pkg.a}\n${guideB}\n${pkg.c}`);
    await field.fill('999999999');
    await page.getByRole('button', { name: 'Agregar paquetes' }).click();
    await page.getByText(deliveryMessages.unknownPackages(['999999999'])).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill(`${pkg.a}\n${guideB}\n${pkg.d}`);
    await page.getByRole('button', { name: 'Agregar paquetes' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: deliveryMessages.added(3) })
      .waitFor();
    expect(await field.inputValue()).toBe('');

    await page.getByRole('button', { name: `Bajar paquete ${pkg.a}` }).click();
    await page.getByRole('status').filter({ hasText: deliveryMessages.moved }).waitFor();
    expect((await stopsOf(routeId)).map((stop) => stop.number)).toEqual([pkg.b, pkg.a, pkg.d]);
    expect(await page.getByRole('button', { name: `Subir paquete ${pkg.b}` }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: `Quitar paquete ${pkg.d}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: deliveryMessages.removed(pkg.d) })
      .waitFor();
    expect(await page.getByRole('row', { name: new RegExp(String(pkg.d)) }).count()).toBe(0);
    for (const viewport of Object.values(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it("prints the route sheet with its columns and starts the route: its packages go 'En reparto'", async () => {
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Imprimir planilla' }).click();
    expect(await page.getAttribute('body', 'data-printed')).toBe('yes');
    await page.emulateMedia({ media: 'print' });
    for (const column of ['Parada', 'Paquete', 'Cliente', 'Dirección', 'Teléfono', 'Valor a pagar'])
      expect(await page.getByRole('columnheader', { name: column, exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('+573001112233').first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: `Quitar paquete ${pkg.a}` }).isVisible()).toBe(false);
    expect(await page.getByLabel('Agregar paquetes').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('button', { name: 'Iniciar ruta' }).click();
    await page.getByText(/Saldrán 2 paquetes a «En reparto» con Mario Mensajero/).waitFor();
    await page.getByRole('button', { name: 'Sí, iniciar ruta' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: deliveryMessages.started(routeId, 2) })
      .waitFor();
    expect(await stateOf(pkg.a)).toBe('en_reparto');
    expect(await stateOf(pkg.b)).toBe('en_reparto');
    expect(await stateOf(pkg.d)).toBe('en_bodega_colombia');
    expect(await page.getByLabel('Agregar paquetes').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Quitar/ }).count()).toBe(0);
  });

  it('shows a delivery live on the day’s list, then closes the route: the rest goes back to the warehouse', async () => {
    await page.goto(`${e2e.app.url}/admin/reparto`);
    const row = page.getByRole('row', { name: new RegExp(`Ruta ${routeId}`) });
    await row.waitFor();
    expect(await row.textContent()).toContain('0 de 2');
    const stop = (await stopsOf(routeId)).find((candidate) => candidate.number === pkg.b);
    const delivered = await courier('POST', `/api/delivery/stops/${pkg.b}/deliver`, {
      key: randomUUID(),
      at: new Date().toISOString(),
      receivedBy: 'Camila Destino',
      document: '1020304050',
      relation: 'titular',
      photo: PHOTO,
      collectedCop: stop?.valueToPayCop ?? 0,
      means: 'nequi',
      reference: 'NEQ-778812',
    });
    expect(delivered.status).toBe(200);
    // No reload: the staff's route stream marks the list stale and it is read again.
    await expect.poll(async () => row.textContent(), { timeout: 10_000 }).toContain('1 de 2');
    const attempted = await courier('POST', `/api/delivery/stops/${pkg.a}/attempt`, {
      key: randomUUID(),
      at: new Date().toISOString(),
      reason: 'no_habia_nadie',
    });
    expect(attempted.status).toBe(200);
    const failedCell = row.getByRole('cell').nth(4);
    await expect.poll(async () => failedCell.textContent(), { timeout: 10_000 }).toBe('1');
    // On a phone the day's list keeps its progress, and nothing on the screen fails axe.
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      expect(await row.isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }

    await row.getByRole('link', { name: `Ruta ${routeId}` }).click();
    const stopRow = page.getByRole('row', { name: new RegExp(String(pkg.a)) });
    expect(await stopRow.textContent()).toContain('No entregado: No había nadie');
    await page.getByRole('button', { name: 'Cerrar ruta' }).click();
    await page.getByText('1 paquete sin entregar volverá a «En bodega Colombia»').waitFor();
    await page.getByRole('button', { name: 'Sí, cerrar ruta' }).click();
    await page.getByText(`Volvieron a «En bodega Colombia»: paquete ${pkg.a}.`).waitFor();
    expect(await stateOf(pkg.a)).toBe('en_bodega_colombia');
    expect(await stateOf(pkg.b)).toBe('entregado');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Back at the warehouse with its one attempt, the package waits for a decision on 'Reparto'.
    await page.getByRole('link', { name: 'Volver a Reparto' }).click();
    const flagged = page.getByRole('region', { name: 'Requieren decisión' });
    await flagged.getByText(`Paquete ${pkg.a}`).waitFor();
    expect(await flagged.textContent()).toContain('1 intento · Último motivo: No había nadie');
  });

  it("shows the customer the proof of delivery with only the last four digits of 'Documento'", async () => {
    const context = await launchBrowser(e2e.app.url);
    try {
      const own = await context.newPage();
      await own.setViewportSize(VIEWPORTS.phone);
      await signInThroughForm(own, e2e.app, customer.email, customer.password);
      await own.waitForURL(`${e2e.app.url}/locker`);
      await own.goto(`${e2e.app.url}/paquetes/${pkg.b}`);
      const proof = own.getByRole('region', { name: 'Entrega' });
      await proof.waitFor();
      const text = (await proof.textContent()) ?? '';
      expect(text).toContain('Recibido porCamila Destino');
      expect(text).toContain('4050');
      expect(text).not.toContain('1020304050');
      expect(text).toContain('RelaciónTitular');
      expect(text).toContain('Medio de pagoNequi');
      expect(
        await proof.getByRole('img', { name: `Foto de la entrega del paquete ${pkg.b}` }).isVisible(),
      ).toBe(true);
      expect(await seriousAxeViolations(own)).toEqual([]);

      // The package that came back lists its failed attempt with its reason.
      await own.goto(`${e2e.app.url}/paquetes/${pkg.a}`);
      const attempts = own.getByRole('region', { name: 'Intentos de entrega' });
      await attempts.waitFor();
      expect(await attempts.textContent()).toContain('No entregado: No había nadie');
    } finally {
      await context.close();
    }
  });

  it("shows staff the proof with the whole 'Documento' and the courier", async () => {
    await page.goto(`${e2e.app.url}/paquetes/${pkg.b}`);
    const proof = page.getByRole('region', { name: 'Entrega' });
    await proof.waitFor();
    expect(await proof.textContent()).toContain('Documento1020304050');
    expect(await proof.textContent()).toContain(`Mensajero${courierName}`);
  });

  it('gives a customer and a courier no access to the staff delivery API', async () => {
    for (const session of [customer.session, courier])
      for (const path of ['/api/admin/delivery/routes', '/api/admin/delivery/couriers'])
        expect((await session('GET', path)).status).toBe(403);
  });
});
