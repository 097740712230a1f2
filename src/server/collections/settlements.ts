// Settling a package's money ('Liquidación'), the one way it is done: at the door (a courier's 'Entregar'), by a
// national carrier (staff's 'Entregado'), and later online. In the caller's transaction, for any number of packages
// in a few statements: the charge's lines and 'Valor a pagar' are frozen into a settlement, the money (when there is
// any to collect, or something was collected) becomes a collection carrying that same 'Valor a pagar', and a
// collection with money gets its 'Comprobante de pago' number, and its electronic invoice is due (einvoice/due.ts).
// The charge's fee lines (consolidation, repack, ...) are frozen beside it in settlement_lines and counted in its
// 'Valor a pagar'. A package's 'Saldo pendiente' (collections/balance.ts) is settled the same way as its own part:
// only the lines no settlement in force covers, without the charge's figures. Voiding (an admin's correction out of 'Entregado')
// marks the settlement, its collection and its delivery as no longer in force, audited; the figures stay as written.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { CollectionSource } from '../../shared/collections/forms.ts';
import type { CollectedMeans } from '../../shared/delivery/door-choices.ts';
import { recordAudit } from '../audit/audit.ts';
import { lineSums } from '../charges/charge-lines.ts';
import type { Transaction } from '../db/open.ts';
import type { SettlementPart } from '../db/schema/settlements.ts';
import {
  collections,
  deliveries,
  packageCharges,
  paymentReceipts,
  settlementLines,
  settlements,
} from '../db/schema.ts';
import { enqueueCreditNotes, enqueueInvoices } from '../einvoice/due.ts';
import { uncoveredLinesOf } from './balance.ts';
import type { Reader } from './sums.ts';

/** One package to settle. `paid` is what was collected (null: the carrier collects 'Valor a pagar' in cash). */
export interface Settling {
  number: number;
  source: CollectionSource;
  routeId: number | null;
  courierId: string | null;
  deliveryId: number | null;
  at: Date;
  paid: { amountCop: number; means: CollectedMeans | null; reference: string } | null;
  afterClose?: boolean;
  carrier?: string;
  carrierGuide?: string;
  /** The charge (the default), or its 'Saldo pendiente' once the charge is settled. */
  part?: SettlementPart;
  /** The fee lines an online payment covered (the others stay owed); all those not yet covered when absent. */
  lineIds?: number[] | null;
}

/** The stored charges of `numbers` (a package without one owes nothing). */
async function chargesOf(tx: Transaction, numbers: number[]) {
  const rows = numbers.length
    ? await tx.select().from(packageCharges).where(inArray(packageCharges.packageNumber, numbers))
    : [];
  return new Map(rows.map((row) => [row.packageNumber, row]));
}

/** Settles every item in the caller's transaction; the settlements' ids by package number. */
export async function settlePackages(
  tx: Transaction,
  items: Settling[],
  settledBy: string | null,
): Promise<Map<number, number>> {
  if (items.length === 0) return new Map();
  const charges = await chargesOf(
    tx,
    items.map((item) => item.number),
  );
  // 'Valor a pagar' is the charge plus its fee lines in force not yet covered, as stored now; both are frozen
  // below. A balance is those lines alone.
  const uncovered = await uncoveredLinesOf(
    tx,
    items.map((item) => item.number),
  );
  const lines = new Map(
    items.map((item) => {
      const left = uncovered.get(item.number) ?? [];
      const { lineIds } = item;
      return [item.number, lineIds ? left.filter((line) => lineIds.includes(line.id)) : left];
    }),
  );
  const parts = new Map(items.map((item) => [item.number, item.part ?? 'charge']));
  const chargeOf = (number: number) => (parts.get(number) === 'charge' ? charges.get(number) : undefined);
  const linesOf = (number: number) => lineSums(lines.get(number) ?? []);
  const dueCentsOf = (number: number) => (chargeOf(number)?.totalCents ?? 0) + linesOf(number).cents;
  const dueOf = (number: number) => (chargeOf(number)?.totalCop ?? 0) + linesOf(number).cop;
  const paidOf = (item: Settling) => item.paid?.amountCop ?? dueOf(item.number);
  const withMoney = items.filter((item) => dueOf(item.number) > 0 || paidOf(item) > 0);
  const stored = withMoney.length
    ? await tx
        .insert(collections)
        .values(
          withMoney.map((item) => ({
            deliveryId: item.deliveryId,
            packageNumber: item.number,
            part: parts.get(item.number),
            routeId: item.routeId,
            courierId: item.courierId,
            amountCop: paidOf(item),
            toPayCop: dueOf(item.number),
            means: item.paid?.means ?? ('efectivo' as const),
            reference: item.paid?.reference ?? '',
            collectedAt: item.at,
            recordedBy: settledBy ?? item.courierId,
            source: item.source,
            carrier: item.carrier ?? '',
            carrierGuide: item.carrierGuide ?? '',
            afterClose: item.afterClose ?? false,
          })),
        )
        .returning({
          id: collections.id,
          number: collections.packageNumber,
          amountCop: collections.amountCop,
        })
    : [];
  const collectionOf = new Map(stored.map((row) => [row.number, row.id]));
  const paidRows = stored.filter((row) => row.amountCop > 0);
  if (paidRows.length > 0)
    await tx
      .insert(paymentReceipts)
      .values(paidRows.map((row) => ({ packageNumber: row.number, collectionId: row.id })));
  const settled = await tx
    .insert(settlements)
    .values(
      items.map((item) => {
        const charge = chargeOf(item.number);
        return {
          packageNumber: item.number,
          source: item.source,
          part: parts.get(item.number),
          routeId: item.routeId,
          courierId: item.courierId,
          deliveryId: item.deliveryId,
          collectionId: collectionOf.get(item.number) ?? null,
          freightCents: charge?.freightCents ?? 0,
          insuranceCents: charge?.insuranceCents ?? 0,
          tariffCents: charge?.tariffCents ?? 0,
          vatCents: charge?.vatCents ?? 0,
          creditUsedCents: charge?.creditUsedCents ?? 0,
          dueCents: dueCentsOf(item.number),
          dueCop: dueOf(item.number),
          paidCop: collectionOf.has(item.number) ? paidOf(item) : 0,
          afterClose: item.afterClose ?? false,
          settledAt: item.at,
          settledBy: settledBy ?? item.courierId,
        };
      }),
    )
    .returning();
  const frozen = settled.flatMap((row) =>
    (lines.get(row.packageNumber) ?? []).map((line) => ({
      settlementId: row.id,
      chargeLineId: line.id,
      kind: line.kind,
      amountCents: line.amountCents,
      amountCop: line.amountCop,
      rateCents: line.rateCents,
      quantity: line.quantity,
      requestId: line.requestId,
    })),
  );
  if (frozen.length > 0) await tx.insert(settlementLines).values(frozen);
  // Its electronic invoice is due, with the fee lines just frozen: sent by the invoice outbox after this commits.
  await enqueueInvoices(
    tx,
    settled,
    // A balance's pesos were converted at its lines' own TRM (the rates of the day they were stored).
    (number) => chargeOf(number)?.rateSettingsId ?? lines.get(number)?.[0]?.rateSettingsId,
    (id) => frozen.filter((line) => line.settlementId === id),
  );
  return new Map(settled.map((row) => [row.packageNumber, row.id]));
}

/** The frozen fee lines of settlement `settlementId` (what an invoice lists beside freight and taxes). */
export async function linesOfSettlement(db: Reader, settlementId: number) {
  return db
    .select()
    .from(settlementLines)
    .where(eq(settlementLines.settlementId, settlementId))
    .orderBy(settlementLines.id);
}

/** The settlements in force of `numbers`. */
export async function settlementsInForce(db: Reader, numbers: number[]) {
  if (numbers.length === 0) return [];
  return db
    .select()
    .from(settlements)
    .where(and(inArray(settlements.packageNumber, numbers), isNull(settlements.voidedAt)));
}

/** Whether any of `parts` (a package and what a payment pays of it) already has a settlement in force. */
export async function anySettled(db: Reader, parts: { packageNumber: number; part: SettlementPart }[]) {
  const found = await settlementsInForce(
    db,
    parts.map((row) => row.packageNumber),
  );
  return parts.some((row) => found.some((s) => s.packageNumber === row.packageNumber && s.part === row.part));
}

/** The settlement in force of package `number`'s charge, if it was settled. */
export async function settlementOf(db: Reader, number: number) {
  const rows = await settlementsInForce(db, [number]);
  return rows.find((row) => row.part === 'charge') ?? null;
}

/**
 * Voids the settlements in force of `numbers` (an admin's correction took them out of 'Entregado'), with their
 * collections and deliveries, each audited with what it held; the package can then be delivered and settled again.
 */
export async function voidSettlements(
  tx: Transaction,
  numbers: number[],
  actor: { id: string | null; ip?: string },
  note: string,
  /** 'delivery' (a correction out of 'Entregado'): never an online payment, only 'Reembolsar' ('online') undoes it. */
  undoing: 'delivery' | 'online' = 'delivery',
  /** Only this part (a refund undoes what its payment paid: the charge or the balance). */
  part?: SettlementPart,
): Promise<void> {
  const found = (await settlementsInForce(tx, numbers)).filter(
    (row) => (row.source === 'online') === (undoing === 'online') && (!part || row.part === part),
  );
  const now = new Date();
  // Each invoice of theirs is annulled by a 'Nota crédito', due with the void.
  await enqueueCreditNotes(
    tx,
    found.map((settlement) => settlement.id),
  );
  for (const settlement of found) {
    await tx
      .update(settlements)
      .set({ voidedAt: now, voidedBy: actor.id, voidNote: note })
      .where(eq(settlements.id, settlement.id));
    if (settlement.collectionId !== null)
      await tx.update(collections).set({ voidedAt: now }).where(eq(collections.id, settlement.collectionId));
    if (settlement.deliveryId !== null)
      await tx.update(deliveries).set({ voidedAt: now }).where(eq(deliveries.id, settlement.deliveryId));
    await recordAudit(tx, {
      action: 'settlement_voided',
      actorId: actor.id,
      ip: actor.ip,
      detail: {
        settlementId: settlement.id,
        packageNumber: settlement.packageNumber,
        collectionId: settlement.collectionId,
        deliveryId: settlement.deliveryId,
        dueCop: settlement.dueCop,
        paidCop: settlement.paidCop,
        note,
      },
    });
  }
}
