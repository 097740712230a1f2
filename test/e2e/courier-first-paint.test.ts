// Issue 19 (design/delivery.md 'Budgets'): '/reparto' comes from the server already drawn with the courier's own route,
// and the browser takes that HTML over as it is (hydration). A courier's page navigation gets their stops and the
// route beside them as JSON, kept by no cache; nobody else does, nor the service worker's copy; the stops read with
// JavaScript off; with it, React keeps the drawn nodes (no hydration error) and 'Entregar' opens its form.
import { get } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_DATA_ID } from '../../src/shared/first-paint.ts';
import { type CourierWorld, courierPhones, courierContext as phoneContext } from './courier-world.ts';
import { apiCall, appInBrowser, holdEntryScript, registerViaApi } from './harness.ts';

const ADMIN = 'reparto-first-paint-admin@example.com';
const EMPTY_ROOT = '<div id="root"></div>';

describe("the courier's route drawn by the server and taken over by the browser", () => {
  const e2e = appInBrowser({ env: { ADMIN_EMAILS: ADMIN } });
  const phones = courierPhones(e2e, {
    adminEmail: ADMIN,
    courierName: 'Lucía Mensajera',
    zone: 'Belén',
    customers: ['Dora Primera', 'Elías Segundo', 'Fabio Tercero'],
  });
  let world: CourierWorld;
  beforeAll(() => {
    world = phones.world;
  });

  /**
   * '/reparto' as a browser asks for it: `mode` 'navigate' for a page, 'same-origin' for a worker's fetch (node:http,
   * since fetch() writes its own Sec-Fetch-Mode).
   */
  const open = (cookie: string | null, mode = 'navigate') =>
    new Promise<{ cacheControl: string | undefined; html: string }>((resolve, reject) => {
      const headers = { 'sec-fetch-mode': mode, ...(cookie ? { cookie } : {}) };
      get(`${e2e.app.url}/reparto`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            cacheControl: response.headers['cache-control'],
            html: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      }).on('error', reject);
    });

  /** A phone-sized context signed in as the courier, with no service worker (each opening is a first one). */
  const courierContext = (javaScriptEnabled: boolean) =>
    phoneContext(phones, e2e.app.url, { javaScriptEnabled, serviceWorkers: 'block' });

  it("answers a courier's page with their stops drawn and the route beside them, kept by no cache", async () => {
    const { cacheControl, html } = await open(world.courier.cookie);
    expect(cacheControl).toBe('no-store');
    expect(html).not.toContain(EMPTY_ROOT);
    for (const number of world.numbers) expect(html).toContain(`id="stop-${number}"`);
    expect(html).toContain('Zona: <!-- -->Belén');
    const data = new RegExp(
      `<script type="application/json" id="${FIRST_PAINT_DATA_ID}" data-api="/api/delivery/my-route">([^<]*)</script>`,
    );
    const route = JSON.parse(data.exec(html)?.[1] ?? 'null') as {
      route: { stops: Array<{ number: number }> };
    };
    expect(route.route.stops.map((stop) => stop.number)).toEqual(world.numbers);
    // The route comes inside the page: it is not asked for again beside it.
    expect(html).not.toContain('href="/api/delivery/my-route"');
  });

  it("draws nothing for anyone else, nor for the service worker's copy of the page", async () => {
    const customerForm = await registerViaApi(e2e.app, { name: 'Gina Cliente' });
    const customer = await apiCall(e2e.app, customerForm.email, customerForm.password);
    for (const [who, response] of [
      ['nobody', await open(null)],
      ['a customer', await open(customer.cookie)],
      ['an admin', await open(world.admin.cookie)],
      ["the courier's service worker", await open(world.courier.cookie, 'same-origin')],
    ] as const) {
      const { html } = response;
      expect(html, who).toContain(EMPTY_ROOT);
      expect(html, who).not.toContain(FIRST_PAINT_DATA_ID);
      for (const number of world.numbers) expect(html, who).not.toContain(`Paquete ${number}`);
    }
  });

  it('shows the stops, with their calls and amounts, with JavaScript off', async () => {
    const context = await courierContext(false);
    try {
      const page = await context.newPage();
      await page.goto(`${e2e.app.url}/reparto`);
      for (const [index, number] of world.numbers.entries())
        expect(await page.getByRole('article', { name: `${index + 1}. Paquete ${number}` }).isVisible()).toBe(
          true,
        );
      const cards = page.getByRole('article');
      expect(await cards.getByRole('link', { name: 'Llamar' }).count()).toBe(world.numbers.length);
      expect(await cards.getByText('Valor a pagar').count()).toBe(world.numbers.length);
      // Issue 47 item 6: the three customers live at one address (courier-world.ts): each card says so, drawn too.
      const [first, second, third] = world.numbers;
      expect(await cards.getByText(`3 paquetes aquí: ${first}, ${second} y ${third}`).count()).toBe(3);
      expect(await cards.first().getByRole('link', { name: 'Cómo llegar' }).getAttribute('href')).toContain(
        'https://www.google.com/maps/dir/?api=1&destination=Calle%2010%20%23%2043-12',
      );
      // 'Siguiente parada' (issue 37 item 3) is drawn too: the first stop, with its call and amount.
      const next = page.getByRole('region', { name: 'Siguiente parada' });
      expect(await next.getByText(`1. Paquete ${world.numbers[0]}`).isVisible()).toBe(true);
      expect(await next.getByRole('link', { name: 'Llamar' }).isVisible()).toBe(true);
      expect(await next.getByText('Valor a pagar').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("is taken over as drawn: no hydration error, the same nodes, and 'Entregar' opens its form", async () => {
    const context = await courierContext(true);
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      // The scripts wait until the drawn button is in hand, so it is known to be the server's node.
      const release = await holdEntryScript(page);
      await page.goto(`${e2e.app.url}/reparto`, { waitUntil: 'commit' });
      const first = page.getByRole('article', { name: `1. Paquete ${world.numbers[0]}` });
      await first.waitFor();
      // Taken over once React has put its handlers on the drawn button itself (a tap before that does nothing);
      // a page drawn again by the browser would leave this node without them.
      const drawn = await first.getByRole('button', { name: 'Entregar' }).elementHandle();
      release();
      const taken = await drawn?.evaluate(
        (button) =>
          new Promise<boolean>((resolve) => {
            const started = Date.now();
            const check = () => {
              if (Object.keys(button).some((key) => key.startsWith('__reactProps'))) resolve(true);
              else if (Date.now() - started > 10_000) resolve(false);
              else setTimeout(check, 20);
            };
            check();
          }),
      );
      expect(taken).toBe(true);
      await first.getByRole('button', { name: 'Entregar' }).click();
      await first.getByLabel('Recibido por').waitFor({ timeout: 15_000 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
