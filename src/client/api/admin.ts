// What the admin screen reads from /api/admin: the users record as the list shows it, the URLs, and the search
// rule the server applies (so a live registration can be placed on the page without asking the server again).
import type { Me } from './me.ts';

/** deletedAt is set when the person deleted their data: the locker stays, marked as deleted. */
export type AdminUser = Omit<Me, 'emailVerified'> & { deletedAt: string | null };

export interface UsersPage {
  users: AdminUser[];
  total: number;
  /** The search matched more than `total` users: the server stops counting there. */
  totalIsCapped: boolean;
  page: number;
  pageSize: number;
  /** Where the live stream starts, so nothing registered after this list was read is missed. */
  cursor: string;
}

export const SEARCH_DEBOUNCE_MS = 300;

/** As the server reads the search box: no control characters, no surrounding spaces. */
export function normalizeSearch(q: string): string {
  return q.replace(/\p{Cc}/gu, '').trim();
}

export function usersUrl(q: string, page: number): string {
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set('q', q);
  return `/api/admin/users?${params}`;
}

export function csvUrl(q: string): string {
  return q ? `/api/admin/users.csv?${new URLSearchParams({ q })}` : '/api/admin/users.csv';
}

export function eventsUrl(after: string | null): string {
  return after ? `/api/admin/events?${new URLSearchParams({ after })}` : '/api/admin/events';
}

/** The server's rule (search_text in the schema): a case-insensitive substring of any of the six fields. */
export function matchesSearch(user: AdminUser, q: string): boolean {
  const needle = normalizeSearch(q).toLowerCase();
  if (!needle) return true;
  // U+001F between fields, as on the server, so a search never matches across two of them.
  return [user.name, user.email, user.lockerNumber, user.telefono, user.refCode, user.referredBy]
    .join('\u001f')
    .toLowerCase()
    .includes(needle);
}
