// How a customer is told their request was completed or refused (design/requests.md: mail, and WhatsApp where
// consented), queued in the transaction that closes the request: the mail always (it carries the fee, or the reason and
// that nothing is charged), and a WhatsApp notice once per request to a customer who consented. Photos ready are told
// by 'fotos_listas'; a completed return by its move to 'Devuelto' ('paquete_devuelto'), never by a second message.
import { eq } from 'drizzle-orm';
import { formatCop, formatUsd } from '../../shared/money.ts';
import type { TemplateName } from '../../shared/notices/templates.ts';
import { paths, screenUrl } from '../../shared/paths.ts';
import { REQUEST_LABELS } from '../../shared/requests/kinds.ts';
import type { Transaction } from '../db/open.ts';
import { type packageRequests, users } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { layout } from '../mail/templates.ts';
import { reachableByWhatsapp } from '../notices/consent.ts';
import { firstName } from '../notices/package-notices.ts';
import { queueNotices } from '../notices/queue.ts';
import type { MailSettings } from '../packages/state-change.ts';

type RequestRow = typeof packageRequests.$inferSelect;

/** 'paquete 100001', 'paquetes 100001, 100002'. */
const packagesOf = (numbers: number[]) =>
  `${numbers.length === 1 ? 'paquete' : 'paquetes'} ${numbers.join(', ')}`;

interface Outcome {
  heading: string;
  detail: string;
  /** null: told by another notice (a return, by its move to 'Devuelto'). */
  template: TemplateName | null;
  parameters: string[];
}

/** The mail's lines and the notice's template and parameters of a closed request. */
function outcomeOf(row: RequestRow, numbers: number[], what: string, name: string, link: string): Outcome {
  const id = String(row.id);
  const fee = `${formatUsd(row.feeCents)} (${formatCop(row.feeCop)})`;
  if (row.state === 'rechazada')
    return {
      heading: `Rechazamos tu solicitud ${row.id}`,
      detail: `Motivo: ${row.reason}. No se te cobra.`,
      template: 'solicitud_rechazada',
      parameters: [name, id, what, row.reason, link],
    };
  const heading = `Completamos tu solicitud ${row.id}`;
  if (row.kind === 'fotos')
    return {
      heading,
      detail: `Las fotos adicionales ya están en la página de tu paquete. Cargo: ${fee}.`,
      template: 'fotos_listas',
      parameters: [name, id, packagesOf(numbers), fee, link],
    };
  const made = row.resultPackageNumber;
  // A return never flies: it owes its fee and storage, paid online from its page (design/requests.md).
  const owed =
    row.kind === 'devolver'
      ? ' Como no viaja, no pagas flete, seguro ni impuestos: el valor a pagar (la devolución y el almacenaje) está en la página de tu paquete, donde puedes pagarlo en línea.'
      : '';
  return {
    heading,
    detail: made === null ? `Cargo: ${fee}.${owed}` : `Tu nuevo paquete es el ${made}. Cargo: ${fee}.`,
    template: row.kind === 'devolver' ? null : 'solicitud_completada',
    parameters: [name, id, made === null ? what : `${what}; tu nuevo paquete es el ${made}`, fee, link],
  };
}

/**
 * Mails the owner of `row` (just 'Completada' or 'Rechazada', on its packages `numbers`) and queues its WhatsApp
 * notice where consented.
 */
export async function tellRequestOutcome(
  tx: Transaction,
  row: RequestRow,
  numbers: number[],
  mail: MailSettings,
) {
  const [owner] = await tx
    .select({ email: users.email, name: users.name, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!owner || owner.deletedAt) return;
  const shown = row.resultPackageNumber ?? numbers[0] ?? 0;
  const url = screenUrl(mail.appUrl, paths.packageDetail(shown));
  const what = `${REQUEST_LABELS[row.kind]} (${packagesOf(numbers)})`;
  const outcome = outcomeOf(row, numbers, what, firstName(owner.name), url);
  await enqueueMail(tx, {
    to: owner.email,
    subject: `${mail.brandName}: ${outcome.heading.toLowerCase()}`,
    ...layout(
      mail.brandName,
      outcome.heading,
      [`Hola ${owner.name}.`, `Solicitud ${row.id}: ${what}.`, outcome.detail],
      { label: 'Ver mi paquete', url },
    ),
  });
  const phone = (await reachableByWhatsapp(tx, [row.userId])).get(row.userId);
  if (!phone || !outcome.template) return;
  await queueNotices(tx, [
    {
      eventKey: `request:${row.id}`,
      userId: row.userId,
      packageNumber: shown,
      eventId: null,
      template: outcome.template,
      toPhone: phone,
      parameters: outcome.parameters,
      fallback: null,
    },
  ]);
}
