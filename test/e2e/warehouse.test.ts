// Issue 13 in Chromium: staff receive parcels at /bodega as a keyboard-wedge scanner types them (match, weight,
// measures, a photo shrunk in the browser, 'Registrar recepción'), a duplicate scan is refused, a parcel without a
// locker waits in 'Sin identificar' until 'Asignar', the 4 × 6 in label prints with a readable Code 128, a customer
// is kept out, and the phone camera reads a guide through the polyfill. Outcomes are checked on screen, through the
// customer's API, in the captured mail and in the printed PDF.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { receiptMessages } from '../../src/shared/warehouse/receipt.ts';
import { appInBrowser, CHROMIUM_FLAGS, chromiumPath, removeDir, signInThroughForm } from './harness.ts';
import { parcelPhoto, readCode128, writeBarcodeVideo } from './warehouse-support/barcodes.ts';
import { customer, registerStaff, staffPage } from './warehouse-support/sessions.ts';

const STAFF_EMAIL = `bodega-${Date.now()}@example.com`;
const GUIDE = '1Z12345E0205271688';
/** As a scanner or a person may type it: spaces, dashes, lower case. */
const GUIDE_TYPED = '1z 12345e-0205271688';
const NO_PREALERT_GUIDE = 'TBA123456789012';
const CAMERA_GUIDE = '1Z999AA10123456784';

const guideValue = (page: Page) => page.getByLabel('Número de guía').inputValue();
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

describe('warehouse: receiving, unidentified parcels, labels and the camera in Chromium', () => {
  const e2e = appInBrowser({ mail: true, env: { ADMIN_EMAILS: STAFF_EMAIL } });
  let staffAccount: Awaited<ReturnType<typeof registerStaff>>;
  let staff: Page;
  let buyer: Awaited<ReturnType<typeof customer>>;
  let number = 0;

  beforeAll(async () => {
    staffAccount = await registerStaff(e2e.app, STAFF_EMAIL);
    staff = await staffPage(e2e.app, e2e.browser, staffAccount);
    buyer = await customer(e2e.app, { name: 'Lucía Prada', ciudad1: 'Medellín' });
  });

  it('receives a pre-alerted parcel as a scanner types it: match, weight, measures, photo, label, mail', async () => {
    const pre = await buyer.api.prealert(GUIDE, 'Audífonos inalámbricos', 'Amazon', '49.99');
    number = pre.number;
    const page = staff;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const photoBodies: Buffer[] = [];
    await page.route('**/api/warehouse/photos', async (route) => {
      photoBodies.push(route.request().postDataBuffer() ?? Buffer.alloc(0));
      await route.continue();
    });

    await page.goto(`${e2e.app.url}/bodega`);
    await page.getByRole('heading', { name: 'Recepción en bodega' }).waitFor();
    await page.getByLabel('Número de guía').waitFor();
    expect(await focusedId(page)).toBe('receipt-guide');

    // A keyboard-wedge scanner: the code's characters, then Enter, into whatever has the focus.
    await page.keyboard.type(GUIDE_TYPED);
    await page.keyboard.press('Enter');
    const match = page.getByRole('status', { name: 'Prealerta encontrada' });
    await match.waitFor();
    const found = await match.textContent();
    for (const text of [
      'Lucía Prada',
      `Casillero ${buyer.locker}`,
      'Amazon',
      'Audífonos inalámbricos',
      'US$ 49,99',
      'Frágil: no apilar',
    ])
      expect(found).toContain(text);
    expect(await guideValue(page)).toBe(GUIDE);
    expect(await page.getByLabel('Casillero', { exact: true }).inputValue()).toBe(buyer.locker);
    // The next thing to type is the weight.
    expect(await focusedId(page)).toBe('receipt-weightLb');
    expect(await page.getByLabel('Peso (lb)').getAttribute('inputmode')).toBe('decimal');

    await page.getByLabel('Peso (lb)').fill('4.5');
    await page.getByLabel('Largo (in)').fill('12');
    await page.getByLabel('Ancho (in)').fill('8');
    await page.getByLabel('Alto (in)').fill('4');
    await page.getByRole('group', { name: 'Estado del paquete' }).getByLabel('Dañado').check();
    await page.getByLabel('Notas').fill('Esquina aplastada');
    const photos = page.getByLabel('Fotos');
    expect(await photos.getAttribute('accept')).toBe('image/*');
    expect(await photos.getAttribute('capture')).toBe('environment');
    await photos.setInputFiles({ name: 'caja.jpg', mimeType: 'image/jpeg', buffer: await parcelPhoto() });
    await page.getByRole('list', { name: 'Fotos elegidas' }).getByText('Lista').waitFor();
    // The browser shrank the 2400 × 1800 photo before sending it.
    expect(photoBodies).toHaveLength(1);
    const sent = await sharp(photoBodies[0]).metadata();
    expect(sent.format).toBe('jpeg');
    expect(Math.max(sent.width ?? 0, sent.height ?? 0)).toBe(1600);
    await page.unroute('**/api/warehouse/photos');

    // Hold the receipt a moment to see the busy button.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/warehouse/receipts', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Registrar recepción' }).click();
    const busy = page.getByRole('button', { name: 'Registrando...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    const done = status(page, receiptMessages.received(number, buyer.locker));
    await done.waitFor();
    await page.unroute('**/api/warehouse/receipts');
    expect(receiptMessages.received(number, buyer.locker)).toBe(
      `Paquete recibido: ${number} para el casillero ${buyer.locker}.`,
    );
    const print = done.getByRole('link', { name: 'Imprimir etiqueta' });
    expect(await print.getAttribute('href')).toBe(`/etiqueta/${number}`);
    expect(await print.getAttribute('target')).toBe('_blank');
    // Ready for the next parcel.
    expect(await guideValue(page)).toBe('');
    expect(await page.getByLabel('Peso (lb)').inputValue()).toBe('');
    expect(await focusedId(page)).toBe('receipt-guide');

    const today = page.getByRole('region', { name: /Recibidos hoy/ });
    await today.getByText(`Paquete ${number} · Casillero ${buyer.locker}`).waitFor();
    await today.getByRole('img', { name: `Foto del paquete ${number}` }).waitFor();
    // The camera's polyfill never loaded: nobody pressed 'Escanear con la cámara'.
    expect(requested.filter((url) => /zxing|\.wasm/.test(url))).toEqual([]);

    const detail = await buyer.api.detail(number);
    expect(detail).toMatchObject({
      state: 'recibido',
      weightLb: 4.5,
      condition: 'danado',
      lockerNumber: buyer.locker,
    });
    expect(detail).toMatchObject({ lengthIn: 12, widthIn: 8, heightIn: 4 });
    const photo = detail.files.find((file) => file.kind === 'photo');
    expect(photo?.thumbnailUrl).toBeTruthy();
    const image = await fetch(`${e2e.app.url}${photo?.url}`, { headers: { cookie: buyer.api.cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const mail = await e2e.smtp.waitFor(buyer.account.email, new RegExp(`Tu paquete ${number}`));
    expect(mail).toContain('llegó a nuestra bodega en Miami');
  });

  it("refuses the same guide twice: 'Este paquete ya fue recibido el …', on scanning and on registering", async () => {
    const page = staff;
    await page.goto(`${e2e.app.url}/bodega`);
    await page.getByLabel('Número de guía').fill(GUIDE);
    await page.getByLabel('Número de guía').press('Enter');
    const refusal = page.getByRole('alert').filter({ hasText: 'Este paquete ya fue recibido el' });
    await refusal.first().waitFor();
    const refusalText = refusal.first().getByText(/^Este paquete ya fue recibido el/);
    expect(await refusalText.textContent()).toMatch(
      /^Este paquete ya fue recibido el \d{1,2} de \S+ de \d{4}\.$/,
    );
    // Which package, for which locker, and its label to print again.
    expect(await refusal.first().textContent()).toContain(`Paquete ${number} · Casillero ${buyer.locker}`);
    expect(await refusal.first().getByRole('link', { name: 'Imprimir etiqueta' }).getAttribute('href')).toBe(
      `/etiqueta/${number}`,
    );

    // Registering anyway (two people at once would) changes nothing: the server's refusal names the guide field,
    // so it stands beside the guide, with the focus there.
    await page.getByLabel('Peso (lb)').fill('9');
    await page.getByRole('button', { name: 'Registrar recepción' }).click();
    const guideError = page.locator('#receipt-guide-error');
    await guideError.waitFor();
    expect(await guideError.textContent()).toBe(await refusalText.textContent());
    expect(await page.getByLabel('Número de guía').getAttribute('aria-invalid')).toBe('true');
    expect(await focusedId(page)).toBe('receipt-guide');
    const list = await buyer.api.list();
    expect(list.total).toBe(1);
    expect((await buyer.api.detail(number)).weightLb).toBe(4.5);
  });

  it("keeps a parcel without a locker in 'Sin identificar' until 'Asignar' gives it to its customer", async () => {
    const page = staff;
    await page.goto(`${e2e.app.url}/bodega`);
    await page.getByLabel('Número de guía').fill(NO_PREALERT_GUIDE);
    await page.getByLabel('Número de guía').press('Enter');
    await status(page, 'Sin prealerta').waitFor();
    expect(await focusedId(page)).toBe('receipt-lockerNumber');
    await page.getByLabel('Peso (lb)').fill('2.25');
    await page.getByLabel('Notas').fill('Caja sin etiqueta de casillero');
    await page.getByRole('button', { name: 'Registrar recepción' }).click();
    const saved = status(page, "guardado como 'Sin identificar'");
    await saved.waitFor();
    const unidentified = Number(/Paquete (\d+)/.exec((await saved.textContent()) ?? '')?.[1]);
    expect(await saved.textContent()).toContain(receiptMessages.unidentified(unidentified));

    const queue = page.getByRole('region', { name: /Sin identificar/ });
    const row = queue.getByRole('listitem').filter({ hasText: NO_PREALERT_GUIDE });
    await row.waitFor();
    expect(await row.textContent()).toContain('Caja sin etiqueta de casillero');
    await row.getByRole('button', { name: 'Asignar' }).click();
    await row.getByLabel('Casillero').fill(buyer.locker);
    await row.getByRole('button', { name: 'Confirmar' }).click();
    await status(page, receiptMessages.assigned(unidentified, buyer.locker)).waitFor();
    await queue.getByText('No hay paquetes sin identificar.').waitFor();

    const detail = await buyer.api.detail(unidentified);
    expect(detail).toMatchObject({ state: 'recibido', guide: NO_PREALERT_GUIDE, lockerNumber: buyer.locker });
    await e2e.smtp.waitFor(buyer.account.email, new RegExp(`Tu paquete ${unidentified}`));
  });

  it('prints the 4 × 6 in label with the package number as a Code 128 that reads back', async () => {
    const page = staff;
    await page.goto(`${e2e.app.url}/etiqueta/${number}`);
    const label = page.getByRole('article', { name: `Etiqueta del paquete ${number}` });
    await label.waitFor();
    const text = (await label.textContent()) ?? '';
    for (const part of [buyer.locker, 'Lucía Prada', 'Medellín', '4,5 lb', String(number)])
      expect(text).toContain(part);
    // Received 'Dañado', pre-alerted with 'Frágil: no apilar': the label says both.
    expect(await label.getByRole('list', { name: 'Manejo' }).getByRole('listitem').allTextContents()).toEqual(
      ['Frágil', 'Dañado'],
    );

    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Imprimir etiqueta' }).click();
    expect(await page.getAttribute('body', 'data-printed')).toBe('yes');

    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    // 4 × 6 in = 288 × 432 PostScript points, on one page.
    expect(pdf).toMatch(/\/MediaBox\s*\[\s*0\s+0\s+288\s+432\s*\]/);
    expect(pdf.match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(1);

    const barcode = await page
      .getByRole('img', { name: `Código de barras del paquete ${number}` })
      .screenshot();
    expect(await readCode128(barcode)).toEqual([String(number)]);
  });

  it('shows a customer the 403 message at /bodega and /etiqueta, with no receiving form', async () => {
    const page = await e2e.browser.newPage();
    await signInThroughForm(page, e2e.app, buyer.account.email, buyer.account.password);
    await page.waitForURL(`${e2e.app.url}/locker`);
    await page.goto(`${e2e.app.url}/bodega`);
    await page.getByRole('alert').filter({ hasText: 'No tienes permiso para ver esta página.' }).waitFor();
    expect(await page.getByLabel('Número de guía').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Registrar recepción' }).count()).toBe(0);
    await page.goto(`${e2e.app.url}/etiqueta/${number}`);
    await page.getByRole('alert').filter({ hasText: 'No tienes permiso para ver esta página.' }).waitFor();
    expect(await page.getByRole('img', { name: /Código de barras/ }).count()).toBe(0);
    await page.close();
  });

  it('reads a Code 128 guide with the camera through the polyfill served from our origin', async () => {
    await buyer.api.prealert(CAMERA_GUIDE, 'Zapatos', 'Nike', '80');
    const dir = mkdtempSync(join(tmpdir(), 'casillero-camera-'));
    const video = join(dir, 'guia.y4m');
    await writeBarcodeVideo(video, CAMERA_GUIDE);
    const camera = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: chromiumPath(),
      headless: true,
      locale: 'es-CO',
      viewport: { width: 390, height: 844 },
      args: [
        ...CHROMIUM_FLAGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      await camera.grantPermissions(['camera'], { origin: e2e.app.url });
      const page = await staffPage(e2e.app, camera, staffAccount);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto(`${e2e.app.url}/bodega`);
      await page.getByLabel('Número de guía').waitFor();
      expect(requested.filter((url) => /zxing|\.wasm/.test(url))).toEqual([]);
      const native = await page.evaluate(() => 'BarcodeDetector' in window);

      await page.getByRole('button', { name: 'Escanear con la cámara' }).click();
      await page.getByRole('region', { name: 'Cámara' }).waitFor();
      // The guide read, or the camera region's error (a wasm the CSP refuses says so at once).
      const outcome = await page.waitForFunction(
        (guide) => {
          const input = document.getElementById('receipt-guide') as HTMLInputElement | null;
          if (input?.value === guide) return 'read';
          return document.querySelector('[aria-label="Cámara"] [role="alert"]')?.textContent ?? false;
        },
        CAMERA_GUIDE,
        { timeout: 45_000 },
      );
      expect(await outcome.jsonValue()).toBe('read');
      await page.getByRole('status', { name: 'Prealerta encontrada' }).waitFor();
      // The camera is off once the guide is read.
      expect(await page.locator('video').count()).toBe(0);
      expect(requested.every((url) => url.startsWith(e2e.app.url) || url.startsWith('data:'))).toBe(true);
      if (!native) {
        // Chromium on Linux has no BarcodeDetector: the polyfill's wasm came from our own assets.
        const wasmUrl = requested.find((url) => url.endsWith('.wasm'));
        expect(wasmUrl).toMatch(new RegExp(`^${e2e.app.url}/assets/zxing_reader-[\\w-]+\\.wasm$`));
        const served = Buffer.from(await (await fetch(wasmUrl as string)).arrayBuffer());
        const require = createRequire(import.meta.url);
        const packaged = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
        expect(createHash('sha256').update(served).digest('hex')).toBe(
          createHash('sha256').update(packaged).digest('hex'),
        );
      }
    } finally {
      await camera.close();
      removeDir(dir);
    }
  });
});
