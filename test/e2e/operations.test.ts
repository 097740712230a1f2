// design/packages.md 'Operations' in Chromium: the admin's 'Paquetes' board (search, 'Estado', selection), a dispatch
// created from it with its totals, manifest and flight states; 'Cambiar estado' with the fields each state needs,
// refusals and releases; 'Importar estados'; a customer's package page that follows a change live; and a customer
// kept out of the board. Outcomes are checked on screen and through the API, which reads the database.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsMessages } from '../../src/shared/packages/operations.ts';
import {
  apiCall,
  appInBrowser,
  launchBrowser,
  recordViaApi,
  registerViaApi,
  signInThroughForm,
  staffNav,
} from './harness.ts';

const ADMIN = 'operaciones-admin@example.com';

interface BoardAnswer {
  packages: Array<{ number: number; state: string; customerName: string }>;
}

const apiSession = apiCall;

type Session = Awaited<ReturnType<typeof apiSession>>;

let guides = 0;
/** An Amazon guide no other test uses. */
const newGuide = () => `TBA${String(Date.now() % 1e9).padStart(9, '0')}${String(++guides).padStart(3, '0')}`;

describe('operations in Chromium', () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN } });
  let admin: Session;
  let adminPassword = '';
  let adminPage: Page;
  // The customers sign in in a browser of their own: the admin's session stays in the other.
  let customerBrowser: BrowserContext;

  beforeAll(async () => {
    // ADMIN_EMAILS makes the account admin when it registers.
    adminPassword = (await registerViaApi(e2e.app, { email: ADMIN, name: 'Jefe de Operaciones' })).password;
    admin = await apiSession(e2e.app, ADMIN, adminPassword);
    customerBrowser = await launchBrowser(e2e.app.url);
    adminPage = await e2e.browser.newPage();
    await signInThroughForm(adminPage, e2e.app, ADMIN, adminPassword);
    await adminPage.waitForURL(`${e2e.app.url}/admin`);
  });
  afterAll(async () => {
    await customerBrowser?.close();
  });

  /** A customer with `received` packages received in Miami (2 lb, US$ 10 each) and `prealerted` still on the way. */
  async function customerWith(name: string, received: number, prealerted = 0) {
    const account = await registerViaApi(e2e.app, { name });
    const record = await recordViaApi(e2e.app, account.email, account.password);
    const customer = await apiSession(e2e.app, account.email, account.password);
    const packages: Array<{ number: number; guide: string }> = [];
    for (let i = 0; i < received + prealerted; i++) {
      const guide = newGuide();
      const answer = await customer<{ package: { number: number } }>('POST', '/api/packages', {
        guide,
        store: 'Amazon',
        content: `Artículo ${i + 1}`,
        declaredValue: '10',
        quantity: 1,
        address: 1,
        instructions: '',
      });
      expect(answer.status).toBe(201);
      if (i < received) {
        const receipt = await admin('POST', '/api/warehouse/receipts', {
          guide,
          lockerNumber: record.lockerNumber,
          weightLb: '2',
        });
        expect(receipt.status).toBe(201);
      }
      packages.push({ number: answer.body.package.number, guide });
    }
    return { account, record, packages };
  }

  async function statesOf(name: string) {
    const answer = await admin<BoardAnswer>('GET', `/api/admin/packages?q=${encodeURIComponent(name)}`);
    return Object.fromEntries(answer.body.packages.map((row) => [row.number, row.state]));
  }

  /** The board searched for `q`, once its rows are exactly `count` rows that match. */
  async function boardFor(q: string, count: number, contains = q) {
    await adminPage.goto(`${e2e.app.url}/admin/paquetes`);
    await adminPage.getByRole('heading', { level: 1, name: 'Paquetes' }).waitFor();
    await adminPage.getByLabel('Buscar').fill(q);
    // The search is sent once typing pauses; until then the whole board shows.
    await adminPage.getByText(/^Encontrados: /).waitFor();
    await expect
      .poll(async () => {
        const rows = await adminPage.locator('tbody tr').allTextContents();
        return rows.length === count && rows.every((row) => row.includes(contains));
      })
      .toBe(true);
  }

  async function changeState(numbers: number[], state: string, fields: Record<string, string> = {}) {
    for (const number of numbers) await adminPage.getByLabel(`Seleccionar paquete ${number}`).check();
    await adminPage.getByRole('button', { name: 'Cambiar estado' }).click();
    await adminPage.getByLabel('Nuevo estado').selectOption(state);
    for (const [label, value] of Object.entries(fields))
      await adminPage.getByLabel(label, { exact: true }).fill(value);
    await adminPage.getByRole('button', { name: 'Cambiar estado' }).click();
  }

  it('searches and filters the board, creates a dispatch from the selection and flies it to Colombia', async () => {
    const name = 'Lucía Despacho';
    const { packages } = await customerWith(name, 2, 1);
    const [first, second, third] = packages.map((pkg) => pkg.number) as [number, number, number];
    const page = adminPage;

    // From the admin's 'Hoy', the staff navigation leads to the board.
    await page.getByRole('heading', { level: 1, name: 'Hoy' }).waitFor();
    await staffNav(page);
    for (const link of ['Paquetes', 'Despachos', 'Tarifas', 'Recepción en bodega'])
      expect(await page.getByRole('link', { name: link, exact: true }).count()).toBe(1);
    await page.getByRole('link', { name: 'Paquetes', exact: true }).click();
    await page.waitForURL(`${e2e.app.url}/admin/paquetes`);
    await page.getByRole('heading', { level: 1, name: 'Paquetes' }).waitFor();
    await page.getByRole('table').waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.slice(1)).toEqual([
      'Paquete',
      'Guía',
      'Casillero',
      'Cliente',
      'Estado',
      'Peso (lb)',
      'Recibido',
      'Días en bodega',
    ]);

    await boardFor(name, 3);
    await page.getByLabel('Estado', { exact: true }).selectOption('recibido');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    expect(await page.getByLabel(`Seleccionar paquete ${third}`).count()).toBe(0);
    const row = page.getByRole('row', { name: new RegExp(String(first)) });
    expect(await row.textContent()).toContain('Recibido en Miami');
    expect(await row.textContent()).toContain('2');
    // 'Descargar CSV' carries the filters on screen.
    const csvHref = await page.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href');
    expect(csvHref).toContain('estado=recibido');
    expect(csvHref).toContain(`q=${encodeURIComponent(name).replace(/%20/g, '+')}`);

    await page.getByLabel('Seleccionar todos').check();
    expect(await page.getByLabel(`Seleccionar paquete ${first}`).isChecked()).toBe(true);
    expect(await page.getByLabel(`Seleccionar paquete ${second}`).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Crear despacho' }).click();
    await page.getByLabel('Guía master').fill('045-12345675');
    await page.getByLabel('Aerolínea').fill('Avianca Cargo');
    await page.getByLabel('Fecha del vuelo').fill('2026-12-01');
    await page.getByRole('button', { name: 'Crear despacho' }).click();
    await page.waitForURL(/\/admin\/despachos\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    await page.getByRole('heading', { level: 1, name: `Despacho ${id}` }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `Despacho ${id} creado.` })
      .waitFor();
    const main = (await page.textContent('main')) ?? '';
    expect(main).toContain('045-12345675');
    expect(main).toContain('Avianca Cargo');
    expect(main).toContain('Piezas2');
    expect(main).toContain('Peso total4 lb');
    expect(main).toContain('Valor declarado totalUS$ 20,00');
    expect(await page.getByRole('button', { name: 'Quitar' }).count()).toBe(2);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar manifiesto' }).click(),
    ]);
    const manifest = await readFile((await download.path()) ?? '', 'utf8');
    // Every field is quoted (src/server/csv.ts): read without the quotes.
    const plain = manifest.replace(/^\uFEFF/, '').replaceAll('"', '');
    const [header] = plain.split(/\r?\n/);
    expect(header).toBe(
      'Paquete,Guía,Consignatario,Dirección,Teléfono,Contenido,Piezas,Peso (lb),Valor declarado (USD)',
    );
    for (const pkg of packages.slice(0, 2)) expect(plain).toContain(`\n${pkg.number},${pkg.guide},${name},`);
    expect(plain).not.toContain(`\n${third},`);
    expect(plain.match(/,1,2,10\.00\r?\n/g)).toHaveLength(2);

    // Only the next state is enabled, and each is confirmed in the page first.
    expect(await page.getByRole('button', { name: 'En aduana' }).isDisabled()).toBe(true);
    for (const [label, next] of [
      ['En tránsito', 'En aduana'],
      ['En aduana', 'En bodega Colombia'],
      ['En bodega Colombia', null],
    ] as const) {
      await page.getByRole('button', { name: label, exact: true }).click();
      await page.getByText(`Se moverán 2 paquetes a «${label}».`).waitFor();
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `2 paquetes pasaron a «${label}»` })
        .waitFor();
      expect(await page.getByRole('button', { name: label, exact: true }).isDisabled()).toBe(true);
      if (next) expect(await page.getByRole('button', { name: next, exact: true }).isEnabled()).toBe(true);
    }
    expect(await page.getByRole('button', { name: 'Quitar' }).count()).toBe(0);
    expect(await statesOf(name)).toEqual({
      [first]: 'en_bodega_colombia',
      [second]: 'en_bodega_colombia',
      [third]: 'prealertado',
    });

    // The list of dispatches shows it with its totals and links to it.
    await (await staffNav(page)).getByRole('link', { name: 'Despachos', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Despachos' }).waitFor();
    const listed = page.getByRole('row', { name: /045-12345675/ });
    expect(await listed.textContent()).toContain('En bodega Colombia');
    expect(await listed.textContent()).toContain('US$ 20,00');
    await listed.getByRole('link').click();
    await page.waitForURL(`${e2e.app.url}/admin/despachos/${id}`);
  });

  it("creates an empty dispatch on 'Despachos', adds scanned numbers (refusals listed) and removes one", async () => {
    const name = 'Pablo Escaneo';
    const { packages } = await customerWith(name, 2, 1);
    const [first, second, prealerted] = packages.map((pkg) => pkg.number) as [number, number, number];
    const page = adminPage;
    await page.goto(`${e2e.app.url}/admin/despachos`);
    await page.getByRole('heading', { level: 1, name: 'Despachos' }).waitFor();
    await page.getByRole('button', { name: 'Crear despacho' }).click();
    await page.getByText('Completa el campo Guía master.').waitFor();
    expect(await page.getByLabel('Guía master').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Guía master').fill('729-00000011');
    await page.getByLabel('Aerolínea').fill('Copa Airlines Cargo');
    await page.getByLabel('Fecha del vuelo').fill('2026-12-03');
    await page.getByRole('button', { name: 'Crear despacho' }).click();
    await page.waitForURL(/\/admin\/despachos\/\d+$/);
    await page.getByText('El despacho aún no tiene paquetes.').waitFor();
    expect(await page.getByRole('button', { name: 'En tránsito' }).isDisabled()).toBe(true);

    // Numbers as a scanner types them (one per line), or separated by commas; a pre-alert cannot fly.
    await page.getByLabel('Agregar paquetes').fill(`${first}\n${second}, ${prealerted}`);
    await page.getByRole('button', { name: 'Agregar paquetes' }).click();
    const alert = page.getByRole('alert').filter({ hasText: operationsMessages.refused(1) });
    await alert.waitFor();
    expect(await alert.getByRole('listitem').textContent()).toContain(
      `El paquete ${prealerted} está en «Prealertado»: solo se despachan paquetes recibidos en Miami.`,
    );
    await page.getByLabel('Agregar paquetes').fill(`${first}\n${second}`);
    await page.getByRole('button', { name: 'Agregar paquetes' }).click();
    await page.getByRole('status').filter({ hasText: 'Paquetes agregados al despacho.' }).waitFor();
    expect(await page.getByLabel('Agregar paquetes').inputValue()).toBe('');
    expect(await page.textContent('main')).toContain('Piezas2');

    await page
      .getByRole('row', { name: new RegExp(String(second)) })
      .getByRole('button', { name: 'Quitar' })
      .click();
    await page.getByRole('status').filter({ hasText: 'Paquetes quitados del despacho.' }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(String(second)) }).count()).toBe(0);
    expect(await page.textContent('main')).toContain('Peso total2 lb');
    expect(await page.textContent('main')).toContain('Valor declarado totalUS$ 10,00');

    await page.getByRole('button', { name: 'En tránsito', exact: true }).click();
    await page.getByText('Se moverá 1 paquete a «En tránsito». Cada cliente recibirá un correo.').waitFor();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /pas(ó|aron) a «En tránsito»/ })
      .waitFor();
    // Once it has left, nothing is added or removed.
    expect(await page.getByLabel('Agregar paquetes').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Quitar' }).count()).toBe(0);
    expect(await statesOf(name)).toEqual({
      [first]: 'en_transito',
      [second]: 'recibido',
      [prealerted]: 'prealertado',
    });
  });

  it("changes states: 'Retenido' needs a 'Motivo', a release, refusals listed, 'En reparto' and 'Entregado'", async () => {
    const name = 'Mario Estados';
    const { packages } = await customerWith(name, 2);
    const [first, second] = packages.map((pkg) => pkg.number) as [number, number];
    const page = adminPage;
    await boardFor(name, 2);

    await changeState([first], 'retenido');
    await page.getByRole('alert').filter({ hasText: operationsMessages.reason }).waitFor();
    expect(await page.getByLabel('Motivo').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Motivo').fill('Falta la factura');
    await page.getByRole('button', { name: 'Cambiar estado' }).click();
    await page.getByRole('status').filter({ hasText: '1 paquete pasó a «Retenido».' }).waitFor();
    await expect.poll(async () => (await statesOf(name))[first]).toBe('retenido');
    // The list is read again, and the selection is cleared.
    await page
      .getByRole('row', { name: new RegExp(String(first)) })
      .getByText('Retenido')
      .waitFor();
    expect(await page.getByLabel(`Seleccionar paquete ${first}`).isChecked()).toBe(false);

    // Releasing the hold: back to the state it came from.
    await changeState([first], 'recibido');
    await page.getByRole('status').filter({ hasText: '1 paquete pasó a «Recibido en Miami».' }).waitFor();
    expect((await statesOf(name))[first]).toBe('recibido');

    // A move the state machine refuses changes nothing and lists every package with its reason.
    await changeState([first, second], 'entregado', { 'Recibido por': 'Ana Pérez' });
    const alert = page.getByRole('alert').filter({ hasText: operationsMessages.refused(2) });
    await alert.waitFor();
    const reason = 'Un paquete en «Recibido en Miami» no puede pasar a «Entregado».';
    expect(await alert.getByRole('listitem').allTextContents()).toEqual([
      `Paquete ${first}: ${reason}`,
      `Paquete ${second}: ${reason}`,
    ]);
    expect(await statesOf(name)).toEqual({ [first]: 'recibido', [second]: 'recibido' });
    await page.getByRole('button', { name: 'Cancelar' }).click();

    // Flown to Colombia through a dispatch, then 'En reparto' with the carrier and 'Entregado' with who received it.
    const created = await admin<{ dispatch: { id: number } }>('POST', '/api/admin/dispatches', {
      masterAwb: '045-99999990',
      airline: 'LATAM Cargo',
      flightDate: '2026-12-02',
      numbers: [first, second],
    });
    expect(created.status).toBe(201);
    for (const state of ['en_transito', 'en_aduana', 'en_bodega_colombia'])
      expect(
        (await admin('POST', `/api/admin/dispatches/${created.body.dispatch.id}/state`, { state })).status,
      ).toBe(200);
    await boardFor(name, 2);
    await changeState([first, second], 'en_reparto');
    await page.getByRole('alert').filter({ hasText: operationsMessages.carrier }).waitFor();
    await page.getByLabel('Transportadora', { exact: true }).fill('Servientrega');
    await page.getByLabel('Guía de la transportadora').fill('SV-778899');
    await page.getByRole('button', { name: 'Cambiar estado' }).click();
    await page.getByRole('status').filter({ hasText: '2 paquetes pasaron a «En reparto».' }).waitFor();

    await changeState([first], 'entregado');
    await page.getByRole('alert').filter({ hasText: operationsMessages.receivedBy }).waitFor();
    await page.getByLabel('Recibido por').fill('Ana Pérez');
    await page.getByRole('button', { name: 'Cambiar estado' }).click();
    await page.getByRole('status').filter({ hasText: '1 paquete pasó a «Entregado».' }).waitFor();
    expect(await statesOf(name)).toEqual({ [first]: 'entregado', [second]: 'en_reparto' });
  });

  it('imports states from a CSV: the rows applied and the rows refused with their line and reason', async () => {
    const name = 'Nora Importa';
    const { packages } = await customerWith(name, 1);
    const [{ number, guide }] = packages as [{ number: number; guide: string }];
    const page = adminPage;
    await boardFor(name, 1);

    const csv = `guia,estado,nota\n${guide},Retenido,Revisión de aduana\nTBA999999999999,Retenido,Sin dueño\n`;
    await page
      .getByLabel('Importar estados')
      .setInputFiles({ name: 'estados.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('Filas aplicadas: 1. Filas rechazadas: 1.').waitFor();
    const applied = page.getByRole('list', { name: 'Filas aplicadas' });
    expect(await applied.textContent()).toContain(`Línea 2:`);
    expect(await applied.textContent()).toContain(`paquete ${number} → «Retenido»`);
    const refused = page.getByRole('list', { name: 'Filas rechazadas' });
    expect(await refused.textContent()).toBe(
      'Línea 3: guía TBA999999999999. No hay un paquete con esa guía.',
    );
    expect((await statesOf(name))[number]).toBe('retenido');
    // The board is read again.
    await page
      .getByRole('row', { name: new RegExp(String(number)) })
      .getByText('Retenido')
      .waitFor();

    // A file that is not such a CSV is refused whole.
    await page
      .getByLabel('Importar estados')
      .setInputFiles({ name: 'notas.csv', mimeType: 'text/csv', buffer: Buffer.from('hola,mundo\n1,2\n') });
    await page.getByRole('alert').filter({ hasText: operationsMessages.importNotCsv }).waitFor();
  });

  it("updates a customer's open package page and list live when an admin changes the state", async () => {
    const name = 'Elena EnVivo';
    const { account, packages } = await customerWith(name, 1);
    const [{ number }] = packages as [{ number: number; guide: string }];
    const customer = await customerBrowser.newPage();
    await signInThroughForm(customer, e2e.app, account.email, account.password);
    await customer.waitForURL(`${e2e.app.url}/locker`);
    await customer.goto(`${e2e.app.url}/paquetes/${number}`);
    const state = customer
      .locator('.package-facts div')
      .filter({ has: customer.getByRole('term').filter({ hasText: /^Estado$/ }) })
      .getByRole('definition');
    await expect.poll(() => state.first().textContent()).toBe('Recibido en Miami');
    const list = await customerBrowser.newPage();
    await list.goto(`${e2e.app.url}/paquetes`);
    await list.getByText('Recibido en Miami', { exact: true }).first().waitFor();

    await boardFor(name, 1);
    await changeState([number], 'retenido', { Motivo: 'Contenido por revisar' });
    await adminPage.getByRole('status').filter({ hasText: '1 paquete pasó a «Retenido».' }).waitFor();

    // No reload: the open pages read the package again when the server says it changed.
    await expect.poll(() => state.first().textContent(), { timeout: 10_000 }).toBe('Retenido');
    await customer.getByRole('heading', { name: 'Paquete retenido' }).waitFor();
    expect(await customer.textContent('main')).toContain('Contenido por revisar');
    await list.locator('.state-badge--retenido').waitFor({ timeout: 10_000 });
    await customer.close();
    await list.close();
  });

  it("shows a customer the 403 message and no board on '/admin/paquetes' and '/admin/despachos'", async () => {
    const account = await registerViaApi(e2e.app, { name: 'Cliente Curioso' });
    const page = await customerBrowser.newPage();
    await signInThroughForm(page, e2e.app, account.email, account.password);
    await page.waitForURL(`${e2e.app.url}/locker`);
    await page.goto(`${e2e.app.url}/admin/paquetes`);
    await page.getByRole('alert').filter({ hasText: 'No tienes permiso para ver esta página.' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByLabel('Buscar').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cambiar estado' }).count()).toBe(0);
    await page.goto(`${e2e.app.url}/admin/despachos`);
    await page.getByRole('alert').filter({ hasText: 'No tienes permiso para ver esta página.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Crear despacho' }).count()).toBe(0);
    await page.close();
  });
});
