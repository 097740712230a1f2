// 'Importar liquidación', the file's whole check before anything is read from the database: a CSV (UTF-8, or the
// Windows-1252 a Spanish Excel writes), exactly the columns guia, valor, fecha, whole pesos, real dates, each guide
// once, at most MAX_REMITTANCE_ROWS rows. Any problem refuses the file whole, with every problem found listed.

import {
  collectionMessages,
  MAX_REMITTANCE_ROWS,
  parseRemittanceAmount,
  parseRemittanceDate,
  REMITTANCE_COLUMNS,
} from '../../shared/collections/forms.ts';
import { normalizeGuide } from '../../shared/packages/guides.ts';
import { clean } from '../../shared/schemas.ts';
import { parseCsv } from '../csv.ts';
import { Invalid } from '../errors.ts';

/** One row that passed the check; `guide` normalised like our guides. */
export interface RemittanceLine {
  line: number;
  guide: string;
  amountCop: number;
  date: string;
}

const MAX_PROBLEMS_LISTED = 100;

const refusal = (message: string, problems: string[]) =>
  new Invalid('invalid_remittance', message, { details: { problems } });

const notCsv = () => refusal(collectionMessages.remittanceNotCsv, [collectionMessages.remittanceNotCsv]);

/** The file's text: UTF-8, else Windows-1252; bytes no text file holds (a picture, a PDF, a zip) are not a CSV. */
export function remittanceText(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control bytes are what tells a binary file.
  if (/[\u0000-\u0008\u000E-\u001A]/.test(new TextDecoder('latin1').decode(view.subarray(0, 8192))))
    throw notCsv();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(view);
  } catch {
    text = new TextDecoder('windows-1252').decode(view);
  }
  return clean(text);
}

/** A header cell as a column name: trimmed, lower case, without accents ('Guía' → 'guia'). */
const columnName = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** The rows of a remittance that passed the whole check; else a 400 listing every problem (nothing applied). */
export function checkRemittance(text: string): RemittanceLine[] {
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(text);
  } catch {
    throw notCsv();
  }
  const header = parsed.header.map(columnName);
  const expected = new Set<string>(REMITTANCE_COLUMNS);
  if (header.length !== expected.size || header.some((name) => !expected.has(name))) {
    const message = collectionMessages.remittanceColumns(parsed.header);
    throw refusal(message, [message]);
  }
  if (parsed.rows.length === 0)
    throw refusal(collectionMessages.remittanceEmpty, [collectionMessages.remittanceEmpty]);
  if (parsed.rows.length > MAX_REMITTANCE_ROWS)
    throw refusal(collectionMessages.remittanceTooLarge, [collectionMessages.remittanceTooLarge]);
  const cell = (row: Record<string, string>, name: string) =>
    row[parsed.header[header.indexOf(name)] ?? name] ?? '';
  const problems: string[] = [];
  const lines: RemittanceLine[] = [];
  const linesOf = new Map<string, number[]>();
  for (const [index, row] of parsed.rows.entries()) {
    const line = index + 2;
    const guide = normalizeGuide(cell(row, 'guia'));
    const amountText = cell(row, 'valor');
    const dateText = cell(row, 'fecha');
    const amountCop = parseRemittanceAmount(amountText);
    const date = parseRemittanceDate(dateText);
    if (!guide) problems.push(collectionMessages.remittanceGuide(line));
    if (amountCop === null) problems.push(collectionMessages.remittanceAmount(line, amountText));
    if (date === null) problems.push(collectionMessages.remittanceDate(line, dateText));
    if (guide) linesOf.set(guide, [...(linesOf.get(guide) ?? []), line]);
    if (guide && amountCop !== null && date !== null) lines.push({ line, guide, amountCop, date });
  }
  for (const [guide, found] of linesOf)
    if (found.length > 1) problems.push(collectionMessages.remittanceTwice(guide, found));
  if (problems.length > 0)
    throw refusal(
      collectionMessages.remittanceProblems(problems.length),
      problems.slice(0, MAX_PROBLEMS_LISTED),
    );
  return lines;
}
