// A package's page drawn on the server for its owner (issue 37), with a stand-in for the build's render (the API tests
// run unbuilt): the owner's page navigation gets their package drawn and carried as JSON, kept by no cache; another
// customer, an admin, nobody, a request that is not a navigation and a number that is nobody's get the plain page
// with nothing of the package in it; a render that fails gets the plain page too. What the customer typed stays text.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../../../test/support/console.ts';
import { logicDrivers } from '../../../test/support/database.ts';
import { newTestGuide } from '../../../test/support/packages.ts';
import {
  browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { FIRST_PAINT_DATA_ID } from '../../shared/first-paint.ts';
import type { PackageDetail } from '../../shared/packages/api-types.ts';
import type { RenderScreen } from '../first-paint.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'package-page-'));
writeFileSync(join(clientDir, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** Draws the package's content and number; throws for a package whose content is 'falla' (a render that fails). */
const render: RenderScreen = (request, drawn, config) => {
  if (request.pattern !== '/paquetes/:number') throw new Error(`${request.pattern} drawn as a package`);
  // cast: the stand-in reads the package as the build's render does, through the screen's types.
  const pkg = drawn as PackageDetail;
  if (pkg.content === 'falla') throw new Error('render failed');
  return `<h1 data-brand="${config.brandName}">${pkg.content} · ${request.params.number}</h1>`;
};

const NAVIGATE = { 'sec-fetch-mode': 'navigate' };
const dataOf = (html: string) =>
  new RegExp(
    `<script type="application/json" id="${FIRST_PAINT_DATA_ID}" data-api="([^"]*)">([^<]*)</script>`,
  ).exec(html);

describe.each(logicDrivers)("a package's page drawn on the server on %s", (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let owner: Awaited<ReturnType<typeof signedUpCustomer>>;
  let number = 0;
  const content = "Audífonos $& $' $1";

  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(
      driver,
      `package-page-admin-${driver}@example.com`,
      {},
      {
        clientDir,
        renderScreen: render,
      },
    ));
    owner = await signedUpCustomer(server);
    const saved = await owner.client.post('/api/packages', {
      guide: newTestGuide(),
      content,
      declaredValue: '50',
    });
    expect(saved.status).toBe(201);
    number = saved.body.package.number;
  });
  afterAll(() => server?.close());

  const page = async (
    client: ReturnType<typeof browser>,
    path = `/paquetes/${number}`,
    headers = NAVIGATE,
  ) => {
    const response = await client.get(path, headers);
    return {
      status: response.status,
      cache: response.headers.get('cache-control'),
      html: String(response.body),
    };
  };

  it("draws the owner's package into their page navigation and carries it as JSON, kept by no cache", async () => {
    const { status, cache, html } = await page(owner.client);
    expect(status).toBe(200);
    expect(cache).toBe('no-store');
    // The content as typed: what would be replacement patterns stays text.
    expect(html).toContain(
      `<div id="root"><h1 data-brand="${server.config.brandName}">${content} · ${number}</h1></div>`,
    );
    const api = await owner.client.get(`/api/packages/${number}`);
    const [, path, json] = dataOf(html) ?? [];
    expect(path).toBe(`/api/packages/${number}`);
    expect(JSON.parse(json ?? 'null')).toEqual(api.body);
  });

  it("gives the plain page to another customer, the admin, nobody, and a fetch that is not the page's", async () => {
    const other = await signedUpCustomer(server);
    const plain = [
      await page(other.client),
      await page(admin),
      await page(browser(server)),
      await page(owner.client, `/paquetes/${number}`, { 'sec-fetch-mode': 'same-origin' }),
      await page(owner.client, '/paquetes/999999999'),
    ];
    for (const { status, html } of plain) {
      expect(status).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(FIRST_PAINT_DATA_ID);
      expect(html).not.toContain('Audífonos');
    }
  });

  it('gives the plain page when the render fails, and says so in the log', async () => {
    const saved = await owner.client.post('/api/packages', {
      guide: newTestGuide(),
      content: 'falla',
      declaredValue: '50',
    });
    expectConsoleError();
    const { status, cache, html } = await page(owner.client, `/paquetes/${saved.body.package.number}`);
    expect(status).toBe(200);
    expect(cache).toBe('no-cache');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(FIRST_PAINT_DATA_ID);
  });
});
