// design/delivery.md 'The courier's screen' at the door, in a phone-sized Chromium: a started route of three stops; one
// delivered with a photo and 'Nequi' + reference (after the schema's message beside 'Documento'), one 'No entregado',
// and one delivered while the browser is offline. The page is reloaded offline (the service worker serves the
// screen, IndexedDB the route and the waiting action), then the connection returns and the action is sent once.
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyRouteAnswer } from '../../src/shared/delivery/api-types.ts';
import { doorMessages } from '../../src/shared/delivery/door-choices.ts';
import { formatCop } from '../../src/shared/money.ts';
import { seriousAxeViolations } from './axe.ts';
import { courierWorld, type Session, workerTakes } from './courier-world.ts';
import { appInBrowser, signInThroughForm } from './harness.ts';

const ADMIN = 'reparto-offline-admin@example.com';

describe("the courier's door actions, with and without signal, in Chromium", () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN } });
  let courier: Session;
  let page: Page;
  let numbers: number[] = [];

  beforeAll(async () => {
    const world = await courierWorld(e2e.app, {
      adminEmail: ADMIN,
      courierName: 'Mario Mensajero',
      zone: 'Laureles',
      customers: ['Ana Primera', 'Beto Segundo', 'Carla Tercera'],
    });
    ({ courier, numbers } = world);
    page = await e2e.browser.newPage();
    await signInThroughForm(page, e2e.app, world.email, world.password);
    await page.waitForURL(`${e2e.app.url}/reparto`);
    // A fresh load, so the worker registered from the screen takes this page (clientsClaim) once installed.
    await page.goto(`${e2e.app.url}/reparto`);
    await workerTakes(page);
  });

  const stop = (index: number) =>
    page.getByRole('article', { name: `${index + 1}. Paquete ${numbers[index]}` });
  const counter = (name: string) =>
    page
      .locator('.courier-route__counters div')
      .filter({ has: page.getByText(name, { exact: true }) })
      .locator('dd');
  const myRoute = async () => (await courier<MyRouteAnswer>('GET', '/api/delivery/my-route')).body.route;

  async function fillDelivery(card: Locator, means: string, reference: string) {
    await card.getByLabel('Recibido por').fill('Ana Primera');
    await card.getByLabel('Documento').fill('1.020.304.050');
    await card.getByLabel('Relación').selectOption({ label: 'Titular' });
    await card.getByLabel('Medio de pago').selectOption({ label: means });
    if (means !== 'Efectivo') await card.getByLabel('Referencia').fill(reference);
  }

  const next = () => page.getByRole('region', { name: 'Siguiente parada' });

  /** 'Por cobrar' beside 'Mi caja': the 'Valor a pagar' of the stops still pending, as the screen writes pesos. */
  const toCollect = () => page.locator('.cash-box__due strong').textContent();

  it("delivers a stop with a photo and 'Nequi' + reference, after the message beside 'Documento'", async () => {
    const card = stop(0);
    await card.waitFor();
    expect(await page.getByText('Zona: Laureles').isVisible()).toBe(true);
    expect(await counter('Pendientes').textContent()).toBe('3');
    expect(await counter('No entregados').textContent()).toBe('0');
    const values = ((await myRoute())?.stops ?? []).map((each) => each.valueToPayCop ?? 0);
    expect(await next().getByText(`1. Paquete ${numbers[0]}`).isVisible()).toBe(true);
    expect(await toCollect()).toBe(formatCop(values.reduce((total, value) => total + value, 0)));
    await card.getByRole('button', { name: 'Entregar' }).click();
    expect(await card.getByLabel('Valor cobrado').inputValue()).toMatch(/^[1-9]\d*$/);
    // Issue 47: the amount to collect stands out above the field, and 'Relación' is marked required.
    await card.getByText(`Por cobrar: ${formatCop(values[0] ?? 0)}`, { exact: true }).waitFor();
    expect(await card.locator('.field', { has: page.getByLabel('Relación') }).textContent()).toContain('*');
    // Issue 37 item 4: money to collect starts at 'Efectivo', which has no 'Referencia'; other means ask for it.
    expect(await card.getByLabel('Medio de pago').inputValue()).toBe('efectivo');
    expect(await card.getByLabel('Referencia').count()).toBe(0);
    // Large targets for a thumb: the camera's button, 'Medio de pago' and 'Relación' are 48 px tall at least.
    for (const label of ['Foto de entrega', 'Medio de pago', 'Relación'])
      expect((await card.getByLabel(label).boundingBox())?.height).toBeGreaterThanOrEqual(48);
    await fillDelivery(card, 'Nequi', 'NEQ-778899');
    await card.getByLabel('Documento').fill('12');
    await card.getByRole('button', { name: 'Confirmar entrega' }).click();
    await card.getByText(doorMessages.document).waitFor();
    // Nothing typed is lost on a refusal.
    expect(await card.getByLabel('Recibido por').inputValue()).toBe('Ana Primera');
    expect(await card.getByLabel('Referencia').inputValue()).toBe('NEQ-778899');
    await card.getByLabel('Documento').fill('1020304050');
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c05a2b' } })
      .jpeg()
      .toBuffer();
    await card
      .getByLabel('Foto de entrega')
      .setInputFiles({ name: 'entrega.jpg', mimeType: 'image/jpeg', buffer: photo });
    await card.getByRole('img', { name: 'Foto de entrega: vista previa' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Confirmar entrega' }).click();
    await card.getByText(/^Entregado · Nequi/).waitFor();
    await page.getByText('Todo enviado.').waitFor();
    const route = await myRoute();
    expect(route?.stops[0]?.outcome).toMatchObject({ kind: 'delivered', means: 'nequi' });
    expect(route?.counters.cash).toEqual([expect.objectContaining({ means: 'nequi', count: 1 })]);
    await page.locator('.cash-box').getByText('Nequi').waitFor();
  });

  it("records 'No entregado' with its reason", async () => {
    const card = stop(1);
    await card.getByRole('button', { name: 'No entregado' }).click();
    await card.getByLabel('Motivo').selectOption({ label: 'No había nadie' });
    await card.getByRole('button', { name: 'Confirmar no entregado' }).click();
    await card.getByText('No entregado: No había nadie').waitFor();
    await page.getByText('Todo enviado.').waitFor();
    expect(await counter('No entregados').textContent()).toBe('1');
    // Only the third stop is still to visit: it is the next one.
    expect(await toCollect()).toBe(formatCop((await myRoute())?.stops[2]?.valueToPayCop ?? 0));
    expect(await next().getByText(`3. Paquete ${numbers[2]}`).isVisible()).toBe(true);
    expect((await myRoute())?.stops[1]?.outcome).toMatchObject({ kind: 'failed', reason: 'no_habia_nadie' });
  });

  it('keeps a delivery confirmed offline across a reload without signal, and sends it once when back', async () => {
    const card = stop(2);
    await e2e.browser.setOffline(true);
    try {
      await page.getByText('Sin conexión: lo que confirmes queda guardado en este teléfono.').waitFor();
      // 'Entregar' under 'Siguiente parada' opens the form in the stop's own card.
      await next().getByRole('button', { name: 'Entregar' }).click();
      await card.getByLabel('Recibido por').waitFor();
      await fillDelivery(card, 'Efectivo', '');
      await card.getByRole('button', { name: 'Confirmar entrega' }).click();
      await card.getByText('Por enviar').waitFor();
      await page.getByText('1 por enviar').waitFor();
      expect(await counter('Entregados').textContent()).toBe('2');
      // The phone's copy is written right after the change; then the page goes away without signal.
      await page.waitForTimeout(500);
      await page.reload();
      await stop(2).getByText('Por enviar').waitFor();
      await page.getByText('1 por enviar').waitFor();
      // The stops done before this opening are folded; nothing is left to visit.
      expect(await page.getByText('Hechas (2)').isVisible()).toBe(true);
      expect(await stop(0).isVisible()).toBe(false);
      expect(await next().count()).toBe(0);
      expect(await page.locator('.cash-box').textContent()).toContain('en el teléfono, por enviar');
      expect((await myRoute())?.stops[2]?.outcome.kind).toBe('pending');
    } finally {
      await e2e.browser.setOffline(false);
    }
    await page.getByText('Todo enviado.').waitFor({ timeout: 30_000 });
    await stop(2)
      .getByText(/^Entregado · Efectivo/)
      .waitFor();
    const route = await myRoute();
    expect(route?.stops[2]?.outcome).toMatchObject({ kind: 'delivered', means: 'efectivo' });
    expect(route?.counters).toMatchObject({ delivered: 2, failed: 1, pending: 0 });
    const cash = route?.counters.cash ?? [];
    expect(cash.find((line) => line.means === 'efectivo')?.count).toBe(1);
    expect(cash.reduce((sum, line) => sum + line.count, 0)).toBe(2);
  });
});
