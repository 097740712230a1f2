// Storage reminders (issue 14): a package still 'Recibido en Miami' three days before its free storage days end
// gets one mail. Run by each instance's housekeeping; the UPDATE that marks a package claims it, so two instances
// never mail it twice, and the mails are queued in the same transaction as the mark.
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { paths, screenUrl } from '../../shared/paths.ts';
import { ratesInForce } from '../charges/rates.ts';
import type { Database } from '../db/open.ts';
import { outbox, packages, users } from '../db/schema.ts';
import { layout } from '../mail/templates.ts';
import type { MailSettings } from './state-change.ts';

export const REMINDER_DAYS_BEFORE = 3;

/** Mails the reminders that are due; resolves to how many were queued. */
export async function sendStorageReminders(db: Database, mail: MailSettings): Promise<number> {
  const rates = await ratesInForce(db);
  const dueAfterDays = Math.max(0, rates.freeStorageDays - REMINDER_DAYS_BEFORE);
  return db.transaction(async (tx) => {
    const due = await tx
      .update(packages)
      .set({ storageReminderAt: new Date() })
      .where(
        and(
          eq(packages.state, 'recibido'),
          isNull(packages.storageReminderAt),
          lte(packages.receivedAt, sql`now() - make_interval(days => ${dueAfterDays})`),
        ),
      )
      .returning({
        number: packages.number,
        userId: packages.userId,
        guide: packages.guide,
        receivedAt: packages.receivedAt,
      });
    // The owners in one read, and the mails in one insert: a day's reminders are many at once.
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
      if (!owner) return [];
      const url = screenUrl(mail.appUrl, paths.packageDetail(pkg.number));
      const body = layout(
        mail.brandName,
        'Tu bodegaje gratis está por terminar',
        [
          `Hola ${owner.name},`,
          `Tu paquete ${pkg.number} (guía ${pkg.guide}) está en nuestra bodega de Miami. Sus ${rates.freeStorageDays} días de bodegaje gratis terminan en ${REMINDER_DAYS_BEFORE} días.`,
          'Si esperas más compras para enviarlas juntas, escríbenos; si no, lo despacharemos en el próximo vuelo.',
        ],
        { label: 'Ver mi paquete', url },
      );
      return [
        {
          toAddress: owner.email,
          subject: `${mail.brandName}: tu paquete ${pkg.number} tiene ${REMINDER_DAYS_BEFORE} días más de bodegaje gratis`,
          html: body.html,
          text: body.text,
        },
      ];
    });
    for (let i = 0; i < mails.length; i += 1000) await tx.insert(outbox).values(mails.slice(i, i + 1000));
    return mails.length;
  });
}
