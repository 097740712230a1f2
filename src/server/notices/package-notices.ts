// The notices of a package's moves and of a failed delivery attempt: which template, with which parameters, and
// whether the mail still goes (receipts and charges) or only if WhatsApp fails.
import { formatCop } from '../../shared/money.ts';
import type { TemplateName } from '../../shared/notices/templates.ts';
import type { PackageState } from '../../shared/packages/states.ts';
import { paths } from '../../shared/paths.ts';
import type { Transaction } from '../db/open.ts';
import type { packages } from '../db/schema.ts';
import { reachableByWhatsapp } from './consent.ts';
import { ALWAYS_MAILED, latestEvents, type NewNotice, queueNotices, STATE_TEMPLATES } from './queue.ts';

type PackageRow = typeof packages.$inferSelect;

export interface MoveContext {
  brandName: string;
  appUrl: string;
  owner: { name: string };
  row: PackageRow;
  phone: string;
  eventId: number | null;
  note?: string;
  carrier?: string;
  carrierGuide?: string;
  /** What is paid at the door; `note` says why it is less than the charge ('pagado en línea', 'saldo pendiente'). */
  charge?: { totalCop: number; note?: string };
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const linkOf = (appUrl: string, number: number) => `${appUrl}${paths.packageDetail(number)}`;

export function moveParameters(to: PackageState, context: MoveContext): string[] | null {
  const { row, owner, appUrl } = context;
  const name = firstName(owner.name);
  const number = String(row.number);
  const link = linkOf(appUrl, row.number);
  const { charge } = context;
  const amount = !charge
    ? 'por confirmar'
    : charge.note
      ? `${formatCop(charge.totalCop)} (${charge.note})`
      : formatCop(charge.totalCop);
  switch (to) {
    case 'recibido':
      return [name, number, row.weightLb ?? '-', amount, link];
    case 'retenido':
      return [name, number, context.note || 'te contamos el motivo en el enlace', link];
    case 'en_transito':
    case 'entregado':
      return [name, number, link];
    case 'en_reparto':
      return [name, number, amount, context.carrier || 'nuestro mensajero'];
    case 'devuelto':
      return [name, number, context.note || 'te contamos el motivo en el enlace', link];
    default:
      return null;
  }
}

/** A move's notice, or null for a move without a template. */
export function moveNotice(
  to: PackageState,
  context: MoveContext,
): { notice: NewNotice; mailNow: boolean } | null {
  const template: TemplateName | undefined = STATE_TEMPLATES[to];
  const parameters = moveParameters(to, context);
  if (!template || !parameters || !context.row.userId) return null;
  const mailNow = ALWAYS_MAILED.has(to);
  return {
    mailNow,
    notice: {
      // One notice per event: the event's id when known, else the package and state.
      eventKey: context.eventId ? `event:${context.eventId}` : `move:${context.row.number}:${to}`,
      userId: context.row.userId,
      packageNumber: context.row.number,
      eventId: context.eventId,
      template,
      toPhone: context.phone,
      parameters,
      fallback: mailNow
        ? null
        : {
            kind: 'move',
            brandName: context.brandName,
            appUrl: context.appUrl,
            state: to,
            note: context.note ?? '',
            carrier: context.carrier ?? '',
            carrierGuide: context.carrierGuide ?? '',
          },
    },
  };
}

/**
 * Queues a failed delivery attempt's notice when the customer can be told by WhatsApp; false when not (the caller
 * mails). Its mail goes only if WhatsApp cannot deliver.
 */
export async function queueAttemptNotice(
  tx: Transaction,
  attempt: {
    attemptKey: string;
    userId: string;
    owner: { name: string };
    packageNumber: number;
    reasonLabel: string;
    note: string;
  },
  settings: { brandName: string; appUrl: string; supportEmail: string },
): Promise<boolean> {
  const phone = (await reachableByWhatsapp(tx, [attempt.userId])).get(attempt.userId);
  if (!phone) return false;
  const eventId = (await latestEvents(tx, [attempt.packageNumber], 'en_reparto')).get(attempt.packageNumber);
  await queueNotices(tx, [
    {
      eventKey: `attempt:${attempt.attemptKey}`,
      userId: attempt.userId,
      packageNumber: attempt.packageNumber,
      eventId: eventId ?? null,
      template: 'intento_entrega',
      toPhone: phone,
      parameters: [firstName(attempt.owner.name), String(attempt.packageNumber), attempt.reasonLabel],
      fallback: {
        kind: 'attempt',
        brandName: settings.brandName,
        appUrl: settings.appUrl,
        supportEmail: settings.supportEmail,
        reasonLabel: attempt.reasonLabel,
        note: attempt.note,
      },
    },
  ]);
  return true;
}
