import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from './axe.ts';
import { appInBrowser, registerViaApi, signInThroughForm } from './harness.ts';

const COMPANY = {
  COMPANY_NAME: 'Envíos Ejemplo S.A.S.',
  COMPANY_NIT: '890.903.938-8',
  COMPANY_ADDRESS: 'Carrera 7 # 71-21, Bogotá',
  SUPPORT_WHATSAPP: '13055550177',
  SUPPORT_EMAIL: 'ayuda@example.com',
};

/** Where an element is on the page, whatever the scroll. */
const box = (locator: Locator) =>
  locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x: x + window.scrollX, y: y + window.scrollY, width, height };
  });

describe('welcome and not-found pages', () => {
  const e2e = appInBrowser({ env: { BRAND_NAME: 'MiCasillero', ...COMPANY } });

  it('shows the heading with the configured brand, and its buttons lead to /login and /register', async () => {
    const page = await e2e.browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(e2e.app.url);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Bienvenido a MiCasillero - Tu Casillero Express',
    );
    expect(await page.getByRole('img', { name: 'Logo de MiCasillero' }).first().isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(`${e2e.app.url}/login`);
    await page.getByRole('heading', { name: 'Inicia sesión en tu casillero' }).waitFor();
    await page.goBack();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(`${e2e.app.url}/register`);
    await page.getByRole('heading', { name: 'Regístrate y crea tu casillero' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('answers an unknown path with the Spanish not-found page and status 404', async () => {
    const page = await e2e.browser.newPage();
    const response = await page.goto(`${e2e.app.url}/no-existe/para-nada`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    expect(await page.title()).toContain('Página no encontrada');
  });

  it('serves the data policy page', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.app.url}/politica-de-datos`);
    await page
      .getByRole('heading', { level: 1, name: 'Política de tratamiento de datos personales' })
      .waitFor();
    const text = await page.textContent('main');
    expect(text).toContain('Ley 1581 de 2012');
    expect(text).toContain('privacidad@example.com');
  });

  it("issue 11, finding 8: '/' leads with 'Crear cuenta', explains three steps, centres its actions; a footer on every page", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(e2e.app.url);
    const actions = page.getByRole('main').getByRole('button');
    expect(await actions.allTextContents()).toEqual(['Crear cuenta', 'Ingresar']);
    const colour = (locator: Locator) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await colour(actions.first())).toBe('rgb(11, 92, 171)');
    expect(await colour(actions.last())).toBe('rgb(255, 255, 255)');
    const steps = page.getByRole('region', { name: 'Así funciona' }).getByRole('listitem');
    expect(await steps.count()).toBe(3);
    const [register, buy, receive] = await steps.allTextContents();
    expect(register).toMatch(/Regístrate/);
    expect(buy).toMatch(/dirección en EE.\u00a0UU./);
    expect(receive).toMatch(/paga al recibir/);
    expect(await page.getByRole('link', { name: 'Calcula tu envío' }).getAttribute('href')).toBe(
      '/calculadora',
    );

    await page.setViewportSize(VIEWPORTS.desktop);
    const [first, last] = [await box(actions.first()), await box(actions.last())];
    expect(Math.abs((first.x + last.x + last.width) / 2 - VIEWPORTS.desktop.width / 2)).toBeLessThan(2);
    expect(Math.abs(first.y - last.y)).toBeLessThan(1);

    for (const path of ['/', '/login', '/register', '/calculadora', '/politica-de-datos', '/no-existe']) {
      await page.goto(`${e2e.app.url}${path}`);
      const footer = page.getByRole('contentinfo');
      await footer.waitFor();
      const text = ((await footer.textContent()) ?? '').replace(/\u00a0/g, ' ');
      for (const part of [COMPANY.COMPANY_NAME, `NIT ${COMPANY.COMPANY_NIT}`, COMPANY.COMPANY_ADDRESS])
        expect(text, path).toContain(part);
      expect(await footer.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe(
        'https://wa.me/13055550177',
      );
      expect(await footer.getByRole('link', { name: 'ayuda@example.com' }).getAttribute('href')).toBe(
        'mailto:ayuda@example.com',
      );
    }
  });

  it("issue 11, finding 12: 'EE. UU.' is never split across lines, and the data policy has the site header", async () => {
    const account = await registerViaApi(e2e.app);
    const visitor = await e2e.browser.newPage();
    await visitor.goto(`${e2e.app.url}/politica-de-datos`);
    const header = visitor.getByRole('banner');
    await header.waitFor();
    expect(await header.getByRole('link').first().getAttribute('href')).toBe('/');

    const page = await e2e.browser.newPage();
    await signInThroughForm(page, e2e.app, account.email, account.password);
    await page.waitForURL(`${e2e.app.url}/locker`);
    await page.getByRole('button', { name: 'Compartir invitación' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('EE.\u00a0UU.');
    for (const path of ['/', '/locker', '/politica-de-datos']) {
      await page.goto(`${e2e.app.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const text = (await page.textContent('body')) ?? '';
      expect(text, path).not.toMatch(/EE\. UU\./);
      if (path !== '/politica-de-datos') expect(text, path).toContain('EE.\u00a0UU.');
    }
  });
});
