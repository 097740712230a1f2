// '/reparto''s index.html names the courier chunk's own files and the route's API answer, so the browser fetches
// them in parallel right after the HTML; the entry's files are not named again, and without a build nothing changes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { screenPages } from './screen-preloads.ts';

const dir = mkdtempSync(join(tmpdir(), 'preloads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const html = '<!doctype html><html><head><title>x</title></head><body></body></html>';

describe('screenPages', () => {
  it("adds the courier chunk's files beyond the entry's and the route's fetch to /reparto's page only", () => {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(
      join(dir, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', imports: ['_vendor'], isEntry: true },
        _vendor: { file: 'assets/vendor-2.js' },
        _form: { file: 'assets/form-3.js', imports: ['_vendor'] },
        'pages/courier-route/courier-route-page.tsx': {
          file: 'assets/courier-4.js',
          imports: ['_vendor', '_form'],
          dynamicImports: ['_zod'],
          css: ['assets/courier-5.css'],
        },
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
    // The entry's own files are already in index.html; the lazy schemas come after the first paint.
    expect(page).not.toContain('vendor-2.js');
    expect(page).not.toContain('zod-6.js');
    expect(page.indexOf('my-route')).toBeLessThan(page.indexOf('</head>'));
  });

  it('changes nothing without a build manifest', () => {
    expect(screenPages(join(dir, 'missing'), html).size).toBe(0);
  });
});
