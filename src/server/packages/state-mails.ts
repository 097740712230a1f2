// The customers' mails (and WhatsApp notices, where they consented) of packages that entered a state: queued in the
// caller's transaction by changeStates (state-change.ts), so they leave only if the move commits.
import { inArray } from 'drizzle-orm';
import type { PackageState } from '../../shared/packages/states.ts';
import { BALANCE_LABEL, PAID_ONLINE_LABEL } from '../../shared/payments/labels.ts';
import { dueSql } from '../charges/charge-lines.ts';
import { amountDueLine } from '../charges/package-charge.ts';
import { settledWithBalance } from '../collections/balance.ts';
import type { Transaction } from '../db/open.ts';
import { outbox, packageCharges, type packages, users } from '../db/schema.ts';
import { reachableByWhatsapp } from '../notices/consent.ts';
import { moveNotice } from '../notices/package-notices.ts';
import { latestEvents, type NewNotice, queueNotices } from '../notices/queue.ts';
import { packageStateMail } from './mails.ts';
import { chunks, type EventDetails, type MailSettings } from './state-change.ts';

type PackageRow = typeof packages.$inferSelect;

/** What the customer pays at the door: the charge, or after an online payment what is left, said so. */
type DueNow = { totalCents: number; totalCop: number; note?: string };

/**
 * Queues the owners' mails for packages that entered `to`, in two reads and one insert per thousand; deleted
 * accounts are mailed nothing. The amount to pay travels with the receipt and with the delivery notice.
 */
export async function queueStateMails(
  tx: Transaction,
  rows: PackageRow[],
  to: PackageState,
  common: EventDetails,
  mail: MailSettings,
  extra: string[] = [],
  perPackage?: Map<number, EventDetails>,
) {
  const owned = rows.flatMap((row) => (row.userId ? [{ ...row, userId: row.userId }] : []));
  if (owned.length === 0) return;
  const ownerIds = [...new Set(owned.map((row) => row.userId))];
  const owners = new Map<string, { email: string; name: string; deletedAt: Date | null }>();
  for (const part of chunks(ownerIds))
    for (const owner of await tx
      .select({ id: users.id, email: users.email, name: users.name, deletedAt: users.deletedAt })
      .from(users)
      .where(inArray(users.id, part)))
      owners.set(owner.id, owner);
  const charges = new Map<number, DueNow>();
  if (to === 'recibido' || to === 'en_reparto')
    for (const part of chunks(owned.map((row) => row.number)))
      for (const charge of await tx
        .select({
          number: packageCharges.packageNumber,
          totalCents: dueSql(packageCharges.packageNumber, 'cents'),
          totalCop: dueSql(packageCharges.packageNumber, 'cop'),
        })
        .from(packageCharges)
        .where(inArray(packageCharges.packageNumber, part)))
        charges.set(charge.number, { totalCents: charge.totalCents ?? 0, totalCop: charge.totalCop ?? 0 });
  // Out for delivery, a package whose charge was settled (paid online) owes only its 'Saldo pendiente', if any.
  if (to === 'en_reparto')
    for (const [number, settled] of await settledWithBalance(
      tx,
      owned.map((row) => row.number),
    ))
      charges.set(number, {
        totalCents: settled.balance.cents,
        totalCop: settled.balance.cop,
        note: settled.balance.cop > 0 ? BALANCE_LABEL.toLowerCase() : PAID_ONLINE_LABEL.toLowerCase(),
      });
  // Customers who consented to WhatsApp get a notice too; its mail then goes only as the fallback (receipts and
  // charges are mailed anyway).
  const phones = await reachableByWhatsapp(tx, ownerIds);
  const eventIds = phones.size
    ? await latestEvents(
        tx,
        owned.map((row) => row.number),
        to,
      )
    : new Map();
  const toNotify: NewNotice[] = [];
  const mails = owned.flatMap((row) => {
    const owner = owners.get(row.userId);
    if (!owner || owner.deletedAt) return [];
    const charge = charges.get(row.number);
    const lines = charge ? [amountDueLine(charge), ...extra] : extra;
    const own = { ...common, ...perPackage?.get(row.number) };
    const message = packageStateMail(mail, owner, row, { state: to, ...own }, lines);
    const phone = phones.get(row.userId);
    const notice = phone
      ? moveNotice(to, {
          ...mail,
          owner,
          row,
          phone,
          eventId: eventIds.get(row.number) ?? null,
          ...own,
          charge,
        })
      : null;
    if (notice) toNotify.push(notice.notice);
    if (notice && !notice.mailNow) return [];
    return [{ toAddress: message.to, subject: message.subject, html: message.html, text: message.text }];
  });
  for (const part of chunks(mails)) if (part.length) await tx.insert(outbox).values(part);
  await queueNotices(tx, toNotify);
}

export async function queueStateMail(
  tx: Transaction,
  row: PackageRow,
  to: PackageState,
  note: string,
  mail: MailSettings,
  extra: string[] = [],
) {
  await queueStateMails(tx, [row], to, { note }, mail, extra);
}
