import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The courier's screen, the only page a service worker serves
 * (src/client/delivery/courier-route/offline/service-worker.ts).
 */
const COURIER_SCREEN = '/reparto';
const COURIER_CHUNK = 'delivery/courier-route/courier-route-page.tsx';
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

/**
 * Our shared code and TanStack Query, which lazy screens import from each other: src/shared, and the client's files
 * one folder deep (components/, app/ and each capability's own files: its API calls and the parts it shares), never
 * a file of a screen's folder (src/client/<capability>/<screen>/).
 */
const SHARED =
  /[\\/]src[\\/](?:shared[\\/]|client[\\/][^\\/]+[\\/][^\\/]+$)|[\\/]node_modules[\\/]@tanstack[\\/](?:query-core|react-query)[\\/]/;
const QUERY = /[\\/]node_modules[\\/]@tanstack[\\/](?:query-core|react-query)[\\/]/;
/**
 * Shared modules kept in a file of their own, so that only the screens that use them load them: dates.ts built ten
 * Intl.DateTimeFormat as it loaded (about 23 ms on this machine, 4× that on a slow phone), and in 'common' '/login'
 * and '/locker', which never use it, lost 4–5 Lighthouse points (Total Blocking Time). It builds them at first use
 * now, and the customer's and courier's screens use none (issue 37).
 */
const OWN_FILE = /[\\/]src[\\/]shared[\\/]dates\.ts$/;
const COURIER_MODULE = fileURLToPath(new URL(`./src/client/${COURIER_CHUNK}`, import.meta.url));
const PACKAGE_MODULE = fileURLToPath(
  new URL('./src/client/packages/package/package-page.tsx', import.meta.url),
);
/** The screens a new customer opens first ('/register', then '/locker'): the package page's group takes none of theirs. */
const FIRST_SCREENS = ['auth/register/register-page.tsx', 'lockers/locker/locker-page.tsx'].map((path) =>
  fileURLToPath(new URL(`./src/client/${path}`, import.meta.url)),
);

/** What a chunk group's `name` function may read of the module graph (rolldown's ChunkingContext). */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: string[]; importedIds: string[]; isEntry: boolean } | null;
}

/** A function of module ids, each computed once; a cycle's repeated visit reads `start`. */
function memo<T>(start: T, compute: (id: string) => T): (id: string) => T {
  const known = new Map<string, T>();
  return (id) => {
    if (known.has(id)) return known.get(id) as T;
    known.set(id, start);
    const value = compute(id);
    known.set(id, value);
    return value;
  };
}

/**
 * The chunk of a module '/reparto' imports that is shared with other screens ('query': TanStack Query and our
 * modules that use it; 'common': the rest), or null to leave the module to rolldown's automatic chunks. Modules
 * of the entry stay in it, and a module moves only if all its imports (beyond the entry's) move too: nothing
 * follows it unasked, so no library joins (zod, libphonenumber-js stay where they were), and with
 * includeDependenciesRecursively off no chunk runs before what it imports (the entry runs first; Vite builds with
 * preserveEntrySignatures false), so strictExecutionOrder is not needed. 'common' never imports 'query':
 * '/register' and '/login', which read no query, load 'common' without TanStack.
 * The same for the rest of a package's page `/paquetes/:number` (issue 37): 'package' and 'package-query'. Left to
 * rolldown, its shared modules were 18 files of 0.1–1 KB, three waves of requests on a slow phone before the page
 * could draw (Lighthouse LCP 2.8–3.2 s; 2.3–2.5 s as two files). '/reparto', '/register' and '/locker' keep their
 * own files (their page weight and Lighthouse budgets).
 */
function sharedChunks(graph: ModuleGraph): (id: string) => string | null {
  const info = (id: string) => graph.getModuleInfo(id);
  const inEntry: (id: string) => boolean = memo(false, (id) => {
    const module = info(id);
    return !!module && (module.isEntry || module.importers.some(inEntry));
  });
  const closure = (start: string) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const dependency of info(id)?.importedIds ?? []) visit(dependency);
    };
    visit(start);
    return seen;
  };
  const courier = closure(COURIER_MODULE);
  const packagePage = closure(PACKAGE_MODULE);
  const firstScreens = FIRST_SCREENS.map(closure);
  const movable: (id: string) => boolean = memo(
    false,
    (id) =>
      courier.has(id) &&
      SHARED.test(id) &&
      !OWN_FILE.test(id) &&
      !inEntry(id) &&
      (info(id)?.importedIds ?? []).every(
        (dependency) => inEntry(dependency) || OWN_FILE.test(dependency) || movable(dependency),
      ),
  );
  const usesQuery: (id: string) => boolean = memo(
    false,
    (id) =>
      QUERY.test(id) ||
      (info(id)?.importedIds ?? []).some((dependency) => !inEntry(dependency) && usesQuery(dependency)),
  );
  const packageShared: (id: string) => boolean = memo(
    false,
    (id) =>
      packagePage.has(id) &&
      !courier.has(id) &&
      !firstScreens.some((screen) => screen.has(id)) &&
      SHARED.test(id) &&
      !inEntry(id) &&
      (info(id)?.importedIds ?? []).every(
        (dependency) => inEntry(dependency) || movable(dependency) || packageShared(dependency),
      ),
  );
  return (id) => {
    const group = movable(id) ? 'common' : packageShared(id) ? 'package' : null;
    return group && usesQuery(id) ? (group === 'common' ? 'query' : 'package-query') : group;
  };
}

const plans = new WeakMap<ModuleGraph, (id: string) => string | null>();

/** The group's `name`: the plan is made once per build (the graph object rolldown hands every call). */
function sharedChunkName(id: string, graph: ModuleGraph): string | null {
  let plan = plans.get(graph);
  if (!plan) {
    plan = sharedChunks(graph);
    plans.set(graph, plan);
  }
  return plan(id);
}

/**
 * `vite build --ssr`: the first paint of the screens drawn on the server (server-render.tsx: the courier's, a
 * package's page) as one module in dist/server/ (the lazy parts they do not draw beside it); React and the other
 * packages stay imports from node_modules, the CSS is the browser's.
 */
const serverRender: UserConfig = {
  root: 'src/client',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../../dist/server',
    emptyOutDir: true,
    target: 'node20',
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRender : browser));

const browser: UserConfig = {
  root: 'src/client',
  publicDir: '../../public',
  plugins: [
    react(),
    // ADR 0021: each script and stylesheet also as .br and .gz beside it, compressed once at the build's highest
    // levels; the server sends the one the browser accepts (src/server/app.ts, serveStatic's `precompressed`).
    compression({
      include: /^assets\/.*\.(js|css)$/,
      algorithms: ['brotliCompress', 'gzip'],
      logLevel: 'silent',
    }),
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
    rolldownOptions: {
      output: {
        // Issue 19: the shared modules '/reparto' imports go into two chunks (sharedChunkName) instead of a dozen of
        // 0.2–3 KB, because on 'Fast 3G' every request costs a 562.5 ms round trip and Chromium opens only 6
        // connections to an HTTP/1.1 server: 14 courier files made its first opening three waves of requests,
        // 4234 ms; with 5 files it was 3147 ms (median of 3; 1806 → 930 ms the second opening), still over 2 s
        // until the server drew the first opening (ADR 0014). The scripts still take the drawn page over sooner
        // (docs/PERFORMANCE.md 'Courier screen').
        codeSplitting: {
          groups: [
            {
              name: sharedChunkName,
              debugName: 'shared',
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    // The server's API; a `.ts` path is left to Vite, which serves the client's modules (they were under
    // src/client/api/ until ADR 0020).
    proxy: { '^/api/(?![^?]*\\.tsx?(?:\\?|$))': 'http://localhost:3000' },
  },
};
