// CSV for spreadsheets (csv-stringify / csv-parse), the one way the server writes and reads it: every cell quoted,
// a BOM so Excel reads UTF-8, CRLF lines, and a leading apostrophe on cells a spreadsheet would run as a formula
// (= + - @, tab, CR: OWASP "CSV injection"). Downloads are answered from here too, whole or streamed.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { logFailure } from './observability/log.ts';

export const CSV_BOM = '\uFEFF';

export type CsvCell = string | number | null;

/** A CSV's columns: each one's header and how a row fills it. */
export type CsvColumns<Row> = ReadonlyArray<readonly [header: string, cell: (row: Row) => CsvCell]>;

const headerLine = <Row>(columns: CsvColumns<Row>) => CSV_BOM + csvLine(columns.map(([header]) => header));
const rowLines = <Row>(columns: CsvColumns<Row>, rows: Row[]) =>
  rows.map((row) => csvLine(columns.map(([, cell]) => cell(row)))).join('');

/** Text that a spreadsheet shows as text, whatever it starts with. */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV line (with its CRLF) of `values`, each neutralised and quoted (empty ones too). */
export function csvLine(values: CsvCell[]): string {
  return stringify([values.map((value) => neutralizeFormula(value === null ? '' : String(value)))], {
    quoted: true,
    quoted_empty: true,
    record_delimiter: '\r\n',
  });
}

function downloadHeaders(c: Context, filename: string) {
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${filename}"`);
  c.header('cache-control', 'no-store');
}

/** A CSV download held whole in memory: for short lists (a dispatch's manifest). */
export function csvFile<Row>(c: Context, filename: string, columns: CsvColumns<Row>, rows: Row[]) {
  downloadHeaders(c, filename);
  return c.body(headerLine(columns) + rowLines(columns, rows));
}

/**
 * A CSV download streamed batch by batch, so a long list is never held in memory. `footer`, written after the last
 * batch, closes the file (e.g. a 'Total' line): a download that lacks it was cut off by an error midway.
 */
export function csvStream<Row>(
  c: Context,
  filename: string,
  columns: CsvColumns<Row>,
  batches: AsyncIterable<Row[]>,
  footer?: () => CsvCell[],
) {
  downloadHeaders(c, filename);
  return stream(
    c,
    async (out) => {
      await out.write(headerLine(columns));
      for await (const rows of batches) {
        if (out.aborted) return;
        await out.write(rowLines(columns, rows));
      }
      if (footer) await out.write(csvLine(footer()));
    },
    async (error) => logFailure('csv', `csv ${filename}: no se pudo terminar`, error),
  );
}

/** Rows of a CSV text keyed by its header (lower-cased, trimmed); throws on text that is not CSV. */
export function parseCsv(text: string): { header: string[]; rows: Array<Record<string, string>> } {
  const records = parse(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
    trim: true,
  });
  const [headerRow = [], ...body] = records;
  const header = headerRow.map((name) => name.trim().toLowerCase());
  const rows = body.map((cells) =>
    Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])),
  );
  return { header, rows };
}
