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

    await page.goto(`${e2e.app.url}/paquetes/${numbers[0]}`);
    const history = page.getByRole('region', { name: 'Historial' });
    await history.getByText('Consolidado en el paquete').waitFor();
    expect(await history.getByRole('link', { name: String(fresh) }).count()).toBe(1);
    await page.goto(`${e2e.app.url}/paquetes/${fresh}`);
    const charge = page.getByRole('region', { name: 'Tu cobro' });
    await charge.getByText('Consolidación').waitFor();
  });
});
