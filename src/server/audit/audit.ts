// The audit trail: who did what, when and from where. Writing it never fails the action it records.
import { and, desc, eq, lt } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/open.ts';
import { auditLog } from '../db/schema.ts';
import { logFailure } from '../observability/log.ts';

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
  | 'package_state_corrected'
  | 'route_closed'
  | 'pqr_decision'
  | 'collection_corrected'
  | 'remittance_imported'
  | 'settlement_voided'
  | 'late_delivery_settled'
  | 'billing_data_saved'
  | 'invoice_retried'
  | 'invoice_taxes_changed'
  | 'online_payment_started'
  | 'online_payment_decided'
  | 'online_payment_flagged'
  | 'online_payment_refunded'
  // Requests in Miami (issue 31): asked, cancelled, started, completed, refused.
  | 'request_created'
  | 'request_cancelled'
  | 'request_started'
  | 'request_completed'
  | 'request_refused'
  // The ledger (issue 45): a transaction reversed, with who did it and why.
  | 'ledger_reversed';

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  subjectId?: string | null;
  email?: string | null;
  ip?: string;
  detail?: Record<string, unknown>;
}

/**
 * Inside a transaction the entry is written in a savepoint: a failed INSERT would otherwise abort the caller's
 * transaction, and its COMMIT would silently become a ROLLBACK of the action itself.
 */
export async function recordAudit(db: Database | Transaction, entry: AuditEntry): Promise<void> {
  const values = {
    action: entry.action,
    actorId: entry.actorId ?? null,
    subjectId: entry.subjectId ?? null,
    email: entry.email ?? null,
    ip: (entry.ip ?? '').slice(0, 100),
    detail: entry.detail ?? null,
  };
  try {
    if (db instanceof PgTransaction)
      await db.transaction((savepoint) => savepoint.insert(auditLog).values(values));
    else await db.insert(auditLog).values(values);
  } catch (error) {
    logFailure('audit', 'No se pudo escribir la auditoría:', error);
  }
}

/** The newest `limit` entries, of one `action` if given, older than entry `before` if given. */
export function auditEntries(
  db: Database,
  { action, before, limit }: { action?: string; before?: number; limit: number },
) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(action ? eq(auditLog.action, action) : undefined, before ? lt(auditLog.id, before) : undefined),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
