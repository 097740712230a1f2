// Issue 24's rough edges in a phone-sized Chromium (390 × 844): /bodega's guide field, duplicate scan with its
// reprint, and focus in the photo area; 'Recibidos hoy' on a phone; the label's 'Frágil' and 'Dañado'; a dispatch
// that left as a stepper, axe clean; 'Saltar al contenido'; the deletion's refusal before the password; the prices
// quoted from the rates; the rates history at 1280 px; and the app started on another port without APP_URL.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_PACKAGES_MESSAGE } from '../../src/server/packages/privacy.ts';
import type { Rates } from '../../src/shared/charges/api-types.ts';
import { messages } from '../../src/shared/messages.ts';
import { formatUsdBrief } from '../../src/shared/money.ts';
import { postAs } from '../support/app-process.ts';
import { seriousAxeViolations } from './axe.ts';
import {
  apiCall,
  appInBrowser,
  CAPTCHA,
  launchBrowser,
  type RunningApp,
  registerViaApi,
  removeDir,
  signInThroughForm,
  startApp,
} from './harness.ts';
import { parcelPhoto } from './warehouse-support/barcodes.ts';
import { customer } from './warehouse-support/sessions.ts';

const ADMIN = `asperezas-${Date.now()}@example.com`;
let guides = 0;
const newGuide = () => `1Z${String(Date.now() % 1e9).padStart(9, '0')}${String(++guides).padStart(5, '0')}`;
const activeLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.tagName}#${active.id}|${active.getAttribute('aria-label') ?? ''}` : '';
  });

describe('the rough edges of issue 24 on a phone', () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN } });
  let admin: Awaited<ReturnType<typeof apiCall>>;
  let adminPage: Page;
  let buyer: Awaited<ReturnType<typeof customer>>;
  let received: { number: number; guide: string };

  beforeAll(async () => {
    const account = await registerViaApi(e2e.app, { email: ADMIN, name: 'Bodega y Operaciones' });
    admin = await apiCall(e2e.app, ADMIN, account.password);
    adminPage = await e2e.browser.newPage();
    await signInThroughForm(adminPage, e2e.app, ADMIN, account.password);
    await adminPage.waitForURL(`${e2e.app.url}/admin`);
    buyer = await customer(e2e.app, { name: 'Marta Ruiz' });
    // Pre-alerted with 'Frágil: no apilar', received 'Dañado'.
    const guide = newGuide();
    const pre = await buyer.api.prealert(guide, 'Lámpara de vidrio', 'Target', '35');
    const receipt = await admin('POST', '/api/warehouse/receipts', {
      guide,
      lockerNumber: buyer.locker,
      weightLb: '3.2',
      condition: 'danado',
    });
    expect(receipt.status).toBe(201);
    received = { number: pre.number, guide };
  });

  it("/bodega: a 30-character guide reads whole, a duplicate names its package and reprints 'Frágil' and 'Dañado'", async () => {
    const page = adminPage;
    await page.goto(`${e2e.app.url}/bodega`);
    const guideInput = page.getByLabel('Número de guía');
    await guideInput.fill('ABCDEFGHIJ1234567890ABCDEFGHIJ');
    expect(
      await guideInput.evaluate((input) => ({ scroll: input.scrollWidth, client: input.clientWidth })),
    ).toSatisfy(({ scroll, client }: { scroll: number; client: number }) => scroll <= client);

    await guideInput.fill(received.guide);
    await guideInput.press('Enter');
    const refusal = page.getByRole('alert').filter({ hasText: 'Este paquete ya fue recibido el' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(`Paquete ${received.number} · Casillero ${buyer.locker}`);
    const reprint = refusal.getByRole('link', { name: 'Imprimir etiqueta' });
    const [label] = await Promise.all([e2e.browser.waitForEvent('page'), reprint.click()]);
    await label.waitForURL(`${e2e.app.url}/etiqueta/${received.number}`);
    const sheet = label.getByRole('article', { name: `Etiqueta del paquete ${received.number}` });
    await sheet.waitFor();
    expect(await sheet.getByRole('list', { name: 'Manejo' }).getByRole('listitem').allTextContents()).toEqual(
      ['Frágil', 'Dañado'],
    );
    await label.getByRole('button', { name: 'Imprimir etiqueta' }).waitFor();
    await label.close();
  });

  it("/bodega: the focus stays in the photo area after an upload and after 'Quitar foto'", async () => {
    const page = adminPage;
    await page.goto(`${e2e.app.url}/bodega`);
    const photos = page.getByLabel('Fotos');
    await photos.focus();
    const photo = await parcelPhoto(800, 600);
    await photos.setInputFiles([
      { name: 'caja.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'etiqueta.jpg', mimeType: 'image/jpeg', buffer: photo },
    ]);
    const chosen = page.getByRole('list', { name: 'Fotos elegidas' });
    await chosen.getByText('Lista').nth(1).waitFor();
    expect(await activeLabel(page)).toBe('INPUT#receipt-photoIds|');

    await page.getByRole('button', { name: 'Quitar foto 1' }).click();
    await chosen.getByRole('listitem').nth(1).waitFor({ state: 'detached' });
    // The next photo's 'Quitar' (now 'Quitar foto 1') has the focus.
    expect(await activeLabel(page)).toMatch(/^BUTTON#receipt-photoIds-quitar-\d+\|Quitar foto 1$/);
    await page.keyboard.press('Enter');
    await chosen.waitFor({ state: 'detached' });
    expect(await activeLabel(page)).toBe('INPUT#receipt-photoIds|');
  });

  it("'Recibidos hoy' reads whole on a 390 px phone: no sideways scroll, the guide on one line", async () => {
    const page = adminPage;
    await page.goto(`${e2e.app.url}/bodega`);
    const today = page.getByRole('region', { name: /Recibidos hoy/ });
    const row = today.getByRole('listitem').filter({ hasText: `Paquete ${received.number}` });
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const guideLines = await row.getByText(received.guide, { exact: true }).evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(guideLines).toBe(1);
  });

  it('shows a dispatch that left as a stepper (done, current, next), its weight rounded per package, axe clean', async () => {
    const created = await admin<{ dispatch: { id: number } }>('POST', '/api/admin/dispatches', {
      masterAwb: '045-99887766',
      airline: 'Avianca Cargo',
      flightDate: '2026-12-02',
      numbers: [received.number],
    });
    expect(created.status).toBe(201);
    const id = created.body.dispatch.id;
    expect((await admin('POST', `/api/admin/dispatches/${id}/state`, { state: 'en_transito' })).status).toBe(
      200,
    );

    const page = adminPage;
    await page.goto(`${e2e.app.url}/admin/despachos/${id}`);
    const steps = page.getByRole('list', { name: 'Pasos del despacho' }).getByRole('listitem');
    await steps.first().waitFor();
    expect(await steps.locator('.stepper__label').allTextContents()).toEqual([
      'Abierto, hecho',
      'En tránsito, estado actual',
      'En aduana, siguiente',
      'En bodega Colombia, pendiente',
    ]);
    expect(await steps.nth(1).getAttribute('aria-current')).toBe('step');
    expect(await page.locator('[aria-current="step"]').count()).toBe(1);
    // 3,2 lb counts as 4: each package is rounded up to the pound.
    expect(await page.textContent('main')).toContain(
      'Peso total4 lb (cada paquete redondeado a la libra siguiente)',
    );
    const table = page.getByRole('region', { name: `Paquetes del despacho ${id}, desplazable` });
    expect(await table.getAttribute('tabindex')).toBe('0');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("offers 'Saltar al contenido' as the first Tab stop of every screen, to the main content", async () => {
    const page = adminPage;
    const firstFocusable = () =>
      page.evaluate(
        () =>
          document.querySelector<HTMLElement>('a[href], button, input, select, textarea, [tabindex="0"]')
            ?.textContent,
      );
    for (const path of ['/', '/admin/despachos', '/admin/tarifas', '/bodega']) {
      await page.goto(`${e2e.app.url}${path}`);
      await page.locator('main h1').waitFor();
      expect(await firstFocusable()).toBe('Saltar al contenido');
      // /bodega's guide field takes the focus on arrival (the scanner types there): the link is first in order.
      if (path === '/bodega') {
        await page.getByLabel('Número de guía').waitFor();
        await page.getByRole('link', { name: 'Saltar al contenido' }).focus();
      } else await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Saltar al contenido');
      expect(await page.getByRole('link', { name: 'Saltar al contenido' }).isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => `${document.activeElement?.tagName}`), path).toBe('MAIN');
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  it("lists the rates' history without sideways scroll at 1280 px", async () => {
    const desk = adminPage;
    await desk.setViewportSize({ width: 1280, height: 800 });
    await desk.goto(`${e2e.app.url}/admin/tarifas`);
    const history = desk.getByRole('region', { name: 'Historial de tarifas, desplazable' });
    await history.getByRole('table').waitFor();
    expect(
      await history.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth })),
    ).toSatisfy(({ scroll, client }: { scroll: number; client: number }) => scroll <= client);
    await desk.setViewportSize({ width: 390, height: 844 });
  });

  it("quotes the rates in force: '/' says the price per pound and 'Tus referidos' the credit", async () => {
    const rates = (await (await fetch(`${e2e.app.url}/api/rates`)).json()) as Rates;
    // A browser of the customer's own: the staff's session stays in the other.
    const page = await (await launchBrowser(e2e.app.url)).newPage();
    await page.goto(e2e.app.url);
    await page.getByText(`Envíos desde ${formatUsdBrief(rates.pricePerLbCents)} la libra.`).waitFor();
    expect(formatUsdBrief(rates.pricePerLbCents)).toBe('US$ 2,50');
    await signInThroughForm(page, e2e.app, buyer.account.email, buyer.account.password);
    await page.waitForURL(`${e2e.app.url}/locker`);
    const referrals = page.getByRole('region', { name: 'Tus referidos' });
    await referrals.getByText(`Ganas ${formatUsdBrief(rates.referralCreditCents)} de crédito`).waitFor();
    expect(formatUsdBrief(rates.referralCreditCents)).toBe('US$ 5');
    await page.context().close();
  });

  it("says why 'Eliminar mi cuenta' is refused before asking for the password", async () => {
    const page = await (await launchBrowser(e2e.app.url)).newPage();
    await signInThroughForm(page, e2e.app, buyer.account.email, buyer.account.password);
    await page.waitForURL(`${e2e.app.url}/locker`);
    await page.goto(`${e2e.app.url}/mis-datos`);
    const danger = page.getByRole('region', { name: 'Eliminar mi cuenta' });
    await danger.getByText(ACTIVE_PACKAGES_MESSAGE).waitFor();
    expect(await danger.getByLabel('Contraseña actual').count()).toBe(0);
    expect(await danger.getByRole('button', { name: 'Eliminar mi cuenta' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('the app on another port without APP_URL', () => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startApp({}, undefined, { withoutAppUrl: true });
  });
  afterAll(async () => {
    await app?.stop();
    if (app) removeDir(app.dataDir);
  });

  it('registers a customer from http://localhost:{PORT}, and names the address a foreign form came from', async () => {
    expect(app.url).toMatch(/^http:\/\/localhost:\d+$/);
    const browser = await launchBrowser(app.url);
    try {
      const page = await browser.newPage();
      await page.goto(`${app.url}/register`);
      await page.getByLabel('Nombre completo').fill('Andrés Puerto');
      await page.getByLabel('Cédula').fill('80123456');
      await page.getByLabel('Correo electrónico').fill(`puerto-${Date.now()}@example.com`);
      await page.getByLabel('Contraseña', { exact: true }).fill('Clave#Segura2026');
      await page.getByLabel('Confirmar contraseña').fill('Clave#Segura2026');
      await page.getByLabel('Teléfono').fill('3209876543');
      await page.getByLabel('Dirección 1').fill('Carrera 7 # 71-21');
      await page.getByLabel('Ciudad 1').fill('Bogotá');
      await page.getByLabel('Código postal 1').fill('110231');
      await page.getByLabel('Captcha').fill(CAPTCHA);
      await page.getByLabel('Acepto la política de privacidad').check();
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.waitForURL(`${app.url}/login`);
      await page.getByText(messages.registered).waitFor();

      // The same app opened at another address: its forms are refused, and the refusal says why.
      const foreign = app.url.replace('localhost', '127.0.0.1');
      await page.goto(`${foreign}/login`);
      await page.getByLabel('Correo electrónico').fill('alguien@example.com');
      await page.getByLabel('Contraseña', { exact: true }).fill('Clave#Segura2026');
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      const expected = messages.crossOrigin(app.url);
      expect(expected).toBe(
        `La solicitud no viene de ${app.url}: abre la aplicación desde esa dirección o configura APP_URL.`,
      );
      await page.getByRole('alert').filter({ hasText: expected }).waitFor();
      const answer = await postAs(foreign, '/api/login', { email: 'a@example.com', password: 'x' });
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(expected);
    } finally {
      await browser.close();
    }
  });
});
