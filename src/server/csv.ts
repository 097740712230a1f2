// CSV for spreadsheets (csv-stringify / csv-parse): every cell quoted, a BOM so Excel reads UTF-8, CRLF lines, and
// a leading apostrophe on cells a spreadsheet would run as a formula (= + - @, tab, CR: OWASP "CSV injection").
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export const CSV_BOM = '\uFEFF';

/** Text that a spreadsheet shows as text, whatever it starts with. */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV line (with its CRLF) of `values`, each neutralised and quoted. */
export function csvLine(values: Array<string | number | null>): string {
  return stringify([values.map((value) => neutralizeFormula(value === null ? '' : String(value)))], {
    quoted: true,
    record_delimiter: '\r\n',
  });
}

/** Rows of a CSV text keyed by its header (lower-cased, trimmed); throws on text that is not CSV. */
export function parseCsv(text: string): { header: string[]; rows: Array<Record<string, string>> } {
  const records = parse(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
    trim: true,
  }) as string[][];
  const [headerRow = [], ...body] = records;
  const header = headerRow.map((name) => name.trim().toLowerCase());
  const rows = body.map((cells) =>
    Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])),
  );
  return { header, rows };
}
