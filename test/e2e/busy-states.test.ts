// What a person sees while the network is slow: busy buttons, loading texts, and the reset error.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { appInBrowser, CAPTCHA, registerViaApi, signInThroughForm } from './harness.ts';

describe('busy and loading states in Chromium', () => {
  const e2e = appInBrowser();

  /** Holds requests to `path` until `release()` is called; later ones pass straight through. */
  async function hold(page: Page, path: string) {
    const held: Route[] = [];
    let released = false;
    const handler = (route: Route) => (released ? route.continue() : held.push(route));
    await page.route(`${e2e.app.url}${path}`, handler);
    return {
      waitForRequest: async () => {
        while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      },
      release: async () => {
        released = true;
        for (const route of held.splice(0)) await route.continue();
        await page.unroute(`${e2e.app.url}${path}`, handler);
      },
    };
  }

  it("shows 'Ingresando...' on a disabled button while signing in", async () => {
    const account = await registerViaApi(e2e.app);
    const page = await e2e.browser.newPage();
    const login = await hold(page, '/api/login');
    await signInThroughForm(page, e2e.app, account.email, account.password);
    await login.waitForRequest();
    const busy = page.getByRole('button', { name: 'Ingresando...' });
    expect(await busy.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Iniciar sesión' }).count()).toBe(0);
    await login.release();
    await page.waitForURL(`${e2e.app.url}/locker`);
  });

  it("shows 'Registrando...' on a disabled button while registering, and the form is locked", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.app.url}/register`);
    await page.getByLabel('Nombre completo').fill('Rosa Ocupada');
    await page.getByLabel('Cédula').fill('123456');
    await page.getByLabel('Correo electrónico').fill(`ocupada-${Date.now()}@example.com`);
    await page.getByLabel('Contraseña', { exact: true }).fill('Clave#Segura2026');
    await page.getByLabel('Confirmar contraseña').fill('Clave#Segura2026');
    await page.getByLabel('Dirección 1').fill('Calle 1');
    await page.getByLabel('Ciudad 1').fill('Cali');
    await page.getByLabel('Código postal 1').fill('760001');
    await page.getByLabel('Captcha').fill(CAPTCHA);
    await page.getByLabel('Acepto la política de privacidad').check();
    const register = await hold(page, '/api/register');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await register.waitForRequest();
    expect(await page.getByRole('button', { name: 'Registrando...' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Nombre completo').isDisabled()).toBe(true);
    await register.release();
    await page.waitForURL(`${e2e.app.url}/login`);
  });

  it('shows the loading texts of /locker and /notify until the record is read', async () => {
    const account = await registerViaApi(e2e.app);
    const page = await e2e.browser.newPage();
    await signInThroughForm(page, e2e.app, account.email, account.password);
    await page.waitForURL(`${e2e.app.url}/locker`);
    for (const [path, text] of [
      ['/locker', messages.loadingLocker],
      ['/notify', messages.loading],
    ]) {
      const me = await hold(page, '/api/me');
      await page.goto(`${e2e.app.url}${path}`);
      await me.waitForRequest();
      await page.getByText(text as string, { exact: true }).waitFor();
      await me.release();
      await page.getByText(text as string, { exact: true }).waitFor({ state: 'detached' });
    }
  });

  it("checks a reset link before showing its form, then shows 'Guardando...' on a disabled button", async () => {
    const account = await registerViaApi(e2e.app);
    await fetch(`${e2e.app.url}/api/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: e2e.app.url },
      body: JSON.stringify({ email: account.email }),
    });
    // Without SMTP_URL the app prints each mail to its log.
    let link = '';
    for (let i = 0; i < 100 && !link; i++) {
      const mail = e2e.app
        .output()
        .split('[correo] Para: ')
        .findLast((m) => m.startsWith(`${account.email} |`));
      link = /https?:\/\/\S+\/restablecer-contrasena\?token=[A-Za-z0-9_%-]+/.exec(mail ?? '')?.[0] ?? '';
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const page = await e2e.browser.newPage();
    const check = await hold(page, '/api/password-reset/check?*');
    await page.goto(link);
    await check.waitForRequest();
    await page.getByRole('status').filter({ hasText: 'Comprobando el enlace...' }).waitFor();
    expect(await page.getByLabel('Nueva contraseña').count()).toBe(0);
    await check.release();
    await page.getByLabel('Nueva contraseña').fill('Otra#Clave2027');
    await page.getByLabel('Confirmar contraseña').fill('Otra#Clave2027');
    const save = await hold(page, '/api/password-reset');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await save.waitForRequest();
    expect(await page.getByRole('button', { name: 'Guardando...' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Nueva contraseña').isDisabled()).toBe(true);
    await save.release();
    await page.waitForURL(`${e2e.app.url}/login`);
  });

  it("says 'Error: ' and the reason when the reset request cannot reach the server", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.app.url}/login`);
    await page.route(`${e2e.app.url}/api/password-reset/request`, (route) =>
      route.abort('connectionrefused'),
    );
    await page.getByLabel('Correo electrónico').fill('alguien@example.com');
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(messages.resetErrorPrefix + messages.networkError);
  });
});
