// The notices' answers: the customer's WhatsApp choice ('Mis datos') and the staff's 'Avisos' (/admin/avisos).
import type { ConsentSource, NoticeState, TemplateName } from './templates.ts';

export interface WhatsappChoice {
  /** False also when the person never chose. */
  granted: boolean;
  /** When the choice was made; null when never. */
  at: string | null;
  policyVersion: string | null;
  source: ConsentSource | null;
  /** The phone notices go to ('' when the account has none). */
  phone: string;
}

export interface WhatsappChoiceSaved {
  message: string;
  choice: WhatsappChoice;
}

export interface NoticeRow {
  id: number;
  template: TemplateName;
  state: NoticeState;
  packageNumber: number | null;
  customerName: string;
  lockerNumber: string;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  failedAt: string | null;
  /** Why it failed ('' otherwise). */
  error: string;
  errorCode: number | null;
  /** Whether its mail went instead. */
  mailed: boolean;
}

export interface NoticeCount {
  template: TemplateName;
  state: NoticeState;
  count: number;
}

export interface OptedOutCustomer {
  userId: string;
  name: string;
  lockerNumber: string;
  at: string;
  source: ConsentSource;
}

export interface NoticesOverview {
  days: number;
  last: NoticeRow[];
  counts: NoticeCount[];
  /** Read among those sent in the range, 0 to 1 (0 when none was sent). */
  readShare: number;
  optedOut: OptedOutCustomer[];
  /** False while the WHATSAPP_* settings are missing: nothing is sent, every notice goes by mail. */
  whatsappOn: boolean;
}
