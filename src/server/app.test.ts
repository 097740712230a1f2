import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../../test/support/console.ts';
import { browser, startTestServer, TEST_APP_URL, type TestServer } from '../../test/support/server.ts';
import { messages } from '../shared/messages.ts';
import { SCREEN_PATTERNS, sampleScreenPath } from '../shared/paths.ts';

describe('the HTTP application', () => {
  let server: TestServer;
  const clientDir = mkdtempSync(join(tmpdir(), 'casillero-client-'));
  beforeAll(async () => {
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(
      join(clientDir, 'index.html'),
      '<!doctype html><html lang="es"><head><title>CasilleroYa</title><!--app-config--></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      join(clientDir, 'assets', 'main-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(2000))});`,
    );
    // The build's brotli beside a script (vite.config.ts, ADR 0021).
    writeFileSync(
      join(clientDir, 'assets', 'main-abc123.js.br'),
      brotliCompressSync(`console.log(${JSON.stringify('x'.repeat(2000))});`),
    );
    writeFileSync(join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    server = await startTestServer('pglite', { BRAND_NAME: 'Marca <Prueba>' }, { clientDir });
  });
  afterAll(() => server?.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    server.app.request(`${TEST_APP_URL}${path}`, { headers });

  it('serves every screen of the app with status 200, index.html not cached', async () => {
    // The client's router table is typed by SCREEN_PATTERNS: a screen the client has and the server does not serve
    // fails here.
    for (const pattern of SCREEN_PATTERNS) {
      const route = sampleScreenPath(pattern);
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-type')).toContain('text/html');
    }
  });

  it('writes the public configuration into index.html, escaped, with no inline script', async () => {
    const html = await (await get('/')).text();
    const meta = /<meta name="app-config" content="([^"]*)">/.exec(html)?.[1] ?? '';
    const config = JSON.parse(
      meta
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&amp;/g, '&'),
    );
    expect(config).toMatchObject({
      brandName: 'Marca <Prueba>',
      appUrl: TEST_APP_URL,
      supportWhatsapp: '13055550114',
    });
    expect(config).not.toHaveProperty('authSecret');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).toContain('<title>Marca Prueba</title>');
  });

  it("serves the courier screen's service worker as JavaScript, never cached, allowed by the CSP", async () => {
    const response = await get('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("worker-src 'self'");
    expect(await response.text()).toContain('addEventListener');
  });

  it('answers an unknown path with 404 and the app (its Spanish not-found page)', async () => {
    const response = await get('/no/existe');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers an unknown API path with a 404 in the error contract', async () => {
    const response = await get('/api/nada');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: messages.notFound } });
  });

  it('sends the security headers on every response', async () => {
    for (const path of ['/', '/api/health', '/assets/main-abc123.js', '/no/existe']) {
      const response = await get(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      // WebAssembly may compile (the barcode reader); JavaScript eval and inline scripts may not.
      expect(csp).not.toMatch(/'unsafe-eval'|'unsafe-inline'/);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("img-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('caches hashed assets for a year and compresses text', async () => {
    const response = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const html = await get('/', { 'accept-encoding': 'gzip' });
    expect(html.headers.get('content-encoding')).toBe('gzip');
    expect((await get('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it("sends a script's brotli made at the build to a browser that takes it", async () => {
    const response = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    expect(response.headers.get('content-type')).toContain('javascript');
    const body = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(body).toBe(`console.log(${JSON.stringify('x'.repeat(2000))});`);
    const plain = await get('/assets/main-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(body);
  });

  it('reports a healthy database on /api/health', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: true });
  });

  it('refuses malformed JSON, bodies over 64 KB and requests from another origin, in Spanish', async () => {
    const client = browser(server);
    const malformed = await client.post('/api/login', '{"email": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe(messages.badJson);
    const large = await client.post('/api/login', { email: 'a@example.com', password: 'x'.repeat(70_000) });
    expect(large.status).toBe(413);
    expect(large.body.error.message).toBe(messages.tooLarge);
    const foreign = await client.post(
      '/api/login',
      { email: 'a@example.com', password: 'x' },
      { origin: 'https://malo.example' },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({
      code: 'cross_origin',
      message: messages.crossOrigin(server.config.appUrl),
    });
    const crossSite = await client.post(
      '/api/login',
      { email: 'a@example.com', password: 'x' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    const plainText = await client.send('POST', '/api/login', '{"email":"a@example.com","password":"x"}', {
      'content-type': 'text/plain',
    });
    expect(plainText.status).toBe(415);
  });
});

describe('when the database is down', () => {
  it('answers 503 on /api/health and a 500 without details elsewhere', async () => {
    const server = await startTestServer('pglite');
    await server.close();
    const health = await server.app.request(`${TEST_APP_URL}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable', database: false });
    const errors = expectConsoleError();
    const response = await browser(server).get('/api/captcha');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: { code: 'internal', message: messages.serverError } });
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts/);
    expect(errors).toHaveLength(1);
  });
});
