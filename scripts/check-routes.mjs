// Part of `npm run lint`: a route file (src/server/**/routes.ts, *-routes.ts) only parses, calls and answers
// (docs/CONTRIBUTING.md 'A route (server)'). Its queries and transactions live in the capability's domain files, so
// it imports neither drizzle-orm nor the schema and calls nothing on `db` or a transaction.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const RULES = [
  { test: /from\s+['"]drizzle-orm(\/[^'"]*)?['"]/, says: 'imports drizzle-orm' },
  { test: /from\s+['"][^'"]*\/db\/schema(\/[^'"]*|\.ts)?['"]/, says: 'imports the schema' },
  { test: /\b(db|tx)\s*\.\s*[A-Za-z_$]/, says: 'calls the database (db.… or tx.…)' },
];

function* routeFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* routeFiles(path);
    else if (entry.name === 'routes.ts' || entry.name.endsWith('-routes.ts')) yield path;
  }
}

const found = [];
for (const file of routeFiles(join(ROOT, 'src', 'server'))) {
  for (const [index, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue;
    for (const rule of RULES)
      if (rule.test.test(line))
        found.push(`${relative(ROOT, file)}:${index + 1} ${rule.says}: ${line.trim()}`);
  }
}
if (found.length) {
  console.error(
    `Route files only parse, call and answer; move queries and transactions to the capability's domain ` +
      `(docs/CONTRIBUTING.md 'A route (server)'):\n  ${found.join('\n  ')}`,
  );
  process.exit(1);
}
