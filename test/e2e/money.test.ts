// design/delivery.md 'Collections and the cash close' and 'Proof of delivery' in Chromium: a route delivered through
// the courier API (one stop paid in cash, one by Nequi) is closed by an admin on its screen with 'Efectivo entregado'
// short of the cash collected, which asks for an 'Observación'; the close's figures print with the route sheet and
// show on 'Recaudos'; a carrier's remittance CSV with one matching and one unknown guide applies the one and lists
// the other; the customer opens their 'Comprobante de pago' from the package's page and downloads its PDF. A
// courier and a customer get no 'Recaudos'. axe on every new screen.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectionMessages } from '../../src/shared/collections/forms.ts';
import { formatCop } from '../../src/shared/money.ts';
import { seriousAxeViolations, VIEWPORTS } from './axe.ts';
import { appInBrowser, launchBrowser, signInThroughForm, staffNav } from './harness.ts';
import {
  ADMIN,
  COMPANY,
  COURIER_NAME,
  doorDelivery,
  type MoneyWorld,
  moneyWorld,
  packageInColombia,
  pdfText,
  type Session,
} from './money-world.ts';

const SHORT_BY = 1000;

describe("money at the door in Chromium: 'Cerrar ruta', 'Recaudos', 'Comprobante de pago'", () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN, ...COMPANY } });
  let admin: Session;
  let courier: Session;
  let customer: MoneyWorld['customer'];
  let page: Page;
  let routeId = 0;
  let pkg: MoneyWorld['pkg'];
  let value: MoneyWorld['value'];
  let carrierGuide = '';
  let today = '';

  beforeAll(async () => {
    const world = await moneyWorld(e2e.app);
    ({ admin, courier, customer, routeId, pkg, value, carrierGuide, today } = world);
    expect(value.cash).toBeGreaterThan(SHORT_BY);
    page = await e2e.browser.newPage();
    await page.setViewportSize(VIEWPORTS.desktop);
    await signInThroughForm(page, e2e.app, ADMIN, world.adminPassword);
    await page.waitForURL(`${e2e.app.url}/admin`);
  });

  it("closes the route with 'Efectivo entregado' short of the cash: the difference shows, 'Observación' is asked", async () => {
    await page.goto(`${e2e.app.url}/admin/reparto/${routeId}`);
    const close = page.getByRole('region', { name: 'Cierre de caja' });
    await close.getByLabel('Efectivo entregado').waitFor();
    const facts = (await close.textContent()) ?? '';
    expect(facts).toContain(`Esperado${formatCop(value.cash + value.nequi)}`);
    expect(facts).toContain(`Efectivo recaudado${formatCop(value.cash)}`);
    const means = close.getByRole('table', { name: 'Recaudado por medio de pago' });
    expect(await means.getByRole('row', { name: /Efectivo/ }).textContent()).toContain(formatCop(value.cash));
    expect(await means.getByRole('row', { name: /Nequi/ }).textContent()).toContain(formatCop(value.nequi));
    // Each collection with its reference, before 'Cerrar ruta', to check the transfers against the bank.
    const listed = close.getByRole('table', { name: `Recaudos de la ruta ${routeId}` });
    expect(await listed.getByRole('row', { name: new RegExp(`^${pkg.nequi}`) }).textContent()).toContain(
      'NEQ-55001',
    );

    // The difference follows what is typed.
    await close.getByLabel('Efectivo entregado').fill(String(value.cash));
    await expect.poll(async () => close.getByRole('status').textContent()).toContain('Diferencia$ 0');
    await close.getByLabel('Efectivo entregado').fill(String(value.cash - SHORT_BY));
    await expect
      .poll(async () => close.getByRole('status').textContent())
      .toContain(`Diferencia de efectivo${formatCop(-SHORT_BY)}`);
    for (const viewport of Object.values(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.setViewportSize(VIEWPORTS.desktop);

    await close.getByRole('button', { name: 'Cerrar ruta' }).click();
    await close.getByText('Hay una diferencia: escribe una observación que la explique.').waitFor();
    const note = close.getByLabel('Observación');
    expect(await note.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(async () => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await note.fill('Faltaron mil pesos: el mensajero dio vueltas de más.');
    await close.getByRole('button', { name: 'Cerrar ruta' }).click();
    await close.getByText('Todas las paradas se entregaron.').waitFor();
    await close.getByRole('button', { name: 'Sí, cerrar ruta' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Ruta ${routeId} cerrada con una diferencia` })
      .waitFor();

    // The stored close: its figures, who closed it, 'Observación'; the route's collections are locked.
    await close.getByText('Cerrada', { exact: true }).waitFor();
    const stored = (await close.textContent()) ?? '';
    expect(stored).toContain(`Efectivo entregado${formatCop(value.cash - SHORT_BY)}`);
    expect(stored).toContain(`Diferencia de efectivo${formatCop(-SHORT_BY)}`);
    expect(stored).toContain('ObservaciónFaltaron mil pesos');
    expect(stored).toContain('Cajera Principal');
    expect(await close.getByLabel('Efectivo entregado').count()).toBe(0);
    expect(
      await close.getByRole('button', { name: `Corregir recaudo del paquete ${pkg.nequi}` }).isEnabled(),
    ).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('prints the route sheet and its close on one page', async () => {
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Imprimir planilla' }).click();
    expect(await page.getAttribute('body', 'data-printed')).toBe('yes');
    await page.emulateMedia({ media: 'print' });
    try {
      expect(
        await page.getByRole('columnheader', { name: 'Valor a pagar', exact: true }).first().isVisible(),
      ).toBe(true);
      const close = page.getByRole('region', { name: 'Cierre de caja' });
      expect(await close.isVisible()).toBe(true);
      expect(await close.getByText('Efectivo entregado').isVisible()).toBe(true);
      expect(await close.getByRole('heading', { name: 'Recaudos de la ruta' }).isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'Volver a Reparto' }).isVisible()).toBe(false);
      // One page: the sheet and the close fit in a Letter page's printable height (11 in less margins at 96 px/in).
      const height = await page.evaluate(() => document.querySelector('main')?.scrollHeight ?? 0);
      expect(height).toBeLessThan(10 * 96);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('lets an admin correct a locked collection, with a note', async () => {
    const close = page.getByRole('region', { name: 'Cierre de caja' });
    await close.getByRole('button', { name: `Corregir recaudo del paquete ${pkg.nequi}` }).click();
    const form = close.getByRole('form', { name: `Corregir el recaudo del paquete ${pkg.nequi}` });
    await form.getByLabel('Referencia').fill('NEQ-55002');
    await form.getByRole('button', { name: 'Guardar corrección' }).click();
    await form.getByText('Escribe una nota que explique la corrección.').waitFor();
    expect(await form.getByLabel('Nota').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Nota').fill('La referencia de Nequi tenía un dígito errado.');
    await form.getByRole('button', { name: 'Guardar corrección' }).click();
    await close
      .getByRole('status')
      .filter({ hasText: `Recaudo del paquete ${pkg.nequi} corregido.` })
      .waitFor();
    const row = close.getByRole('row', { name: new RegExp(`^${pkg.nequi}`) });
    await expect.poll(async () => row.textContent()).toContain('NEQ-55002');
    expect(await row.textContent()).toContain('La referencia de Nequi tenía un dígito errado.');
    expect(await form.count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("shows the close on 'Recaudos', by courier and by carrier, with the carrier's amount not yet remitted", async () => {
    await (await staffNav(page)).getByRole('link', { name: 'Recaudos' }).first().click();
    await page.waitForURL(`${e2e.app.url}/admin/recaudos`);
    await page.getByRole('heading', { level: 1, name: 'Recaudos' }).waitFor();
    expect(await page.getByLabel('Hasta').inputValue()).toBe(today);
    const byCourier = page.getByRole('table', { name: 'Por mensajero' });
    const courierRow = byCourier.getByRole('row', { name: new RegExp(COURIER_NAME) });
    await courierRow.waitFor();
    expect(await courierRow.textContent()).toContain(formatCop(value.cash + value.nequi));
    const unclosed = page.getByRole('region', { name: 'Efectivo sin cerrar' });
    expect(await unclosed.textContent()).toContain('toda la caja está cerrada');
    // The money to chase comes first, the range's figures after; received is what the cashier counted.
    const rangeHeading = page.getByRole('heading', { level: 2, name: /^Del / });
    expect(
      await unclosed.evaluate(
        (cash, heading) =>
          Boolean(cash.compareDocumentPosition(heading as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
        await rangeHeading.elementHandle(),
      ),
    ).toBe(true);
    expect(await courierRow.textContent()).toContain(formatCop(SHORT_BY));
    const totals = (await page.locator('.recaudos-totals').textContent()) ?? '';
    expect(totals).toContain(`Faltante${formatCop(SHORT_BY)}`);
    const unremitted = page.getByRole('region', { name: 'Sin liquidar' });
    expect(await unremitted.getByRole('heading', { name: 'Servientrega' }).isVisible()).toBe(true);
    expect(await unremitted.getByRole('row', { name: new RegExp(String(pkg.carrier)) }).count()).toBe(1);

    const csvHref = await page.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href');
    const csv = await fetch(`${e2e.app.url}${csvHref}`, { headers: { cookie: admin.cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain(String(pkg.nequi));
    for (const viewport of Object.values(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.setViewportSize(VIEWPORTS.desktop);

    // A range that ends before it starts is refused on the spot; the figures and the CSV wait for a valid one.
    const from = await page.getByLabel('Desde').inputValue();
    await page.getByLabel('Desde').fill('2099-01-01');
    await page.getByRole('alert').filter({ hasText: collectionMessages.range }).waitFor();
    expect(await page.getByLabel('Desde').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('link', { name: 'Descargar CSV' }).count()).toBe(0);
    await page.getByLabel('Desde').fill(from);
    await page.getByRole('link', { name: 'Descargar CSV' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it("imports a carrier's remittance: the matching guide applies, the unknown one is listed with why", async () => {
    const carrierValue = (
      await admin<{ unremitted: Array<{ packages: Array<{ packageNumber: number; amountCop: number }> }> }>(
        'GET',
        '/api/admin/recaudos',
      )
    ).body.unremitted
      .flatMap((carrier) => carrier.packages)
      .find((item) => item.packageNumber === pkg.carrier)?.amountCop;
    expect(carrierValue).toBeGreaterThan(0);
    value.carrier = carrierValue ?? 0;
    // A file with an amount in decimals is refused whole, every problem listed, nothing applied.
    await page.getByLabel('Importar liquidación').setInputFiles({
      name: 'liquidacion-mala.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`guia,valor,fecha\n${carrierGuide},${value.carrier}.50,${today}\n`),
    });
    const problems = page.getByRole('alert').getByRole('list', { name: 'Errores del archivo' });
    await problems.waitFor();
    expect(await problems.textContent()).toContain('no es un número entero de pesos');
    const unremitted = page.getByRole('region', { name: 'Sin liquidar' });
    expect(await unremitted.getByRole('row', { name: new RegExp(String(pkg.carrier)) }).count()).toBe(1);

    const file = `guia,valor,fecha\n${carrierGuide},${value.carrier},${today}\nNOEXISTE-999,5000,${today}\n`;
    await page.getByLabel('Importar liquidación').setInputFiles({
      name: 'liquidacion-servientrega.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    });
    const applied = page.getByRole('table', { name: 'Filas aplicadas' });
    await applied.waitFor();
    expect(await applied.getByRole('row', { name: new RegExp(carrierGuide) }).count()).toBe(1);
    const others = page.getByRole('table', { name: 'Filas no aplicadas' });
    expect(await others.getByRole('row', { name: /NOEXISTE-?999/ }).textContent()).toContain(
      'Guía desconocida',
    );
    await page.getByRole('status').filter({ hasText: '1 recaudo marcado' }).waitFor();
    // The carrier's collection is no longer pending: the list is read again.
    await expect
      .poll(async () => unremitted.getByRole('row', { name: new RegExp(String(pkg.carrier)) }).count())
      .toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("settles a delivery synced after its route's close from 'Reparto': 'Registradas después del cierre', 'Liquidar'", async () => {
    // A route closed while the courier's phone still held a delivery made before the close.
    const number = await packageInColombia(admin, customer.session, 'Artículo tardío');
    const courierId = (await courier<{ id: string }>('GET', '/api/me')).body.id;
    const route = await admin<{ route: { id: number } }>('POST', '/api/admin/delivery/routes', {
      date: today,
      courierId,
      zone: 'Belén',
    });
    const lateRoute = route.body.route.id;
    await admin('POST', `/api/admin/delivery/routes/${lateRoute}/stops`, { packages: [String(number)] });
    await admin('POST', `/api/admin/delivery/routes/${lateRoute}/start`);
    const detail = await admin<{ stops: Array<{ valueToPayCop: number | null }> }>(
      'GET',
      `/api/admin/delivery/routes/${lateRoute}`,
    );
    const toPay = detail.body.stops[0]?.valueToPayCop ?? 0;
    const madeBeforeClose = doorDelivery(toPay, 'efectivo');
    expect(
      (await admin('POST', `/api/admin/delivery/routes/${lateRoute}/close`, { cashDeliveredCop: 0 })).status,
    ).toBe(200);
    expect((await courier('POST', `/api/delivery/stops/${number}/deliver`, madeBeforeClose)).status).toBe(
      200,
    );

    await page.goto(`${e2e.app.url}/admin/reparto`);
    const late = page.getByRole('region', { name: 'Registradas después del cierre' });
    await late.getByRole('link', { name: `Paquete ${number}` }).waitFor();
    expect(await late.textContent()).toContain(formatCop(toPay));
    await late.getByRole('button', { name: `Liquidar la entrega del paquete ${number}` }).click();
    const form = late.getByRole('form', { name: `Liquidar la entrega del paquete ${number}` });
    expect(await form.getByLabel('Efectivo entregado').inputValue()).toBe(String(toPay));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Liquidar' }).click();
    await late
      .getByRole('status')
      .filter({ hasText: `Entrega del paquete ${number} liquidada.` })
      .waitFor();
    await late.getByText('no hay nada por liquidar').waitFor();
  });

  it("lets the customer open their 'Comprobante de pago' and download its PDF", async () => {
    const context = await launchBrowser(e2e.app.url);
    try {
      const own = await context.newPage();
      await signInThroughForm(own, e2e.app, customer.email, customer.password);
      await own.waitForURL(`${e2e.app.url}/locker`);
      await own.goto(`${e2e.app.url}/paquetes/${pkg.cash}`);
      await own
        .getByRole('region', { name: 'Entrega' })
        .getByRole('link', { name: 'Comprobante de pago' })
        .click();
      await own.waitForURL(`${e2e.app.url}/paquetes/${pkg.cash}/comprobante`);
      const sheet = own.getByRole('article', { name: /Comprobante de pago/ });
      await sheet.waitFor();
      const text = (await sheet.textContent()) ?? '';
      expect(text).toContain(COMPANY.COMPANY_NAME);
      expect(text).toContain(`NIT ${COMPANY.COMPANY_NIT}`);
      const code = /CP-\d{6}/.exec(text)?.[0] ?? '';
      expect(code).not.toBe('');
      expect(text).toContain(`Paquete${pkg.cash}`);
      expect(text).toMatch(/Valor a pagarUS\$ [\d.]+,\d\d/);
      expect(text).toContain(`Valor pagado${formatCop(value.cash)}`);
      expect(text).toContain('Medio de pagoEfectivo');
      for (const viewport of Object.values(VIEWPORTS)) {
        await own.setViewportSize(viewport);
        expect(await seriousAxeViolations(own)).toEqual([]);
      }

      await own.evaluate(() => {
        window.print = () => document.body.setAttribute('data-printed', 'yes');
      });
      await own.getByRole('button', { name: 'Imprimir' }).click();
      expect(await own.getAttribute('body', 'data-printed')).toBe('yes');

      // The PDF, as the customer's browser downloads it (their session's cookie).
      const href = (await own.getByRole('link', { name: 'Descargar PDF' }).getAttribute('href')) ?? '';
      const pdf = await own.evaluate(async (url) => {
        const response = await fetch(url);
        const bytes = new Uint8Array(await response.arrayBuffer());
        return {
          status: response.status,
          type: response.headers.get('content-type') ?? '',
          size: bytes.length,
          text: Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''),
        };
      }, href);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toContain('application/pdf');
      expect(pdf.text.startsWith('%PDF-')).toBe(true);
      expect(pdf.size).toBeGreaterThan(800);
      // The server writes it uncompressed: its text (hex strings in TJ arrays) holds the package, the amount and
      // the receipt's number. A compressed PDF would be checked by its signature and size alone.
      if (!/\/Filter\s*\/FlateDecode/.test(pdf.text)) {
        const written = pdfText(pdf.text);
        expect(written).toContain(String(pkg.cash));
        expect(written).toContain(formatCop(value.cash));
        expect(written).toContain(code);
      }

      // 'Recaudos' is not the customer's.
      await own.goto(`${e2e.app.url}/admin/recaudos`);
      await own.getByText('Esta pantalla es solo para administradores.').waitFor();
      expect(await own.getByRole('link', { name: 'Descargar CSV' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("gives a courier and a customer no 'Recaudos', no close and no remittance import", async () => {
    for (const session of [courier, customer.session]) {
      expect((await session('GET', '/api/admin/recaudos')).status).toBe(403);
      expect((await session('GET', `/api/admin/delivery/routes/${routeId}/cash`)).status).toBe(403);
      expect(
        (await session('POST', `/api/admin/delivery/routes/${routeId}/close`, { cashDeliveredCop: 0 }))
          .status,
      ).toBe(403);
    }
  });
});
