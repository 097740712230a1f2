// Issue 37's staff screens and small things, in a phone-sized Chromium (390 × 844; 1280 px where it says): the
// admin's navigation behind 'Menú' below 600 px, the day's routes as cards on a phone, a route's 'Resultado' whole at
// 1280 px with each stop linking to the package's staff view, 'Avisos' saying WhatsApp is off, buttons of 44 px and
// standalone links of 44 px on a touch screen, and 'Tus PQR' above the form for a returning customer. axe on each.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, VIEWPORTS } from './axe.ts';
import { appInBrowser, launchBrowser, signInThroughForm } from './harness.ts';
import { ADMIN, COMPANY, type MoneyWorld, moneyWorld } from './money-world.ts';

const box = async (locator: ReturnType<Page['locator']>) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
};

describe("issue 37: the staff's screens on a phone, and the small things", () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN, ...COMPANY } });
  let world: MoneyWorld;
  let page: Page;

  beforeAll(async () => {
    world = await moneyWorld(e2e.app);
    page = await e2e.browser.newPage();
    await signInThroughForm(page, e2e.app, ADMIN, world.adminPassword);
    await page.waitForURL(`${e2e.app.url}/admin`);
  });

  it("puts the admin's places behind 'Menú' below 600 px: one row, not three", async () => {
    const nav = page.getByRole('navigation', { name: 'Administración' });
    const menu = nav.getByRole('button', { name: 'Menú' });
    await menu.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Paquetes', exact: true }).isVisible()).toBe(false);
    expect((await box(page.locator('header'))).height).toBeLessThanOrEqual(110);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // Issue 47: open, the places stand in two columns of half the width each, and the page keeps the phone's width.
    const places = nav
      .getByRole('listitem')
      .filter({ hasNot: page.getByRole('link', { name: 'Cerrar sesión' }) });
    const boxes = await Promise.all((await places.all()).map(box));
    expect(boxes.length).toBeGreaterThanOrEqual(8);
    for (const place of boxes) expect(place.width).toBeGreaterThan(150);
    expect(new Set(boxes.map((place) => Math.round(place.x))).size).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    await nav.getByRole('link', { name: 'Paquetes', exact: true }).click();
    await page.waitForURL(`${e2e.app.url}/admin/paquetes`);
    // The next screen starts with the menu closed.
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(await menu.isVisible()).toBe(false);
    expect(await nav.getByRole('link', { name: 'Reparto', exact: true }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.phone);
  });

  it("shows the day's routes as cards on a phone: state, progress and money in view", async () => {
    await page.goto(`${e2e.app.url}/admin/reparto`);
    const row = page.getByRole('row').filter({ hasText: `Ruta ${world.routeId}` });
    await row.waitFor();
    for (const text of ['En curso', '2 de 2', 'de $'])
      expect((await box(row.getByText(text).first())).x + 10, text).toBeLessThan(VIEWPORTS.phone.width);
    const money = await box(row.locator('td').last());
    expect(money.x + money.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("keeps a route's 'Resultado' whole at 1280 px, each stop a link to the package's staff view", async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`${e2e.app.url}/admin/reparto/${world.routeId}`);
    const table = page.getByRole('table', { name: `Paradas de la ruta ${world.routeId}, en orden` });
    await table.waitFor();
    const wrap = page.getByRole('region', { name: `Paradas de la ruta ${world.routeId}, desplazable` });
    const fits = await wrap.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits).toBe(true);
    const result = await box(table.getByRole('columnheader', { name: 'Resultado' }));
    expect(result.x + result.width).toBeLessThanOrEqual((await box(wrap)).x + (await box(wrap)).width);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await table.getByRole('link', { name: String(world.pkg.cash), exact: true }).click();
    await page.waitForURL(`${e2e.app.url}/admin/paquetes/${world.pkg.cash}`);
    await page.setViewportSize(VIEWPORTS.phone);
  });

  it("says on 'Avisos' that WhatsApp is off instead of a share read of nothing", async () => {
    await page.goto(`${e2e.app.url}/admin/avisos`);
    await page.getByText('Los avisos por WhatsApp están apagados').waitFor();
    expect(await page.getByText(/^Leídos:/).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('gives buttons and standalone links 44 px on a touch screen', async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await cdp.send('Emulation.setEmitTouchEventsForMouse', { enabled: true, configuration: 'mobile' });
    try {
      await page.goto(`${e2e.app.url}/admin/casilleros`);
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      const role = page.getByRole('button', { name: /^Cambiar rol/ }).first();
      await role.waitFor();
      expect((await box(role)).height).toBeGreaterThanOrEqual(44);
      await page.goto(`${e2e.app.url}/admin`);
      const lockers = page.getByRole('main').getByRole('link', { name: 'Lista de Casilleros' });
      await lockers.waitFor();
      // Issue 47: a standalone link is a 44-px target on a touch screen, as a button is.
      expect((await box(lockers)).height).toBeGreaterThanOrEqual(44);
    } finally {
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
      await cdp.detach();
    }
  });

  it("puts 'Tus PQR' above the form for a customer who filed one before", async () => {
    const filed = await world.customer.session('POST', '/api/pqr', {
      type: 'peticion',
      description: 'Quisiera saber si pueden entregar los sábados en la tarde.',
    });
    expect(filed.status).toBe(201);
    const context = await launchBrowser(e2e.app.url);
    try {
      const own = await context.newPage();
      await signInThroughForm(own, e2e.app, world.customer.email, world.customer.password);
      await own.waitForURL(`${e2e.app.url}/locker`);
      await own.getByRole('contentinfo').getByRole('link', { name: /PQR/ }).click();
      await own.waitForURL(`${e2e.app.url}/pqr`);
      const mine = own.getByRole('heading', { level: 2, name: 'Tus PQR' });
      const form = own.getByRole('heading', { level: 2, name: 'Radicar una PQR' });
      await form.waitFor();
      expect((await box(mine)).y).toBeLessThan((await box(form)).y);
      expect(await seriousAxeViolations(own)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
