import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  type RunningApp,
  registerViaApi,
  removeDir,
  startApp,
  verificationLinkFromLog,
  verifyWithLink,
} from './harness.ts';

async function eventually(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ADMIN = 'jefa.e2e@example.com';
const CUSTOMER = 'cliente.e2e@example.com';
const COLUMNS = ['Nombre', 'Correo', 'Casillero', 'Teléfono', 'Código de referido', 'Referido por', 'Acción'];

describe('the admin screen in Chromium', () => {
  let app: RunningApp;
  // One browser profile per person: both stay signed in side by side.
  let adminBrowser: BrowserContext;
  let customerBrowser: BrowserContext;
  let password: string;
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: ADMIN });
    adminBrowser = await launchBrowser(app.url);
    customerBrowser = await launchBrowser(app.url);
    // wa.me is not reachable from here: answer it locally so the opened tab keeps its URL.
    await adminBrowser.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: 'ok' }),
    );
    password = (await registerViaApi(app, { email: ADMIN, name: 'Jefa Principal' })).password;
    // An ADMIN_EMAILS account opens the admin area only once its e-mail is verified.
    await eventually(() => app.output().includes(`Para: ${ADMIN}`));
    await verifyWithLink(app, verificationLinkFromLog(app, ADMIN));
    await registerViaApi(app, { email: CUSTOMER, name: 'Cliente Común' });
    await registerViaApi(app, { name: 'Valentina Zuleta', telefono: '+573157654321' });
    await registerViaApi(app, { name: 'Óscar Sin Teléfono', telefono: '' });
  });
  afterAll(async () => {
    await adminBrowser?.close();
    await customerBrowser?.close();
    await app?.stop();
    if (app) removeDir(app.dataDir);
  });

  /** A new tab; the admin's tabs must log no error (a customer's 403 is logged by Chromium itself). */
  async function newPage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    if (context === adminBrowser)
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
    return page;
  }

  async function signIn(context: BrowserContext, email: string, landing: string): Promise<Page> {
    const page = await newPage(context);
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(`${app.url}${landing}`);
    return page;
  }

  const rows = (page: Page) => page.locator('tbody tr');
  const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
  async function rowNames(page: Page) {
    return page.locator('tbody tr td:first-child').allTextContents();
  }

  it('shows the audit trail to the admin', async () => {
    const page = await signIn(adminBrowser, ADMIN, '/admin');
    await page.goto(`${app.url}/admin/casilleros`);
    await page.getByText('Auditoría: últimos 100 eventos').click();
    const signInRow = page
      .getByRole('row')
      .filter({ hasText: 'Inicio de sesión' })
      .filter({ hasText: ADMIN });
    await signInRow.first().waitFor();
    expect(await signInRow.first().textContent()).toContain('127.0.0.1');
  });

  it('lists every locker and filters the list as the admin types', async () => {
    // An admin lands on 'Hoy'; the list is one click away.
    const page = await signIn(adminBrowser, ADMIN, '/admin');
    await page.getByRole('heading', { level: 1, name: 'Hoy' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Lista de Casilleros' }).click();
    await page.waitForURL(`${app.url}/admin/casilleros`);
    await page.getByRole('heading', { level: 1, name: 'Lista de Casilleros' }).waitFor();
    await row(page, 'Valentina Zuleta').waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(COLUMNS);
    // Newest first.
    expect(await rowNames(page)).toEqual([
      'Óscar Sin Teléfono',
      'Valentina Zuleta',
      'Cliente Común',
      'Jefa Principal',
    ]);
    expect(await page.getByText('Página 1 de 1').isVisible()).toBe(true);
    expect(await page.locator('.pager').textContent()).toContain('4 usuarios');
    // The phone-less user and nobody's referrer show N/A.
    const oscar = row(page, 'Óscar Sin Teléfono');
    expect(await oscar.locator('td').nth(3).textContent()).toBe('N/A');
    expect(await oscar.locator('td').nth(5).textContent()).toBe('N/A');

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('ZULE');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await rowNames(page)).toEqual(['Valentina Zuleta']);
    expect(await page.locator('.pager').textContent()).toContain('1 usuario');
    expect(await page.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href')).toBe(
      '/api/admin/users.csv?q=ZULE',
    );

    // The CSV of the filtered list.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^casilleros-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) as string);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Valentina Zuleta"');

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('nadie se llama así');
    await page.getByText('No hay usuarios').waitFor();

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 4);
    await page.close();
  });

  it("opens WhatsApp to the customer's phone, or says there is none", async () => {
    const page = await newPage(adminBrowser);
    await page.goto(`${app.url}/admin/casilleros`);
    await row(page, 'Valentina Zuleta').waitFor();

    const [popup] = await Promise.all([
      adminBrowser.waitForEvent('page'),
      row(page, 'Valentina Zuleta').getByRole('button', { name: 'WhatsApp' }).click(),
    ]);
    await popup.waitForLoadState();
    const link = new URL(popup.url());
    expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/573157654321');
    expect(link.searchParams.get('text')).toMatch(/^Hola Valentina Zuleta, tu paquete del casillero \d+/);
    await popup.close();

    await row(page, 'Óscar Sin Teléfono').getByRole('button', { name: 'WhatsApp' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('El usuario no tiene teléfono registrado.');
    await page.close();
  });

  it('shows a customer the no-access page instead of the list', async () => {
    const page = await signIn(customerBrowser, CUSTOMER, '/locker');
    await page.goto(`${app.url}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Sin acceso' }).waitFor();
    expect(await page.textContent('main')).toContain('No tienes permiso para ver esta página.');
    expect(await page.getByRole('table').count()).toBe(0);
    await page.getByRole('button', { name: 'Ir a mi casillero' }).click();
    await page.waitForURL(`${app.url}/locker`);
    await page.close();
  });

  it('sends a visitor without a session to the login page', async () => {
    const context = await launchBrowser();
    try {
      const page = await context.newPage();
      await page.goto(`${app.url}/admin/casilleros`);
      await page.waitForURL(`${app.url}/login`);
    } finally {
      await context.close();
    }
  });

  it('announces a new registration and adds its row at the top, without a reload', async () => {
    const page = await newPage(adminBrowser);
    await page.goto(`${app.url}/admin/casilleros`);
    await row(page, 'Jefa Principal').waitFor();
    const before = await rows(page).count();
    // Once the stream is open, a navigation would be the only way to lose it: this flag would be gone.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    // Registered by someone else, elsewhere (the API, as a second browser's form would).
    const form = await registerViaApi(app, { name: 'Renata En Vivo' });
    await page
      .getByRole('status')
      .filter({ hasText: `Nuevo casillero: Renata En Vivo (${form.email})` })
      .waitFor({ timeout: 5000 });
    await page.waitForFunction((count) => document.querySelectorAll('tbody tr').length === count + 1, before);
    expect((await rowNames(page))[0]).toBe('Renata En Vivo');
    expect(await page.locator('.pager').textContent()).toContain(`${before + 1} usuarios`);

    // With a search the new user does not match: announced, but not listed.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('zuleta');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    const other = await registerViaApi(app, { name: 'Tomás Otro' });
    await page
      .getByRole('status')
      .filter({ hasText: `Nuevo casillero: Tomás Otro (${other.email})` })
      .waitFor({ timeout: 5000 });
    expect(await rowNames(page)).toEqual(['Valentina Zuleta']);

    // And one that matches it appears at once.
    await registerViaApi(app, { name: 'Zuleta Segunda' });
    await row(page, 'Zuleta Segunda').waitFor({ timeout: 5000 });
    expect(await rowNames(page)).toEqual(['Zuleta Segunda', 'Valentina Zuleta']);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.close();
    expect(errors).toEqual([]);
  });

  it("announces a new registration on 'Hoy' too, as the seed's /admin did (DESIGN.md item 11)", async () => {
    const page = await newPage(adminBrowser);
    // The stream answers its headers once connected: a registration after that reaches this page.
    const streaming = page.waitForResponse((response) => response.url().includes('/api/admin/events'));
    await page.goto(`${app.url}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Hoy' }).waitFor();
    await streaming;
    const form = await registerViaApi(app, { name: 'Hugo En Hoy' });
    await page
      .getByRole('status')
      .filter({ hasText: `Nuevo casillero: Hugo En Hoy (${form.email})` })
      .waitFor({ timeout: 5000 });
    await page.close();
  });

  it('changes a role from the list; the new bodega lands on /bodega, and no admin removes their own role', async () => {
    await registerViaApi(app, { name: 'Bruno Bodega', email: 'bruno.bodega@example.com' });
    const page = await newPage(adminBrowser);
    await page.goto(`${app.url}/admin/casilleros`);
    const bruno = row(page, 'Bruno Bodega');
    await bruno.waitFor();
    expect(await bruno.getByLabel('Rol', { exact: true }).inputValue()).toBe('customer');
    await bruno.getByLabel('Rol', { exact: true }).selectOption('bodega');
    await bruno.getByRole('button', { name: 'Cambiar rol' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Rol cambiado: Bruno Bodega ahora es Bodega.' })
      .waitFor();
    await page.reload();
    await row(page, 'Bruno Bodega').waitFor();
    expect(await row(page, 'Bruno Bodega').getByLabel('Rol', { exact: true }).inputValue()).toBe('bodega');
    // The column headers stay those of the spec.
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(COLUMNS);
    await page.close();

    const bodegaBrowser = await launchBrowser(app.url);
    try {
      const bodegaPage = await bodegaBrowser.newPage();
      await bodegaPage.goto(`${app.url}/login`);
      await bodegaPage.getByLabel('Correo electrónico').fill('bruno.bodega@example.com');
      await bodegaPage.getByLabel('Contraseña', { exact: true }).fill(password);
      await bodegaPage.getByRole('button', { name: 'Iniciar sesión' }).click();
      await bodegaPage.waitForURL(`${app.url}/bodega`);
    } finally {
      await bodegaBrowser.close();
    }

    // The server's refusal (a 403, which Chromium logs: this tab is not watched for console errors).
    const own = await adminBrowser.newPage();
    await own.goto(`${app.url}/admin/casilleros`);
    const jefa = row(own, 'Jefa Principal');
    await jefa.waitFor();
    await jefa.getByLabel('Rol', { exact: true }).selectOption('customer');
    await jefa.getByRole('button', { name: 'Cambiar rol' }).click();
    await own
      .getByRole('alert')
      .filter({ hasText: 'No puedes quitarte tu propio rol de administrador' })
      .waitFor();
    expect(await jefa.getByLabel('Rol', { exact: true }).inputValue()).toBe('admin');
    await own.close();
  });
});
