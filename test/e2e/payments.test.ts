// Issue 32 in Chromium, against the Wompi stand-in (in this process; the app is started with its URL and the
// WOMPI_* keys, and it posts its signed events to the app): a customer ticks two packages on 'Mis paquetes', pays
// them with the approved test card on the stand-in's Web Checkout and comes back to 'Pago aprobado'; a second tab
// left on 'Mis paquetes' turns both into 'Pagado en línea' without a reload. A declined card says 'Pago rechazado',
// and 'Intentar de nuevo' with the good card is approved. The courier's stop of a paid package says 'Pagado: no cobrar'.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDayInColombia } from '../../src/shared/dates.ts';
import { startWompiStandIn, type WompiStandIn } from '../support/wompi-stand-in.ts';
import { apiCall, appInBrowser, recordViaApi, registerViaApi, signInThroughForm } from './harness.ts';

const ADMIN = 'pagos-e2e-admin@example.com';
const PASSWORD = 'Clave#Segura2026';
let guides = 0;
const newGuide = () => `TBA${String(Date.now() % 1e9).padStart(9, '0')}${String(++guides).padStart(3, '0')}`;

describe('Paying online in Chromium, against the Wompi stand-in', () => {
  // Filled before the app starts (hooks run in order): the stand-in's URLs and keys.
  const env: Record<string, string> = { ADMIN_EMAILS: ADMIN };
  let standIn: WompiStandIn;
  beforeAll(async () => {
    standIn = await startWompiStandIn({ retryMs: [200, 400, 800] });
    Object.assign(env, standIn.env);
  });
  const e2e = appInBrowser({ env });
  afterAll(async () => {
    await standIn?.close();
  });

  let email = '';
  let page: Page;
  /** The two packages the first journey pays. */
  let paidNumbers: number[] = [];

  async function receivedPackage(content: string) {
    const customer = await apiCall(e2e.app, email, PASSWORD);
    const admin = await apiCall(e2e.app, ADMIN, PASSWORD);
    const guide = newGuide();
    const alerted = await customer<{ package: { number: number } }>('POST', '/api/packages', {
      guide,
      store: 'Amazon',
      content,
      declaredValue: '30',
      quantity: 1,
      address: 1,
      instructions: '',
    });
    expect(alerted.status).toBe(201);
    const { lockerNumber } = await recordViaApi(e2e.app, email, PASSWORD);
    const receipt = await admin('POST', '/api/warehouse/receipts', { guide, lockerNumber, weightLb: '3' });
    expect(receipt.status).toBe(201);
    return alerted.body.package.number;
  }

  async function payOnCheckout(card: string) {
    await page.waitForURL(`${standIn.url}/p/**`);
    await page.getByLabel('Número de tarjeta').fill(card);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL(`${e2e.app.url}/pagos/**`);
  }

  it("pays two packages with the test card and sees 'Pagado en línea' live", async () => {
    standIn.setEvents(`${e2e.app.url}/api/pagos/wompi/eventos`);
    await registerViaApi(e2e.app, { email: ADMIN, name: 'Jefa de Caja' });
    email = `pagos-${Date.now()}@example.com`;
    await registerViaApi(e2e.app, { email, name: 'Paula Pagadora' });
    const numbers = [await receivedPackage('Zapatos'), await receivedPackage('Libros')];
    paidNumbers = numbers;

    page = await e2e.browser.newPage();
    await signInThroughForm(page, e2e.app, email, PASSWORD);
    await page.waitForURL(`${e2e.app.url}/locker`);
    const watcher = await e2e.browser.newPage();
    await watcher.goto(`${e2e.app.url}/paquetes`);
    await watcher.getByText('Zapatos').waitFor();
    expect(await watcher.getByText('Pagado en línea').count()).toBe(0);

    await page.goto(`${e2e.app.url}/paquetes`);
    for (const number of numbers) await page.getByLabel(`Pagar el paquete ${number} en línea`).check();
    await page.getByRole('button', { name: 'Pagar seleccionados' }).click();
    await payOnCheckout('4242 4242 4242 4242');
    await page.getByRole('heading', { name: 'Pago aprobado' }).waitFor({ timeout: 20_000 });
    // The tab left open follows the payment live: both cards say 'Pagado en línea'.
    await expect.poll(() => watcher.getByText('Pagado en línea').count(), { timeout: 20_000 }).toBe(2);
    await watcher.close();
  });

  it("says 'Pago rechazado' for a declined card, and 'Intentar de nuevo' with the good card is approved", async () => {
    const number = await receivedPackage('Juguetes');
    await page.goto(`${e2e.app.url}/paquetes/${number}`);
    await page.getByRole('button', { name: 'Pagar en línea' }).click();
    await payOnCheckout('4111 1111 1111 1111');
    await page.getByRole('heading', { name: 'Pago rechazado' }).waitFor({ timeout: 20_000 });
    // Issue 47: a refusal is no dead end: the page says what else the customer can do.
    await page
      .getByText(
        'Puedes intentarlo de nuevo con otra tarjeta, PSE o Nequi, o pagar al recibir el paquete en tu puerta.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await payOnCheckout('4242 4242 4242 4242');
    await page.getByRole('heading', { name: 'Pago aprobado' }).waitFor({ timeout: 20_000 });
    await page.goto(`${e2e.app.url}/paquetes/${number}`);
    await page.getByText('Pagado en línea:').waitFor();
    expect(await page.getByRole('button', { name: 'Pagar en línea' }).count()).toBe(0);
  });

  it("shows the courier 'Pagado: no cobrar' on the stop of a package paid online", async () => {
    const [paid = 0] = paidNumbers;
    const admin = await apiCall(e2e.app, ADMIN, PASSWORD);
    const courierForm = await registerViaApi(e2e.app, { name: 'Rafa Reparto' });
    const courier = await apiCall(e2e.app, courierForm.email, courierForm.password);
    const me = await courier<{ id: string }>('GET', '/api/me');
    expect((await admin('POST', `/api/admin/users/${me.body.id}/role`, { role: 'reparto' })).status).toBe(
      200,
    );
    for (const state of ['en_transito', 'en_aduana', 'en_bodega_colombia'])
      expect((await admin('POST', '/api/admin/packages/state', { numbers: [paid], state })).status).toBe(200);
    const created = await admin<{ route: { id: number } }>('POST', '/api/admin/delivery/routes', {
      date: isoDayInColombia(new Date()),
      courierId: me.body.id,
      zone: 'Laureles',
    });
    const routeId = created.body.route.id;
    expect(
      (await admin('POST', `/api/admin/delivery/routes/${routeId}/stops`, { packages: [String(paid)] }))
        .status,
    ).toBe(200);
    expect((await admin('POST', `/api/admin/delivery/routes/${routeId}/start`)).status).toBe(200);

    const phone = await e2e.browser.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await signInThroughForm(phone, e2e.app, courierForm.email, courierForm.password);
    await phone.waitForURL(`${e2e.app.url}/reparto`);
    const stop = phone.getByRole('article', { name: `1. Paquete ${paid}` });
    await stop.getByText('Pagado: no cobrar').waitFor();
    expect(await stop.getByText('Valor a pagar').count()).toBe(0);
    // Issue 47: its 'Entregar' asks for no amount (no 'Valor cobrado' of 0 to confirm) and says why.
    await stop.getByRole('button', { name: 'Entregar' }).click();
    const form = stop.getByRole('form', { name: `Entregar paquete ${paid}` });
    await form.getByText('Pagado: no cobrar').waitFor();
    expect(await form.getByLabel('Valor cobrado').count()).toBe(0);
    expect(await form.getByLabel('Medio de pago').count()).toBe(0);
    await phone.close();
  });

  it("lists every payment on the admin's 'Pagos en línea', filtered, with 'Reembolsar' naming the amount, and a package's own (issue 47 items 11, 12)", async () => {
    const admin = await e2e.browser.newPage();
    await signInThroughForm(admin, e2e.app, ADMIN, PASSWORD);
    await admin.waitForURL(`${e2e.app.url}/admin`);
    await admin.goto(`${e2e.app.url}/admin/pagos`);
    await admin.getByRole('heading', { level: 1, name: 'Pagos en línea' }).waitFor();
    const rows = admin.locator('table tbody tr');
    // Three payments so far: two approved, one declined (issue 32's journeys above).
    await expect.poll(() => rows.count()).toBe(3);
    await admin.getByLabel('Estado').selectOption({ label: 'Rechazado' });
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Rechazado');
    expect(await admin.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href')).toBe(
      '/api/admin/pagos.csv?estado=rechazado',
    );
    await admin.getByLabel('Estado').selectOption({ label: 'Aprobado' });
    await expect.poll(() => rows.count()).toBe(2);
    // 'Reembolsar' is a secondary action; its confirmation names the amount, and 'Cancelar' leaves it.
    const first = rows.first();
    const amount = (await first.locator('td.money').textContent()) ?? '';
    expect(amount).toMatch(/^\$ \d/);
    await first.getByRole('button', { name: 'Reembolsar' }).click();
    await first.getByRole('button', { name: `Reembolsar ${amount}` }).waitFor();
    await first.getByRole('button', { name: 'Cancelar' }).click();
    await first.getByRole('button', { name: 'Reembolsar' }).waitFor();
    // Issue 47 item 12: a package's staff view answers '¿Ya pagó?' with its payment.
    const [paid = 0] = paidNumbers;
    await admin.goto(`${e2e.app.url}/admin/paquetes/${paid}`);
    const answer = admin.getByRole('region', { name: '¿Ya pagó?' });
    await answer.getByText('Sí: pagado en línea.').waitFor();
    expect(await answer.locator('tbody tr').count()).toBe(1);
    expect(await answer.locator('tbody tr').textContent()).toContain('Aprobado');
    await admin.close();
  });
});
