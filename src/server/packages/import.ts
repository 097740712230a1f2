// 'Importar estados': a carrier's CSV (guia, estado, nota, transportadora, guia_transportadora) checked whole
// before anything is written. A file that is not such a CSV is refused whole; otherwise the rows that can move
// are applied in one transaction, grouped by state (a few statements per group), and the answer lists the rows
// applied and the rows refused with why.
import { and, inArray, ne } from 'drizzle-orm';
import { normalizeGuide } from '../../shared/packages/guides.ts';
import {
  IMPORT_COLUMNS,
  type ImportResult,
  type ImportRow,
  MAX_IMPORT_ROWS,
  missingForState,
  operationsMessages,
} from '../../shared/packages/operations.ts';
import { moveProblem, type PackageState, STATE_LABELS, stateFromText } from '../../shared/packages/states.ts';
import { parseCsv } from '../csv.ts';
import type { Database } from '../db/open.ts';
import { packages } from '../db/schema.ts';
import { Conflict, Invalid } from '../errors.ts';
import { type Actor, changeStates, type EventDetails, type MailSettings } from './state-change.ts';

const notCsv = () => new Invalid('invalid_file', operationsMessages.importNotCsv);

export async function importStates(
  db: Database,
  text: string,
  actor: Actor,
  mail: MailSettings,
): Promise<ImportResult> {
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(text);
  } catch {
    throw notCsv();
  }
  const { header, rows } = parsed;
  const known = new Set<string>(IMPORT_COLUMNS);
  if (!header.includes('guia') || !header.includes('estado') || header.some((name) => !known.has(name)))
    throw notCsv();
  if (rows.length === 0 || rows.length > MAX_IMPORT_ROWS) throw notCsv();

  const guides = [...new Set(rows.map((row) => normalizeGuide(row.guia ?? '')))].filter(Boolean);
  const byGuide = new Map<string, { number: number; state: PackageState; heldFrom: PackageState | null }>();
  for (let i = 0; i < guides.length; i += 1000)
    for (const row of await db
      .select({
        number: packages.number,
        guide: packages.guide,
        state: packages.state,
        heldFrom: packages.heldFrom,
      })
      .from(packages)
      .where(and(inArray(packages.guide, guides.slice(i, i + 1000)), ne(packages.state, 'cancelado'))))
      byGuide.set(row.guide, row);

  const refused: ImportRow[] = [];
  const groups = new Map<PackageState, Map<number, EventDetails & { line: number; guide: string }>>();
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const line = index + 2;
    const guide = normalizeGuide(row.guia ?? '');
    const refuse = (reason: string) => refused.push({ line, guide: row.guia ?? '', reason });
    if (!guide) {
      refuse('Falta la guía.');
      continue;
    }
    if (seen.has(guide)) {
      refuse('La guía se repite en el archivo: solo se aplica su primera fila.');
      continue;
    }
    seen.add(guide);
    const found = byGuide.get(guide);
    if (!found) {
      refuse('No hay un paquete con esa guía.');
      continue;
    }
    const state = stateFromText(row.estado ?? '');
    if (!state) {
      refuse(`El estado «${row.estado ?? ''}» no existe.`);
      continue;
    }
    const fields = {
      note: (row.nota ?? '').slice(0, 500),
      carrier: (row.transportadora ?? '').slice(0, 100),
      carrierGuide: (row.guia_transportadora ?? '').slice(0, 100),
      receivedBy: (row.nota ?? '').slice(0, 200),
    };
    const missing = missingForState(state, fields);
    if (missing) {
      refuse(state === 'entregado' ? 'Escribe en la nota quién recibió el paquete.' : missing);
      continue;
    }
    const problem = moveProblem(found.state, state, { heldFrom: found.heldFrom });
    if (problem) {
      refuse(problem);
      continue;
    }
    const group = groups.get(state) ?? new Map();
    group.set(found.number, {
      line,
      guide,
      note: state === 'entregado' ? `Recibido por: ${fields.note}` : fields.note,
      carrier: fields.carrier,
      carrierGuide: fields.carrierGuide,
    });
    groups.set(state, group);
  }

  const applied: ImportRow[] = [];
  if (groups.size > 0)
    await db.transaction(async (tx) => {
      for (const [state, group] of groups) {
        const result = await changeStates(tx, [...group.keys()], state, actor, mail, { perPackage: group });
        // Checked above against the same rows; a refusal here means another admin changed one meanwhile.
        if (result.refused.length > 0)
          throw new Conflict(
            'conflict',
            'Algunos paquetes cambiaron mientras se importaba. Vuelve a importar el archivo.',
          );
        for (const [number, row] of group)
          applied.push({ line: row.line, guide: row.guide, number, state: STATE_LABELS[state] });
      }
    });
  applied.sort((a, b) => a.line - b.line);
  refused.sort((a, b) => a.line - b.line);
  return {
    applied,
    refused,
    message: `Filas aplicadas: ${applied.length.toLocaleString('es-CO')}. Filas rechazadas: ${refused.length.toLocaleString('es-CO')}.`,
  };
}
