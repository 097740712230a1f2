// Storage reminders (issue 14; design/requests.md 'The storage clock': they say the date the free days end, then the
// fee per day): a package still 'Recibido en Miami' three days before its free storage days end gets one mail. The end
// is the storage clock's (requests/storage.ts): the free days of the rates of its receipt, pushed later by our holds
// and our work on its requests. Run by each instance's housekeeping; the UPDATE that marks a package claims it, so
// two instances never mail it twice, and the mails are queued in the same transaction as the mark.
import { and, desc, eq, inArray, isNull, lte, min, sql } from 'drizzle-orm';
import { centsToCop } from '../../shared/charges/charge-lines.ts';
import { formatLongDate } from '../../shared/dates.ts';
import { formatCop, formatUsd } from '../../shared/money.ts';
import { paths, screenUrl } from '../../shared/paths.ts';
import { DAY_MS, freeUntil } from '../../shared/requests/storage.ts';
import { ratesInForce } from '../charges/rates.ts';
import type { Database } from '../db/open.ts';
import { outbox, packages, rateSettings, users } from '../db/schema.ts';
import { layout } from '../mail/templates.ts';
import { pausesOf } from '../requests/storage.ts';
import type { MailSettings } from './state-change.ts';

export const REMINDER_DAYS_BEFORE = 3;

/** Mails the reminders that are due; resolves to how many were queued. */
export async function sendStorageReminders(db: Database, mail: MailSettings): Promise<number> {
  const now = new Date();
  const history = await db
    .select()
    .from(rateSettings)
    .orderBy(desc(rateSettings.effectiveFrom), desc(rateSettings.id));
  const freeDaysAt = (at: Date) =>
    history.find((rates) => rates.effectiveFrom.getTime() <= at.getTime())?.freeStorageDays;
  const [fewest] = await db.select({ days: min(rateSettings.freeStorageDays) }).from(rateSettings);
  const dueAfterDays = Math.max(0, (fewest?.days ?? 0) - REMINDER_DAYS_BEFORE);
  // Pauses only push the end later: the packages received long enough ago are the only ones that may be due.
  const candidates = await db
    .select({ number: packages.number, receivedAt: packages.receivedAt })
    .from(packages)
    .where(
      and(
        eq(packages.state, 'recibido'),
        isNull(packages.storageReminderAt),
        lte(packages.receivedAt, sql`now() - make_interval(days => ${dueAfterDays})`),
      ),
    );
  const pauses = await pausesOf(
    db,
    candidates.map((row) => row.number),
  );
  const ends = new Map<number, Date>();
  for (const { number, receivedAt } of candidates) {
    const freeDays = receivedAt ? freeDaysAt(receivedAt) : undefined;
    if (!receivedAt || freeDays === undefined) continue;
    const end = freeUntil(receivedAt, now, freeDays, pauses.get(number) ?? []);
    if (end.getTime() - now.getTime() <= REMINDER_DAYS_BEFORE * DAY_MS) ends.set(number, end);
  }
  if (ends.size === 0) return 0;
  const rates = await ratesInForce(db, now);
  const perDay = `${formatUsd(rates.storagePerDayCents)} (${formatCop(centsToCop(rates.storagePerDayCents, rates.trmHundredths))})`;
  return db.transaction(async (tx) => {
    const due = await tx
      .update(packages)
      .set({ storageReminderAt: now })
      .where(
        and(
          inArray(packages.number, [...ends.keys()]),
          eq(packages.state, 'recibido'),
          isNull(packages.storageReminderAt),
        ),
      )
      .returning({ number: packages.number, userId: packages.userId, guide: packages.guide });
    // The owners in one read, and the mails in one insert per thousand: a day's reminders are many at once.
    const ownerIds = [...new Set(due.flatMap((pkg) => (pkg.userId ? [pkg.userId] : [])))];
    const owners = new Map(
      ownerIds.length === 0
        ? []
        : (
            await tx
              .select({ id: users.id, email: users.email, name: users.name })
              .from(users)
              .where(and(inArray(users.id, ownerIds), isNull(users.deletedAt)))
          ).map((owner) => [owner.id, owner]),
    );
    const mails = due.flatMap((pkg) => {
      const owner = pkg.userId ? owners.get(pkg.userId) : undefined;
      const end = ends.get(pkg.number);
      if (!owner || !end) return [];
      const date = formatLongDate(end);
      const body = layout(
        mail.brandName,
        'Tu almacenaje gratis está por terminar',
        [
          `Hola ${owner.name},`,
          `Tu paquete ${pkg.number} (guía ${pkg.guide}) está en nuestra bodega de Miami. Almacenaje gratis hasta el ${date}.`,
          `Después, Almacenaje por día: ${perDay} por cada día que siga en la bodega, cobrado cuando salga en un despacho.`,
          'Si esperas más compras para enviarlas juntas, puedes pedir que las consolidemos desde tus paquetes.',
        ],
        { label: 'Ver mi paquete', url: screenUrl(mail.appUrl, paths.packageDetail(pkg.number)) },
      );
      return [
        {
          toAddress: owner.email,
          subject: `${mail.brandName}: tu paquete ${pkg.number} tiene almacenaje gratis hasta el ${date}`,
          html: body.html,
          text: body.text,
        },
      ];
    });
    for (let i = 0; i < mails.length; i += 1000) await tx.insert(outbox).values(mails.slice(i, i + 1000));
    return mails.length;
  });
}
