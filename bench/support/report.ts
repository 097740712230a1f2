// What a benchmark reports: its rows with verdicts, the units they print in, the table on the console and its
// section of docs/PERFORMANCE.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machine } from './machine.ts';
import { ROOT } from './root.ts';

export const DOC = join(ROOT, 'docs/PERFORMANCE.md');

/** One line of the printed table and of the markdown table. */
export interface Row {
  measure: string;
  value: string;
  budget: string;
  verdict: 'PASS' | 'FAIL' | '—';
}

export interface BenchResult {
  rows: Row[];
  /** Markdown written under the section's heading: tables, chunk lists, query plans. */
  details: string;
}

export function verdict(ok: boolean): 'PASS' | 'FAIL' {
  return ok ? 'PASS' : 'FAIL';
}

/** The result of a benchmark run on the available drivers: `note` says which driver was skipped, and why. */
export function benchResult(rows: Row[], details: string[], note: string): BenchResult {
  return { rows, details: [...details, ...(note ? ['', note] : [])].join('\n') };
}

export function ms(value: number): string {
  return `${value.toFixed(value < 10 ? 1 : 0)} ms`;
}

/** A figure only some drivers have (PostgreSQL's CPU): '—' where there is none. */
export function msOrNone(value: number | null): string {
  return value === null ? '—' : ms(value);
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(2)} s`;
}

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A `###` heading over a fenced block (query plans), with optional paragraphs between them. */
export function codeSection(heading: string, lines: string[], intro: string[] = []): string[] {
  return ['', `### ${heading}`, '', ...(intro.length ? [...intro, ''] : []), '```', ...lines, '```'];
}

export function printTable(title: string, rows: Row[]) {
  const cells = [
    ['measure', 'value', 'budget', ''],
    ...rows.map((r) => [r.measure, r.value, r.budget, r.verdict]),
  ];
  const widths = [0, 1, 2, 3].map((c) => Math.max(...cells.map((row) => (row[c] ?? '').length)));
  console.log(`\n== ${title}`);
  for (const row of cells) console.log(row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  '));
}

/** Replaces the text between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`, or appends the section. */
export function writeSection(name: string, title: string, result: BenchResult, load: number) {
  const body = [
    `## ${title}`,
    '',
    `Measured on: ${machine()}; other work kept ${(load * 100).toFixed(0)}% of the cores busy just before.`,
    '',
    markdownTable(
      ['measure', 'value', 'budget', 'verdict'],
      result.rows.map((r) => [r.measure, r.value, r.budget, r.verdict]),
    ),
    '',
    result.details.trim(),
  ].join('\n');
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Performance\n';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  const section = `${start}\n${body}\n${end}`;
  const next =
    from >= 0 && to > from
      ? doc.slice(0, from) + section + doc.slice(to + end.length)
      : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(DOC, next);
}
