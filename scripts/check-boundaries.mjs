// Part of `npm run lint`: the folder boundaries Biome's noRestrictedImports cannot see, because they depend on
// where an import lands rather than on how it is spelled (ADR 0020, docs/CONTRIBUTING.md). Tests are exempt.
// - The client is one folder per capability (src/client/<capability>/, named as src/server/<capability>/). A
//   capability's own files (its API calls, the parts its screens or others share) sit at its folder's root; each
//   screen is a folder inside it (src/client/<capability>/<screen>/), which only main.tsx and that screen import.
// - src/client/components/ holds generic widgets (fields, tables, pager, notices): they import only each other.
// - The database schema (src/server/db/schema*) sits at the bottom: it imports nothing of src/server outside
//   src/server/db (the types of its columns live in src/shared or in the schema itself).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENT = join(ROOT, 'src', 'client');
const SERVER = join(ROOT, 'src', 'server');
const DB = join(SERVER, 'db');
const SCHEMA = [join(DB, 'schema'), join(DB, 'schema.ts')];
/** `from './x'`, `import './x.css'`, `import('./x')`, `export … from './x'`: the relative specifiers of a module. */
const SPECIFIER = /(?:from|import|export)\s*\(?\s*(['"])(\.{1,2}\/[^'"]*)\1/g;

function* modules(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* modules(path);
    else if (/\.(?:tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

function* imports(file) {
  for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    yield { specifier: match[2], target: resolve(dirname(file), match[2].replace(/\?.*$/, '')) };
  }
}

/** The folders of a client file under src/client: [] for main.tsx, [part] for a part's own file, [part, screen, …]. */
const foldersOf = (file) => relative(CLIENT, dirname(file)).split(sep).filter(Boolean);
const screenOf = (folders) => (folders.length >= 2 ? folders.slice(0, 2).join('/') : null);
const inside = (path, dir) => path === dir || path.startsWith(dir + sep);

const failures = [];
const fail = (file, specifier, message) =>
  failures.push(`${relative(ROOT, file)}: '${specifier}': ${message}`);

for (const file of modules(CLIENT)) {
  const folders = foldersOf(file);
  for (const { specifier, target } of imports(file)) {
    if (!inside(target, CLIENT)) continue;
    const targetFolders = foldersOf(target);
    const screen = screenOf(targetFolders);
    if (screen && folders.length > 0 && screen !== screenOf(folders))
      fail(
        file,
        specifier,
        `the screen folder src/client/${screen}/ is its own (only main.tsx loads it): move what others need to its capability's own files (src/client/${targetFolders[0]}/) or, if generic, to components/.`,
      );
    else if (folders[0] === 'components' && targetFolders[0] !== 'components')
      fail(
        file,
        specifier,
        'components/ holds generic widgets that import only each other: a part that knows a capability (or the app shell) lives in that capability’s folder.',
      );
  }
}

for (const file of SCHEMA.flatMap((path) => (path.endsWith('.ts') ? [path] : [...modules(path)]))) {
  for (const { specifier, target } of imports(file)) {
    if (inside(target, SERVER) && !inside(target, DB))
      fail(
        file,
        specifier,
        'the database schema imports no domain module: put the type its columns need in src/shared or in the schema.',
      );
  }
}

if (failures.length) {
  console.error(`Folder boundaries crossed (docs/CONTRIBUTING.md, ADR 0020):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
