import { describe, expect, it } from 'vitest';
import { appInBrowser } from './harness.ts';

describe('welcome and not-found pages', () => {
  const e2e = appInBrowser({ env: { BRAND_NAME: 'MiCasillero' } });

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
});
