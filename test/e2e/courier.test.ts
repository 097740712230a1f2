// design/delivery.md 'The courier's screen' in Chromium on a phone: a courier signs in through the form and lands on
// '/reparto' ('Mi ruta') with its empty state; once the office starts a route with a package of theirs, the page
// lists the stop with its address, 'Valor a pagar', 'Cómo llegar', 'Llamar' and 'WhatsApp'. A customer is refused
// with the server's message. The route and the package are set up through the API, as the staff's screens would.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoDayInColombia } from '../../src/shared/dates.ts';
import { messages } from '../../src/shared/messages.ts';
import { seriousAxeViolations, VIEWPORTS } from './axe.ts';
import { packageInColombia, type Session } from './courier-world.ts';
import { apiCall, appInBrowser, launchBrowser, registerViaApi, signInThroughForm } from './harness.ts';

const ADMIN = 'reparto-admin@example.com';

describe("the courier's 'Mi ruta' in Chromium", () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN } });
  let admin: Session;
  let courier: { email: string; password: string; id: string };
  let page: Page;

  beforeAll(async () => {
    // ADMIN_EMAILS makes the account admin when it registers (outside production no verification is needed).
    const adminForm = await registerViaApi(e2e.app, { email: ADMIN, name: 'Jefa de Reparto' });
    admin = await apiCall(e2e.app, ADMIN, adminForm.password);
    const form = await registerViaApi(e2e.app, { name: 'Mario Mensajero' });
    const me = await (await apiCall(e2e.app, form.email, form.password))<{ id: string }>('GET', '/api/me');
    courier = { email: form.email, password: form.password, id: me.body.id };
    const role = await admin('POST', `/api/admin/users/${courier.id}/role`, { role: 'reparto' });
    expect(role.status).toBe(200);
    page = await e2e.browser.newPage();
  });

  it('lands a courier on /reparto with the empty state and the header place "Mi ruta"', async () => {
    await signInThroughForm(page, e2e.app, courier.email, courier.password);
    await page.waitForURL(`${e2e.app.url}/reparto`);
    await page.getByRole('heading', { level: 1, name: 'Mi ruta' }).waitFor();
    await page.getByRole('heading', { name: 'No tienes una ruta en curso hoy.' }).waitFor();
    expect(await page.getByText('La oficina arma las rutas del día').isVisible()).toBe(true);
    const place = page.getByRole('navigation', { name: 'Reparto' }).getByRole('link', { name: 'Mi ruta' });
    expect(await place.getAttribute('aria-current')).toBe('page');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('lists the stop of the route the office started, with its address, value and phone links', async () => {
    const number = await packageInColombia(e2e.app, admin, 'Camila Destino', {
      address: 'Carrera 7 # 72-41 apto 502',
      instructions: 'Dejar en portería con don Jairo',
    });
    const created = await admin<{ route: { id: number } }>('POST', '/api/admin/delivery/routes', {
      date: isoDayInColombia(new Date()),
      courierId: courier.id,
      zone: 'Laureles',
    });
    expect(created.status).toBe(201);
    const id = created.body.route.id;
    const stops = `/api/admin/delivery/routes/${id}/stops`;
    expect((await admin('POST', stops, { packages: [String(number)] })).status).toBe(200);
    expect((await admin('POST', `/api/admin/delivery/routes/${id}/start`)).status).toBe(200);

    await page.reload();
    const stop = page.getByRole('article', { name: `1. Paquete ${number}` });
    await stop.waitFor();
    expect(await page.getByText('Zona: Laureles').isVisible()).toBe(true);
    expect(await stop.textContent()).toContain('Camila Destino');
    expect(await stop.textContent()).toContain('Carrera 7 # 72-41 apto 502, Medellín, 050021');
    expect(await stop.textContent()).toContain('Dejar en portería con don Jairo');
    expect(await stop.getByText('Valor a pagar').isVisible()).toBe(true);
    expect(await stop.locator('.stop-card__value strong').textContent()).toMatch(
      /^\$ [1-9]\d{0,2}(\.\d{3})*$/,
    );
    expect(await stop.getByRole('link', { name: 'Llamar' }).getAttribute('href')).toBe('tel:+573001112233');
    // Issue 47 item 6: 'Cómo llegar', a maps link by the stop's address.
    const directions = new URL(
      (await stop.getByRole('link', { name: 'Cómo llegar' }).getAttribute('href')) ?? '',
    );
    expect(directions.host + directions.pathname).toBe('www.google.com/maps/dir/');
    expect(directions.searchParams.get('destination')).toBe('Carrera 7 # 72-41 apto 502, Medellín, 050021');
    const whatsApp = new URL((await stop.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')) ?? '');
    expect(whatsApp.host + whatsApp.pathname).toBe('wa.me/573001112233');
    expect(whatsApp.searchParams.get('text')).toContain(`paquete ${number}`);
    const counter = (name: string) =>
      page.locator('.courier-route__counters div').filter({ has: page.getByText(name, { exact: true }) });
    expect(await counter('Pendientes').locator('dd').textContent()).toBe('1');
    expect(await counter('Entregados').locator('dd').textContent()).toBe('0');
    expect(await counter('No entregados').locator('dd').textContent()).toBe('0');
    expect(await stop.getByRole('button', { name: 'Entregar' }).isVisible()).toBe(true);
    expect(await stop.getByRole('button', { name: 'No entregado' }).isVisible()).toBe(true);
    for (const viewport of Object.values(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.setViewportSize(VIEWPORTS.phone);
  });

  it("shows a customer the server's refusal, with no 'Reintentar'", async () => {
    const form = await registerViaApi(e2e.app, { name: 'Cliente Curioso' });
    const context = await launchBrowser(e2e.app.url);
    try {
      const customerPage = await context.newPage();
      await signInThroughForm(customerPage, e2e.app, form.email, form.password);
      await customerPage.waitForURL(`${e2e.app.url}/locker`);
      await customerPage.goto(`${e2e.app.url}/reparto`);
      await customerPage.getByRole('alert').filter({ hasText: messages.forbidden }).waitFor();
      expect(await customerPage.getByRole('button', { name: 'Reintentar' }).count()).toBe(0);
      // The courier screen's service worker is a courier's only: the refused customer gets none.
      expect(
        await customerPage.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)),
      ).toBe(0);
    } finally {
      await context.close();
    }
  });
});
