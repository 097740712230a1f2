// What the admin screen reads from and sends to /api/admin, with the query keys that cache it, the URLs, and the
// search rule the server applies (so a live registration can be placed on the page without asking the server again).
import type {
  AdminToday,
  AdminUser,
  AuditTrail,
  RoleResult,
  UsersPage,
} from '../../shared/admin/api-types.ts';
import { api } from '../app/request.ts';

export type { AdminUser, AuditEntry, RoleResult, UsersPage } from '../../shared/admin/api-types.ts';

/** The query keys of the admin's reads: a page of the locker list (by search and page) and the audit trail. */
export const adminKeys = {
  users: ['admin', 'users'] as const,
  usersPage: (q: string, page: number) => ['admin', 'users', { q, page }] as const,
  audit: ['admin', 'audit'] as const,
  today: ['admin', 'today'] as const,
};

/** As the server reads the search box: no control characters, no surrounding spaces. */
export function normalizeSearch(q: string): string {
  return q.replace(/\p{Cc}/gu, '').trim();
}

function usersUrl(q: string, page: number): string {
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set('q', q);
  return `/api/admin/users?${params}`;
}

export const getUsers = (q: string, page: number, signal?: AbortSignal) =>
  api.get<UsersPage>(usersUrl(q, page), { signal });

export const changeRole = (id: string, role: string) =>
  api.post<RoleResult>(`/api/admin/users/${encodeURIComponent(id)}/role`, { role });

/** 'Hoy': the counts an admin lands on. */
export const getToday = (signal?: AbortSignal) => api.get<AdminToday>('/api/admin/today', { signal });

/** The newest 100 entries of the audit trail. */
export const getAudit = (signal?: AbortSignal) =>
  api.get<AuditTrail>('/api/admin/audit?limit=100', { signal });

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
