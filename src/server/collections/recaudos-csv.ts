// 'Descargar CSV' of 'Recaudos': one line per collection in force of the range, in batches (keyset on the collection
// time and id), through src/server/csv.ts, which neutralises formulas like every other export. 'Valor a pagar' is the
// one its settlement froze (stored on the collection with it). The last line is 'Total' with the count and the sums:
// a file without it was cut off.
import { and, asc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { COLLECTION_SOURCE_LABELS } from '../../shared/collections/forms.ts';
import { COLOMBIA_TIME_ZONE, colombiaDayRange } from '../../shared/dates.ts';
import { COLLECTED_MEANS_LABELS } from '../../shared/delivery/door-choices.ts';
import type { CsvCell, CsvColumns } from '../csv.ts';
import { collections, deliveryRoutes, lateCashCounts, packages, users } from '../db/schema.ts';
import { held } from './received.ts';
import type { Reader } from './sums.ts';

const BATCH = 2000;

const bogota = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: COLOMBIA_TIME_ZONE,
});

function batchQuery(db: Reader, start: Date, end: Date, after: { at: Date; id: number } | null) {
  return db
    .select({
      id: collections.id,
      collectedAt: collections.collectedAt,
      packageNumber: collections.packageNumber,
      guide: packages.guide,
      source: collections.source,
      courierName: users.name,
      routeId: collections.routeId,
      routeState: deliveryRoutes.state,
      carrier: collections.carrier,
      carrierGuide: collections.carrierGuide,
      valueToPayCop: collections.toPayCop,
      afterClose: collections.afterClose,
      lateCounted: lateCashCounts.countedCop,
      amountCop: collections.amountCop,
      means: collections.means,
      reference: collections.reference,
      remittedAt: collections.remittedAt,
      remittedOn: collections.remittedOn,
    })
    .from(collections)
    .innerJoin(packages, eq(packages.number, collections.packageNumber))
    .leftJoin(users, eq(users.id, collections.courierId))
    .leftJoin(deliveryRoutes, eq(deliveryRoutes.id, collections.routeId))
    .leftJoin(lateCashCounts, eq(lateCashCounts.collectionId, collections.id))
    .where(
      and(
        isNull(collections.voidedAt),
        gte(collections.collectedAt, start),
        lt(collections.collectedAt, end),
        after
          ? or(
              gt(collections.collectedAt, after.at),
              and(eq(collections.collectedAt, after.at), gt(collections.id, after.id)),
            )
          : sql`true`,
      ),
    )
    .orderBy(asc(collections.collectedAt), asc(collections.id))
    .limit(BATCH);
}

export type RecaudosCsvRow = Awaited<ReturnType<typeof batchQuery>>[number];

/** The range's collections, batch by batch, with the sums of what was yielded so far for the 'Total' line. */
export function recaudosCsv(db: Reader, from: string, to: string) {
  const sums = { rows: 0, toPayCop: 0, amountCop: 0 };
  async function* batches() {
    const { start, end } = colombiaDayRange(from, to);
    let after: { at: Date; id: number } | null = null;
    for (;;) {
      const rows: RecaudosCsvRow[] = await batchQuery(db, start, end, after);
      if (rows.length === 0) return;
      for (const row of rows) {
        sums.rows += 1;
        sums.toPayCop += row.valueToPayCop;
        sums.amountCop += row.amountCop;
      }
      yield rows;
      const last = rows[rows.length - 1];
      if (!last || rows.length < BATCH) return;
      after = { at: last.collectedAt, id: last.id };
    }
  }
  const total = (): CsvCell[] =>
    RECAUDOS_CSV_COLUMNS.map(([header]) =>
      header === 'Fecha'
        ? 'Total'
        : header === 'Paquete'
          ? sums.rows
          : header === 'Valor a pagar'
            ? sums.toPayCop
            : header === 'Valor cobrado'
              ? sums.amountCop
              : '',
    );
  return { batches: batches(), total };
}

/** 'Recibido': the screen's rule, for one collection. */
const received = (row: RecaudosCsvRow) =>
  held({
    source: row.source,
    means: row.means,
    remitted: row.remittedAt !== null,
    routeClosed: row.routeState === 'cerrada',
    late: !row.afterClose ? undefined : row.lateCounted === null ? 'waiting' : 'counted',
  }) !== 'pending';

export const RECAUDOS_CSV_COLUMNS: CsvColumns<RecaudosCsvRow> = [
  ['Fecha', (row) => bogota.format(row.collectedAt)],
  ['Paquete', (row) => row.packageNumber],
  ['Guía', (row) => row.guide],
  ['Origen', (row) => COLLECTION_SOURCE_LABELS[row.source]],
  ['Mensajero', (row) => row.courierName ?? ''],
  ['Ruta', (row) => row.routeId],
  ['Transportadora', (row) => row.carrier],
  ['Guía de la transportadora', (row) => row.carrierGuide],
  ['Valor a pagar', (row) => row.valueToPayCop ?? 0],
  ['Valor cobrado', (row) => row.amountCop],
  ['Medio de pago', (row) => COLLECTED_MEANS_LABELS[row.means]],
  ['Referencia', (row) => row.reference],
  ['Recibido', (row) => (received(row) ? 'Sí' : 'No')],
  ['Registrada después del cierre', (row) => (row.afterClose ? 'Sí' : 'No')],
  ['Fecha de liquidación', (row) => row.remittedOn ?? ''],
];
