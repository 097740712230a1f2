import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { linkIn } from '../support/smtp.ts';
import { appInBrowser, CAPTCHA, launchBrowser, recordViaApi, registerViaApi } from './harness.ts';

describe('account journeys in Chromium', () => {
  const e2e = appInBrowser({ mail: true });

  async function fillRegistration(
    page: Page,
    email: string,
    password = 'Clave#Segura2026',
    confirm = password,
  ) {
    await page.getByLabel('Nombre completo').fill('Lucía Fernández');
    await page.getByLabel('Cédula').fill('52123456');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByLabel('Confirmar contraseña').fill(confirm);
    await page.getByLabel('Teléfono').fill('3209876543');
    await page.getByLabel('Dirección 1').fill('Carrera 7 # 71-21');
    await page.getByLabel('Ciudad 1').fill('Bogotá');
    await page.getByLabel('Código postal 1').fill('110231');
    await page.getByLabel('Captcha').fill(CAPTCHA);
  }

  it('registers through an invitation, verifies the mailed link and lands on /locker after login', async () => {
    const referrer = await registerViaApi(e2e.app);
    const { refCode } = await recordViaApi(e2e.app, referrer.email, referrer.password);
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.app.url}/invite?ref=${refCode.toLowerCase()}`);
    await page.getByText(`Te invitó un amigo con el código ${refCode}.`).waitFor();
    const email = `invitada-${Date.now()}@example.com`;
    await fillRegistration(page, email);
    await page.getByLabel('Acepto la política de privacidad').check();
    const submit = page.getByRole('button', { name: 'Crear cuenta' });
    await submit.click();
    await page.waitForURL(`${e2e.app.url}/login`);
    await page.getByText(messages.registered).waitFor();

    const mail = await e2e.smtp.waitFor(email, /verificar-correo/);
    expect(mail).toContain('Lucía Fernández');
    await page.goto(linkIn(mail, '/verificar-correo'));
    await page.getByText(messages.verifyDone).waitFor();
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('Clave#Segura2026');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(`${e2e.app.url}/locker`);
    await page.getByText('Lucía Fernández').first().waitFor();
    expect(await page.getByText('Tu correo aún no está verificado').count()).toBe(0);
    const record = await recordViaApi(e2e.app, email, 'Clave#Segura2026');
    expect(record.referredBy).toBe(refCode);
    // Typed as a national number with Colombia, the default country: stored in E.164 with its '+'.
    expect(record.telefono).toBe('+573209876543');
  });

  it('finds a country by its Spanish name and stores the phone with its code', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.app.url}/register`);
    const country = page.getByLabel('País', { exact: true });
    expect(await country.locator('option:checked').textContent()).toBe('Colombia (+57)');
    await page.getByLabel('Buscar país').fill('mexico');
    // The list narrows once typing pauses (250 ms); Colombia stays as the current choice until one is picked.
    await page.waitForFunction(() => {
      const select = document.querySelector<HTMLSelectElement>('select');
      return select !== null && [...select.options].some((option) => option.text === 'México (+52)');
    });
    await country.selectOption({ label: 'México (+52)' });
    const email = `mexico-${Date.now()}@example.com`;
    await fillRegistration(page, email);
    await page.getByLabel('Teléfono').fill('5512345678');
    await page.getByLabel('Acepto la política de privacidad').check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(`${e2e.app.url}/login`);
    expect((await recordViaApi(e2e.app, email, 'Clave#Segura2026')).telefono).toBe('+525512345678');
  });

  it('shows every registration message in its order, one at a time, beside its field', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.app.url}/register`);
    const alert = page.getByRole('alert');
    const submit = page.getByRole('button', { name: 'Crear cuenta' });
    const email = `orden-${Date.now()}@example.com`;

    await fillRegistration(page, email, 'corta', 'distinta');
    await submit.click();
    expect(await alert.textContent()).toBe(messages.consentRequired);

    await page.getByLabel('Acepto la política de privacidad').check();
    await submit.click();
    expect(await alert.textContent()).toBe(messages.passwordsDiffer);

    await page.getByLabel('Confirmar contraseña').fill('corta');
    await submit.click();
    expect(await alert.textContent()).toBe(messages.passwordWeak);

    await page.getByLabel('Contraseña', { exact: true }).fill('Clave#Segura2026');
    await page.getByLabel('Confirmar contraseña').fill('Clave#Segura2026');
    await page.getByLabel('Captcha').fill('ZZZZZ');
    await submit.click();
    await page.getByText(messages.captchaMismatch).waitFor();
    // The form is usable again, with a new captcha to type.
    expect(await submit.isEnabled()).toBe(true);
    expect(await page.getByLabel('Captcha').inputValue()).toBe('');
    await page.getByLabel('Captcha').fill(CAPTCHA);
    await submit.click();
    await page.waitForURL(`${e2e.app.url}/login`);
  });

  it("says 'Error al iniciar sesión: ' with one reason for a wrong password, and toggles the password", async () => {
    const account = await registerViaApi(e2e.app);
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.app.url}/login`);
    await page.getByLabel('Correo electrónico').fill(account.email);
    const password = page.getByLabel('Contraseña', { exact: true });
    await password.fill('Equivocada#1');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Ocultar' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const error = page.getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toBe(messages.loginErrorPrefix + messages.loginInvalid);
    expect(page.url()).toBe(`${e2e.app.url}/login`);
  });

  it('resets the password through the mailed link', async () => {
    const account = await registerViaApi(e2e.app);
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.app.url}/login`);
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(messages.resetEmailRequired);
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.getByText(messages.resetSent).waitFor();

    const mail = await e2e.smtp.waitFor(account.email, /restablecer-contrasena/);
    await page.goto(linkIn(mail, '/restablecer-contrasena'));
    await page.getByLabel('Nueva contraseña').fill('Otra#Clave2027');
    await page.getByLabel('Confirmar contraseña').fill('Otra#Clave2027');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.waitForURL(`${e2e.app.url}/login`);
    await page.getByText(messages.resetDone).waitFor();
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('Otra#Clave2027');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(`${e2e.app.url}/locker`);
  });

  it('sends visitors without a session from /locker, /notify and /admin to /login', async () => {
    const context = await launchBrowser();
    try {
      const page = await context.newPage();
      for (const path of ['/locker', '/notify', '/admin']) {
        await page.goto(`${e2e.app.url}${path}`);
        await page.waitForURL(`${e2e.app.url}/login`);
      }
    } finally {
      await context.close();
    }
  });
});
