// '/reparto''s index.html names the courier chunk's own files and the route's API answer, so the browser fetches
// them in parallel right after the HTML; the entry's files are not named again, and without a build nothing changes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drawnPage, screenPageFor, screenPages } from './screen-preloads.ts';

const dir = mkdtempSync(join(tmpdir(), 'preloads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const html = '<!doctype html><html><head><title>x</title></head><body></body></html>';

describe('screenPages', () => {
  it("adds the courier chunk's files beyond the entry's, its lazy ones and the route's fetch to /reparto's page only", () => {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(
      join(dir, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', imports: ['_vendor'], isEntry: true },
        _vendor: { file: 'assets/vendor-2.js' },
        _form: { file: 'assets/form-3.js', imports: ['_vendor'] },
        'delivery/courier-route/courier-route-page.tsx': {
          file: 'assets/courier-4.js',
          imports: ['_vendor', '_form'],
          dynamicImports: ['_rules'],
          css: ['assets/courier-5.css'],
        },
        _rules: { file: 'assets/door-forms-7.js', imports: ['_zod', '_form', '_vendor'] },
        _zod: { file: 'assets/zod-6.js' },
      }),
    );
    const pages = screenPages(dir, html);
    expect([...pages.keys()]).toEqual(['/reparto']);
    const page = pages.get('/reparto') ?? '';
    expect(page).toContain('<link rel="preload" href="/api/delivery/my-route" as="fetch" crossorigin>');
    expect(page).toContain('<link rel="modulepreload" href="/assets/courier-4.js">');
    expect(page).toContain('<link rel="modulepreload" href="/assets/form-3.js">');
    expect(page).toContain('<link rel="preload" href="/assets/courier-5.css" as="style">');
    // The entry's own files are already in index.html. The lazy door forms and their schemas are prefetched, to
    // check a form confirmed without signal; files already named are not named twice.
    expect(page).not.toContain('vendor-2.js');
    expect(page).toContain('<link rel="prefetch" href="/assets/door-forms-7.js">');
    expect(page).toContain('<link rel="prefetch" href="/assets/zod-6.js">');
    expect(page.split('form-3.js').length).toBe(2);
    expect(page.indexOf('my-route')).toBeLessThan(page.indexOf('</head>'));
  });

  it("names /paquetes' chunk, its list and the session in its page (issue 24)", () => {
    const packagesDir = join(dir, 'packages');
    mkdirSync(join(packagesDir, '.vite'), { recursive: true });
    writeFileSync(
      join(packagesDir, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', imports: ['_vendor'], isEntry: true },
        _vendor: { file: 'assets/vendor-2.js' },
        _query: { file: 'assets/query-client-3.js', imports: ['_vendor'] },
        _tiny: { file: 'assets/states-5.js' },
        'packages/packages/packages-page.tsx': {
          file: 'assets/packages-page-4.js',
          imports: ['_query', '_tiny', 'index.html'],
        },
      }),
    );
    // Only the files worth a request of their own are named: the chunk and the query library, not the tiny one.
    mkdirSync(join(packagesDir, 'assets'));
    writeFileSync(join(packagesDir, 'assets/packages-page-4.js'), 'x'.repeat(5000));
    writeFileSync(join(packagesDir, 'assets/query-client-3.js'), 'x'.repeat(30000));
    writeFileSync(join(packagesDir, 'assets/states-5.js'), 'x'.repeat(700));
    const pages = screenPages(packagesDir, html);
    expect([...pages.keys()]).toEqual(['/paquetes']);
    const page = pages.get('/paquetes') ?? '';
    expect(page).toContain('<link rel="preload" href="/api/packages" as="fetch" crossorigin>');
    expect(page).toContain('<link rel="preload" href="/api/me" as="fetch" crossorigin>');
    expect(page).toContain('<link rel="modulepreload" href="/assets/packages-page-4.js">');
    expect(page).toContain('<link rel="modulepreload" href="/assets/query-client-3.js">');
    expect(page).not.toContain('vendor-2.js');
    expect(page).not.toContain('states-5.js');
  });

  it("names a package's chunk, its answer with the number of the path and the session in /paquetes/:number's page (issue 37)", () => {
    const packageDir = join(dir, 'package');
    mkdirSync(join(packageDir, '.vite'), { recursive: true });
    writeFileSync(
      join(packageDir, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true },
        'packages/package/package-page.tsx': {
          file: 'assets/package-page-2.js',
          imports: ['index.html', '_small'],
        },
        _small: { file: 'assets/history-list-3.js' },
      }),
    );
    mkdirSync(join(packageDir, 'assets'));
    writeFileSync(join(packageDir, 'assets/history-list-3.js'), 'x'.repeat(700));
    writeFileSync(join(packageDir, 'assets/package-page-2.js'), 'x'.repeat(5000));
    const pages = screenPages(packageDir, html);
    const page = screenPageFor(pages, '/paquetes/100042') ?? '';
    expect(page).toContain('<link rel="preload" href="/api/packages/100042" as="fetch" crossorigin>');
    expect(page).toContain('<link rel="preload" href="/api/me" as="fetch" crossorigin>');
    expect(page).toContain('<link rel="modulepreload" href="/assets/package-page-2.js">');
    // Its small files too: named after the entry ran, they were a second wave of requests before the page drew.
    expect(page).toContain('<link rel="modulepreload" href="/assets/history-list-3.js">');
    // Other paths, a receipt's among them, keep the plain index.html.
    expect(screenPageFor(pages, '/paquetes/100042/comprobante')).toBeNull();
    expect(screenPageFor(pages, '/paquetes/abc')).toBeNull();
    expect(screenPageFor(pages, '/locker')).toBeNull();
  });

  it('changes nothing without a build manifest', () => {
    expect(screenPages(join(dir, 'missing'), html).size).toBe(0);
  });
});

describe("'/register' (Lighthouse's LCP is the form's hint)", () => {
  it("names the form's chunk and the files it imports beyond the entry, and no API answer", () => {
    const registerDir = join(dir, 'register');
    mkdirSync(join(registerDir, '.vite'), { recursive: true });
    writeFileSync(
      join(registerDir, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true },
        _phone: { file: 'assets/phone-2.js' },
        'auth/register/register-page.tsx': { file: 'assets/register-page-3.js', imports: ['_phone'] },
      }),
    );
    const page = screenPages(registerDir, html).get('/register') ?? '';
    expect(page).toContain('<link rel="modulepreload" href="/assets/register-page-3.js">');
    expect(page).toContain('<link rel="modulepreload" href="/assets/phone-2.js">');
    expect(page).not.toContain('as="fetch"');
  });
});

describe('drawnPage', () => {
  it("drops the API answers' preloads and links the stylesheets the drawn screen is painted with", () => {
    const page =
      '<head><link rel="preload" href="/api/delivery/my-route" as="fetch" crossorigin>' +
      '<link rel="modulepreload" href="/assets/courier-4.js">' +
      '<link rel="preload" href="/assets/courier-5.css" as="style"></head>';
    expect(drawnPage(page)).toBe(
      '<head><link rel="modulepreload" href="/assets/courier-4.js">' +
        '<link rel="stylesheet" href="/assets/courier-5.css"></head>',
    );
  });
});
