// What the admin API answers (src/server/admin, src/server/audit): 'Lista de Casilleros', a role change and the
// audit trail. Types only: the browser and the server read the same shapes.
import type { Me } from '../accounts/api-types.ts';

/** A row of the locker list: the users record, deleted ones too (the locker stays, marked). */
export type AdminUser = Omit<Me, 'emailVerified'>;

/** GET /api/admin/users */
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

/** POST /api/admin/users/:id/role */
export interface RoleResult {
  id: string;
  role: string;
  previousRole: string;
  /** False when the person already had that role. */
  changed: boolean;
  message: string;
}

/** A row of GET /api/admin/audit. */
export interface AuditEntry {
  id: number;
  at: string;
  action: string;
  actorId: string | null;
  subjectId: string | null;
  email: string | null;
  ip: string;
  detail: Record<string, unknown> | null;
}

/** GET /api/admin/audit */
export interface AuditTrail {
  entries: AuditEntry[];
}
