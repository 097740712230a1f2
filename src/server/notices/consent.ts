// Consent to WhatsApp notices (design/notices.md 'Consent first'): the current choice in whatsapp_consent and every
// choice in whatsapp_consent_log, with its time, the policy version, where it was made and the phone it was for.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type ConsentSource, WHATSAPP_POLICY_VERSION } from '../../shared/notices/templates.ts';
import { isValidE164 } from '../../shared/registration.ts';
import { inJsonList } from '../db/json-list.ts';
import type { Database, Transaction } from '../db/open.ts';
import {
  appSetting,
  notices,
  users,
  whatsappConsent,
  whatsappConsentLog,
  whatsappInbound,
} from '../db/schema.ts';

export interface ConsentChoice {
  granted: boolean;
  at: string;
  policyVersion: string;
  source: ConsentSource;
}

export async function setConsent(
  db: Database | Transaction,
  userId: string,
  granted: boolean,
  source: ConsentSource,
  proof: { phone?: string; ip?: string } = {},
): Promise<ConsentChoice> {
  const at = new Date();
  const row = { userId, granted, at, policyVersion: WHATSAPP_POLICY_VERSION, source };
  await db
    .insert(whatsappConsent)
    .values(row)
    .onConflictDoUpdate({
      target: whatsappConsent.userId,
      set: { granted, at, policyVersion: row.policyVersion, source },
    });
  await db
    .insert(whatsappConsentLog)
    .values({ ...row, phone: proof.phone ?? '', ip: (proof.ip ?? '').slice(0, 100) });
  return { granted, at: at.toISOString(), policyVersion: row.policyVersion, source };
}

/**
 * A new phone number withdraws the consent given for the old one (design/notices.md 'Consent first': the box names the
 * number), until the person gives it again. Called in the transaction that changes the phone; answers whether a
 * consent was withdrawn. The consent row is locked, so a choice made meanwhile in 'Mis datos' waits for it.
 */
export async function withdrawConsentForNewPhone(
  tx: Transaction,
  userId: string,
  phone: string,
  ip: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ granted: whatsappConsent.granted })
    .from(whatsappConsent)
    .where(eq(whatsappConsent.userId, userId))
    .for('update');
  if (!row?.granted) return false;
  await setConsent(tx, userId, false, 'cambio_telefono', { phone, ip });
  return true;
}

export async function consentOf(db: Database | Transaction, userId: string): Promise<ConsentChoice | null> {
  const [row] = await db.select().from(whatsappConsent).where(eq(whatsappConsent.userId, userId));
  return row
    ? { granted: row.granted, at: row.at.toISOString(), policyVersion: row.policyVersion, source: row.source }
    : null;
}

/** E.164 digits without '+', as the Cloud API's `to`; null for a phone that is not a valid E.164 number. */
export function waDigits(phone: string): string | null {
  return isValidE164(phone) ? phone.slice(1) : null;
}

/**
 * Who of `userIds` may be told by WhatsApp now: consent granted, account not deleted, a valid E.164 phone.
 * Nobody while WhatsApp is off.
 */
export async function reachableByWhatsapp(
  tx: Database | Transaction,
  userIds: string[],
): Promise<Map<string, string>> {
  const reachable = new Map<string, string>();
  if (userIds.length === 0 || !(await whatsappOn(tx))) return reachable;
  for (const row of await tx
    .select({ id: users.id, telefono: users.telefono })
    .from(users)
    .innerJoin(whatsappConsent, eq(whatsappConsent.userId, users.id))
    .where(and(inJsonList(users.id, userIds), eq(whatsappConsent.granted, true), isNull(users.deletedAt)))) {
    const digits = waDigits(row.telefono);
    if (digits) reachable.set(row.id, digits);
  }
  return reachable;
}

const CHANNEL_KEY = 'whatsapp_channel';

/** Written at start: whether this deployment sends WhatsApp (every instance has the same configuration). */
export async function recordWhatsappChannel(db: Database, on: boolean) {
  const value = on ? 'on' : 'off';
  await db
    .insert(appSetting)
    .values({ key: CHANNEL_KEY, value })
    .onConflictDoUpdate({ target: appSetting.key, set: { value } });
}

export async function whatsappOn(db: Database | Transaction): Promise<boolean> {
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, CHANNEL_KEY));
  return row?.value === 'on';
}

/** Of `userIds`, those whose consent stands now (not deleted, consent granted). */
export async function consentingUsers(db: Database | Transaction, userIds: string[]): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ id: whatsappConsent.userId })
    .from(whatsappConsent)
    .innerJoin(users, eq(users.id, whatsappConsent.userId))
    .where(
      and(
        inArray(whatsappConsent.userId, unique),
        eq(whatsappConsent.granted, true),
        isNull(users.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * An account deleted (Ley 1581): its consent ends, queued notices are dropped, and the phone and words kept in its
 * notices, consent proofs and messages are erased. Counts stay for 'Avisos'.
 */
export async function forgetWhatsapp(tx: Transaction, userId: string) {
  await tx.update(whatsappConsent).set({ granted: false }).where(eq(whatsappConsent.userId, userId));
  await tx.delete(notices).where(and(eq(notices.userId, userId), eq(notices.state, 'queued')));
  await tx
    .update(notices)
    .set({ toPhone: '', parameters: [], fallback: null, lastError: null })
    .where(eq(notices.userId, userId));
  await tx.update(whatsappConsentLog).set({ phone: '', ip: '' }).where(eq(whatsappConsentLog.userId, userId));
  await tx.update(whatsappInbound).set({ fromPhone: '', body: '' }).where(eq(whatsappInbound.userId, userId));
}
