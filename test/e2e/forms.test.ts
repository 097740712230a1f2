// The account forms in Chromium (issue 11): registration ending on a filled-in /login, required marks and messages
// beside their fields, even spacing, a reset link checked as it opens, and what 'Mis datos' and the mails say.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { linkIn } from '../support/smtp.ts';
import { appInBrowser, CAPTCHA, registerViaApi, signInThroughForm } from './harness.ts';

const PASSWORD = 'Clave#Segura2026';
const REQUIRED = [
  'Nombre completo',
  'Cédula',
  'Correo electrónico',
  'Contraseña',
  'Confirmar contraseña',
  'Dirección 1',
  'Ciudad 1',
  'Código postal 1',
  'Captcha',
  'Acepto la política de privacidad',
];
const OPTIONAL = ['Teléfono', 'Dirección 2', 'Ciudad 2', 'Código postal 2'];

/** The text a screen reader reads after a control's name: its hint and its message. */
const descriptionOf = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('account forms in Chromium', () => {
  const e2e = appInBrowser({ mail: true });
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

  async function openRegistration(page: Page) {
    await page.goto(`${e2e.app.url}/register`);
    await page.getByRole('img', { name: /Código de verificación/ }).waitFor();
  }

  async function fillRegistration(page: Page, email: string, password = PASSWORD) {
    await field(page, 'Nombre completo').fill('Marta Lozano');
    await field(page, 'Cédula').fill('52777888');
    await field(page, 'Correo electrónico').fill(email);
    await field(page, 'Contraseña').fill(password);
    await field(page, 'Confirmar contraseña').fill(password);
    await field(page, 'Teléfono').fill('3209876543');
    await field(page, 'Dirección 1').fill('Carrera 7 # 71-21');
    await field(page, 'Ciudad 1').fill('Bogotá');
    await field(page, 'Código postal 1').fill('110231');
    await field(page, 'Captcha').fill(CAPTCHA);
    await field(page, 'Acepto la política de privacidad').check();
  }

  it('finding 1: registration ends on /login with the e-mail filled in, the focus on Contraseña and the notice', async () => {
    const page = await e2e.browser.newPage();
    await openRegistration(page);
    const email = `recien-${Date.now()}@example.com`;
    await fillRegistration(page, email);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(`${e2e.app.url}/login`);
    await page.getByRole('status').filter({ hasText: messages.registered }).waitFor();
    expect(await field(page, 'Correo electrónico').inputValue()).toBe(email);
    await expect.poll(() => focusedId(page)).toBe('password');
    // Only the password is left to type.
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${e2e.app.url}/locker`);
  });

  it('finding 2: marks the required fields, opens the number pad for postal codes and names every password rule', async () => {
    const page = await e2e.browser.newPage();
    await openRegistration(page);
    for (const label of REQUIRED) {
      const control = field(page, label);
      expect(await control.getAttribute('aria-required'), label).toBe('true');
      expect(await control.evaluate((element) => (element as HTMLInputElement).required), label).toBe(true);
      // A visible '*' beside the label, which is not part of the accessible name.
      const mark = await control.evaluate((element) => {
        const star = document.querySelector(`label[for="${element.id}"]`)?.nextElementSibling;
        return star instanceof HTMLElement && star.offsetParent !== null
          ? `${star.textContent}|${star.getAttribute('aria-hidden')}`
          : '';
      });
      expect(mark, label).toBe('*|true');
    }
    for (const label of OPTIONAL) {
      expect(await field(page, label).getAttribute('aria-required'), label).toBeNull();
      expect(await field(page, label).evaluate((element) => (element as HTMLInputElement).required)).toBe(
        false,
      );
    }
    for (const label of ['Código postal 1', 'Código postal 2'])
      expect(await field(page, label).getAttribute('inputmode'), label).toBe('numeric');
    const hint = await descriptionOf(field(page, 'Contraseña'));
    for (const rule of [
      'Mínimo 8 caracteres',
      'mayúscula',
      'minúscula',
      'número',
      '@#$%^&+=!',
      '128',
      'comunes',
    ])
      expect(hint).toContain(rule);
  });

  it('finding 2: a server refusal stands beside its field with the focus there; only the captcha is emptied', async () => {
    const taken = await registerViaApi(e2e.app);
    const page = await e2e.browser.newPage();
    await openRegistration(page);
    const email = `comun-${Date.now()}@example.com`;
    await fillRegistration(page, email, 'Password123!');
    const captchaImage = page.getByRole('img', { name: /Código de verificación/ });
    const firstCaptcha = await captchaImage.getAttribute('src');
    const submit = page.getByRole('button', { name: 'Crear cuenta' });

    await submit.click();
    await page.getByText(messages.passwordCommon).waitFor();
    expect(await descriptionOf(field(page, 'Contraseña'))).toContain(messages.passwordCommon);
    expect(await focusedId(page)).toBe('password');
    for (const [label, value] of [
      ['Nombre completo', 'Marta Lozano'],
      ['Cédula', '52777888'],
      ['Correo electrónico', email],
      ['Confirmar contraseña', 'Password123!'],
      ['Teléfono', '320 9876543'],
      ['Dirección 1', 'Carrera 7 # 71-21'],
      ['Código postal 1', '110231'],
    ])
      expect(await field(page, label as string).inputValue(), label).toBe(value);
    expect(await field(page, 'Acepto la política de privacidad').isChecked()).toBe(true);
    expect(await field(page, 'Captcha').inputValue()).toBe('');
    await expect.poll(() => captchaImage.getAttribute('src')).not.toBe(firstCaptcha);

    await field(page, 'Contraseña').fill(PASSWORD);
    await field(page, 'Confirmar contraseña').fill(PASSWORD);
    await field(page, 'Correo electrónico').fill(taken.email);
    await field(page, 'Captcha').fill('ZZZZZ');
    await submit.click();
    await page.getByText(messages.captchaMismatch).waitFor();
    expect(await descriptionOf(field(page, 'Captcha'))).toContain(messages.captchaMismatch);
    expect(await focusedId(page)).toBe('captcha');

    await captchaImage.waitFor();
    await page.keyboard.type(CAPTCHA);
    await submit.click();
    await page.getByText(messages.emailTaken).waitFor();
    expect(await descriptionOf(field(page, 'Correo electrónico'))).toContain(messages.emailTaken);
    expect(await focusedId(page)).toBe('email');
    expect(await field(page, 'Contraseña').inputValue()).toBe(PASSWORD);
  });

  it('finding 2: spaces every field alike, with its hint and message inside it', async () => {
    const page = await e2e.browser.newPage();
    await openRegistration(page);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText(messages.required('Nombre completo')).waitFor();
    const gaps = await page.evaluate(() => {
      const result: Record<string, number> = {};
      const bottom = (element: Element) => element.getBoundingClientRect().bottom;
      const top = (element: Element) => element.getBoundingClientRect().top;
      for (const label of document.querySelectorAll<HTMLLabelElement>('main form label')) {
        const control = document.getElementById(label.htmlFor);
        if (!control || (control as HTMLInputElement).type === 'checkbox') continue;
        // The label (or its row with the required mark) to what follows it; each hint and message to what precedes.
        const row = label.parentElement?.classList.contains('field__label') ? label.parentElement : label;
        if (row.nextElementSibling)
          result[`${label.textContent} →`] = top(row.nextElementSibling) - bottom(row);
        for (const id of (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)) {
          const part = document.getElementById(id);
          if (part?.previousElementSibling)
            result[`${label.textContent} ↓ ${id}`] = top(part) - bottom(part.previousElementSibling);
        }
      }
      return result;
    });
    expect(Object.keys(gaps).length).toBeGreaterThan(20);
    const first = Object.values(gaps)[0] ?? 0;
    for (const [where, gap] of Object.entries(gaps)) expect(Math.abs(gap - first), where).toBeLessThan(1);
  });

  it('forms: an empty or wrong form says why beside each field and focuses the first (login, registration, reset)', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.app.url}/login`);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText(messages.required('Correo electrónico')).waitFor();
    expect(await descriptionOf(field(page, 'Contraseña'))).toContain(messages.required('Contraseña'));
    expect(await focusedId(page)).toBe('email');

    await openRegistration(page);
    await field(page, 'Ciudad 1').fill('Cali');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText(messages.required('Nombre completo')).waitFor();
    expect(await focusedId(page)).toBe('name');
    for (const label of ['Cédula', 'Dirección 1', 'Código postal 1', 'Captcha'])
      expect(await descriptionOf(field(page, label))).toContain(messages.required(label));
    expect(await field(page, 'Ciudad 1').getAttribute('aria-invalid')).toBeNull();
    // design/product.md §5's own checks keep their order, one at a time, each beside its field.
    await fillRegistration(page, `orden-${Date.now()}@example.com`, 'corta');
    await field(page, 'Acepto la política de privacidad').uncheck();
    await field(page, 'Confirmar contraseña').fill('distinta');
    const submit = page.getByRole('button', { name: 'Crear cuenta' });
    for (const [message, id] of [
      [messages.consentRequired, 'aceptoPolitica'],
      [messages.passwordsDiffer, 'confirmPassword'],
      [messages.passwordWeak, 'password'],
    ] as const) {
      await submit.click();
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
      expect(await focusedId(page)).toBe(id);
      expect(await page.getByRole('alert').count()).toBe(1);
      if (id === 'aceptoPolitica') await field(page, 'Acepto la política de privacidad').check();
      if (id === 'confirmPassword') await field(page, 'Confirmar contraseña').fill('corta');
    }
  });

  it('finding 9: a used or made-up reset link is explained as the page opens, and a new one is asked for there', async () => {
    const account = await registerViaApi(e2e.app);
    const page = await e2e.browser.newPage();
    for (const query of ['?token=inventado', '']) {
      await page.goto(`${e2e.app.url}/restablecer-contrasena${query}`);
      await page.getByRole('alert').filter({ hasText: messages.resetLinkInvalid }).waitFor();
      expect(await page.getByLabel('Nueva contraseña').count()).toBe(0);
    }
    await field(page, 'Correo electrónico').fill(account.email);
    await page.getByRole('button', { name: 'Enviar un nuevo enlace' }).click();
    await page.getByRole('status').filter({ hasText: messages.resetSent }).waitFor();

    const link = linkIn(
      await e2e.smtp.waitFor(account.email, /restablecer-contrasena/),
      '/restablecer-contrasena',
    );
    await page.goto(link);
    await page.getByLabel('Nueva contraseña').waitFor();
    expect(await page.getByText(messages.resetLinkInvalid).count()).toBe(0);
    await page.getByLabel('Nueva contraseña').fill('Otra#Clave2027');
    await field(page, 'Confirmar contraseña').fill('Otra#Clave2028');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText(messages.passwordsDiffer).waitFor();
    expect(await focusedId(page)).toBe('confirmPassword');
    await field(page, 'Confirmar contraseña').fill('Otra#Clave2027');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.waitForURL(`${e2e.app.url}/login`);
    await page.getByText(messages.resetDone).waitFor();

    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: messages.resetLinkInvalid }).waitFor();
    expect(await page.getByLabel('Nueva contraseña').count()).toBe(0);
  });

  it("finding 12: 'Mis datos' shows the phone formatted, the device in words and explains 'Nombre registrado'", async () => {
    const page = await e2e.browser.newPage();
    await openRegistration(page);
    const email = `datos-${Date.now()}@example.com`;
    await fillRegistration(page, email);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(`${e2e.app.url}/login`);
    await signInThroughForm(page, e2e.app, email, PASSWORD);
    await page.waitForURL(`${e2e.app.url}/locker`);
    await page.goto(`${e2e.app.url}/mis-datos`);
    const held = page.getByRole('region', { name: 'Datos que guardamos' });
    await held.waitFor();
    const row = (label: string) =>
      held.locator('div').filter({ has: page.getByText(label, { exact: true }) });
    expect(await row('Teléfono').locator('dd').textContent()).toBe('+57 320 9876543');
    expect(await row('Navegador').locator('dd').textContent()).toMatch(/^Chrome en (Linux|Windows|macOS)$/);
    expect(await row('Nombre registrado').locator('dd').textContent()).toMatch(
      /^Marta Lozano.*casillero.*etiqueta de cada paquete/,
    );

    // A change that needs the password: a wrong one is said beside it, with the new value kept.
    const cedula = page.getByRole('region', { name: 'Cambiar cédula' });
    await cedula.getByLabel('Nueva cédula').fill('52999000');
    await cedula.getByLabel('Contraseña actual').fill('Equivocada#1');
    await cedula.getByRole('button', { name: 'Cambiar cédula' }).click();
    await cedula.getByText(messages.passwordIncorrect).waitFor();
    expect(await descriptionOf(cedula.getByLabel('Contraseña actual'))).toContain(messages.passwordIncorrect);
    expect(await focusedId(page)).toBe('cedula-password');
    expect(await cedula.getByLabel('Nueva cédula').inputValue()).toBe('52999000');

    // The verification mail: a button in HTML, and a plain-text part that does not mention one.
    const mail = await e2e.smtp.waitFor(email, /verificar-correo/);
    const plain = /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(mail)?.[1] ?? '';
    expect(plain).toContain('verificar-correo?token=');
    expect(plain).not.toMatch(/bot[oó]n/i);
    expect(mail).toContain('botón');
  });
});
