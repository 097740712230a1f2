import { existsSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The courier's screen, the only page a service worker serves (src/client/offline/service-worker.ts). */
const COURIER_SCREEN = '/reparto';
const COURIER_CHUNK = 'pages/courier-route/courier-route-page.tsx';
const OUT_DIR = new URL('./dist/client/', import.meta.url);

/**
 * The files '/reparto' can load, from the build's manifest: the entry and the courier chunk, with everything they
 * import (statically or lazily) and their CSS. Other screens' chunks are not kept on the phone.
 */
function courierFiles(): Set<string> | null {
  const file = new URL('.vite/manifest.json', OUT_DIR);
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }
  >;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const sheet of chunk.css ?? []) files.add(sheet);
    for (const next of [
      ...(chunk.imports ?? []),
      ...(key === COURIER_CHUNK ? (chunk.dynamicImports ?? []) : []),
    ])
      visit(next);
  };
  visit('index.html');
  visit(COURIER_CHUNK);
  return files;
}

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [
    react(),
    // ADR 0011: Workbox's generated worker (dist/client/sw.js) keeps '/reparto' and the app's files on the courier's
    // phone. Nothing is injected into index.html (no manifest, no registration script): only the courier screen's
    // chunk registers the worker, so customers never get one. API answers are never cached by it.
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg'],
        // index.html is kept under the screen's own address: the server writes the public configuration into it.
        manifestTransforms: [
          async (entries) => {
            const needed = courierFiles();
            return {
              manifest: entries
                .filter((entry) => entry.url === 'index.html' || !needed || needed.has(entry.url))
                .map((entry) => (entry.url === 'index.html' ? { ...entry, url: COURIER_SCREEN } : entry)),
              warnings: [],
            };
          },
        ],
        navigateFallback: COURIER_SCREEN,
        navigateFallbackAllowlist: [/^\/reparto\/?$/],
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [],
        inlineWorkboxRuntime: true,
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
        sourcemap: false,
      },
    }),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: bench/page-weight.ts reads which chunks each route needs.
    manifest: true,
    target: 'es2022',
    // No inline module-preload polyfill: the CSP allows no inline script.
    modulePreload: { polyfill: false },
  },
  server: {
    // The server's API; not the client's own modules under src/client/api/ (`/api/account.ts`), which Vite serves.
    proxy: { '^/api/(?![^?]*\\.tsx?(?:\\?|$))': 'http://localhost:3000' },
  },
});
