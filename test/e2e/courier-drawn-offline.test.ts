// Issue 37 item 1: '/reparto' opened by its address on a fresh phone comes drawn by the server (ADR 0014), and that
// route must be kept on the phone like one read by the screen itself: the signal lost and the page reloaded, the
// service worker serves the screen and IndexedDB the stops. Ten fresh phones in a row (it failed 3 of 6 before),
// each told when its copy was saved ('Ruta guardada en este teléfono · h:mm a. m.', Bogotá time). The door forms'
// schemas run only when a form opens; the drawn page downloads them all the same, so a form opened and confirmed
// without signal still checks, before any service worker keeps them.
import { describe, expect, it } from 'vitest';
import { doorMessages } from '../../src/shared/delivery/door-choices.ts';
import { courierContext, courierPhones, workerTakes } from './courier-world.ts';
import { appInBrowser } from './harness.ts';

const ADMIN = 'reparto-drawn-offline-admin@example.com';
const TRIES = 10;

describe("the courier's route drawn by the server, kept on the phone for no signal", () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN } });
  const phones = courierPhones(e2e, {
    adminEmail: ADMIN,
    courierName: 'Olga Mensajera',
    zone: 'Envigado',
    customers: ['Hugo Primero', 'Irene Segunda'],
  });

  it(`shows the stops after a drawn first opening, the signal lost and a reload, ${TRIES} times in a row`, async () => {
    const { world } = phones;
    const stops = world.numbers.map((number, index) => `${index + 1}. Paquete ${number}`);
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      const context = await courierContext(phones, e2e.app.url);
      try {
        const page = await context.newPage();
        const drawn = await page.goto(`${e2e.app.url}/reparto`);
        // The page came drawn: the stops are in the server's answer, not fetched by the screen.
        expect(await drawn?.text(), `try ${attempt}`).toContain(`id="stop-${world.numbers[0]}"`);
        await workerTakes(page);
        const saved = page.getByText(/^Ruta guardada en este teléfono · \d{1,2}:\d{2} [ap]\. m\.$/);
        await saved.waitFor({ timeout: 10_000 });
        await context.setOffline(true);
        await page.reload();
        for (const name of stops) await page.getByRole('article', { name }).waitFor({ timeout: 10_000 });
        expect(await page.getByText('aún no guarda tu ruta').count(), `try ${attempt}`).toBe(0);
        expect(await saved.isVisible(), `try ${attempt}`).toBe(true);
      } finally {
        await context.close();
      }
    }
  });

  it('checks a door form opened and confirmed without signal after a drawn first opening', async () => {
    const context = await courierContext(phones, e2e.app.url, { serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const schemas = page.waitForResponse((response) =>
        /\/assets\/door-forms-[\w-]+\.js$/.test(response.url()),
      );
      await page.goto(`${e2e.app.url}/reparto`);
      await schemas;
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);
      const next = page.getByRole('region', { name: 'Siguiente parada' });
      await next.getByRole('button', { name: 'Entregar' }).click();
      const form = page.getByRole('form');
      await form.getByLabel('Recibido por').fill('Hugo Primero');
      await form.getByLabel('Documento').fill('12');
      await form.getByRole('button', { name: 'Confirmar entrega' }).click();
      await form.getByText(doorMessages.document).waitFor({ timeout: 10_000 });
      expect(await page.getByText('Por enviar').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
