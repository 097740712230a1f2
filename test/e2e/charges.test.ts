// design/packages.md 'Charges' in Chromium on a phone: the public calculator (linked from '/') with the two worked
// examples and nonsense input, a received package's 'Valor a pagar', 'Tus referidos' on /locker, and 'Tarifas' for an
// admin (a new price from today, which the calculator then uses) and for a customer (no form).
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { calculatorMessages } from '../../src/shared/charges/rates-form.ts';
import { apiCall, appInBrowser, recordViaApi, registerViaApi, signInThroughForm } from './harness.ts';

const ADMIN = 'tarifas-admin@example.com';

const apiSession = apiCall;

/** The value next to a term of a <dl> ('Flete' → 'US$ 52,50'). */
const figure = (scope: Locator, term: string) =>
  scope
    .locator('div')
    .filter({
      has: scope
        .page()
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${term}$`) }),
    })
    .getByRole('definition');

async function fillCalculator(page: Page, values: [string, string, string, string, string]) {
  const labels = ['Peso (lb)', 'Largo (in)', 'Ancho (in)', 'Alto (in)', 'Valor declarado (USD)'];
  for (const [index, label] of labels.entries()) await page.getByLabel(label).fill(values[index] ?? '');
}

describe('charges in Chromium', () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN } });
  const result = (page: Page) => page.getByRole('region', { name: 'Tu estimado' });
  let adminPassword = '';
  beforeAll(async () => {
    // ADMIN_EMAILS makes the account admin when it registers.
    adminPassword = (await registerViaApi(e2e.app, { email: ADMIN, name: 'Jefa de Tarifas' })).password;
  });

  async function signIn(email: string, password: string) {
    const page = await e2e.browser.newPage();
    await signInThroughForm(page, e2e.app, email, password);
    await page.waitForURL((url) => url.pathname !== '/login');
    return page;
  }

  it("links the calculator from '/' above the fold and estimates design/packages.md's two worked examples", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(e2e.app.url);
    const link = page.getByRole('link', { name: 'Calcula tu envío' });
    const box = await link.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    await link.click();
    await page.waitForURL(`${e2e.app.url}/calculadora`);
    await page.getByRole('heading', { level: 1, name: 'Calcula tu envío' }).waitFor();
    for (const label of ['Peso (lb)', 'Largo (in)', 'Ancho (in)', 'Alto (in)', 'Valor declarado (USD)'])
      expect(await page.getByLabel(label).getAttribute('inputmode')).toBe('decimal');
    expect(await result(page).getAttribute('aria-live')).toBe('polite');

    await fillCalculator(page, ['4', '15', '15', '15', '100']);
    const region = result(page);
    await region.getByText('US$ 54,50').waitFor();
    expect(await figure(region, 'Peso cobrable').textContent()).toBe('21 lb');
    expect(await figure(region, 'Flete').textContent()).toBe('US$ 52,50');
    expect(await figure(region, 'Seguro').textContent()).toBe('US$ 2,00');
    expect(await figure(region, 'Impuestos estimados').textContent()).toBe('US$ 0,00');
    expect(await figure(region, 'Total estimado').textContent()).toBe('US$ 54,50 ($ 218.000)');
    // The rates used, and the word that taxes are an estimate under the courier regime.
    const main = (await page.textContent('main')) ?? '';
    expect(main).toContain('Precio por libra: US$ 2,50');
    expect(main).toContain('TRM: $ 4.000');
    expect(main).toContain('envíos urgentes');
    expect(main).toContain('supera US$ 200,00');

    await fillCalculator(page, ['4', '', '', '', '300']);
    await region.getByText('US$ 113,64').waitFor();
    expect(await figure(region, 'Peso cobrable').textContent()).toBe('4 lb');
    expect(await figure(region, 'Impuestos estimados').textContent()).toBe('US$ 97,64');
    expect(await figure(region, 'Total estimado').textContent()).toBe('US$ 113,64 ($ 454.600)');
    await page.close();
  });

  it("answers nonsense with the schema's message beside the field, never NaN", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.app.url}/calculadora`);
    await page.getByText('Precio por libra').waitFor();
    const weight = page.getByLabel('Peso (lb)');
    const weightError = page.locator('#calc-weight-error');
    for (const nonsense of ['abc', '1e308', '-4', '']) {
      await weight.fill('4');
      await weight.fill(nonsense);
      await expect.poll(() => weightError.textContent()).toBe(calculatorMessages.weight);
      expect(await weight.getAttribute('aria-invalid')).toBe('true');
      expect(await weight.getAttribute('aria-describedby')).toContain('calc-weight-error');
    }
    await weight.fill('4');
    await page.getByLabel('Valor declarado (USD)').fill('cien');
    await page.getByText(calculatorMessages.value).waitFor();
    await page.getByLabel('Valor declarado (USD)').fill('100');
    // One measure only: the message appears once the measures are left.
    await page.getByLabel('Largo (in)').fill('10');
    expect(await page.getByText(calculatorMessages.measure).count()).toBe(0);
    await page.getByLabel('Valor declarado (USD)').focus();
    await page.getByText(calculatorMessages.measure).waitFor();
    expect(await page.getByLabel('Ancho (in)').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Largo (in)').fill('1e308');
    await page.getByText(calculatorMessages.measure).waitFor();
    expect(await result(page).textContent()).not.toMatch(/US\$/);

    // 'Calcular' on an empty form shows every message and takes the focus to the first.
    await fillCalculator(page, ['', '', '', '', '']);
    await page.getByRole('button', { name: 'Calcular' }).click();
    await page.getByText(calculatorMessages.weight).waitFor();
    await page.getByText(calculatorMessages.value).waitFor();
    expect(await weight.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.textContent('main')).not.toContain('NaN');
    await page.close();
  });

  it("shows a received package's charge: 'Valor a pagar' in USD and COP and the free storage left", async () => {
    const admin = await apiSession(e2e.app, ADMIN, adminPassword);
    const account = await registerViaApi(e2e.app, { name: 'Paula Cobro' });
    const record = await recordViaApi(e2e.app, account.email, account.password);
    const customer = await apiSession(e2e.app, account.email, account.password);
    const guide = 'TBA000000000111';
    const prealert = await customer<{ package: { number: number } }>('POST', '/api/packages', {
      guide,
      store: 'Amazon',
      content: 'Caja de libros',
      declaredValue: '100',
      quantity: 1,
      address: 1,
      instructions: '',
    });
    expect(prealert.status).toBe(201);
    const receipt = await admin('POST', '/api/warehouse/receipts', {
      guide,
      lockerNumber: record.lockerNumber,
      weightLb: '4',
      lengthIn: '15',
      widthIn: '15',
      heightIn: '15',
    });
    expect(receipt.status).toBe(201);

    const page = await signIn(account.email, account.password);
    await page.goto(`${e2e.app.url}/paquetes/${prealert.body.package.number}`);
    const charge = page.getByRole('region', { name: 'Tu cobro' });
    await charge.getByText('Valor a pagar').waitFor();
    // Pesos first and as prominent as the dollars, labelled 'COP', with the TRM and its day (issue 24).
    expect(await charge.locator('.package-charge__total').textContent()).toBe(
      'Valor a pagar: $ 218.000 COP · US$ 54,50',
    );
    expect(await charge.locator('.package-charge__trm').textContent()).toMatch(
      /^TRM \$ 4\.000 del \d{2}\/\d{2}\/\d{4}$/,
    );
    expect(await figure(charge, 'Peso cobrable').textContent()).toBe('21 lb');
    expect(await figure(charge, 'Flete').textContent()).toBe('US$ 52,50');
    expect(await figure(charge, 'Seguro').textContent()).toBe('US$ 2,00');
    expect(await figure(charge, 'Impuestos estimados').textContent()).toBe('US$ 0,00');
    expect(await charge.getByText('Crédito por referido').count()).toBe(0);
    expect(await figure(charge, 'Días en bodega').textContent()).toBe('0');
    await charge.getByText('Te quedan 30 días de bodega gratis').waitFor();
    expect(await charge.textContent()).toContain('Se paga al recibir');
    await page.close();
  });

  it("counts a friend who registered with the invitation in 'Tus referidos'", async () => {
    const account = await registerViaApi(e2e.app, { name: 'Rosa Invita' });
    const record = await recordViaApi(e2e.app, account.email, account.password);
    await registerViaApi(e2e.app, { name: 'Amigo Invitado', ref: record.refCode });
    const page = await signIn(account.email, account.password);
    const referrals = page.getByRole('region', { name: 'Tus referidos' });
    await figure(referrals, 'Se registraron con tu código').waitFor();
    expect(await figure(referrals, 'Se registraron con tu código').textContent()).toBe('1');
    expect(await figure(referrals, 'Ya recibieron su primer paquete').textContent()).toBe('0');
    expect(await figure(referrals, 'Crédito disponible').textContent()).toBe('US$ 0,00');
    // The rest of /locker stays: the invitation comes before the section.
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.indexOf('Tus referidos')).toBe(headings.indexOf('Invita a tus amigos') + 1);
    await page.close();
  });

  it("shows a customer the 403 message and no form on '/admin/tarifas'", async () => {
    const account = await registerViaApi(e2e.app, { name: 'Cliente Curioso' });
    const page = await signIn(account.email, account.password);
    await page.goto(`${e2e.app.url}/admin/tarifas`);
    await page.getByRole('heading', { level: 1, name: 'Tarifas' }).waitFor();
    await page.getByRole('alert').getByText('No tienes permiso para ver esta página.').waitFor();
    expect(await page.getByLabel('Precio por libra (USD)').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Guardar tarifas' }).count()).toBe(0);
    await page.close();
  });

  it("lets the admin set 'Precio por libra (USD)' from today, and the calculator then uses it", async () => {
    const page = await signIn(ADMIN, adminPassword);
    await page.goto(`${e2e.app.url}/admin/tarifas`);
    await page.getByRole('heading', { level: 1, name: 'Tarifas' }).waitFor();
    const price = page.getByLabel('Precio por libra (USD)');
    // USD values come back with a decimal comma (issue 24).
    await expect.poll(() => price.inputValue()).toBe('2,5');
    expect(await page.getByLabel('TRM (COP por USD)').inputValue()).toBe('4000');
    expect(await page.getByLabel('IVA (%)').inputValue()).toBe('19');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    expect(await page.getByLabel('Rigen desde').inputValue()).toBe(today);
    const rows = page.locator('table tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('En vigor');
    // Issue 47 item 13: the screen opens on the rates in force, the form after; the seeded TRM is years old.
    const inForce = page.getByRole('region', { name: 'Tarifas en vigor' });
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.indexOf('Tarifas en vigor')).toBeLessThan(headings.indexOf('Nuevas tarifas'));
    expect(await inForce.textContent()).toContain('Rigen desde el 1 de enero de 2000.');
    expect(await inForce.textContent()).toContain('Precio por libra (USD)US$ 2,50');
    const staleTrm = inForce.getByText('y la TRM cambia cada día: escribe la de hoy en «Nuevas tarifas».');
    expect(await staleTrm.textContent()).toContain(
      'La TRM en vigor ($ 4.000) rige desde el 1 de enero de 2000',
    );

    // A value out of range is refused beside its field, before anything is sent.
    await price.fill('0');
    await page.getByRole('button', { name: 'Guardar tarifas' }).click();
    await page.getByText('Precio por libra (USD): escribe un número mayor que 0').waitFor();

    await price.fill('3');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/rates', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Guardar tarifas' }).click();
    const busy = page.getByRole('button', { name: 'Guardando...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await page.getByRole('status').getByText(`Tarifas guardadas: rigen desde el ${today}.`).waitFor();
    await page.unroute('**/api/admin/rates');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('En vigor');
    expect(await rows.first().textContent()).toContain('US$ 3,00');
    expect(await rows.nth(1).textContent()).toContain('Anterior');
    // Today's set is in force: its TRM is today's, nothing to warn about.
    await expect.poll(() => inForce.textContent()).toContain('Precio por libra (USD)US$ 3,00');
    expect(await staleTrm.count()).toBe(0);

    // A full load of the calculator in the same browser, which read the old rates before.
    await page.goto(`${e2e.app.url}/calculadora`);
    await fillCalculator(page, ['4', '', '', '', '100']);
    const region = result(page);
    await region.getByText('US$ 14,00').waitFor();
    expect(await figure(region, 'Flete').textContent()).toBe('US$ 12,00');
    expect(await page.textContent('main')).toContain('Precio por libra: US$ 3,00');
    await page.close();
  });

  it("keeps a stored charge when rates change, and 'Recalcular cobro' (admins only) applies the day's rates", async () => {
    const admin = await apiSession(e2e.app, ADMIN, adminPassword);
    const account = await registerViaApi(e2e.app, { name: 'Rita Recálculo' });
    const record = await recordViaApi(e2e.app, account.email, account.password);
    const customer = await apiSession(e2e.app, account.email, account.password);
    const guide = 'TBA000000000222';
    const prealert = await customer<{ package: { number: number } }>('POST', '/api/packages', {
      guide,
      content: 'Ropa',
      declaredValue: '100',
    });
    const number = prealert.body.package.number;
    await admin('POST', '/api/warehouse/receipts', {
      guide,
      lockerNumber: record.lockerNumber,
      weightLb: '4',
    });
    const before = (await customer<{ charge: { totalCents: number } }>('GET', `/api/packages/${number}`)).body
      .charge.totalCents;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const rates =
      (await admin<{ history: Array<Record<string, number>> }>('GET', '/api/admin/rates')).body.history[0] ??
      {};
    const values = {
      pricePerLbCents: '9',
      minWeightLb: '1',
      volumetricDivisor: '166',
      insuranceBasisPoints: '2',
      trmHundredths: '4000',
      freeStorageDays: '30',
      referralCreditCents: '5',
      taxFreeThresholdCents: '200',
      tariffBasisPoints: '10',
      vatBasisPoints: '19',
      consolidationFeeCents: '5',
      repackFeeCents: '3',
      photosFeeCents: '2',
      returnFeeCents: '4',
      storagePerDayCents: '0.5',
      maxStorageDays: '90',
    };
    expect(rates.pricePerLbCents).toBeGreaterThan(0);
    expect((await admin('POST', '/api/admin/rates', { effectiveFrom: today, values })).status).toBe(201);

    // The customer's page still shows the charge made on receipt, and offers no recomputation.
    const own = await signIn(account.email, account.password);
    await own.goto(`${e2e.app.url}/paquetes/${number}`);
    const charge = own.getByRole('region', { name: 'Tu cobro' });
    await charge.getByText('Valor a pagar').waitFor();
    expect(
      (await customer<{ charge: { totalCents: number } }>('GET', `/api/packages/${number}`)).body.charge
        .totalCents,
    ).toBe(before);
    expect(await own.getByRole('button', { name: 'Recalcular cobro' }).count()).toBe(0);
    await own.close();

    const page = await signIn(ADMIN, adminPassword);
    await page.goto(`${e2e.app.url}/paquetes/${number}`);
    await page.getByRole('button', { name: 'Recalcular cobro' }).click();
    await page
      .getByRole('status')
      .getByText('Cobro recalculado con las tarifas del día en que se recibió.')
      .waitFor();
    // 4 lb × US$ 9,00 + 2 % of US$ 100.
    await page.getByRole('region', { name: 'Tu cobro' }).getByText('US$ 38,00').waitFor();
    await page.close();
  });
});
