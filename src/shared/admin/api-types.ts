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

/** GET /api/admin/today: 'Hoy', the counts an admin lands on (issue 37). */
export interface AdminToday {
  /** PQR awaiting an answer past their legal due day ('Vencida'). */
  pqrOverdue: number;
  /** PQR awaiting an answer due within DUE_SOON_BUSINESS_DAYS business days. */
  pqrDueSoon: number;
  /** Routes not closed that collected something, and the cash they hold (whole pesos). */
  cashRoutes: number;
  cashCop: number;
  /** 'Requieren decisión': back in 'En bodega Colombia' after the limit of failed attempts. */
  requiresDecision: number;
  /** 'Sin identificar': received, whose owner the warehouse has not found. */
  unidentified: number;
  /** 'Retenidos': held, waiting for their owner. */
  /** 'Solicitudes': the customers' requests in Miami still 'Pendiente' or 'En proceso'. */
  requestsWaiting: number;
  held: number;
}
