// Part of `npm run lint`: no stylesheet under src/ over 300 lines (ADR 0019). A screen's rules sit beside the
// screen, so a sheet that grows past this holds more than one thing: split it by screen or by component.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LIMIT = 300;

function* sheets(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sheets(path);
    else if (entry.name.endsWith('.css')) yield path;
  }
}

const over = [];
for (const file of sheets(join(ROOT, 'src'))) {
  const lines = readFileSync(file, 'utf8').split('\n').length - 1;
  if (lines > LIMIT) over.push(`${relative(ROOT, file)}: ${lines} lines`);
}
if (over.length) {
  console.error(
    `Stylesheets over ${LIMIT} lines (ADR 0019: split them by screen or component):\n  ${over.join('\n  ')}`,
  );
  process.exit(1);
}
