// The words under each move of 'Historial' (design/notices.md 'What people see'): 'Aviso por WhatsApp: leído 10:42',
// 'Aviso por WhatsApp: entregado 10:42' or 'Aviso por correo'. The time is written by the caller's formatter
// (src/shared/dates.ts), in the reader's zone.
import type { EventNotice } from '../packages/api-types.ts';
import { NOTICE_STATE_LABELS } from './templates.ts';

export const MAIL_NOTICE_LABEL = 'Aviso por correo';

export function eventNoticeLabel(notice: EventNotice, time: (iso: string) => string): string {
  if (notice.channel === 'correo' || !notice.state) return MAIL_NOTICE_LABEL;
  const state = NOTICE_STATE_LABELS[notice.state];
  return notice.at ? `Aviso por WhatsApp: ${state} ${time(notice.at)}` : `Aviso por WhatsApp: ${state}`;
}
