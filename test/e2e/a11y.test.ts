// axe-core on phone and desktop, signed out, customer and admin, on every screen forms-a11y.test.ts leaves.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, VIEWPORTS } from './axe.ts';
import {
  apiCall,
  appInBrowser,
  launchBrowser,
  recordViaApi,
  registerViaApi,
  signInThroughForm,
} from './harness.ts';

const ADMIN = 'jefa.axe@example.com';

/** A screen, and what shows that it has finished loading (then nothing on it still says 'Cargando'). */
type Screen = [name: string, path: string, ready: (page: Page) => Promise<unknown>];

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).waitFor();
const PUBLIC: Screen[] = [
  ['welcome', '/', (page) => page.getByRole('link', { name: 'Calcula tu envío' }).waitFor()],
  ['calculator', '/calculadora', (page) => page.getByLabel('Peso (lb)').waitFor()],
  ['data policy', '/politica-de-datos', heading],
  ['not found', '/no-existe', heading],
];

/** Runs axe on each screen at both sizes; returns the violations by screen and size ({} when none). */
async function audit(page: Page, screens: Screen[], extra?: (page: Page, name: string) => Promise<void>) {
  const found: Record<string, unknown> = {};
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const [name, path, ready] of screens) {
      await page.goto(new URL(path, page.url()).href);
      await ready(page);
      await page.waitForFunction(() => !document.body.textContent?.includes('Cargando'));
      await extra?.(page, name);
      const violations = await seriousAxeViolations(page);
      if (violations.length) found[`${name} (${size})`] = violations;
    }
  }
  return found;
}

describe('axe on the screens of issue 11, phone and desktop', () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN } });
  let adminPassword = '';
  beforeAll(async () => {
    adminPassword = (await registerViaApi(e2e.app, { email: ADMIN, name: 'Jefa Axe' })).password;
    await registerViaApi(e2e.app, { name: 'Óscar Sin Teléfono', telefono: '' });
  });

  /** A customer's package received in Miami by the admin, for the staff's view of it. */
  async function receivedPackageNumber(): Promise<number> {
    const owner = await registerViaApi(e2e.app, { name: 'Rita Vista Axe' });
    const { lockerNumber } = await recordViaApi(e2e.app, owner.email, owner.password);
    const guide = '1Z999AA10123456795';
    const saved = await (await apiCall(e2e.app, owner.email, owner.password))<{
      package: { number: number };
    }>('POST', '/api/packages', { guide, content: 'Cámara', declaredValue: '120' });
    const admin = await apiCall(e2e.app, ADMIN, adminPassword);
    expect(
      (await admin('POST', '/api/warehouse/receipts', { guide, lockerNumber, weightLb: '3' })).status,
    ).toBe(201);
    return saved.body.package.number;
  }

  /** A page of a fresh browser, on the app's origin. */
  async function freshPage(): Promise<Page> {
    const context = await launchBrowser(e2e.app.url);
    const page = await context.newPage();
    await page.goto(e2e.app.url);
    return page;
  }

  it('signed out: welcome, calculator, data policy, not found', async () => {
    const page = await freshPage();
    try {
      expect(await audit(page, PUBLIC)).toEqual({});
    } finally {
      await page.context().close();
    }
  });

  it('a customer: locker (fields open, after a copy), notify, Mis paquetes, a package, and the public screens', async () => {
    const account = await registerViaApi(e2e.app, { name: 'Camila Axe' });
    const page = await freshPage();
    try {
      await signInThroughForm(page, e2e.app, account.email, account.password);
      await page.waitForURL(`${e2e.app.url}/locker`);
      const saved = await page.evaluate(async () => {
        const response = await fetch('/api/packages', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            guide: '1Z999AA10123456784',
            store: 'Amazon',
            content: 'Audífonos',
            declaredValue: '49.99',
            quantity: 1,
            address: 1,
            instructions: '',
          }),
        });
        return (await response.json()) as { package: { number: number } };
      });
      const screens: Screen[] = [
        ['locker', '/locker', (p) => p.getByRole('button', { name: 'Copiar dirección' }).waitFor()],
        ['notify', '/notify', (p) => p.getByLabel('Dirección de entrega').waitFor()],
        ['Mis paquetes', '/paquetes', (p) => p.getByText('Audífonos').waitFor()],
        [
          'a package',
          `/paquetes/${saved.package.number}`,
          (p) => p.getByRole('region', { name: 'Historial' }).getByRole('listitem').first().waitFor(),
        ],
        ...PUBLIC,
      ];
      const found = await audit(page, screens, async (p, name) => {
        if (name !== 'locker') return;
        await p.getByText('Campo por campo, como lo pide la tienda').click();
        await p.getByRole('button', { name: 'Copiar: Ciudad (City)' }).click();
        await p.getByRole('status').filter({ hasText: 'Copiado: Ciudad (City).' }).waitFor();
      });
      expect(found).toEqual({});
    } finally {
      await page.context().close();
    }
  });

  it("an admin: the lockers (with the audit open), 'Paquetes', 'Despachos', 'Tarifas', 'Pagos en línea', the warehouse and a package's view", async () => {
    const page = await freshPage();
    try {
      await signInThroughForm(page, e2e.app, ADMIN, adminPassword);
      await page.waitForURL(`${e2e.app.url}/admin`);
      const screens: Screen[] = [
        ['today', '/admin', (p) => p.getByRole('link', { name: /^Retenidos/ }).waitFor()],
        [
          'lockers',
          '/admin/casilleros',
          (p) => p.locator('tbody tr').filter({ hasText: 'Óscar Sin Teléfono' }).waitFor(),
        ],
        [
          'packages board',
          '/admin/paquetes',
          (p) =>
            p
              .getByRole('button', { name: 'Descargar CSV' })
              .or(p.getByRole('link', { name: 'Descargar CSV' }))
              .first()
              .waitFor(),
        ],
        ['dispatches', '/admin/despachos', heading],
        ['rates', '/admin/tarifas', (p) => p.getByLabel('Precio por libra (USD)').first().waitFor()],
        ['online payments', '/admin/pagos', (p) => p.getByLabel('Estado').waitFor()],
        ['warehouse', '/bodega', (p) => p.getByLabel('Número de guía').waitFor()],
        [
          "a package's staff view",
          `/admin/paquetes/${await receivedPackageNumber()}`,
          (p) => p.getByRole('region', { name: 'Historial' }).getByRole('listitem').first().waitFor(),
        ],
      ];
      const found = await audit(page, screens, async (p, name) => {
        if (name !== 'lockers') return;
        await p.getByText('Auditoría: últimos 100 eventos').click();
        await p.getByRole('row').filter({ hasText: 'Inicio de sesión' }).first().waitFor();
      });
      expect(found).toEqual({});
    } finally {
      await page.context().close();
    }
  });
});
