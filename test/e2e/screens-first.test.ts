// Issue 37 in a phone-sized Chromium (390 × 844; 1280 px where it says): every screen answers its person's question
// first. An admin lands on 'Hoy' (each pending thing a link with its count, the locker list one click away); a
// delivered package leads with who received it, what was paid and 'Comprobante de pago', one on its way with since
// when and when it is expected; the staff's PQR leads with the customer's last message, its legal due day and
// 'Responder', its context beside it on a desktop and its photos as thumbnails; a customer adds information to an
// open PQR and the staff read it first; axe stays clean on each.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCop } from '../../src/shared/money.ts';
import { pqrMessages } from '../../src/shared/pqr/forms.ts';
import { seriousAxeViolations, VIEWPORTS } from './axe.ts';
import { appInBrowser, launchBrowser, signInThroughForm } from './harness.ts';
import { ADMIN, COMPANY, type MoneyWorld, moneyWorld } from './money-world.ts';

const DESCRIPTION = 'El paquete llegó con la caja abierta y falta uno de los dos audífonos.';
const MORE = 'Adjunto también la factura: eran dos audífonos, no uno.';
const newGuide = () => `TBA${String(Date.now() % 1e9).padStart(9, '0')}7`;

async function axeOnBoth(page: Page) {
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    expect(await seriousAxeViolations(page), `${viewport.width} px`).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS.phone);
}

/** Whether the element's box ends within the first screen of a 390 × 844 phone. */
const aboveTheFold = async (selector: ReturnType<Page['getByRole']>) => {
  const box = await selector.boundingBox();
  return (box?.y ?? 9999) + (box?.height ?? 0) <= 844;
};

describe('issue 37: each screen answers its person first', () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN, ...COMPANY } });
  let world: MoneyWorld;
  let admin: Page;
  let customer: Page;
  let inTransit = 0;
  let radicado = '';

  beforeAll(async () => {
    world = await moneyWorld(e2e.app);
    const me = await world.customer.session<{ lockerNumber: string }>('GET', '/api/me');
    const guide = newGuide();
    const saved = await world.customer.session<{ package: { number: number } }>('POST', '/api/packages', {
      guide,
      store: 'Amazon',
      content: 'Zapatos de camino',
      declaredValue: '40',
      quantity: 1,
      address: 1,
      instructions: '',
    });
    inTransit = saved.body.package.number;
    const receipt = await world.admin('POST', '/api/warehouse/receipts', {
      guide,
      lockerNumber: me.body.lockerNumber,
      weightLb: '2',
    });
    expect(receipt.status).toBe(201);
    const moved = await world.admin('POST', '/api/admin/packages/state', {
      numbers: [inTransit],
      state: 'en_transito',
    });
    expect(moved.status).toBe(200);
    admin = await e2e.browser.newPage();
    await signInThroughForm(admin, e2e.app, ADMIN, world.adminPassword);
    await admin.waitForURL(`${e2e.app.url}/admin`);
    const context = await launchBrowser(e2e.app.url);
    customer = await context.newPage();
    await signInThroughForm(customer, e2e.app, world.customer.email, world.customer.password);
    await customer.waitForURL(`${e2e.app.url}/locker`);
  });

  it("lands an admin on 'Hoy': each pending thing a link with its count, the locker list one click away", async () => {
    const page = admin;
    await page.getByRole('heading', { level: 1, name: 'Hoy' }).waitFor();
    const pending = page.getByRole('list', { name: 'Pendientes de hoy' });
    // The open route delivered in cash: its money is not closed yet.
    await pending.getByRole('link', { name: 'Efectivo sin cerrar 1' }).waitFor();
    expect(await pending.textContent()).toContain(
      `${formatCop(world.value.cash)} en efectivo en 1 ruta sin cerrar.`,
    );
    for (const name of [
      'PQR vencidas 0',
      'PQR por vencer 0',
      'Requieren decisión 0',
      'Sin identificar 0',
      'Retenidos 0',
      'Solicitudes 0',
    ])
      expect(await pending.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    await axeOnBoth(page);

    await pending.getByRole('link', { name: 'Retenidos 0' }).click();
    await page.waitForURL(`${e2e.app.url}/admin/paquetes?estado=retenido`);
    expect(await page.getByLabel('Estado', { exact: true }).inputValue()).toBe('retenido');
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Lista de Casilleros' }).click();
    await page.waitForURL(`${e2e.app.url}/admin/casilleros`);
    await page.getByRole('heading', { level: 1, name: 'Lista de Casilleros' }).waitFor();
  });

  it("leads a delivered package with who received it, what was paid and 'Comprobante de pago'", async () => {
    const page = customer;
    await page.goto(`${e2e.app.url}/paquetes/${world.pkg.cash}`);
    const proof = page.getByRole('region', { name: 'Entrega' });
    const when = proof.getByText(/^Entregado el .+ a Lucía Pagadora$/);
    await when.waitFor();
    const paid = proof.getByText(`Pagaste ${formatCop(world.value.cash)} en efectivo`, { exact: true });
    expect(await paid.isVisible()).toBe(true);
    const receipt = proof.getByRole('link', { name: 'Comprobante de pago' });
    expect(await aboveTheFold(receipt)).toBe(true);
    // Paid already: nothing says it is paid at the door, and the charge's lines are folded beneath its total.
    expect(await page.getByText('Se paga al recibir', { exact: false }).count()).toBe(0);
    const charge = page.getByRole('region', { name: 'Tu cobro' });
    expect(await charge.locator('.package-charge__total').textContent()).toMatch(
      /^Valor cobrado: \$ [\d.]+ COP/,
    );
    expect(await charge.getByText('Flete').isVisible()).toBe(false);
    await charge.getByText('Detalle del cobro').click();
    expect(await charge.getByText('Flete').isVisible()).toBe(true);
    await axeOnBoth(page);

    await page.goto(`${e2e.app.url}/paquetes/${world.pkg.nequi}`);
    await page.getByText(`Pagaste ${formatCop(world.value.nequi)} en Nequi`, { exact: true }).waitFor();
  });

  it('leads a package on its way with since when and when it is expected', async () => {
    const page = customer;
    await page.goto(`${e2e.app.url}/paquetes/${inTransit}`);
    const since = page.getByText(/^En tránsito desde el /);
    await since.waitFor();
    const expected = page.getByText(/^Lo esperamos en tu puerta hacia el .+\.$/);
    expect(await expected.isVisible()).toBe(true);
    expect(await aboveTheFold(expected)).toBe(true);
    await axeOnBoth(page);
  });

  /** The customer's PQR about the cash package, filed with a photo through the API as the form does. */
  async function filedPqr(): Promise<string> {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c96' } })
      .jpeg()
      .toBuffer();
    const upload = await fetch(`${e2e.app.url}/api/pqr/adjuntos`, {
      method: 'POST',
      headers: { cookie: world.customer.session.cookie, origin: e2e.app.url, 'content-type': 'image/jpeg' },
      body: photo,
    });
    expect(upload.status).toBe(201);
    const { id } = (await upload.json()) as { id: string };
    const filed = await world.customer.session<{ radicado: string }>('POST', '/api/pqr', {
      type: 'reclamo',
      packageNumber: world.pkg.cash,
      description: DESCRIPTION,
      attachments: [id],
    });
    expect(filed.status).toBe(201);
    return filed.body.radicado;
  }

  it("leads the staff's PQR with the customer's last message, its due day and 'Responder'; context beside it", async () => {
    radicado = await filedPqr();
    const page = admin;
    await page.goto(`${e2e.app.url}/admin/pqr/${encodeURIComponent(radicado)}`);
    const lead = page.getByRole('region', { name: 'Último mensaje del cliente' });
    const message = lead.getByText(DESCRIPTION);
    await message.waitFor();
    expect(await aboveTheFold(message)).toBe(true);
    expect(await lead.getByText(/^Vence el /).isVisible()).toBe(true);
    const photo = lead.getByRole('img', { name: 'adjunto-1.jpg' });
    expect((await photo.boundingBox())?.width).toBeLessThanOrEqual(96);
    // 'Responder' comes before the customer and the package, whose history is folded.
    const answer = page.getByRole('button', { name: 'Responder' });
    const customerHeading = page.getByRole('heading', { name: 'Cliente', exact: true });
    expect((await answer.boundingBox())?.y ?? 9999).toBeLessThan(
      (await customerHeading.boundingBox())?.y ?? 0,
    );
    expect(await page.getByText('Historial del paquete').isVisible()).toBe(true);
    // The thread keeps the message's place without repeating it.
    expect(await page.getByText(DESCRIPTION).count()).toBe(1);
    await axeOnBoth(page);
    // On a desktop the context sits beside what must be answered, not under it.
    await page.setViewportSize(VIEWPORTS.desktop);
    const leadBox = await lead.boundingBox();
    const customerBox = await customerHeading.boundingBox();
    expect(customerBox?.x ?? 0).toBeGreaterThan((leadBox?.x ?? 0) + (leadBox?.width ?? 0) - 1);
    await page.setViewportSize(VIEWPORTS.phone);
  });

  it('lets the customer add information to their open PQR, which the staff then read first', async () => {
    const page = customer;
    await page.goto(`${e2e.app.url}/pqr/${encodeURIComponent(radicado)}`);
    const more = page.getByRole('region', { name: 'Añadir información' });
    await more.getByLabel('Información adicional').fill(MORE);
    await more.getByRole('button', { name: 'Añadir información' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: pqrMessages.moreInfoAdded(radicado) })
      .waitFor();
    const thread = page.getByRole('region', { name: 'Historial de la PQR' });
    await thread.getByText(MORE).waitFor();
    expect(await more.getByLabel('Información adicional').inputValue()).toBe('');
    await axeOnBoth(page);

    await admin.reload();
    const lead = admin.getByRole('region', { name: 'Último mensaje del cliente' });
    await lead.getByText(MORE).waitFor();
    expect(await lead.textContent()).toContain('Lucía Pagadora');
    // The filing is back in the thread whole, the addition under 'Información adicional'.
    await admin.getByRole('region', { name: 'Historial de la PQR' }).getByText(DESCRIPTION).waitFor();
  });
});
