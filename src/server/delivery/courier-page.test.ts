// '/reparto' drawn on the server (ADR 0014), with a stand-in for the build's render (the API tests run unbuilt): a
// courier's page navigation gets their own route drawn and carried as JSON, kept by no cache; a courier with no
// route gets that drawn; another courier never sees the first one's stops; anything else, and a render that fails,
// gets the plain page with nothing of anyone's in it. Text typed by customers stays text (no replacement patterns).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../../../test/support/console.ts';
import { logicDrivers } from '../../../test/support/database.ts';
import { deliveryWorld, startedRoute } from '../../../test/support/delivery.ts';
import type { MyRouteAnswer } from '../../shared/delivery/api-types.ts';
import { FIRST_PAINT_DATA_ID } from '../../shared/first-paint.ts';
import { deliveryRoutes } from '../db/schema/delivery.ts';
import type { RenderScreen } from '../first-paint.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'courier-page-'));
writeFileSync(join(clientDir, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** Draws the route's stop numbers; throws for a route in the zone 'falla' (a render that fails). */
const render: RenderScreen = (request, drawn, config) => {
  if (request.pattern !== '/reparto') throw new Error(`${request.pattern} drawn as '/reparto'`);
  // cast: the stand-in reads the route as the build's render does, through the screen's types.
  const answer = drawn as MyRouteAnswer;
  if (answer.route?.zone === 'falla') throw new Error('render failed');
  return `<p data-brand="${config.brandName}">${answer.route?.stops.map((stop) => stop.number).join(',') ?? 'sin ruta'}</p>`;
};

const NAVIGATE = { 'sec-fetch-mode': 'navigate' };
const dataOf = (html: string) =>
  JSON.parse(
    new RegExp(
      `<script type="application/json" id="${FIRST_PAINT_DATA_ID}" data-api="/api/delivery/my-route">([^<]*)</script>`,
    ).exec(html)?.[1] ?? 'null',
  ) as MyRouteAnswer | null;

describe.each(logicDrivers)("'/reparto' drawn on the server on %s", (driver) => {
  const world = deliveryWorld(driver, {
    admin: `courier-page-admin-${driver}@example.com`,
    customer: "Clara Cliente $& $' $1",
    couriers: ['Pedro Mensajero', 'Juana Mensajera'],
    options: { clientDir, renderScreen: render },
  });
  let numbers: number[] = [];

  const page = async (client: typeof world.admin, headers: Record<string, string> = NAVIGATE) => {
    const response = await client.get('/reparto', headers);
    return {
      status: response.status,
      cache: response.headers.get('cache-control'),
      html: String(response.body),
    };
  };

  it("draws a courier's own route into their page navigation and carries it as JSON, kept by no cache", async () => {
    ({ numbers } = await startedRoute(world.admin, world.customer, world.courier.record.id, 2));
    const { status, cache, html } = await page(world.courier.client);
    expect(status).toBe(200);
    expect(cache).toBe('no-store');
    expect(html).toContain(
      `<div id="root"><p data-brand="${world.server.config.brandName}">${numbers.join(',')}</p></div>`,
    );
    const api = await world.courier.client.get('/api/delivery/my-route');
    expect(dataOf(html)).toEqual(api.body);
    // The customer's name, with what would be replacement patterns, arrives as typed.
    expect(dataOf(html)?.route?.stops[0]?.customerName).toBe("Clara Cliente $& $' $1");
  });

  it("draws another courier's empty day with none of the first one's stops", async () => {
    const [, juana] = world.couriers;
    const { html } = await page(juana!.client);
    expect(html).toContain('<p data-brand');
    expect(dataOf(html)).toEqual({ route: null, courierId: juana!.record.id });
    for (const number of numbers) expect(html).not.toContain(String(number));
  });

  it("gives the plain page to the admin, the customer, nobody, and the service worker's fetch", async () => {
    const plain = [
      await page(world.admin),
      await page(world.customer.client),
      await page(world.courier.client, { 'sec-fetch-mode': 'same-origin' }),
      await page(world.courier.client, {}),
    ];
    for (const { status, html } of plain) {
      expect(status).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(FIRST_PAINT_DATA_ID);
    }
  });

  it('gives the plain page when the render fails, and says so in the log', async () => {
    const [, juana] = world.couriers;
    const route = await startedRoute(world.admin, world.customer, juana!.record.id, 1);
    await world.server.db
      .update(deliveryRoutes)
      .set({ zone: 'falla' })
      .where(eq(deliveryRoutes.id, route.id));
    expectConsoleError();
    const { status, cache, html } = await page(juana!.client);
    expect(status).toBe(200);
    expect(cache).toBe('no-cache');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(FIRST_PAINT_DATA_ID);
  });
});
