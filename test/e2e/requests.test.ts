// Requests in Miami (issue 31) in Chromium: a customer chooses three packages on 'Mis paquetes', sees the fee in USD
// and pesos before 'Confirmar solicitud', and the warehouse completes the consolidation on /bodega by scanning each
// package, weighing and measuring the new box and 'Registrar consolidado'; the originals then say 'Consolidado en
// el paquete N' and the new package's charge carries 'Consolidación'.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, appInBrowser, recordViaApi, registerViaApi, signInThroughForm } from './harness.ts';

const ADMIN = 'solicitudes-e2e@example.com';

describe('requests in Miami in Chromium', () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN } });
  let adminPassword = '';
  beforeAll(async () => {
    adminPassword = (await registerViaApi(e2e.app, { email: ADMIN, name: 'Bodega Jefa' })).password;
  });

  it('a customer consolidates three packages and the warehouse completes it by scanning', async () => {
    const admin = await apiCall(e2e.app, ADMIN, adminPassword);
    const account = await registerViaApi(e2e.app, { name: 'Carolina Consolida' });
    const record = await recordViaApi(e2e.app, account.email, account.password);
    const customer = await apiCall(e2e.app, account.email, account.password);
    const numbers: number[] = [];
    for (const [index, content] of ['Libro', 'Camisa', 'Cable'].entries()) {
      const guide = `TBA00000000931${index}`;
      const prealert = await customer<{ package: { number: number } }>('POST', '/api/packages', {
        guide,
        store: 'Amazon',
        content,
        declaredValue: '20',
        quantity: 1,
        address: 1,
        instructions: '',
      });
      expect(prealert.status).toBe(201);
      const receipt = await admin('POST', '/api/warehouse/receipts', {
        guide,
        lockerNumber: record.lockerNumber,
        weightLb: '2',
      });
      expect(receipt.status).toBe(201);
      numbers.push(prealert.body.package.number);
    }

    const page = await e2e.browser.newPage();
    await signInThroughForm(page, e2e.app, account.email, account.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${e2e.app.url}/paquetes`);
    for (const number of numbers) await page.getByLabel(`Elegir paquete ${number}`).check();
    const chosen = page.getByRole('region', { name: 'Solicitudes' });
    await chosen.getByText('3 paquetes elegidos').waitFor();
    await chosen.getByRole('button', { name: 'Consolidar' }).click();
    await chosen
      .getByText('Consolidar 3 paquetes: US$ 5,00 ($ 20.000). Tu nuevo paquete tendrá un nuevo número.')
      .waitFor();
    await chosen.getByRole('button', { name: 'Confirmar solicitud' }).click();
    await page.getByText(/^Solicitud \d+ enviada\./).waitFor();

    const bodega = await e2e.browser.newPage();
    await signInThroughForm(bodega, e2e.app, ADMIN, adminPassword);
    await bodega.waitForURL((url) => url.pathname !== '/login');
    await bodega.goto(`${e2e.app.url}/bodega`);
    const queue = bodega.getByRole('region', { name: 'Solicitudes' });
    await queue.getByText('Carolina Consolida').waitFor();
    await queue.getByRole('button', { name: 'Iniciar' }).click();
    await queue.getByRole('button', { name: 'Completar' }).click();
    for (const number of numbers) {
      await queue.getByLabel('Escanear paquete').fill(String(number));
      await queue.getByLabel('Escanear paquete').press('Enter');
      await queue.getByText(`Paquete ${number} (escaneado)`).waitFor();
    }
    const box: Array<[string, string]> = [
      ['Peso (lb)', '5'],
      ['Largo (in)', '12'],
      ['Ancho (in)', '10'],
      ['Alto (in)', '8'],
    ];
    for (const [label, value] of box) await queue.getByLabel(label).fill(value);
    await queue.getByRole('button', { name: 'Registrar consolidado' }).click();
    await queue.getByRole('link', { name: 'Imprimir etiqueta' }).waitFor();
    const notice = await queue.getByText(/nuevo paquete \d+/).textContent();
    const fresh = Number(/nuevo paquete (\d+)/.exec(notice ?? '')?.[1]);
    expect(fresh).toBeGreaterThan(0);

    // The browser's one profile now holds the warehouse's session: the customer signs in again.
    await bodega.close();
    await signInThroughForm(page, e2e.app, account.email, account.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${e2e.app.url}/paquetes/${numbers[0]}`);
    const history = page.getByRole('region', { name: 'Historial' });
    await history.getByText('Consolidado en el paquete').waitFor();
    expect(await history.getByRole('link', { name: String(fresh) }).count()).toBe(1);
    await page.goto(`${e2e.app.url}/paquetes/${fresh}`);
    const charge = page.getByRole('region', { name: 'Tu cobro' });
    await charge.getByText('Consolidación').waitFor();
  });

  it("a customer asks 'Reempacar' on the package's page and the warehouse's new box lowers 'Valor a pagar'", async () => {
    const admin = await apiCall(e2e.app, ADMIN, adminPassword);
    const account = await registerViaApi(e2e.app, { name: 'Rosa Reempaque' });
    const record = await recordViaApi(e2e.app, account.email, account.password);
    const customer = await apiCall(e2e.app, account.email, account.password);
    const guide = 'TBA000000009400';
    const prealert = await customer<{ package: { number: number } }>('POST', '/api/packages', {
      guide,
      store: 'Amazon',
      content: 'Lámpara',
      declaredValue: '30',
      quantity: 1,
      address: 1,
      instructions: '',
    });
    const number = prealert.body.package.number;
    const received = await admin('POST', '/api/warehouse/receipts', {
      guide,
      lockerNumber: record.lockerNumber,
      weightLb: '2',
      lengthIn: '20',
      widthIn: '20',
      heightIn: '20',
    });
    expect(received.status).toBe(201);

    const page = await e2e.browser.newPage();
    await signInThroughForm(page, e2e.app, account.email, account.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${e2e.app.url}/paquetes/${number}`);
    const total = page.locator('.package-charge__total');
    const before = await total.textContent();
    const requests = page.getByRole('region', { name: 'Solicitudes' });
    await requests.getByRole('button', { name: 'Reempacar' }).click();
    await requests.getByLabel('Caja más pequeña').check();
    await requests
      .getByText(
        'Reempacar 1 paquete: US$ 3,00 ($ 12.000). Recalcularemos el cobro con el nuevo peso y medidas.',
      )
      .waitFor();
    await requests.getByRole('button', { name: 'Confirmar solicitud' }).click();
    await requests.getByText(/^Solicitud \d+ enviada\./).waitFor();
    await requests.getByText('Pendiente').waitFor();

    const bodega = await e2e.browser.newPage();
    await signInThroughForm(bodega, e2e.app, ADMIN, adminPassword);
    await bodega.waitForURL((url) => url.pathname !== '/login');
    await bodega.goto(`${e2e.app.url}/bodega`);
    const queue = bodega.getByRole('region', { name: 'Solicitudes' });
    const item = queue.getByRole('listitem').filter({ hasText: 'Rosa Reempaque' });
    await item.getByRole('button', { name: 'Iniciar' }).click();
    await item.getByRole('button', { name: 'Completar' }).click();
    const box: Array<[string, string]> = [
      ['Peso (lb)', '2'],
      ['Largo (in)', '10'],
      ['Ancho (in)', '10'],
      ['Alto (in)', '10'],
    ];
    for (const [label, value] of box) await item.getByLabel(label).fill(value);
    await item.getByRole('button', { name: 'Registrar reempaque' }).click();
    await queue.getByText(/completada\. Avisamos al cliente\./).waitFor();

    // The browser's one profile now holds the warehouse's session: the customer signs in again.
    await bodega.close();
    await signInThroughForm(page, e2e.app, account.email, account.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${e2e.app.url}/paquetes/${number}`);
    await page.getByRole('region', { name: 'Solicitudes' }).getByText('Completada').waitFor();
    await page.getByRole('region', { name: 'Tu cobro' }).getByText('Reempaque').waitFor();
    const after = await total.textContent();
    const cop = (text: string | null) => Number(/\$ ([\d.]+) COP/.exec(text ?? '')?.[1]?.replaceAll('.', ''));
    expect(cop(after)).toBeLessThan(cop(before));
  });
});
