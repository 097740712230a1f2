// 'Descargar CSV' of 'Recaudos': one line per stored collection of the range, in batches (keyset on the collection
// time and id), through src/server/csv.ts, which neutralises formulas like every other export.
import { and, asc, eq, gt, gte, lt, or, sql } from 'drizzle-orm';
import { COLLECTION_SOURCE_LABELS } from '../../shared/collections/forms.ts';
import { PAYMENT_MEANS_LABELS } from '../../shared/delivery/door-forms.ts';
import type { CsvColumns } from '../csv.ts';
import { collections, deliveryRoutes, packageCharges, packages, users } from '../db/schema.ts';
import { rangeInstants } from './recaudos.ts';
import type { Reader } from './sums.ts';

const BATCH = 2000;

const bogota = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Bogota',
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
      valueToPayCop: packageCharges.totalCop,
      amountCop: collections.amountCop,
      means: collections.means,
      reference: collections.reference,
      remittedOn: collections.remittedOn,
    })
    .from(collections)
    .innerJoin(packages, eq(packages.number, collections.packageNumber))
    .leftJoin(users, eq(users.id, collections.courierId))
    .leftJoin(deliveryRoutes, eq(deliveryRoutes.id, collections.routeId))
    .leftJoin(packageCharges, eq(packageCharges.packageNumber, collections.packageNumber))
    .where(
      and(
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

/** The range's collections, batch by batch. */
export async function* recaudosCsvRows(db: Reader, from: string, to: string) {
  const { start, end } = rangeInstants(from, to);
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const rows: RecaudosCsvRow[] = await batchQuery(db, start, end, after);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < BATCH) return;
    after = { at: last.collectedAt, id: last.id };
  }
}

const received = (row: RecaudosCsvRow) =>
  row.source === 'carrier' ? Boolean(row.remittedOn) : row.routeState === 'cerrada';

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
  ['Medio de pago', (row) => PAYMENT_MEANS_LABELS[row.means]],
  ['Referencia', (row) => row.reference],
  ['Recibido', (row) => (received(row) ? 'Sí' : 'No')],
  ['Fecha de liquidación', (row) => row.remittedOn ?? ''],
];
