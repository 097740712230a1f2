// A screen's first opening without its request chain (issue 19, design/delivery.md 'Budgets'; issue 24 for
// '/paquetes'): index.html for '/reparto' names the courier chunk's files (<link rel="modulepreload">, its stylesheet
// as a preload) and the route's API answer (<link rel="preload" as="fetch">), so the browser asks for all of them right
// after the HTML, in parallel, instead of HTML → entry → route chunk → API one after the other; '/paquetes' the same
// with its list and the session, '/register' with its form's files, a package's page `/paquetes/:number` (issue 37)
// with its package (the number from the path) and the session. The files come from Vite's manifest of the build.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { packageDetailPattern, paths } from '../shared/paths.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** Vite's manifest: the build's chunks by their source's path (the fields read here; the rest is dropped). */
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
    isEntry: z.boolean().optional(),
  }) satisfies z.ZodType<ManifestChunk>,
);

/** What a screen's index.html names: its chunk's key in the manifest, and the answers it asks for first. */
interface ScreenFiles {
  chunk: string;
  fetches: string[];
  /** Only the files of at least LARGE_BYTES. */
  largeOnly?: boolean;
  /** The chunk's lazy files too, as prefetches. */
  lazyToo?: boolean;
}

/** The screens whose index.html names their files and first request. */
const SCREENS: Record<string, ScreenFiles> = {
  // The courier's lazy files too (the door forms' schemas) as prefetches: downloaded into the browser's cache at
  // idle priority, neither parsed nor run, so a form confirmed without signal on a first opening still checks; they
  // run when a form first opens (door-rules.ts). As module preloads they were parsed at once (77 ms at 4× CPU).
  [paths.courierRoute]: {
    chunk: 'delivery/courier-route/courier-route-page.tsx',
    fetches: ['/api/delivery/my-route'],
    lazyToo: true,
  },
  // Issue 24: 'Mis paquetes' (first page, no search, no chip: the request the screen opens with) and the session
  // its header reads. Only its large files: a dozen preloads of under 1 KB each delayed the first paint more than
  // they saved (docs/PERFORMANCE.md 'Experience II: /paquetes'); the entry asks for them in one round with the chunk.
  // '/register': the form's chunk and what it imports leave with the entry instead of after it; Lighthouse's LCP is
  // the form's hint, drawn once they are all in (the phone's country data and the schemas wait for the first use).
  [paths.register]: { chunk: 'auth/register/register-page.tsx', fetches: [] },
  [paths.packages]: {
    chunk: 'packages/packages/packages-page.tsx',
    fetches: ['/api/packages', '/api/me'],
    largeOnly: true,
  },
  // Issue 37: a package's page waited on HTML → entry → page chunk → its answer (LCP 3.2 s, Lighthouse 71–83). All
  // its files: named by the entry once it ran, its six small ones (1–3 KB) were a second wave of requests before the
  // page could draw (Lighthouse LCP 2.4–2.7 s; 2.3–2.5 s with them here). Its owner's page is now drawn on the server
  // (first-paint.ts) with the answers inside; the files still come at once, so React takes it over sooner (with only
  // the large ones: first paint 0.3 s sooner in Lighthouse's simulation, but blocking time 70–180 ms, not 0–60).
  [packageDetailPattern]: {
    chunk: 'packages/package/package-page.tsx',
    fetches: ['/api/packages/:number', '/api/me'],
  },
};

/** 'Large' for `largeOnly`: a file worth a request of its own before the entry runs. */
const LARGE_BYTES = 4096;

/** The JS files and stylesheets a chunk needs (its static imports, recursively) that the entry does not have. */
function filesOf(manifest: Record<string, ManifestChunk>, key: string) {
  const closure = (start: string) => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name) || !manifest[name]) return;
      seen.add(name);
      for (const next of manifest[name].imports ?? []) visit(next);
    };
    visit(start);
    return seen;
  };
  const entry = closure('index.html');
  const ownKeys = closure(key);
  const own = [...ownKeys].filter((name) => !entry.has(name));
  const scripts = own.map((name) => manifest[name]?.file ?? '');
  const sheets = own.flatMap((name) => manifest[name]?.css ?? []);
  const lazy = new Set(
    (manifest[key]?.dynamicImports ?? []).flatMap((name) =>
      [...closure(name)].filter((file) => !entry.has(file) && !ownKeys.has(file)),
    ),
  );
  return { scripts, sheets, lazyScripts: [...lazy].map((name) => manifest[name]?.file ?? '') };
}

const fetchLink = (url: string) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`;

/**
 * A screen's page for the server to draw into: its API answers' preloads dropped (the data comes inside) and its
 * stylesheets linked, not just preloaded, so the drawn screen is never painted without them.
 */
export function drawnPage(page: string): string {
  return page
    .replace(/<link rel="preload" href="[^"]*" as="fetch" crossorigin>/g, '')
    .replace(/<link rel="preload" href="([^"]*)" as="style">/g, '<link rel="stylesheet" href="$1">');
}

const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/** index.html for each screen of SCREENS (path → page); none when the build has no manifest (tests, dev). */
export function screenPages(clientDir: string, indexHtml: string): Map<string, string> {
  const pages = new Map<string, string>();
  const file = `${clientDir}/.vite/manifest.json`;
  if (!existsSync(file)) return pages;
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  for (const [path, { chunk, fetches, largeOnly, lazyToo }] of Object.entries(SCREENS)) {
    if (!manifest[chunk]) continue;
    const own = filesOf(manifest, chunk);
    const sheets = own.sheets;
    const scripts = largeOnly
      ? own.scripts.filter((script) => sizeOf(`${clientDir}/${script}`) >= LARGE_BYTES)
      : own.scripts;
    const links = [
      // The route's answer first: it is the longest wait (the server reads the route) and the smallest file.
      ...fetches.map(fetchLink),
      ...scripts.map((script) => `<link rel="modulepreload" href="/${script}">`),
      ...sheets.map((sheet) => `<link rel="preload" href="/${sheet}" as="style">`),
      ...(lazyToo ? own.lazyScripts : []).map((script) => `<link rel="prefetch" href="/${script}">`),
    ].join('');
    pages.set(path, indexHtml.replace('</head>', `${links}</head>`));
  }
  return pages;
}

/**
 * The page for a request path, or null for the plain index.html: its screen's own, a pattern's (`/paquetes/:number`)
 * with the path's parameters written into its answers' links. Parameters are numbers (shared/paths.ts).
 */
export function screenPageFor(pages: Map<string, string>, path: string): string | null {
  const exact = pages.get(path);
  if (exact !== undefined) return exact;
  for (const [pattern, page] of pages) {
    const names = [...pattern.matchAll(/:([a-z]+)/g)].map((match) => match[1] ?? '');
    if (names.length === 0) continue;
    const match = new RegExp(`^${pattern.replace(/:[a-z]+/g, '(\\d{1,9})')}$`).exec(path);
    if (!match) continue;
    return names.reduce((html, name, i) => html.replaceAll(`/:${name}"`, `/${match[i + 1]}"`), page);
  }
  return null;
}
