// Issue 21 (design/pqr.md) in Chromium, one app for the file: a customer reaches /pqr from '/locker' and the package's
// page, files a 'Reclamo' about their package with a photo, sees the radicado and the due date and gets the mail; the
// admin finds it in the inbox, writes an internal note and answers; the customer (who never sees the note) files
// 'Recurso de reposición' with 'Apelación' and the admin sees it; a visitor files a 'Petición' and follows it by the
// mailed link; the admin decides an indemnización and downloads the 'Expediente'; the report counts them. axe on
// every new screen.
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { PESOS_DECIMALS_MESSAGE } from '../../src/shared/money.ts';
import { pqrMessages } from '../../src/shared/pqr/forms.ts';
import { seriousAxeViolations } from './axe.ts';
import {
  apiCall,
  appInBrowser,
  CAPTCHA,
  launchBrowser,
  registerViaApi,
  signInThroughForm,
  staffNav,
} from './harness.ts';

const ADMIN = 'pqr-admin@example.com';
const DESCRIPTION = 'La caja llegó rota y el <b>audífono</b> no enciende. Pido la revisión del paquete.';
const NOTE = 'Revisar las fotos de bodega antes de responder.';
const ANSWER =
  'Revisamos las fotos de recepción: la caja llegó sana a Miami. Abrimos una revisión con la transportadora.';
const REVIEW = 'No estoy de acuerdo: en la foto de entrega se ve la caja golpeada.';

const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The browser's session cookie, to read what a link downloads as the signed-in person would. */
async function sessionCookie(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

async function noAxeViolations(page: Page) {
  // Settled: nothing loading, no list dimmed while its next page or filter arrives.
  await page.waitForFunction(
    () => !document.body.textContent?.includes('Cargando') && !document.querySelector('[aria-busy="true"]'),
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('PQR in Chromium: filing, answering, review and a visitor', () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN }, mail: true });
  let adminBrowser: BrowserContext;
  let adminPage: Page;
  let customerPage: Page;
  let customerEmail = '';
  let packageNumber = 0;
  let radicado = '';
  let customerCall: Awaited<ReturnType<typeof apiCall>>;

  beforeAll(async () => {
    const adminPassword = (await registerViaApi(e2e.app, { email: ADMIN, name: 'Jefa de Servicio' }))
      .password;
    const account = await registerViaApi(e2e.app, { name: 'Lucía Prada' });
    customerEmail = account.email;
    const customer = await apiCall(e2e.app, account.email, account.password);
    customerCall = customer;
    const saved = await customer<{ package: { number: number } }>('POST', '/api/packages', {
      guide: `TBA${String(Date.now()).slice(-12)}`,
      store: 'Amazon',
      content: 'Audífonos inalámbricos',
      declaredValue: '49.99',
      quantity: 1,
      address: 1,
      instructions: '',
    });
    expect(saved.status).toBe(201);
    packageNumber = saved.body.package.number;

    customerPage = await e2e.browser.newPage();
    await signInThroughForm(customerPage, e2e.app, account.email, account.password);
    await customerPage.waitForURL(`${e2e.app.url}/locker`);
    adminBrowser = await launchBrowser(e2e.app.url);
    adminPage = await adminBrowser.newPage();
    await signInThroughForm(adminPage, e2e.app, ADMIN, adminPassword);
    await adminPage.waitForURL(`${e2e.app.url}/admin`);
  });
  afterAll(async () => {
    await adminBrowser?.close();
  });

  it("files a 'Reclamo' about a package with a photo, shows the radicado and due date, and mails them", async () => {
    const page = customerPage;
    await page.getByRole('link', { name: 'Presentar una PQR' }).click();
    await page.waitForURL(`${e2e.app.url}/pqr`);
    await page.getByRole('heading', { level: 1, name: 'PQR' }).waitFor();
    await page.getByText('Aún no has radicado ninguna PQR.').waitFor();
    expect(await page.getByRole('contentinfo').getByRole('link', { name: /PQR/ }).getAttribute('href')).toBe(
      '/pqr',
    );
    // From the package's page, the package comes chosen.
    await page.goto(`${e2e.app.url}/paquetes/${packageNumber}`);
    await page.getByRole('link', { name: 'Presentar una PQR sobre este paquete' }).click();
    await page.waitForURL(`${e2e.app.url}/pqr?paquete=${packageNumber}`);
    await page.getByRole('button', { name: 'Radicar PQR' }).waitFor();
    expect(await page.getByLabel('Paquete').inputValue()).toBe(String(packageNumber));

    // Nothing chosen: the form says what is missing, beside the field, and sends nothing.
    await page.getByRole('button', { name: 'Radicar PQR' }).click();
    await page.getByText(pqrMessages.type).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pqr-type');

    await page.getByLabel('Tipo').selectOption({ label: 'Reclamo' });
    await page.getByLabel('Descripción').fill(DESCRIPTION);
    await page.getByText(`${DESCRIPTION.length} de 5.000 caracteres`).waitFor();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel('Adjuntos')
      .setInputFiles({ name: 'caja.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page
      .getByRole('list', { name: 'Archivos elegidos' })
      .getByRole('button', { name: 'Quitar caja.jpg' })
      .waitFor();
    expect(await page.getByRole('radio', { name: 'Correo' }).isChecked()).toBe(true);
    await page.getByText(customerEmail).first().waitFor();
    await noAxeViolations(page);

    await page.getByRole('button', { name: 'Radicar PQR' }).click();
    const filed = status(page, 'Radicamos tu Reclamo con el número');
    await filed.waitFor();
    const text = (await filed.textContent()) ?? '';
    radicado = /con el número (\S+)\./.exec(text)?.[1] ?? '';
    expect(radicado).not.toBe('');
    expect(text).toMatch(/Te responderemos a más tardar el .+\./);
    expect(text).toContain(`Número de radicado: ${radicado}`);
    expect(text).toContain('Fecha límite de respuesta:');
    // The form starts empty again, and the new PQR heads 'Tus PQR'.
    expect(await page.getByLabel('Descripción').inputValue()).toBe('');
    await page.getByRole('region', { name: 'Tus PQR' }).getByText(radicado).waitFor();

    const mail = await e2e.smtp.waitFor(customerEmail, new RegExp(escapeRegExp(radicado)));
    expect(mail).toMatch(new RegExp(`Radicamos tu reclamo con el número ${escapeRegExp(radicado)}`, 'i'));

    // Its page: the whole thread, the description as text (not HTML) and the photo.
    await page.getByRole('link', { name: `Ver la PQR ${radicado}` }).click();
    await page.getByRole('heading', { level: 1, name: radicado }).waitFor();
    await page.getByText(DESCRIPTION).waitFor();
    expect(await page.locator('.pqr-thread b').count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Adjuntos' }).getByRole('link').count()).toBe(1);
    await noAxeViolations(page);
  });

  it('the admin finds it in the inbox, writes an internal note and answers', async () => {
    const page = adminPage;
    await (await staffNav(page)).getByRole('link', { name: 'PQR' }).click();
    await page.waitForURL(`${e2e.app.url}/admin/pqr`);
    const row = page.getByRole('row').filter({ hasText: radicado });
    await row.waitFor();
    expect(await row.textContent()).toContain('Lucía Prada');
    expect(await row.textContent()).toContain('Reclamo');
    expect(await row.textContent()).toContain('Radicada');
    await page.getByLabel('Estado').selectOption({ label: 'Por responder' });
    await row.waitFor();
    await noAxeViolations(page);

    await row.getByRole('link', { name: radicado }).click();
    await page.getByRole('heading', { level: 1, name: radicado }).waitFor();
    await page.getByRole('heading', { name: `Paquete ${packageNumber}` }).waitFor();
    await page.getByText(DESCRIPTION).waitFor();
    await noAxeViolations(page);

    await page.getByLabel('Nota interna').fill(NOTE);
    await page.getByRole('button', { name: 'Guardar nota' }).click();
    await status(page, pqrMessages.noteSaved).waitFor();
    await page.getByText('el cliente nunca ve esta nota').waitFor();

    await page.getByLabel('Respuesta', { exact: true }).fill(ANSWER);
    await page.getByRole('button', { name: 'Responder' }).click();
    await status(page, pqrMessages.answered(radicado)).waitFor();
    // Notified when its mail is sent (not when 'Responder' queued it): the mail arrives, then the thread says so.
    await e2e.smtp.waitFor(customerEmail, /Revisamos las fotos de recepción/);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1, name: radicado }).waitFor();
          return page.getByText('Notificada el').count();
        },
        // Two journeys' files share the machine's two cores: a reload can take seconds (it missed 20 s once).
        { timeout: 60_000 },
      )
      .toBe(1);
    // Answered: no longer waiting for an answer.
    expect(await page.getByRole('button', { name: 'Responder' }).count()).toBe(0);
  });

  it("the customer reads the answer (never the note) and files 'Recurso de reposición'; the admin sees it", async () => {
    const page = customerPage;
    await page.reload();
    await page.getByText(ANSWER).waitFor();
    expect(await page.getByText(NOTE).count()).toBe(0);
    await page.getByRole('heading', { name: 'Pedir la revisión de la respuesta' }).waitFor();
    await noAxeViolations(page);

    await page.getByLabel('Recurso de reposición').fill(REVIEW);
    await page.getByLabel('Apelación en subsidio ante la SIC').check();
    await page.getByRole('button', { name: 'Presentar recurso de reposición' }).click();
    await status(page, `Recibimos tu recurso de reposición sobre ${radicado}`).waitFor();
    await page.getByText('Recurso de reposición y, en subsidio, apelación').waitFor();

    await adminPage.reload();
    await adminPage.getByText(REVIEW).waitFor();
    await adminPage.getByText('Recurso de reposición y, en subsidio, apelación').waitFor();
    await adminPage.getByRole('button', { name: 'Responder' }).waitFor();
    await adminPage.goto(`${e2e.app.url}/admin/pqr`);
    await adminPage.getByLabel('Estado').selectOption({ label: 'En reposición' });
    await adminPage.getByRole('row').filter({ hasText: radicado }).waitFor();
  });

  it("a visitor files a 'Petición' with name, ID number and e-mail, and follows it by the mailed link", async () => {
    const visitor = await launchBrowser(e2e.app.url);
    try {
      const page = await visitor.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`${e2e.app.url}/pqr`);
      await page.getByLabel('Nombre').waitFor();
      await noAxeViolations(page);
      await page.getByLabel('Tipo').selectOption({ label: 'Petición' });
      await page.getByLabel('Nombre').fill('Andrés Visitante');
      await page.getByLabel('Número de documento').fill('1.020.304.050');
      await page.getByLabel('Correo electrónico').fill('visitante@example.com');
      await page.getByLabel('Descripción').fill('Quiero saber cómo abrir un casillero para mi empresa.');
      // The captcha of /register: mistyped, nothing is filed and a new one is asked for.
      await page.getByLabel('Captcha').fill('ZZZZZ');
      await page.getByRole('button', { name: 'Radicar PQR' }).click();
      await page.getByText(messages.captchaMismatch).waitFor();
      expect(await page.getByLabel('Captcha').inputValue()).toBe('');
      // That refusal was a 400 the browser logs; nothing else may fail.
      expect(errors).toEqual([
        'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
      errors.length = 0;
      await page.getByLabel('Captcha').fill(CAPTCHA);
      await page.getByRole('button', { name: 'Radicar PQR' }).click();
      const filed = status(page, 'Radicamos tu Petición con el número');
      await filed.waitFor();
      const number = /con el número (\S+)\./.exec((await filed.textContent()) ?? '')?.[1] ?? '';
      expect(number).not.toBe('');

      const mail = await e2e.smtp.waitFor('visitante@example.com', new RegExp(escapeRegExp(number)));
      // The mail's link to follow it: its radicado and the visitor's key (no account needed).
      const link = /https?:\/\/[^\s"<>]+\/pqr[^\s"<>]*clave=[^\s"<>]+/
        .exec(mail)?.[0]
        ?.replace(/&amp;/g, '&');
      expect(link).toContain(encodeURIComponent(number));
      // Nobody verified the address: the visitor's words are not in the mail, only on the linked page.
      expect(mail).not.toContain('Quiero saber cómo abrir un casillero');
      expect(mail).not.toContain('Andrés');
      const followed = new URL(link as string);
      await page.goto(`${e2e.app.url}${followed.pathname}${followed.search}`);
      await page.getByRole('heading', { level: 1, name: number }).waitFor();
      await page.getByText('Quiero saber cómo abrir un casillero para mi empresa.').waitFor();
      await noAxeViolations(page);
      // A visitor's pages ask for no session: nothing failed on the way.
      expect(errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it("the admin decides a 'Solicitud de indemnización': 'Aprobada' as 'Crédito', with the 'Expediente' PDF", async () => {
    const filed = await customerCall<{ radicado: string }>('POST', '/api/pqr', {
      type: 'indemnizacion',
      packageNumber,
      description: 'El paquete llegó abierto y falta uno de los dos audífonos.',
      noGuide: true,
    });
    expect(filed.status).toBe(201);
    const page = adminPage;
    await page.goto(`${e2e.app.url}/admin/pqr/${encodeURIComponent(filed.body.radicado)}`);
    await page.getByRole('heading', { name: 'Decisión' }).waitFor();
    await page.getByRole('button', { name: 'Guardar decisión' }).click();
    await page.getByText(pqrMessages.outcome).waitFor();
    await page.getByRole('radio', { name: 'Aprobada' }).check();
    // Decimals are refused, never read as another amount ('120000.50' was once 12.000.050 pesos).
    await page.getByLabel('Valor (pesos)').fill('120000.50');
    await page.getByRole('radio', { name: 'Crédito' }).check();
    await page.getByRole('button', { name: 'Guardar decisión' }).click();
    await page.getByText(PESOS_DECIMALS_MESSAGE).waitFor();
    await page.getByLabel('Valor (pesos)').fill('85.000');
    // The decision is final: the amount is written out and asked about before it is saved.
    await page.getByRole('button', { name: 'Guardar decisión' }).click();
    await page.getByText(/Vas a aprobar \$ 85\.000, pagados como «Crédito»/).waitFor();
    await noAxeViolations(page);
    await page.getByRole('button', { name: 'Sí, guardar decisión' }).click();
    await status(page, pqrMessages.decisionSaved).waitFor();
    // Decided once: the thread shows it and the form is gone.
    const thread = page.getByRole('region', { name: 'Historial de la PQR' });
    await thread.getByText('Aprobada').waitFor();
    expect(await page.getByRole('button', { name: 'Guardar decisión' }).count()).toBe(0);

    const expediente = await page.getByRole('link', { name: 'Expediente (PDF)' }).getAttribute('href');
    const pdf = await fetch(`${e2e.app.url}${expediente}`, {
      headers: { cookie: await sessionCookie(page) },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });

  it("the report for this month counts them, with 'Descargar CSV'", async () => {
    const page = adminPage;
    await page.goto(`${e2e.app.url}/admin/pqr`);
    await page.getByRole('button', { name: 'Ver informe' }).click();
    const total = page.getByRole('definition').first();
    await total.waitFor();
    expect(await total.textContent()).toBe('3');
    const csv = await page.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href');
    expect(csv).toMatch(/^\/api\/admin\/pqr\/reporte\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
    await noAxeViolations(page);
  });
});
