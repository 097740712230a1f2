// Notices on WhatsApp (design/notices.md): the customers' consent and its history, the outbox of notices with their
// Cloud API state, the global send budget shared by every instance, and the messages customers wrote to our number.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ConsentSource, NoticeState, TemplateName } from '../../../shared/notices/templates.ts';
import type { PackageState } from '../../../shared/packages/states.ts';
import { userRef } from './accounts.ts';
import { instant, serialId } from './columns.ts';
import { packageRef } from './packages.ts';

/** The words of a notice's fallback mail, with the settings to write it. */
export type NoticeFallback = { brandName: string; appUrl: string } & (
  | { kind: 'move'; state: PackageState; note: string; carrier: string; carrierGuide: string }
  | { kind: 'attempt'; supportEmail: string; reasonLabel: string; note: string }
);

/** The customer's current choice: one row per customer who ever chose. */
export const whatsappConsent = pgTable('whatsapp_consent', {
  userId: userRef('user_id', { onDelete: 'cascade' }).primaryKey(),
  granted: boolean('granted').notNull(),
  at: instant('at').notNull().defaultNow(),
  policyVersion: text('policy_version').notNull(),
  source: text('source').$type<ConsentSource>().notNull(),
});

/** Every choice, as proof (like the data-policy consent): never updated. */
export const whatsappConsentLog = pgTable(
  'whatsapp_consent_log',
  {
    id: serialId(),
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    granted: boolean('granted').notNull(),
    at: instant('at').notNull().defaultNow(),
    policyVersion: text('policy_version').notNull(),
    source: text('source').$type<ConsentSource>().notNull(),
    phone: text('phone').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (table) => [index('whatsapp_consent_log_user_idx').on(table.userId, table.at)],
);

/** The outbox of notices: one row per event and template, queued in the transaction of the change. */
export const notices = pgTable(
  'notices',
  {
    id: serialId(),
    /** What caused it ('event:123', 'attempt:<key>'): a second notice for one event is never written. */
    eventKey: text('event_key').notNull(),
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    packageNumber: packageRef(),
    /** The 'Historial' event the notice tells of. */
    eventId: bigint('event_id', { mode: 'number' }),
    template: text('template').$type<TemplateName>().notNull(),
    /** E.164 without '+', as the Cloud API's `to`. */
    toPhone: text('to_phone').notNull(),
    parameters: jsonb('parameters').$type<string[]>().notNull(),
    /**
     * What the mail sent instead says when WhatsApp cannot deliver (written then, so that a big dispatch queues small
     * rows); null when the mail went anyway (receipts, charges).
     */
    fallback: jsonb('fallback').$type<NoticeFallback>(),
    state: text('state').$type<NoticeState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    wamid: text('wamid'),
    errorCode: integer('error_code'),
    lastError: text('last_error'),
    mailedAt: instant('mailed_at'),
    sentAt: instant('sent_at'),
    deliveredAt: instant('delivered_at'),
    readAt: instant('read_at'),
    failedAt: instant('failed_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notices_event_template_unique').on(table.eventKey, table.template),
    uniqueIndex('notices_wamid_unique').on(table.wamid),
    index('notices_due_idx').on(table.nextAttemptAt, table.id).where(sql`state = 'queued'`),
    index('notices_event_idx').on(table.eventId),
    index('notices_created_idx').on(table.createdAt.desc()),
  ],
);

/**
 * The shared pace of sending (one row, locked while claiming): the time, on the database's clock, from which the
 * next claimed notice may go. Each claim books its notices 1/WHATSAPP_RATE of a second apart.
 */
export const noticeRate = pgTable('notice_rate', {
  id: integer('id').primaryKey(),
  nextAtMs: bigint('next_at_ms', { mode: 'number' }).notNull(),
});

/** Messages customers wrote to our number: 'BAJA'/'ALTA' applied, the rest kept for support. */
export const whatsappInbound = pgTable(
  'whatsapp_inbound',
  {
    id: serialId(),
    wamid: text('wamid').notNull(),
    fromPhone: text('from_phone').notNull(),
    userId: userRef('user_id', { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    body: text('body').notNull().default(''),
    /** 'baja', 'alta' or 'soporte'. */
    action: text('action').notNull(),
    sentAt: instant('sent_at').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('whatsapp_inbound_wamid_unique').on(table.wamid)],
);
