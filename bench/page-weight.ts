// Page weight: after `npm run build`, the gzip bytes of the JS and CSS a screen needs. For `/` and `/register`, as
// issue 35 defines it: every script and style the browser fetches before the person can act, i.e. until the network
// is idle (bench/support/fetched.ts, the built app in Chromium). For `/bodega`, from the Vite manifest: the entry
// chunk, the warehouse route chunk, their static imports and CSS (its barcode polyfill loads only when the camera
// opens); for `/calculadora` its route chunk and the static imports the entry lacks (and, apart, what it loads with
// the rates). When a budget is missed, the modules inside.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { fetchedUntilIdle } from './support/fetched.ts';
import { type BenchResult, kb, markdownTable, type Row, verdict } from './support/report.ts';
import { ROOT } from './support/root.ts';
import { ensureBuild, withServer } from './support/server.ts';

const CLIENT = join(ROOT, 'dist/client');
const BUDGETS = { '/': 83 * 1024, '/register': 150 * 1024, '/bodega': 120 * 1024 };
const ENTRY = 'index.html';
const REGISTER = 'auth/register/register-page.tsx';
const WAREHOUSE = 'warehouse/warehouse/warehouse-page.tsx';
const CALCULATOR = 'charges/calculator/calculator-page.tsx';
/** The public calculator's route chunk beyond the entry (design/packages.md 'Charges': light on a slow phone). */
const CALCULATOR_BUDGET = 20 * 1024;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The files (JS then CSS) that loading `keys` pulls in statically: the chunks, their imports, their CSS. */
export function closure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const css: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    files.push(chunk.file);
    for (const sheet of chunk.css ?? []) if (!css.includes(sheet)) css.push(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files, ...css];
}

export function sizes(file: string) {
  const content = readFileSync(join(CLIENT, file));
  return { file, raw: content.length, gzip: gzipSync(content).length };
}

/** The modules inside the given output files, by rendered bytes (before the chunk is minified). */
async function modulesOf(files: string[]): Promise<string> {
  const output = (await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, manifest: false },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((o) => o.output)
    .filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const lines: string[] = [];
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    // Chunk names are stable between two builds of the same sources.
    const chunk = chunks.find((c) => c.fileName === file);
    if (!chunk) continue;
    const byPackage = new Map<string, number>();
    for (const [id, info] of Object.entries(chunk.modules)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
      const name = match ? match[1] : `app: ${id.replace(ROOT, '').replace(/\?.*$/, '').replace(/\0/g, '')}`;
      byPackage.set(name as string, (byPackage.get(name as string) ?? 0) + info.renderedLength);
    }
    const top = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 12);
    lines.push(
      '',
      `Inside \`${file}\` (bytes each part renders before minification and gzip: proportions, largest first):`,
      '',
      markdownTable(
        ['package or module', 'bytes'],
        top.map(([name, bytes]) => [name, kb(bytes)]),
      ),
    );
  }
  return lines.join('\n');
}

export async function run(): Promise<BenchResult> {
  ensureBuild(true);
  const manifest = JSON.parse(readFileSync(join(CLIENT, '.vite/manifest.json'), 'utf8')) as Manifest;
  const [home, register] = await withServer('pglite', async (server) => [
    await fetchedUntilIdle(`${server.url}/`),
    await fetchedUntilIdle(`${server.url}/register`),
  ]);
  const pages = { '/': home, '/register': register, '/bodega': closure(manifest, [ENTRY, WAREHOUSE]) };
  // Marked in the tables: what a page fetches after its first paint (beyond the manifest's static closure).
  const firstPaint = new Set(closure(manifest, [ENTRY, REGISTER]));
  const rows: Row[] = [];
  const details: string[] = [
    'After `npm run build`. `/` and `/register`: every script and stylesheet the built app fetches in Chromium (a',
    'phone-sized window) until the network is idle, what the person waits for before acting; files fetched after',
    'the first paint are marked. `/bodega`: the files its first paint needs, from dist/client/.vite/manifest.json (the',
    'entry chunk, its static imports and their CSS, the route chunk and its static imports). Each file gzipped with',
    "zlib at its default level, as the server compresses them. `/bodega`'s barcode polyfill (JS and wasm) loads only",
    'when the camera opens, so it is not counted.',
  ];
  const over: string[] = [];
  for (const [path, files] of Object.entries(pages) as [keyof typeof BUDGETS, string[]][]) {
    const list = files.map(sizes);
    const total = list.reduce((sum, f) => sum + f.gzip, 0);
    const ok = total <= BUDGETS[path];
    if (!ok) over.push(...files);
    const counted = path === '/bodega' ? 'first paint' : 'until the network is idle';
    rows.push({
      measure: `${path}: gzip JS + CSS, ${counted} (${files.length} files)`,
      value: kb(total),
      budget: `≤ ${kb(BUDGETS[path])}`,
      verdict: verdict(ok),
    });
    const name = (file: string) =>
      path !== '/bodega' && !firstPaint.has(file) ? `${file} (after the first paint)` : file;
    details.push(
      '',
      `### \`${path}\``,
      '',
      markdownTable(
        ['file', 'raw', 'gzip'],
        [...list.map((f) => [name(f.file), kb(f.raw), kb(f.gzip)]), ['**total**', '', `**${kb(total)}**`]],
      ),
    );
  }
  warehouseDeferred(manifest, pages['/bodega'], rows);
  over.push(...calculatorWeight(manifest, closure(manifest, [ENTRY]), rows, details));
  details.push(...cssPerScreen(manifest));
  if (over.length) details.push(await modulesOf([...new Set(over)]));
  return { rows, details: details.join('\n') };
}

/**
 * `/bodega`, reported apart from its first paint: the receipt checks (with zod) fetched right after it, and the
 * camera's barcode polyfill (its JS and wasm, gzipped as the server sends them), fetched only when the camera opens.
 */
function warehouseDeferred(manifest: Manifest, firstPaint: string[], rows: Row[]) {
  const later = (key: string, withAssets: boolean) => {
    const files = closure(manifest, [key]).filter((file) => !firstPaint.includes(file));
    const assets = withAssets ? (manifest[key]?.assets ?? []) : [];
    return [...files, ...assets].map(sizes).reduce((sum, f) => sum + f.gzip, 0);
  };
  rows.push(
    {
      measure: '/bodega: after the first paint (receipt checks, zod)',
      value: kb(later('../shared/warehouse/receipt.ts', false)),
      budget: '—',
      verdict: '—',
    },
    {
      measure: '/bodega: camera only (barcode polyfill JS + wasm)',
      value: kb(later('warehouse/warehouse/zxing-polyfill.ts', true)),
      budget: '—',
      verdict: '—',
    },
  );
}

/**
 * `/calculadora`: the files its route needs beyond the entry's (its chunk, static imports and CSS), against the
 * budget; and, reported apart, what the screen loads in parallel with the rates (the checks, with zod), since the
 * form paints without them. Returns the files when the budget is missed.
 */
function calculatorWeight(
  manifest: Manifest,
  entryFiles: string[],
  rows: Row[],
  details: string[],
): string[] {
  const route = closure(manifest, [CALCULATOR]).filter((file) => !entryFiles.includes(file));
  const known = new Set([...entryFiles, ...route]);
  const lazy = closure(manifest, manifest[CALCULATOR]?.dynamicImports ?? []).filter(
    (file) => !known.has(file),
  );
  const routeSizes = route.map(sizes);
  const lazySizes = lazy.map(sizes);
  const total = routeSizes.reduce((sum, f) => sum + f.gzip, 0);
  const lazyTotal = lazySizes.reduce((sum, f) => sum + f.gzip, 0);
  const ok = total <= CALCULATOR_BUDGET;
  rows.push(
    {
      measure: `/calculadora: route chunk + static imports beyond the entry (${route.length} files)`,
      value: kb(total),
      budget: `≤ ${kb(CALCULATOR_BUDGET)}`,
      verdict: verdict(ok),
    },
    {
      measure: `/calculadora: loaded with the rates (checks, zod; ${lazy.length} files)`,
      value: kb(lazyTotal),
      budget: '—',
      verdict: '—',
    },
  );
  details.push(
    '',
    '### `/calculadora`',
    '',
    'Beyond the entry: the route chunk and its static imports (the form paints with these), then, apart, the',
    'chunks it imports while the rates are read (calculatorSchema and zod, shared with other screens).',
    '',
    markdownTable(
      ['file', 'raw', 'gzip'],
      [
        ...routeSizes.map((f) => [f.file, kb(f.raw), kb(f.gzip)]),
        ['**route total**', '', `**${kb(total)}**`],
        ...lazySizes.map((f) => [`${f.file} (with the rates)`, kb(f.raw), kb(f.gzip)]),
        ['**loaded with the rates**', '', `**${kb(lazyTotal)}**`],
      ],
    ),
  );
  return ok ? [] : route;
}

/**
 * The stylesheets each screen's first paint loads (the entry's and its route chunk's, with their static imports'):
 * ADR 0019 keeps a screen's rules beside it, so a screen pays for its own and the shared ones only.
 */
function cssPerScreen(manifest: Manifest): string[] {
  const screens = Object.keys(manifest)
    .filter((key) => /^pages\/.*-page\.tsx$/.test(key))
    .sort();
  const table = [ENTRY, ...screens].map((key) => {
    const sheets = closure(manifest, key === ENTRY ? [ENTRY] : [ENTRY, key])
      .filter((file) => file.endsWith('.css'))
      .map(sizes);
    const sum = (field: 'raw' | 'gzip') => kb(sheets.reduce((total, f) => total + f[field], 0));
    return [key === ENTRY ? '`/` (the entry)' : key, String(sheets.length), sum('raw'), sum('gzip')];
  });
  return [
    '',
    '### CSS per screen',
    '',
    "The entry's stylesheet and the screen's own (its route chunk and static imports), raw and gzip.",
    '',
    markdownTable(['screen', 'sheets', 'raw', 'gzip'], table),
  ];
}
