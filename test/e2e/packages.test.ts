// Issue 12 in Chromium: a customer pre-alerts a package through /notify (with its invoice), finds it in
// 'Mis paquetes', searches it, opens its page, edits and cancels it; guides are unique across customers, another
// customer's package is not found, and the WhatsApp notice carries the guide. Outcomes are checked on screen and
// through the API, which reads the database.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWhatsAppNotifyLink } from '../../src/shared/links.ts';
import type { PackageDetail, PackageList } from '../../src/shared/packages/api-types.ts';
import { prealertMessages } from '../../src/shared/packages/prealert.ts';
import {
  apiCall,
  appInBrowser,
  type RunningApp,
  recordViaApi,
  registerViaApi,
  signInThroughForm,
} from './harness.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const UPS_TYPED = '1z 999-aa1 01234-56784';
const UPS = '1Z999AA10123456784';

/** A signed-in API session (cookies of POST /api/login) to read and set up what the screens show. */
async function apiSession(app: RunningApp, email: string, password: string) {
  const call = await apiCall(app, email, password);
  return {
    list: async (q = '') => (await call<PackageList>('GET', `/api/packages?q=${encodeURIComponent(q)}`)).body,
    detail: (number: number) => call<PackageDetail>('GET', `/api/packages/${number}`),
    prealert: async (guide: string, content: string, store = '') => {
      const answer = await call<{ package: PackageDetail }>('POST', '/api/packages', {
        guide,
        store,
        content,
        declaredValue: '10',
        quantity: 1,
        address: 1,
        instructions: '',
      });
      if (answer.status !== 201) throw new Error(`prealert: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.package;
    },
  };
}

describe('packages: pre-alert, list, detail, edit and cancel in Chromium', () => {
  const e2e = appInBrowser({ env: { SUPPORT_WHATSAPP: '13055550177', SUPPORT_EMAIL: 'ayuda@example.com' } });
  beforeAll(async () => {
    // wa.me is not reachable from here: answer it locally so the opened tab keeps its URL.
    await e2e.browser.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: 'ok' }),
    );
  });

  async function customer(overrides: Record<string, unknown> = {}) {
    const account = await registerViaApi(e2e.app, overrides);
    const page = await e2e.browser.newPage();
    await signInThroughForm(page, e2e.app, account.email, account.password);
    await page.waitForURL(`${e2e.app.url}/locker`);
    const api = await apiSession(e2e.app, account.email, account.password);
    return { account, page, api };
  }
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Tu cuenta' });
  const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

  // Shared by the journey's steps, which follow one another as a customer would.
  let first: Awaited<ReturnType<typeof customer>>;
  let number = 0;

  it('pre-alerts through /notify with the guide as typed, shows the carrier, saves and attaches the invoice', async () => {
    first = await customer({ name: 'Lucía Prada' });
    const { page, api } = first;
    await nav(page).getByRole('link', { name: 'Notificar paquete' }).click();
    await page.waitForURL(`${e2e.app.url}/notify`);

    await page.getByLabel('Número de guía').fill(UPS_TYPED);
    await page.getByText('Transportadora: UPS').waitFor();
    await page.getByLabel('Tienda').fill('Amazon');
    await page.getByLabel('Contenido').fill('Audífonos inalámbricos');
    const value = page.getByLabel('Valor declarado (USD)');
    expect(await value.getAttribute('inputmode')).toBe('decimal');
    await value.fill('49.99');
    expect(await page.getByLabel('Cantidad').inputValue()).toBe('1');
    await page.getByLabel('Cantidad').fill('2');
    await page.getByLabel('Instrucciones adicionales').fill('Dejar en portería');
    await page
      .getByLabel('Factura')
      .setInputFiles({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: PDF });

    // Hold the save for a moment to see the busy button.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/packages', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Guardar prealerta' }).click();
    const busy = page.getByRole('button', { name: 'Guardando...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    const saved = status(page, prealertMessages.saved);
    await saved.waitFor();
    await page.unroute('**/api/packages');
    expect(await saved.textContent()).toContain(prealertMessages.invoiceSaved);
    expect(await page.getByLabel('Número de guía').inputValue()).toBe('');
    expect(await page.getByLabel('Contenido').inputValue()).toBe('');

    const list = await api.list();
    expect(list.total).toBe(1);
    const stored = list.packages[0]!;
    expect(stored).toMatchObject({
      guide: UPS,
      carrier: 'ups',
      store: 'Amazon',
      content: 'Audífonos inalámbricos',
    });
    expect(stored.declaredValueCents).toBe(4999);
    number = stored.number;
    const detail = (await api.detail(number)).body;
    expect(detail).toMatchObject({ quantity: 2, instructions: 'Dejar en portería', state: 'prealertado' });
    expect(detail.deliveryAddress).toBe('Calle 45 # 12-30, Bogotá, 110111');
    expect(detail.files.map((file) => [file.kind, file.mime])).toEqual([['invoice', 'application/pdf']]);

    await saved.getByRole('link', { name: `Ver el paquete ${number}` }).click();
    await page.waitForURL(`${e2e.app.url}/paquetes/${number}`);
    await page.getByRole('heading', { name: `Paquete ${number}` }).waitFor();
    // The heading shows while the package loads: wait for its history itself.
    const history = page.getByRole('region', { name: 'Historial' });
    await history.getByRole('listitem').first().waitFor();
    expect(await history.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Prealertado.*Tú$/),
    ]);
    const invoice = page.getByRole('link', { name: 'Ver factura' });
    const download = await page.request.get(`${e2e.app.url}${await invoice.getAttribute('href')}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
    expect(await page.textContent('main')).toContain('US$ 49,99');
  });

  it("lists the packages newest first with the counts, and searches them with 'Buscar'", async () => {
    const { page, api } = first;
    await api.prealert('TBA123456789012', 'Zapatos de cuero', 'Nike');
    await page.goto(`${e2e.app.url}/locker`);
    await page.getByRole('button', { name: 'Mis paquetes' }).click();
    await page.waitForURL(`${e2e.app.url}/paquetes`);
    await page.getByRole('heading', { name: 'Mis paquetes' }).waitFor();

    const cards = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link') });
    await page.getByText('2 paquetes').waitFor();
    // The counts per state are chips (issue 24): 'Todos' chosen, and one per state the customer has.
    const chips = page.getByRole('list', { name: 'Paquetes por estado' }).getByRole('button');
    expect(await chips.evaluateAll((buttons) => buttons.map((b) => [b.textContent, b.ariaPressed]))).toEqual([
      ['✓ Todos 2', 'true'],
      ['Prealertado 2', 'false'],
    ]);
    const texts = await cards.allTextContents();
    expect(texts[0]).toContain('TBA123456789012');
    // Content and state first, then the store and the guide, once (issue 24).
    expect(texts[0]?.startsWith('Zapatos de cueroPrealertado')).toBe(true);
    expect(texts[0]).toContain('Nike · Guía TBA123456789012');
    expect(texts[1]).toContain(UPS);
    expect(texts[1]).toContain('Prealertado');

    await page.getByLabel('Buscar').fill('audífonos');
    await page.getByText('1 paquete encontrado').waitFor();
    expect(await cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain(UPS);

    await page.getByLabel('Buscar').fill('bicicleta');
    await page.getByText('No encontramos paquetes que coincidan con «bicicleta»').waitFor();
    expect(await page.getByText('Aún no tienes paquetes').count()).toBe(0);

    // A guide found however it is typed (the search normalises it as the pre-alert did).
    await page.getByLabel('Buscar').fill('1z999-aa1');
    await page.getByText('1 paquete encontrado').waitFor();
    await cards.first().getByRole('link').click();
    await page.waitForURL(`${e2e.app.url}/paquetes/${number}`);
    await page.getByRole('heading', { name: 'Historial' }).waitFor();
  });

  it('edits the pre-alert, replaces the invoice, and cancels it after asking in the page', async () => {
    const { page, api } = first;
    await page.goto(`${e2e.app.url}/paquetes/${number}`);
    const form = page.getByRole('region', { name: 'Editar prealerta' });
    // The stored value comes back with a decimal comma, as the hint shows it (issue 24).
    expect(await form.getByLabel('Valor declarado (USD)').inputValue()).toBe('49,99');
    expect(await form.getByLabel('Número de guía').inputValue()).toBe(UPS);
    await form.getByLabel('Contenido').fill('Audífonos y cargador');
    await form.getByLabel('Valor declarado (USD)').fill('2500');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    await status(page, prealertMessages.updated).waitFor();
    await status(page, 'supera el régimen de envíos urgentes').first().waitFor();
    let detail = (await api.detail(number)).body;
    expect(detail.content).toBe('Audífonos y cargador');
    expect(detail.declaredValueCents).toBe(250000);
    expect(await page.textContent('main')).toContain('US$ 2.500,00');

    const oldInvoice = detail.files[0]?.id;
    const replace = page.getByLabel('Reemplazar factura');
    await replace.setInputFiles({ name: 'otra.pdf', mimeType: 'application/pdf', buffer: PDF });
    await status(page, prealertMessages.invoiceSaved).waitFor();
    detail = (await api.detail(number)).body;
    expect(detail.files).toHaveLength(1);
    expect(detail.files[0]?.id).not.toBe(oldInvoice);

    await page.getByRole('button', { name: 'Cancelar prealerta' }).click();
    await page.getByText('¿Seguro que quieres cancelar la prealerta').waitFor();
    // Asking changed nothing yet.
    expect((await api.detail(number)).body.state).toBe('prealertado');
    await page.getByRole('button', { name: 'Sí, cancelar prealerta' }).click();
    await status(page, prealertMessages.cancelled).waitFor();
    expect((await api.detail(number)).body.state).toBe('cancelado');
    const history = page.getByRole('region', { name: 'Historial' }).getByRole('listitem');
    await history.nth(1).waitFor();
    expect((await history.allTextContents()).map((text) => text.split(/\d/)[0])).toEqual([
      'Cancelado',
      'Prealertado',
    ]);
    expect(await page.getByRole('button', { name: /Cancelar prealerta|Guardar cambios/ }).count()).toBe(0);
    expect(await page.getByLabel('Reemplazar factura').count()).toBe(0);
  });

  it('tells a second customer that the guide is taken, next to the field, and hides the first one’s package', async () => {
    const second = await customer();
    const { page } = second;
    await page.goto(`${e2e.app.url}/paquetes`);
    await page.getByRole('heading', { name: 'Aún no tienes paquetes' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Notificar paquete' }).click();
    await page.waitForURL(`${e2e.app.url}/notify`);

    // The first customer's Amazon guide, still pre-alerted (a cancelled one's guide is free again), typed otherwise.
    await page.getByLabel('Número de guía').fill('tba 1234-5678-9012');
    await page.getByText('Transportadora: Amazon').waitFor();
    await page.getByLabel('Contenido').fill('Otra cosa');
    await page.getByLabel('Valor declarado (USD)').fill('10');
    await page.getByRole('button', { name: 'Guardar prealerta' }).click();
    const error = page.getByText(prealertMessages.guideTaken);
    await error.waitFor();
    const guide = page.getByLabel('Número de guía');
    expect(await guide.getAttribute('aria-invalid')).toBe('true');
    const errorId = await error.getAttribute('id');
    expect((await guide.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe(
      await guide.getAttribute('id'),
    );
    expect((await second.api.list()).total).toBe(0);

    await page.goto(`${e2e.app.url}/paquetes/${number}`);
    await page.getByText('No encontramos ese paquete.').waitFor();
    expect(await page.textContent('main')).not.toContain(UPS);
    await page.getByRole('main').getByRole('link', { name: 'Volver a Mis paquetes' }).click();
    await page.waitForURL(`${e2e.app.url}/paquetes`);
  });

  it('checks the form in the browser, says an unknown carrier is only a warning, and keeps a pre-alert whose upload failed', async () => {
    const { page, api } = await customer();
    await page.goto(`${e2e.app.url}/notify`);
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/packages')) posts++;
    });
    await page.getByLabel('Cantidad').fill('');
    await page.getByRole('button', { name: 'Guardar prealerta' }).click();
    await page.getByText(prealertMessages.guideRequired).waitFor();
    await page.getByText('Completa el campo Contenido.').waitFor();
    await page.getByText(prealertMessages.valueInvalid).waitFor();
    await page.getByText(prealertMessages.quantityInvalid).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe(
      await page.getByLabel('Número de guía').getAttribute('id'),
    );
    expect(await page.getByLabel('Contenido').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toBe(0);

    await page.getByLabel('Número de guía').fill('ABC-123456');
    await page.getByText(prealertMessages.unknownCarrier).waitFor();
    await page.getByLabel('Contenido').fill('Libros');
    await page.getByLabel('Valor declarado (USD)').fill('12,5');
    await page.getByLabel('Cantidad').fill('1');
    await page
      .getByLabel('Factura')
      .setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: PDF });
    await page.getByRole('button', { name: 'Guardar prealerta' }).click();
    await page.getByText(prealertMessages.invoiceInvalid).waitFor();
    expect(posts).toBe(0);

    // A name the browser accepts, bytes the server refuses: the pre-alert stays, and the page says so.
    await page.getByLabel('Factura').setInputFiles({
      name: 'factura.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html>not a pdf</html>'),
    });
    await page.getByRole('button', { name: 'Guardar prealerta' }).click();
    await status(page, prealertMessages.saved).waitFor();
    await page.getByRole('alert').filter({ hasText: 'la factura no se pudo subir' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain(prealertMessages.invoiceInvalid);
    const list = await api.list();
    expect(list.packages.map((pkg) => [pkg.guide, pkg.carrier, pkg.declaredValueCents])).toEqual([
      ['ABC123456', null, 1250],
    ]);
    expect((await api.detail(list.packages[0]!.number)).body.files).toEqual([]);
  });

  it('carries the guide, store and value in the WhatsApp notice', async () => {
    const { page, account } = await customer();
    const record = await recordViaApi(e2e.app, account.email, account.password);
    await page.goto(`${e2e.app.url}/notify`);
    await page.getByLabel('Número de guía').fill('9400 1000 0000 0000 0000 00');
    await page.getByText('Transportadora: USPS').waitFor();
    await page.getByLabel('Tienda').fill('Target');
    await page.getByLabel('Valor declarado (USD)').fill('80');
    const [whatsapp] = await Promise.all([
      e2e.browser.waitForEvent('page'),
      page.getByRole('button', { name: 'Enviar por WhatsApp' }).click(),
    ]);
    await whatsapp.waitForLoadState();
    expect(whatsapp.url()).toBe(
      buildWhatsAppNotifyLink('13055550177', {
        lockerNumber: record.lockerNumber,
        address: 'Calle 45 # 12-30, Bogotá, 110111',
        instructions: '',
        guide: '9400 1000 0000 0000 0000 00',
        store: 'Target',
        value: '80',
      }),
    );
    const text = new URL(whatsapp.url()).searchParams.get('text') ?? '';
    expect(text).toContain('Número de guía: 9400 1000 0000 0000 0000 00');
    expect(text).toContain('Tienda: Target');
    expect(text).toContain('Valor declarado: US$ 80');
    await whatsapp.close();
  });

  it('pages the list past 20 packages, and links the signed-in screens to each other', async () => {
    const { page, api } = await customer();
    for (let index = 1; index <= 21; index++)
      await api.prealert(`PAGED${String(index).padStart(6, '0')}`, `Caja ${index}`);
    await page.goto(`${e2e.app.url}/paquetes`);
    await page.getByText('Página 1 de 2').waitFor();
    const cards = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link') });
    expect(await cards.count()).toBe(20);
    expect(await cards.first().textContent()).toContain('PAGED000021');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Página 2 de 2').waitFor();
    await page.getByText('PAGED000001').waitFor();
    expect(await cards.count()).toBe(1);

    // The navigation reaches every signed-in screen, and focus lands on the new screen.
    for (const [name, path] of [
      ['Mi casillero', '/locker'],
      ['Notificar paquete', '/notify'],
      ['Mis datos', '/mis-datos'],
    ] as const) {
      await page.goto(`${e2e.app.url}/paquetes`);
      await nav(page).getByRole('link', { name }).click();
      await page.waitForURL(`${e2e.app.url}${path}`);
      await page.waitForFunction(() => document.activeElement?.tagName === 'MAIN');
    }
  });
});
