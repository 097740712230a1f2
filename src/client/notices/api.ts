// WhatsApp notices (design/notices.md): the customer's choice in 'Mis datos' (GET/PUT /api/me/whatsapp) and the staff's
// 'Avisos' (GET /api/admin/avisos).
import type { NoticesOverview, WhatsappChoice, WhatsappChoiceSaved } from '../../shared/notices/api-types.ts';
import { api, request } from '../app/request.ts';

export type { NoticeRow, NoticesOverview, WhatsappChoice } from '../../shared/notices/api-types.ts';

export const noticeKeys = {
  choice: ['me', 'whatsapp'] as const,
  overview: (days: number) => ['admin', 'avisos', days] as const,
};

/** GET /api/me/whatsapp: whether the person gets notices by WhatsApp, since when and under which policy. */
export const getWhatsappChoice = (signal?: AbortSignal) =>
  api.get<WhatsappChoice>('/api/me/whatsapp', { signal });

/** PUT /api/me/whatsapp: turns the notices on (needs a phone) or off. */
export const setWhatsappChoice = (granted: boolean) =>
  request<WhatsappChoiceSaved>('PUT', '/api/me/whatsapp', { granted });

/** GET /api/admin/avisos?days=: the last notices, counts for `days` days, the share read, who opted out. */
export const getNoticesOverview = (days: number, signal?: AbortSignal) =>
  api.get<NoticesOverview>(`/api/admin/avisos?days=${days}`, { signal });
