// One package as its page shows it (a customer's own, or any for staff): its history with how each move was told,
// its charge line by line with 'Valor a pagar' or how it was paid, its files, its delivery's proof and attempts,
// and its storage clock while it waits in Miami.
import { desc, eq } from 'drizzle-orm';
import type { PackageDetail, PackageEvent, PackageFile } from '../../shared/packages/api-types.ts';
import { courierRegimeWarning } from '../../shared/packages/prealert.ts';
import { STAFF_ONLY_STATES } from '../../shared/packages/states.ts';
import { lineSums, openLinesOf, shownLine } from '../charges/charge-lines.ts';
import { ratesOfCharge, storedCharge } from '../charges/package-charge.ts';
import { paymentFacts } from '../collections/balance.ts';
import type { Database, Transaction } from '../db/open.ts';
import { packageEvents, users } from '../db/schema.ts';
import { deliveryAttemptsOf, deliveryProof } from '../delivery/proof.ts';
import { filesOfPackages, fileUrl } from '../files/store.ts';
import { eventNotices } from '../notices/history.ts';
import { storageDays } from '../requests/storage.ts';
import { type PackageRow, standingsOf, summary, type Viewer, visibleState } from './queries.ts';

const ACTOR_LABELS: Record<string, string> = {
  customer: 'Tú',
  bodega: 'Bodega',
  admin: 'Administración',
  reparto: 'Mensajero',
  system: 'Sistema',
};

const decimal = (value: string | null) => (value === null ? null : Number(value));

export async function packageDetail(
  db: Database | Transaction,
  row: PackageRow,
  viewer: Viewer,
): Promise<PackageDetail> {
  // One after the other, not Promise.all: inside a transaction these share one connection, where pg refuses
  // (from pg@9) a query issued while another is running.
  const events = await db
    .select()
    .from(packageEvents)
    .where(eq(packageEvents.packageNumber, row.number))
    .orderBy(desc(packageEvents.id));
  const noticeOf = await eventNotices(db, events, row.userId !== null);
  const fileRows = await filesOfPackages(db, [row.number]);
  const charge = await storedCharge(db, row.number);
  const chargeRates = charge && (await ratesOfCharge(db, charge));
  const lines = (await openLinesOf(db, [row.number])).get(row.number) ?? [];
  const added = lineSums(lines);
  // A charge annulled by a consolidation owes nothing: the new package's charge carries the money.
  const due =
    charge && !charge.annulledAt
      ? { cents: charge.totalCents + added.cents, cop: charge.totalCop + added.cop }
      : null;
  const storage = await storageDays(db, row);
  const delivery = await deliveryProof(db, row.number, viewer);
  const attempts = await deliveryAttemptsOf(db, row.number);
  // Staff read the customer's own moves under the customer's name ('Tú' is the customer's word for themselves).
  const [owner] =
    viewer.kind === 'staff' && row.userId
      ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.userId))
      : [];
  const thumbnails = new Map(
    fileRows.filter((file) => file.kind === 'thumbnail').map((file) => [file.thumbnailOf, file.id]),
  );
  const shownFiles: PackageFile[] = fileRows.flatMap((file) => {
    // A thumbnail goes with its photo; the delivery's photos belong to its proof (delivery.photoId), not to
    // the package's files.
    if (file.kind !== 'invoice' && file.kind !== 'photo') return [];
    const thumbnail = thumbnails.get(file.id);
    return {
      id: file.id,
      kind: file.kind,
      mime: file.mime,
      size: file.size,
      createdAt: file.createdAt.toISOString(),
      url: fileUrl(file.id),
      thumbnailUrl: thumbnail ? fileUrl(thumbnail) : null,
    };
  });
  const history: PackageEvent[] = events
    // The warehouse's review is not the customer's business: it stays out of their history.
    .filter((event) => viewer.kind === 'staff' || !STAFF_ONLY_STATES.has(event.state))
    .map((event) => ({
      id: event.id,
      kind: event.kind,
      state: event.state,
      at: event.at.toISOString(),
      actor:
        event.actorRole === 'customer' && owner ? owner.name : (ACTOR_LABELS[event.actorRole] ?? 'Sistema'),
      note: event.note,
      carrier: event.carrier,
      carrierGuide: event.carrierGuide,
      // Only moves are told to the customer; an attached invoice is not a move.
      notice: event.kind === 'state' ? (noticeOf.get(event.id) ?? null) : null,
    }));
  const weightLb = decimal(row.weightLb);
  const settled = await paymentFacts(db, row.number);
  const standing = await standingsOf(db, [row.number]);
  return {
    ...summary(
      {
        ...row,
        toPayCents: due?.cents ?? null,
        toPayCop: due?.cop ?? null,
        settledBy: settled.settledBy,
        balance: settled.balance,
        ...standing(row.number),
      },
      viewer,
    ),
    balancePaid: settled.balancePaid,
    quantity: row.quantity,
    deliveryAddress: row.deliveryAddress,
    addressChoice: row.addressChoice === 2 ? 2 : 1,
    instructions: row.instructions,
    lockerNumber: row.lockerNumber,
    location: viewer.kind === 'staff' ? row.location : null,
    weightLb,
    lengthIn: decimal(row.lengthIn),
    widthIn: decimal(row.widthIn),
    heightIn: decimal(row.heightIn),
    condition: row.condition,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    holdReason: row.holdReason,
    heldFrom: row.state === 'retenido' && row.heldFrom ? visibleState(row.heldFrom, viewer) : null,
    charge: charge && {
      chargeableLb: charge.chargeableLb,
      freightCents: charge.freightCents,
      insuranceCents: charge.insuranceCents,
      taxesCents: charge.tariffCents + charge.vatCents,
      creditUsedCents: charge.creditUsedCents,
      lines: lines.map(shownLine),
      totalCents: due ? due.cents : 0,
      totalCop: due ? due.cop : 0,
      annulNote: charge.annulledAt ? charge.annulNote : null,
      trmHundredths: chargeRates?.trmHundredths ?? 0,
      taxFreeThresholdCents: chargeRates?.taxFreeThresholdCents ?? 0,
      trmDate: charge.trmDate,
    },
    ...storage,
    events: history,
    files: shownFiles,
    warning: courierRegimeWarning({
      declaredValueCents: row.declaredValueCents,
      quantity: row.quantity,
      weightKg: weightLb === null ? null : weightLb * 0.45359237,
    }),
    delivery,
    attempts,
  };
}
