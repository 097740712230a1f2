// The audit trail: who did what, when and from where. Writing it never fails the action it records.
import type { Database, Transaction } from '../db/open.ts';
import { auditLog } from '../db/schema.ts';

export type AuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'password_reset'
  | 'role_granted'
  | 'role_revoked'
  | 'admin_export'
  | 'data_export'
  | 'data_updated'
  | 'email_change_requested'
  | 'email_changed'
  | 'account_deleted'
  | 'rates_changed'
  | 'charge_recomputed'
  | 'package_state_corrected';

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  subjectId?: string | null;
  email?: string | null;
  ip?: string;
  detail?: Record<string, unknown>;
}

export async function recordAudit(db: Database | Transaction, entry: AuditEntry): Promise<void> {
  try {
    await db.insert(auditLog).values({
      action: entry.action,
      actorId: entry.actorId ?? null,
      subjectId: entry.subjectId ?? null,
      email: entry.email ?? null,
      ip: (entry.ip ?? '').slice(0, 100),
      detail: entry.detail ?? null,
    });
  } catch (error) {
    console.error('No se pudo escribir la auditoría:', error instanceof Error ? error.message : error);
  }
}
