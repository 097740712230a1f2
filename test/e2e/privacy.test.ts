import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { PRIVACY_POLICY_VERSION } from '../../src/shared/policy.ts';
import { linkIn } from '../support/smtp.ts';
import { appInBrowser, registerViaApi, signInThroughForm } from './harness.ts';

describe("'Mis datos' in Chromium", () => {
  const e2e = appInBrowser({ mail: true });

  const signIn = (page: Page, email: string, password: string) =>
    signInThroughForm(page, e2e.app, email, password);

  it('never shows the data cached for the person signed in before, when another signs in in the same tab', async () => {
    const first = await registerViaApi(e2e.app, { name: 'Primera Persona Caché' });
    const second = await registerViaApi(e2e.app, { name: 'Segunda Persona Caché' });
    const page = await e2e.browser.newPage();
    await signIn(page, first.email, first.password);
    await page.waitForURL(`${e2e.app.url}/locker`);
    await page.getByRole('button', { name: 'Mis datos' }).click();
    const held = page.getByRole('region', { name: 'Datos que guardamos' });
    await held.getByText('Primera Persona Caché', { exact: true }).waitFor();

    // Within the same tab (no reload), the sign-in form is opened and another person signs in.
    await page.evaluate(() => window.history.pushState({}, '', '/login'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await page.getByLabel('Correo electrónico').fill(second.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(second.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(`${e2e.app.url}/locker`);
    // From here on, anything the page shows is watched: the first person's name must never appear.
    await page.evaluate(() => {
      const watch = window as unknown as { sawFirst: boolean };
      watch.sawFirst = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('Primera Persona Caché')) watch.sawFirst = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Mis datos' }).click();
    await held.getByText('Segunda Persona Caché', { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sawFirst: boolean }).sawFirst)).toBe(false);
    await page.close();
  });

  it('names its four parts at the top on a phone, each link leading to its part (issue 47 item 13)', async () => {
    const account = await registerViaApi(e2e.app, { name: 'Paula Partes' });
    const page = await e2e.browser.newPage();
    await signIn(page, account.email, account.password);
    await page.waitForURL(`${e2e.app.url}/locker`);
    await page.goto(`${e2e.app.url}/mis-datos`);
    const parts = page.getByRole('navigation', { name: 'Partes de Mis datos' });
    await parts.waitFor();
    const links = parts.getByRole('link');
    expect(await links.allTextContents()).toEqual(['Perfil', 'Facturación', 'Avisos', 'Privacidad']);
    // All four in the first screenful of a 390 × 844 phone.
    for (const box of await Promise.all((await links.all()).map((link) => link.boundingBox())))
      expect((box?.y ?? 900) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
    const inView = (name: string) =>
      page.getByRole('heading', { level: 2, name }).evaluate((heading) => {
        const { top, bottom } = heading.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      });
    const targets: Array<[string, string]> = [
      ['Facturación', 'Datos de facturación'],
      ['Privacidad', 'Descargar mis datos'],
      ['Avisos', 'Avisos por WhatsApp'],
      ['Perfil', 'Datos que guardamos'],
    ];
    for (const [link, heading] of targets) {
      await parts.getByRole('link', { name: link }).click();
      await expect.poll(() => inView(heading)).toBe(true);
    }
    await page.close();
  });

  it('views, corrects, changes the cédula, exports, changes the e-mail and deletes the account, which then cannot sign in', async () => {
    const account = await registerViaApi(e2e.app, { name: 'Valentina Ruiz', cedula: '52111222' });
    const page = await e2e.browser.newPage();
    await signIn(page, account.email, account.password);
    await page.waitForURL(`${e2e.app.url}/locker`);
    const lockerNumber = (await page.locator('.locker-number').textContent()) ?? '';
    await page.getByRole('button', { name: 'Mis datos' }).click();
    await page.waitForURL(`${e2e.app.url}/mis-datos`);

    // View: everything registered, with the proof of consent.
    const held = page.getByRole('region', { name: 'Datos que guardamos' });
    await held.waitFor();
    const shown = (await held.textContent()) ?? '';
    for (const value of [
      'Valentina Ruiz',
      account.email,
      '52111222',
      '+57 310 1234567',
      'Calle 45 # 12-30, Bogotá, 110111',
      lockerNumber,
      PRIVACY_POLICY_VERSION,
      'Navegador',
      'Dirección IP',
    ])
      expect(shown).toContain(value);

    // Correct: the same labels and rules as registration.
    const correct = page.getByRole('region', { name: 'Corregir mis datos' });
    await correct.getByLabel('Dirección 1').fill('');
    await correct.getByRole('button', { name: 'Guardar cambios' }).click();
    await correct
      .getByRole('alert')
      .filter({ hasText: messages.required('Dirección 1') })
      .waitFor();
    await correct.getByLabel('Nombre completo').fill('Valentina Ruiz Gómez');
    await correct.getByLabel('Teléfono', { exact: true }).fill('320 987 6543');
    await correct.getByLabel('Dirección 1').fill('Carrera 15 # 93-47');
    await correct.getByLabel('Ciudad 1').fill('Barranquilla');
    await correct.getByLabel('Código postal 1').fill('080001');
    await correct.getByLabel('Dirección 2').fill('Calle 8 # 1-2');
    await correct.getByLabel('Ciudad 2').fill('Soledad');
    await correct.getByLabel('Código postal 2').fill('083001');
    await correct.getByRole('button', { name: 'Guardar cambios' }).click();
    await correct.getByRole('status').filter({ hasText: messages.dataUpdated }).waitFor();
    await held.getByText('Carrera 15 # 93-47, Barranquilla, 080001').waitFor();
    expect(await held.textContent()).toContain('+57 320 9876543');

    // Cédula: needs the current password; a wrong one changes nothing.
    const cedulaSection = page.getByRole('region', { name: 'Cambiar cédula' });
    await cedulaSection.getByLabel('Nueva cédula').fill('52999888');
    await cedulaSection.getByLabel('Contraseña actual').fill('Equivocada#99');
    await cedulaSection.getByRole('button', { name: 'Cambiar cédula' }).click();
    await cedulaSection.getByRole('alert').filter({ hasText: messages.passwordIncorrect }).waitFor();
    await cedulaSection.getByLabel('Nueva cédula').fill('52999888');
    await cedulaSection.getByLabel('Contraseña actual').fill(account.password);
    await cedulaSection.getByRole('button', { name: 'Cambiar cédula' }).click();
    await cedulaSection.getByRole('status').filter({ hasText: messages.cedulaUpdated }).waitFor();
    await held.getByText('52999888').waitFor();

    // Export: a JSON download with the corrected values.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar mis datos' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`mis-datos-${lockerNumber}.json`);
    const exported = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
    expect(exported).toMatchObject({
      name: 'Valentina Ruiz Gómez',
      registeredName: 'Valentina Ruiz Gómez',
      email: account.email,
      cedula: '52999888',
      telefono: '+573209876543',
      direccion1: 'Carrera 15 # 93-47',
      ciudad1: 'Barranquilla',
      codigoPostal1: '080001',
      direccion2: 'Calle 8 # 1-2',
      ciudad2: 'Soledad',
      codigoPostal2: '083001',
      lockerNumber,
      aceptoPolitica: true,
      politicaVersion: PRIVACY_POLICY_VERSION,
      emailVerified: false,
    });

    // E-mail change: nothing changes until the link mailed to the new address is opened.
    const newEmail = `nuevo-${Date.now()}@example.com`;
    const emailSection = page.getByRole('region', { name: 'Cambiar correo electrónico' });
    await emailSection.getByLabel('Nuevo correo electrónico').fill(newEmail);
    await emailSection.getByLabel('Contraseña actual').fill(account.password);
    await emailSection.getByRole('button', { name: 'Cambiar correo' }).click();
    await emailSection
      .getByRole('status')
      .filter({ hasText: messages.emailChangeSent(newEmail) })
      .waitFor();
    await held.getByText(`${newEmail} (falta abrir el enlace)`).waitFor();
    const mail = await e2e.smtp.waitFor(newEmail, /confirmar-correo/);
    await page.goto(linkIn(mail, '/confirmar-correo'));
    await page
      .getByRole('status')
      .filter({ hasText: messages.emailChanged(newEmail) })
      .waitFor();
    await page.getByRole('button', { name: 'Ir a Mis datos' }).click();
    await page.waitForURL(`${e2e.app.url}/mis-datos`);
    await held.getByText(`${newEmail} (verificado)`).waitFor();

    // Delete: the password, then /login with a notice.
    const danger = page.getByRole('region', { name: 'Eliminar mi cuenta' });
    expect(await danger.textContent()).toContain(`Tu número de casillero ${lockerNumber} queda retirado`);
    await danger.getByLabel('Contraseña actual').fill('Clave#Equivocada1');
    await danger.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await danger.getByRole('alert').filter({ hasText: messages.passwordIncorrect }).waitFor();
    await danger.getByLabel('Contraseña actual').fill(account.password);
    await danger.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await page.waitForURL(`${e2e.app.url}/login`);
    await page.getByRole('status').filter({ hasText: messages.accountDeleted }).waitFor();

    // The session is gone and neither address signs in any more.
    await page.goto(`${e2e.app.url}/mis-datos`);
    await page.waitForURL(`${e2e.app.url}/login`);
    for (const email of [newEmail, account.email]) {
      await signIn(page, email, account.password);
      await page.getByRole('alert').filter({ hasText: messages.loginInvalid }).waitFor();
      expect(page.url()).toBe(`${e2e.app.url}/login`);
    }
  });
});
