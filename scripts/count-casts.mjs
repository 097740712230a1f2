// Part of `npm run lint`: the type assertions left in production code (src/ but its tests): `value as T` and
// `<T>value`, never `as const`, found by TypeScript's own parser. The compiler takes an assertion on trust, so a
// typed result says more (a zod parse of what comes from outside, a type guard, a generic, `satisfies`): at most
// MAX remain, each with its reason on its line or in the comment above (`// cast: …`). `--list` prints them.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAX = 20;
const REASON = /\/\/ cast: \S/;

const isProduction = (path) =>
  /^src\/.*\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.endsWith('.d.ts');

/** Every assertion of `file`: where it is and whether a reason is written by it. */
function* castsOf(file, path) {
  const lines = file.text.split('\n');
  const found = [];
  const visit = (node) => {
    const assertion =
      node.kind === SyntaxKind.AsExpression || node.kind === SyntaxKind.TypeAssertionExpression;
    if (assertion && node.type.getText(file) !== 'const') found.push(node);
    node.forEachChild(visit);
  };
  file.forEachChild(visit);
  for (const node of found) {
    const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
    const last = file.getLineAndCharacterOfPosition(node.type.getStart(file)).line;
    // The reason: in the comment right above the expression, or on any of its lines up to the asserted type.
    let top = first;
    while (top > 0 && /^\s*\/\//.test(lines[top - 1])) top--;
    const reasoned = lines.slice(top, last + 1).some((line) => REASON.test(line));
    yield { where: `${path}:${last + 1}`, text: lines[last].trim(), reasoned };
  }
}

const api = new API({ cwd: ROOT });
const casts = [];
try {
  const snapshot = api.updateSnapshot({ openProjects: ['tsconfig.server.json', 'tsconfig.client.json'] });
  const seen = new Set();
  for (const project of snapshot.getProjects())
    for (const fileName of project.program.getSourceFileNames()) {
      const path = relative(ROOT, fileName);
      if (seen.has(path) || !isProduction(path)) continue;
      seen.add(path);
      casts.push(...castsOf(project.program.getSourceFile(fileName), path));
    }
} finally {
  api.close();
}

const unreasoned = casts.filter((cast) => !cast.reasoned);
if (process.argv.includes('--list'))
  for (const cast of casts) console.log(`${cast.reasoned ? ' ' : '!'} ${cast.where}  ${cast.text}`);
if (casts.length > MAX || unreasoned.length > 0) {
  console.error(
    `${casts.length} type assertions in production code (at most ${MAX}, each with \`// cast: <reason>\` on its line` +
      ` or in the comment above); ${unreasoned.length} without a reason:\n  ` +
      unreasoned.map((cast) => `${cast.where}  ${cast.text}`).join('\n  '),
  );
  process.exit(1);
}
