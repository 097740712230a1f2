// Issue 22 in Chromium, against the Cloud API's stand-in (in this process; the app is started with its URL and the
// five WHATSAPP_* variables): a customer registers with the WhatsApp box ticked, a package is received, the stand-in
// receives 'paquete_recibido' with the right parameters, a signed 'read' status makes 'Historial' say it was read;
// the switch in 'Mis datos' turned off sends nothing more; /admin/avisos shows the notice and passes axe.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHATSAPP_NEEDS_PHONE } from '../../src/server/privacy/whatsapp.ts';
import { consentLabel, TEMPLATES } from '../../src/shared/notices/templates.ts';
import { startWhatsappStandIn, type WhatsappStandIn } from '../support/whatsapp-stand-in.ts';
import { seriousAxeViolations } from './axe.ts';
import {
  apiCall,
  appInBrowser,
  CAPTCHA,
  launchBrowser,
  recordViaApi,
  registerViaApi,
  signInThroughForm,
  staffNav,
} from './harness.ts';

const ADMIN = 'avisos-admin@example.com';
const PASSWORD = 'Clave#Segura2026';
const PHONE = '+573209876543';
const WA_ID = '573209876543';
let guides = 0;
const newGuide = () => `TBA${String(Date.now() % 1e9).padStart(9, '0')}${String(++guides).padStart(3, '0')}`;

async function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Esperando: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('WhatsApp notices in Chromium, against the Cloud API stand-in', () => {
  // Filled before the app starts (hooks run in order): the stand-in's URL and credentials.
  const env: Record<string, string> = { ADMIN_EMAILS: ADMIN };
  let standIn: WhatsappStandIn;
  beforeAll(async () => {
    standIn = await startWhatsappStandIn();
    Object.assign(env, standIn.env);
  });
  const e2e = appInBrowser({ env });
  let admin: Awaited<ReturnType<typeof apiCall>>;
  afterAll(async () => {
    await standIn?.close();
  });

  let page: Page;
  let email = '';
  let number = 0;

  async function receivePackage() {
    const customer = await apiCall(e2e.app, email, PASSWORD);
    const guide = newGuide();
    const alerted = await customer<{ package: { number: number } }>('POST', '/api/packages', {
      guide,
      store: 'Amazon',
      content: 'Audífonos',
      declaredValue: '10',
      quantity: 1,
      address: 1,
      instructions: '',
    });
    expect(alerted.status).toBe(201);
    const { lockerNumber } = await recordViaApi(e2e.app, email, PASSWORD);
    const receipt = await admin('POST', '/api/warehouse/receipts', { guide, lockerNumber, weightLb: '2.5' });
    expect(receipt.status).toBe(201);
    return alerted.body.package.number;
  }

  it('registers with the box ticked beside the phone, unticked until the person ticks it', async () => {
    standIn.setWebhook(`${e2e.app.url}/api/whatsapp/webhook`);
    await registerViaApi(e2e.app, { email: ADMIN, name: 'Jefa de Avisos' });
    admin = await apiCall(e2e.app, ADMIN, PASSWORD);
    page = await e2e.browser.newPage();
    await page.goto(`${e2e.app.url}/register`);
    email = `avisos-${Date.now()}@example.com`;
    await page.getByLabel('Nombre completo').fill('Lucía Fernández');
    await page.getByLabel('Cédula').fill('52123456');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
    await page.getByLabel('Teléfono').fill('3209876543');
    await page.getByLabel('Dirección 1').fill('Carrera 7 # 71-21');
    await page.getByLabel('Ciudad 1').fill('Bogotá');
    await page.getByLabel('Código postal 1').fill('110231');
    await page.getByLabel('Captcha').fill(CAPTCHA);
    await page.getByLabel('Acepto la política de privacidad').check();
    const box = page.getByRole('checkbox', { name: consentLabel(PHONE) });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(`${e2e.app.url}/login`);
    const choice = await apiCall(e2e.app, email, PASSWORD);
    const answer = await choice<{ granted: boolean; source: string; phone: string }>(
      'GET',
      '/api/me/whatsapp',
    );
    expect(answer.body).toMatchObject({ granted: true, source: 'registro', phone: PHONE });
  });

  it("sends 'paquete_recibido' with its parameters, and a signed 'read' makes 'Historial' say it was read", async () => {
    number = await receivePackage();
    const message = await until('paquete_recibido en el stand-in', () =>
      standIn.received.find((item) => item.to === WA_ID && item.parameters[1] === String(number)),
    );
    expect(message.template).toBe('paquete_recibido');
    expect(message.parameters).toHaveLength(TEMPLATES.paquete_recibido.parameters.length);
    expect(message.parameters.slice(0, 3)).toEqual(['Lucía', String(number), '2.50']);
    expect(message.parameters[3]).toMatch(/^\$ [\d.]+$/);
    expect(message.parameters[4]).toMatch(new RegExp(`/paquetes/${number}$`));

    const webhook = await standIn.sendStatus(message.wamid, 'read');
    expect(webhook.status).toBe(200);
    await signInThroughForm(page, e2e.app, email, PASSWORD);
    await page.waitForURL(`${e2e.app.url}/locker`);
    await page.goto(`${e2e.app.url}/paquetes/${number}`);
    const history = page.getByRole('region', { name: 'Historial' });
    // The time is the reader's, on a 24-hour clock (formatLocalClock).
    await history.getByText(/^Aviso por WhatsApp: leído \d{2}:\d{2}$/).waitFor();
  });

  it("turns the notices off with the 'Mis datos' switch: nothing more is sent by WhatsApp", async () => {
    await page.goto(`${e2e.app.url}/mis-datos`);
    const toggle = page.getByRole('switch', { name: 'Avisos por WhatsApp' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await page.getByRole('status').filter({ hasText: 'ya no te avisaremos por WhatsApp' }).waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await page.getByText(/Desactivados desde el .* \(política de avisos versión /).waitFor();

    const before = standIn.received.filter((item) => item.to === WA_ID).length;
    const second = await receivePackage();
    const customer = await apiCall(e2e.app, email, PASSWORD);
    // The move is written and told by mail; give the worker time to (wrongly) send anything queued.
    await until('el segundo paquete recibido', async () => {
      const detail = await customer<{ events: unknown[] }>('GET', `/api/packages/${second}`);
      return detail.status === 200 && detail.body.events.length > 0 ? true : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(standIn.received.filter((item) => item.to === WA_ID)).toHaveLength(before);
    await page.goto(`${e2e.app.url}/paquetes/${second}`);
    await page.getByRole('region', { name: 'Historial' }).getByText('Aviso por correo').waitFor();
  });

  it("shows the server's message beside the switch when the account has no phone, and leaves it off", async () => {
    const phoneless = await registerViaApi(e2e.app, { name: 'Óscar Sin Teléfono', telefono: '' });
    const browser = await launchBrowser(e2e.app.url);
    const own = await browser.newPage();
    await signInThroughForm(own, e2e.app, phoneless.email, PASSWORD);
    await own.waitForURL(`${e2e.app.url}/locker`);
    await own.goto(`${e2e.app.url}/mis-datos`);
    const toggle = own.getByRole('switch', { name: 'Avisos por WhatsApp' });
    await toggle.waitFor();
    await own
      .getByText('Aún no has elegido: no te enviamos avisos por WhatsApp.', { exact: false })
      .waitFor();
    await toggle.click();
    await own.getByText(WHATSAPP_NEEDS_PHONE).waitFor();
    expect(await toggle.getAttribute('aria-describedby')).toContain('avisos-whatsapp-error');
    expect(await toggle.isChecked()).toBe(false);
    await browser.close();
  });

  it('shows the notices to admins at /admin/avisos, with no serious axe violation', async () => {
    // A browser of the admin's own: the customer's session stays in the other.
    const browser = await launchBrowser(e2e.app.url);
    const staff = await browser.newPage();
    await signInThroughForm(staff, e2e.app, ADMIN, PASSWORD);
    await staff.waitForURL(`${e2e.app.url}/admin`);
    await (await staffNav(staff)).getByRole('link', { name: 'Avisos' }).click();
    await staff.waitForURL(`${e2e.app.url}/admin/avisos`);
    await staff.getByRole('heading', { level: 1, name: 'Avisos' }).waitFor();
    const last = staff.getByRole('region', { name: 'Últimos avisos' });
    await last.getByRole('link', { name: String(number) }).waitFor();
    await last
      .getByText(/^leído /)
      .first()
      .waitFor();
    await staff
      .getByRole('status')
      .filter({ hasText: /^Leídos: / })
      .waitFor();
    await staff
      .getByRole('region', { name: 'Clientes que se dieron de baja' })
      .getByText('Lucía Fernández')
      .waitFor();
    expect(await seriousAxeViolations(staff)).toEqual([]);
    await browser.close();
  });
});
