import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/server/db/open.ts';
import { users } from '../../src/server/db/schema.ts';
import { checkoutFields, formatSendToAddress, parseOfficeAddress } from '../../src/shared/address.ts';
import { buildMailtoNotifyLink, buildWhatsAppNotifyLink } from '../../src/shared/links.ts';
import { appInBrowser, recordViaApi, registerViaApi, signInThroughForm, startApp } from './harness.ts';

const OFFICE = '8000 W 12th Ave, Suite 114\nHialeah, FL 33014\nUSA';

describe('the customer screens in Chromium', () => {
  const e2e = appInBrowser({
    env: {
      BRAND_NAME: 'CasilleroYa',
      OFFICE_ADDRESS: OFFICE,
      SUPPORT_WHATSAPP: '13055550199',
      SUPPORT_EMAIL: 'ayuda@example.com',
      PRIVACY_EMAIL: 'datos@example.com',
    },
  });
  beforeAll(async () => {
    // wa.me is not reachable from here: answer it locally so the opened tab keeps its URL.
    await e2e.browser.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: 'ok' }),
    );
  });

  async function signIn(page: Page, email: string, password: string) {
    await signInThroughForm(page, e2e.app, email, password);
    await page.waitForURL(`${e2e.app.url}/locker`);
  }
  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  it('shows the locker, copies the address whole and field by field, and shares the invitation', async () => {
    const account = await registerViaApi(e2e.app, { name: 'Mariana Ríos' });
    const record = await recordViaApi(e2e.app, account.email, account.password);
    const page = await e2e.browser.newPage();
    await signIn(page, account.email, account.password);

    await page.getByRole('heading', { level: 1, name: '¡Hola, Mariana!' }).waitFor();
    expect(await page.locator('.locker-number').textContent()).toBe(record.lockerNumber);
    expect(await page.textContent('main')).toContain('el envío se paga al recibir');
    expect(await page.getByText('Tu correo aún no está verificado').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'datos@example.com' }).getAttribute('href')).toBe(
      'mailto:datos@example.com',
    );

    await page.getByRole('button', { name: 'Copiar dirección' }).click();
    await page.getByRole('status').filter({ hasText: 'Dirección copiada' }).waitFor();
    expect(await clipboard(page)).toBe(
      formatSendToAddress('CasilleroYa', 'Mariana Ríos', record.lockerNumber, OFFICE),
    );

    await page.getByText('Campo por campo, como lo pide la tienda').click();
    const fields = checkoutFields('Mariana Ríos', record.lockerNumber, parseOfficeAddress(OFFICE)!, {
      brand: 'CasilleroYa',
      phone: '3055550134',
    });
    for (const field of fields) {
      await page.getByRole('button', { name: `Copiar: ${field.label}` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Copiado: ${field.label}.` })
        .waitFor();
      expect(await clipboard(page)).toBe(field.value);
    }

    await page.getByRole('button', { name: 'Compartir invitación' }).click();
    await page.getByRole('status').filter({ hasText: 'Invitación copiada' }).waitFor();
    const invitation = await clipboard(page);
    const link = /https?:\/\/\S+/.exec(invitation)?.[0] ?? '';
    expect(link).toBe(`${e2e.app.url}/invite?ref=${record.refCode}`);

    const invited = await e2e.browser.newPage();
    await invited.goto(link);
    await invited.getByText(`Te invitó un amigo con el código ${record.refCode}.`).waitFor();
    await invited.getByRole('heading', { name: 'Regístrate y crea tu casillero' }).waitFor();
  });

  it('copies the invitation and also opens the share sheet where the phone has one', async () => {
    const account = await registerViaApi(e2e.app);
    const record = await recordViaApi(e2e.app, account.email, account.password);
    const page = await e2e.browser.newPage();
    // Linux Chromium has no share sheet; this stands in for the phone's (it only records what it was given).
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { shared: unknown[] }).shared = shared;
      Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void shared.push(data) });
    });
    await signIn(page, account.email, account.password);
    await page.getByRole('button', { name: 'Compartir invitación' }).click();
    await page.getByRole('status').filter({ hasText: 'Invitación copiada' }).waitFor();
    const link = `${e2e.app.url}/invite?ref=${record.refCode}`;
    expect(await clipboard(page)).toContain(link);
    const shared = await page.evaluate(
      () => (window as unknown as { shared: Array<{ text: string }> }).shared,
    );
    expect(shared).toHaveLength(1);
    expect(shared[0]?.text).toContain(link);
  });

  it('notifies a package by WhatsApp and by e-mail with exactly the expected links', async () => {
    const account = await registerViaApi(e2e.app, { direccion2: '', ciudad2: '', codigoPostal2: '' });
    const record = await recordViaApi(e2e.app, account.email, account.password);
    const page = await e2e.browser.newPage();
    await page.addInitScript(() => {
      // Keep what a mailto link would have opened, instead of handing it to a mail program.
      (window as unknown as { opened: string[] }).opened = [];
      document.addEventListener(
        'click',
        (event) => {
          const link = (event.target as Element).closest?.('a');
          if (link?.href.startsWith('mailto:')) {
            (window as unknown as { opened: string[] }).opened.push(link.href);
            event.preventDefault();
          }
        },
        true,
      );
    });
    await signIn(page, account.email, account.password);
    await page.getByRole('button', { name: 'Notificar paquete' }).click();
    await page.waitForURL(`${e2e.app.url}/notify`);

    // One address: said as text, nothing to choose.
    const address = page.getByLabel('Dirección de entrega');
    await address.waitFor();
    expect(await address.evaluate((element) => element.tagName)).toBe('OUTPUT');
    const options = [await address.textContent()];
    expect(options).toEqual(['Calle 45 # 12-30, Bogotá, 110111']);
    const instructions = 'Pedido #123 & otro ¿listo? 100% + ñandú 📦\nTocar el timbre';
    await page.getByLabel('Instrucciones adicionales').fill(instructions);
    const notice = { lockerNumber: record.lockerNumber, address: options[0] ?? '', instructions };

    const [whatsapp] = await Promise.all([
      e2e.browser.waitForEvent('page'),
      page.getByRole('button', { name: 'Enviar por WhatsApp' }).click(),
    ]);
    await whatsapp.waitForLoadState();
    expect(whatsapp.url()).toBe(buildWhatsAppNotifyLink('13055550199', notice));
    expect(new URL(whatsapp.url()).searchParams.get('text')).toContain(instructions);
    await whatsapp.close();

    await page.getByRole('button', { name: 'Enviar por correo' }).click();
    const opened = await page.evaluate(() => (window as unknown as { opened: string[] }).opened);
    expect(opened).toEqual([buildMailtoNotifyLink('ayuda@example.com', notice)]);
    const body = decodeURIComponent(/body=([^&]*)/.exec(opened[0] ?? '')?.[1] ?? '');
    expect(body).toContain(instructions.replace('\n', '\r\n'));

    await page.getByRole('button', { name: 'Volver al inicio' }).click();
    await page.waitForURL(`${e2e.app.url}/locker`);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${e2e.app.url}/login`);
    await page.goto(`${e2e.app.url}/locker`);
    await page.waitForURL(`${e2e.app.url}/login`);
  });

  it('offers address 2 when it was filled', async () => {
    const account = await registerViaApi(e2e.app, {
      direccion2: 'Avenida 30 # 1-2',
      ciudad2: 'Cali',
      codigoPostal2: '760001',
    });
    const page = await e2e.browser.newPage();
    await signIn(page, account.email, account.password);
    await page.goto(`${e2e.app.url}/notify`);
    await page.getByLabel('Dirección de entrega').waitFor();
    const options = await page.getByLabel('Dirección de entrega').locator('option').allTextContents();
    expect(options).toEqual(['Calle 45 # 12-30, Bogotá, 110111', 'Avenida 30 # 1-2, Cali, 760001']);
  });

  it('explains a missing users record instead of loading forever, and offers to sign out', async () => {
    const account = await registerViaApi(e2e.app);
    const page = await e2e.browser.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await signIn(page, account.email, account.password);
    // Remove the record while the app is stopped (PGlite is one process), then start it on the same data.
    await e2e.app.stop();
    const database = await openPglite(join(e2e.app.dataDir, 'db'));
    await database.db.delete(users).where(eq(users.email, account.email));
    await database.close();
    e2e.app = await startApp(e2e.app.env, e2e.app.dataDir);

    // Cookies are not bound to a port, so the session reaches the restarted app.
    await page.goto(`${e2e.app.url}/locker`);
    await page.getByRole('alert').filter({ hasText: 'No encontramos los datos de tu casillero' }).waitFor();
    expect(warnings).toContain('Documento de usuario no encontrado');
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(/\/login$/);
  });
});
