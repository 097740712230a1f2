// 'Importar liquidación' (design/delivery.md 'Collections'): a carrier's remittance, checked whole
// (remittance-file.ts), then matched row by row against the carriers' collections, found by the carrier's guide or by
// our own, and applied in one transaction: each matching row marks its collection received from the carrier. The others
// are listed with why and not applied. The collections are locked while matched, so the same file imported twice, even
// at the same moment, applies once: the second finds every row 'Ya liquidado' and changes nothing.
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { RemittanceImported, RemittanceRow } from '../../shared/collections/api-types.ts';
import type { CollectionSource } from '../../shared/collections/forms.ts';
import {
  collectionMessages,
  REMITTANCE_OUTCOME_LABELS,
  type RemittanceOutcome,
} from '../../shared/collections/forms.ts';
import { formatCop } from '../../shared/money.ts';
import { STATE_LABELS } from '../../shared/packages/states.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database, Transaction } from '../db/open.ts';
import { collections, packages, remittances } from '../db/schema.ts';
import { checkRemittance, type RemittanceLine } from './remittance-file.ts';

const CHUNK = 1000;
/** The advisory lock key that serialises 'Importar liquidación' across instances. */
const REMITTANCE_LOCK = 730_020;

type Found = {
  id: number;
  packageNumber: number;
  source: CollectionSource;
  amountCop: number;
  carrierGuide: string;
  remittedAt: Date | null;
};

/** The packages and collections the file's guides name, the collections locked in id order. */
async function lookUp(tx: Transaction, guides: string[]) {
  const packagesByGuide = new Map<string, { number: number; state: keyof typeof STATE_LABELS }>();
  const byCarrierGuide = new Map<string, Found>();
  const byPackage = new Map<number, Found>();
  for (let start = 0; start < guides.length; start += CHUNK) {
    const part = guides.slice(start, start + CHUNK);
    // One probe of the guides' unique index per guide (a join on the list): an IN list could be planned on the
    // guides' trigram index, whose digits' trigrams match most packages.
    const list = sql.join(
      part.map((guide) => sql`${guide}`),
      sql`, `,
    );
    for (const row of await tx
      .select({ number: packages.number, guide: packages.guide, state: packages.state })
      .from(sql`unnest(array[${list}]::text[]) as wanted(guide)`)
      .innerJoin(packages, sql`${packages.guide} = wanted.guide`)
      .where(ne(packages.state, 'cancelado')))
      packagesByGuide.set(row.guide, row);
    const numbers = part.flatMap((guide) => packagesByGuide.get(guide)?.number ?? []);
    // The candidates by their own indexes (the carriers' guides, our packages), then locked by id in id order: an
    // ORDER BY on the first reads would invite a scan of the whole table in id order.
    const candidates = [
      ...(await tx
        .select({ id: collections.id })
        .from(collections)
        .where(
          and(
            inArray(collections.carrierGuide, part),
            eq(collections.source, 'carrier'),
            isNull(collections.voidedAt),
          ),
        )),
      ...(numbers.length
        ? await tx
            .select({ id: collections.id })
            .from(collections)
            .where(and(inArray(collections.packageNumber, numbers), isNull(collections.voidedAt)))
        : []),
    ];
    const ids = [...new Set(candidates.map((row) => row.id))].sort((a, b) => a - b);
    const found = ids.length
      ? await tx
          .select({
            id: collections.id,
            packageNumber: collections.packageNumber,
            source: collections.source,
            amountCop: collections.amountCop,
            carrierGuide: collections.carrierGuide,
            remittedAt: collections.remittedAt,
          })
          .from(collections)
          .where(inArray(collections.id, ids))
          .orderBy(asc(collections.id))
          .for('update')
      : [];
    for (const row of found) {
      byPackage.set(row.packageNumber, row);
      if (row.source === 'carrier' && row.carrierGuide) byCarrierGuide.set(row.carrierGuide, row);
    }
  }
  return { packagesByGuide, byCarrierGuide, byPackage };
}

/** What becomes of each line, and the collections to mark. */
function match(lines: RemittanceLine[], found: Awaited<ReturnType<typeof lookUp>>) {
  const rows: RemittanceRow[] = [];
  const apply: Array<{ id: number; date: string; amountCop: number }> = [];
  // A file may name one collection twice (our guide and the carrier's): it is applied, and counted, once.
  const appliedOn = new Map<number, number>();
  for (const { line, guide, amountCop, date } of lines) {
    const pkg = found.packagesByGuide.get(guide);
    const collection = found.byCarrierGuide.get(guide) ?? (pkg && found.byPackage.get(pkg.number));
    const packageNumber = collection?.packageNumber ?? pkg?.number ?? null;
    let outcome: RemittanceOutcome = 'applied';
    let reason = '';
    if (!collection && !pkg) {
      outcome = 'unknown_guide';
      reason = `No tenemos ningún paquete con la guía «${guide}».`;
    } else if (collection?.source !== 'carrier') {
      outcome = 'not_delivered';
      reason =
        pkg && pkg.state !== 'entregado'
          ? `El paquete ${packageNumber} está en «${STATE_LABELS[pkg.state]}»: no figura entregado.`
          : `El paquete ${packageNumber} no fue entregado por una transportadora: su recaudo es de un mensajero.`;
    } else if (appliedOn.has(collection.id)) {
      outcome = 'repeated_in_file';
      reason = `El recaudo del paquete ${packageNumber} ya está en la fila ${appliedOn.get(collection.id)} de este archivo.`;
    } else if (collection.remittedAt) {
      outcome = 'already_remitted';
      reason = `El recaudo del paquete ${packageNumber} ya se marcó recibido en una liquidación anterior.`;
    } else if (collection.amountCop !== amountCop) {
      outcome = 'different_amount';
      reason = `El paquete ${packageNumber} se cobró por ${formatCop(collection.amountCop)}, no por ${formatCop(amountCop)}.`;
    } else {
      apply.push({ id: collection.id, date, amountCop });
      appliedOn.set(collection.id, line);
    }
    rows.push({
      line,
      guide,
      amountCop,
      date,
      outcome,
      outcomeLabel: REMITTANCE_OUTCOME_LABELS[outcome],
      reason,
      packageNumber,
    });
  }
  return { rows, apply };
}

/** Checks the file whole and applies its matching rows in one transaction. */
export async function importRemittance(
  db: Database,
  text: string,
  actor: { id: string; ip?: string },
): Promise<RemittanceImported> {
  const lines = checkRemittance(text);
  return db.transaction(async (tx) => {
    // One import at a time: two files naming the same collections would otherwise lock them (and their day sums)
    // in different orders and deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(${REMITTANCE_LOCK})`);
    const found = await lookUp(
      tx,
      lines.map((line) => line.guide),
    );
    const { rows, apply } = match(lines, found);
    const appliedCop = apply.reduce((sum, row) => sum + row.amountCop, 0);
    let remittanceId: number | null = null;
    if (apply.length > 0) {
      const [stored] = await tx
        .insert(remittances)
        .values({
          sha256: createHash('sha256').update(text).digest('hex'),
          rows: lines.length,
          applied: apply.length,
          appliedCop,
          importedBy: actor.id,
        })
        .returning({ id: remittances.id });
      remittanceId = stored?.id ?? null;
      const now = new Date();
      for (let start = 0; start < apply.length; start += CHUNK) {
        const part = apply.slice(start, start + CHUNK);
        const values = sql.join(
          part.map((row) => sql`(${row.id}::int, ${row.date}::text)`),
          sql`, `,
        );
        await tx.execute(sql`
          update ${collections} set remittance_id = ${remittanceId}, remitted_at = ${now.toISOString()}::timestamptz,
            remitted_on = v.day
          from (values ${values}) as v(id, day)
          where ${collections.id} = v.id and ${collections.remittedAt} is null`);
      }
    }
    // The same file again applies nothing and writes nothing, not even an audit entry.
    if (apply.length > 0)
      await recordAudit(tx, {
        action: 'remittance_imported',
        actorId: actor.id,
        ip: actor.ip,
        detail: { remittanceId, rows: lines.length, applied: apply.length, appliedCop },
      });
    const others = rows.length - apply.length;
    return {
      remittanceId,
      applied: apply.length,
      appliedCop,
      rows,
      message: collectionMessages.remittanceApplied(apply.length, others),
    };
  });
}
