// `npm run test:times`: the time of every test file of the last `npm test` (or `npm run test:unit` / `test:e2e`),
// slowest first, as the Markdown table docs/CONTRIBUTING.md keeps. Vitest's JSON reporter writes the reports
// (.tmp/test-report-unit.json, .tmp/test-report-e2e.json); a report may be named on the command line instead.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const ROOT = new URL('../', import.meta.url).pathname;
const named = process.argv.slice(2);
const reports = named.length
  ? named
  : ['unit', 'e2e'].map((project) => `${ROOT}.tmp/test-report-${project}.json`).filter(existsSync);
if (!reports.length) {
  console.error('No hay reportes: ejecuta npm test (o npm run test:unit / test:e2e) primero.');
  process.exit(1);
}

const seconds = (ms) => (ms / 1000).toFixed(1);

for (const path of reports) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const files = report.testResults
    .map((file) => ({
      // From src/ or test/, whichever checkout wrote the report.
      name: relative(ROOT, file.name).replace(/^.*?\b(src|test)\//, '$1/'),
      tests: file.assertionResults.length,
      ms: file.endTime - file.startTime,
    }))
    .sort((a, b) => b.ms - a.ms);
  const wall = Math.max(...report.testResults.map((f) => f.endTime)) - report.startTime;
  const total = files.reduce((sum, file) => sum + file.ms, 0);
  console.log(`\n${relative(ROOT, path)}: ${files.length} files, ${report.numTotalTests} tests`);
  console.log(
    `wall ${seconds(wall)} s; the files' tests took ${seconds(total)} s in all (imports and set-up apart)\n`,
  );
  console.log("| file | tests | tests' time (s) |");
  console.log('| --- | ---: | ---: |');
  for (const file of files) console.log(`| ${file.name} | ${file.tests} | ${seconds(file.ms)} |`);
}
