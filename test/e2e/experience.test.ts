// Issue 11, findings 3–7 and 10, on a 390×844 phone and a desktop (findings 8 and 12: welcome.test.ts).
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OFFICE_ADDRESS } from '../../src/server/config.ts';
import { formatSendToAddress } from '../../src/shared/address.ts';
import { seriousAxeViolations, VIEWPORTS } from './axe.ts';
import { appInBrowser, launchBrowser, registerViaApi, signInThroughForm, staffNav } from './harness.ts';

const ADMIN = 'jefa.experiencia@example.com';
const COMPANY = {
  COMPANY_NAME: 'Envíos Ejemplo S.A.S.',
  COMPANY_NIT: '890.903.938-8',
  COMPANY_ADDRESS: 'Carrera 7 # 71-21, Bogotá',
  SUPPORT_WHATSAPP: '13055550177',
  SUPPORT_EMAIL: 'ayuda@example.com',
};
const PHONE = { width: 390, height: 844 };
const CUSTOMER_LINKS = ['Mi casillero', 'Mis paquetes', 'Notificar paquete', 'Mis datos', 'Cerrar sesión'];
const ADMIN_LINKS = [
  'Hoy',
  'Casilleros',
  'Paquetes',
  'Despachos',
  'Reparto',
  'Recaudos',
  'Pagos',
  'Tarifas',
  'Avisos',
  'Facturas',
  'Recepción en bodega',
  'PQR',
  'Cerrar sesión',
];

describe('issue 11: the experience of a new user, on a phone and a desktop', () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN, OFFICE_PHONE: '+1 (786) 555-0199', ...COMPANY } });
  const contexts: BrowserContext[] = [];
  let adminPassword = '';
  beforeAll(async () => {
    adminPassword = (await registerViaApi(e2e.app, { email: ADMIN, name: 'Jefa Experiencia' })).password;
    await registerViaApi(e2e.app, { name: 'Óscar Sin Teléfono', telefono: '' });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** A person on their own browser (cookies and the remembered session are per browser). */
  async function browser(): Promise<Page> {
    const context = await launchBrowser(e2e.app.url);
    contexts.push(context);
    return context.newPage();
  }
  async function customer(name = 'Mariana Ríos Castañeda') {
    const account = await registerViaApi(e2e.app, { name });
    const page = await browser();
    await signInThroughForm(page, e2e.app, account.email, account.password);
    await page.waitForURL(`${e2e.app.url}/locker`);
    const lockerNumber = (await page.locator('.locker-number').textContent()) ?? '';
    return { page, account, lockerNumber };
  }
  async function admin() {
    const page = await browser();
    await signInThroughForm(page, e2e.app, ADMIN, adminPassword);
    await page.waitForURL(`${e2e.app.url}/admin`);
    return page;
  }
  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
  /** Where an element is on the page (not in the viewport: a click may scroll). */
  const box = (locator: Locator) =>
    locator.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x: x + window.scrollX, y: y + window.scrollY, width, height };
    });
  const addressCard = (page: Page) => page.getByRole('region', { name: /Tu dirección en EE/ });

  it('finding 3: on a phone the address and "Copiar dirección" are on the first screen, unverified notice shown', async () => {
    const { page } = await customer();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('¡Hola, Mariana!');
    expect(await page.getByText('Tu correo aún no está verificado').isVisible()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const part of [
      addressCard(page).locator('.address'),
      page.getByRole('button', { name: 'Copiar dirección' }),
    ]) {
      const { y, height } = await box(part);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y + height).toBeLessThanOrEqual(PHONE.height);
    }
  });

  it('finding 4: one address format in the block, the fields and the copy, the locker on address line 2', async () => {
    const { page, lockerNumber } = await customer('Julián Peña');
    await page.getByRole('button', { name: 'Copiar dirección' }).click();
    const block = await clipboard(page);
    expect(block.split('\n')).toEqual([
      'CasilleroYa',
      'Julián Peña',
      '3750 W 16th Ave',
      `Suite 114 #${lockerNumber}`,
      'Hialeah, FL 33012',
      'USA',
    ]);
    expect(block).toBe(
      formatSendToAddress('CasilleroYa', 'Julián Peña', lockerNumber, DEFAULT_OFFICE_ADDRESS),
    );
    expect(await addressCard(page).textContent()).toContain('línea 2 de la dirección (Address line 2)');

    await page.getByText('Campo por campo, como lo pide la tienda').click();
    const copied: Record<string, string> = {};
    for (const label of [
      'Nombre completo (Full name)',
      'Empresa (Company)',
      'Dirección línea 1 (Address line 1)',
      'Dirección línea 2 (Address line 2)',
      'Ciudad (City)',
      'Estado (State)',
      'Código postal (ZIP code)',
      'País (Country)',
      'Teléfono (Phone)',
    ]) {
      await page.getByRole('button', { name: `Copiar: ${label}` }).click();
      copied[label] = await clipboard(page);
    }
    expect(copied['Nombre completo (Full name)']).toBe('Julián Peña');
    expect(copied['Dirección línea 2 (Address line 2)']).toBe(`Suite 114 #${lockerNumber}`);
    expect(copied['Teléfono (Phone)']).toBe('(786) 555-0199');
    // The locker number is written once, in the same place in both views.
    expect(Object.values(copied).filter((value) => value.includes(lockerNumber))).toHaveLength(1);
    expect(block.split(lockerNumber)).toHaveLength(2);
    for (const [label, value] of Object.entries(copied))
      if (label !== 'Teléfono (Phone)') expect(block, label).toContain(value);
  });

  it('finding 5: the disclosures keep their marker and open; the fields pass axe (no buttons inside a <dl>)', async () => {
    const { page } = await customer();
    const summary = page.getByText('Campo por campo, como lo pide la tienda');
    expect(await summary.evaluate((element) => getComputedStyle(element).display)).toBe('list-item');
    expect(await page.getByRole('button', { name: 'Copiar: Ciudad (City)' }).isVisible()).toBe(false);
    await summary.click();
    expect(await page.getByRole('button', { name: 'Copiar: Ciudad (City)' }).isVisible()).toBe(true);
    const rules = ['definition-list', 'dlitem', 'list', 'listitem'];
    expect(await seriousAxeViolations(page, { runOnly: rules })).toEqual([]);

    const staff = await admin();
    await staff.goto(`${e2e.app.url}/admin/casilleros`);
    const audit = staff.getByText('Auditoría: últimos 100 eventos');
    expect(await audit.evaluate((element) => getComputedStyle(element).display)).toBe('list-item');
  });

  it('finding 6: copying confirms in the button itself and in one live region, and nothing on the page moves', async () => {
    const { page } = await customer();
    const card = addressCard(page);
    const button = card.getByRole('button').first();
    const before = {
      card: await box(card),
      button: await box(button),
      statuses: await page.getByRole('status').count(),
    };
    expect(before.statuses).toBe(1);
    await button.click();
    await card.getByRole('button', { name: 'Copiado', exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Dirección copiada' }).waitFor();
    expect(await box(card)).toEqual(before.card);
    expect(await box(button)).toEqual(before.button);
    expect(await page.getByRole('status').count()).toBe(before.statuses);
    await card.getByRole('button', { name: 'Copiar dirección' }).waitFor({ timeout: 5000 });

    await page.getByText('Campo por campo, como lo pide la tienda').click();
    const city = page.getByRole('button', { name: 'Copiar: Ciudad (City)' });
    const cityBox = await box(city);
    await city.click();
    await page.getByRole('button', { name: 'Copiado: Ciudad (City)' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Copiado: Ciudad (City).' }).waitFor();
    expect(await box(page.getByRole('button', { name: 'Copiado: Ciudad (City)' }))).toEqual(cityBox);
  });

  it('finding 7 (and 8): one header and the footer on every signed-in screen, for customers and staff; / offers the locker', async () => {
    const { page } = await customer();
    for (const name of ['Notificar paquete', 'Cerrar sesión', 'Mis paquetes', 'Mis datos'])
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(1);
    const screens: Array<[string, string | null]> = [
      ['/locker', 'Mi casillero'],
      ['/notify', 'Notificar paquete'],
      ['/paquetes', 'Mis paquetes'],
      ['/mis-datos', 'Mis datos'],
      ['/calculadora', null],
      ['/politica-de-datos', null],
    ];
    for (const [path, current] of screens) {
      await page.goto(`${e2e.app.url}${path}`);
      const nav = page.getByRole('navigation', { name: 'Tu cuenta' });
      await nav.waitFor();
      for (const name of CUSTOMER_LINKS)
        expect(await nav.getByRole('link', { name, exact: true }).isVisible(), `${path} ${name}`).toBe(true);
      // The footer of every screen, signed in too (the signed-out ones: welcome.test.ts).
      expect(await page.getByRole('contentinfo').textContent(), path).toContain(COMPANY.COMPANY_NAME);
      const marked = nav.locator('[aria-current="page"]');
      expect(current ? await marked.textContent() : await marked.count(), path).toBe(current ?? 0);
    }
    await page.goto(e2e.app.url);
    await page.getByRole('button', { name: 'Ir a mi casillero' }).click();
    await page.waitForURL(`${e2e.app.url}/locker`);
    await page
      .getByRole('navigation', { name: 'Tu cuenta' })
      .getByRole('link', { name: 'Cerrar sesión' })
      .click();
    await page.waitForURL(`${e2e.app.url}/login`);
    await page.goto(e2e.app.url);
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    expect(await page.getByRole('button', { name: 'Ir a mi casillero' }).count()).toBe(0);

    const staff = await admin();
    for (const [index, path] of [
      '/admin',
      '/admin/casilleros',
      '/admin/paquetes',
      '/admin/despachos',
      '/admin/reparto',
      '/admin/recaudos',
      '/admin/pagos',
      '/admin/tarifas',
      '/admin/avisos',
      '/admin/facturas',
      '/bodega',
    ].entries()) {
      await staff.goto(`${e2e.app.url}${path}`);
      // On a phone the places wait behind 'Menú' (issue 37): opened, every one of them.
      const nav = await staffNav(staff);
      expect(await nav.getByRole('link').allTextContents(), path).toEqual(ADMIN_LINKS);
      expect(await nav.locator('[aria-current="page"]').textContent(), path).toBe(ADMIN_LINKS[index]);
    }

    // A bodega account gets its one place.
    const bodega = await registerViaApi(e2e.app, { name: 'Bruno Bodega' });
    await staff.goto(`${e2e.app.url}/admin/casilleros`);
    const row = staff.locator('tbody tr').filter({ hasText: 'Bruno Bodega' });
    await row.getByLabel('Rol', { exact: true }).selectOption('bodega');
    await row.getByRole('button', { name: 'Cambiar rol' }).click();
    await staff.getByRole('status').filter({ hasText: 'Bruno Bodega ahora es Bodega' }).waitFor();
    const warehouse = await browser();
    await signInThroughForm(warehouse, e2e.app, bodega.email, bodega.password);
    await warehouse.waitForURL(`${e2e.app.url}/bodega`);
    const nav = warehouse.getByRole('navigation', { name: 'Bodega' });
    await nav.waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Recepción en bodega',
      'Reparto',
      'Cerrar sesión',
    ]);
  });

  it('finding 10: on a phone each locker is a card with its name, locker and WhatsApp within the screen', async () => {
    const page = await admin();
    await page.goto(`${e2e.app.url}/admin/casilleros`);
    const rows = page.locator('tbody tr');
    await rows.filter({ hasText: 'Óscar Sin Teléfono' }).waitFor();
    for (const row of await rows.all()) {
      for (const part of [
        row.locator('td').nth(0),
        row.locator('td').nth(2),
        row.getByRole('button', { name: 'WhatsApp' }),
      ]) {
        const { x, width } = await box(part);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x + width).toBeLessThanOrEqual(PHONE.width);
      }
    }
    const label = (cell: Locator) =>
      cell.evaluate((element) => getComputedStyle(element, '::before').content);
    expect(await label(rows.first().locator('td').nth(2))).toBe('"Casillero"');
    const style = (row: Locator) =>
      row.getByRole('button', { name: 'WhatsApp' }).evaluate((element) => {
        const css = getComputedStyle(element);
        return `${css.backgroundColor} ${css.borderStyle}`;
      });
    const phoneless = rows.filter({ hasText: 'Óscar Sin Teléfono' });
    expect(await style(phoneless)).not.toBe(await style(rows.filter({ hasText: 'Jefa Experiencia' })));
    expect(await style(phoneless)).toMatch(/dashed/);
    await phoneless.getByRole('button', { name: 'WhatsApp' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('El usuario no tiene teléfono registrado.');

    await page.setViewportSize(VIEWPORTS.desktop);
    const headers = page.getByRole('columnheader');
    expect(await headers.allTextContents()).toEqual([
      'Nombre',
      'Correo',
      'Casillero',
      'Teléfono',
      'Código de referido',
      'Referido por',
      'Acción',
    ]);
    expect((await box(headers.first())).height).toBeGreaterThan(20);
  });
});
