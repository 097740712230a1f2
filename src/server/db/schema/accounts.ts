// better-auth's tables (auth_*), design/product.md §3's users record and locker counter, the mail outbox, captchas,
// settings, rate-limit counts and the audit trail.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/accounts/roles.ts';
import { instant, serialId, timestamps } from './columns.ts';

export const authUser = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps,
});

export const authSession = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: instant('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [index('auth_session_user_id_idx').on(table.userId)],
);

export const authAccount = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: instant('access_token_expires_at'),
    refreshTokenExpiresAt: instant('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('auth_account_user_id_idx').on(table.userId)],
);

export const authVerification = pgTable(
  'auth_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: instant('expires_at').notNull(),
    ...timestamps,
  },
  (table) => [index('auth_verification_identifier_idx').on(table.identifier)],
);

/** design/product.md §3's users document, one row per account, with the same field names in TypeScript. */
export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    registeredName: text('registered_name').notNull(),
    email: text('email').notNull(),
    cedula: text('cedula').notNull(),
    telefono: text('telefono').notNull().default(''),
    direccion1: text('direccion1').notNull(),
    ciudad1: text('ciudad1').notNull(),
    codigoPostal1: text('codigo_postal1').notNull(),
    direccion2: text('direccion2').notNull().default(''),
    ciudad2: text('ciudad2').notNull().default(''),
    codigoPostal2: text('codigo_postal2').notNull().default(''),
    lockerNumber: text('locker_number').notNull().unique(),
    /** 'Esperar mis instrucciones' (design/requests.md): received packages wait for the customer's 'Despachar'. */
    waitForInstructions: boolean('wait_for_instructions').notNull().default(false),
    officeAddress: text('office_address').notNull(),
    refCode: text('ref_code').notNull().unique(),
    referredBy: text('referred_by').notNull().default(''),
    aceptoPolitica: boolean('acepto_politica').notNull(),
    fechaAceptoPolitica: instant('fecha_acepto_politica').notNull(),
    politicaVersion: text('politica_version').notNull(),
    consentIp: text('consent_ip').notNull().default(''),
    consentUserAgent: text('consent_user_agent').notNull().default(''),
    role: text('role').$type<Role>().notNull().default('customer'),
    /** Set when the person deleted their data: the row stays, emptied, so the locker number is never reused. */
    deletedAt: instant('deleted_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** Lower-cased searchable fields joined by U+001F, which no one types: serves the admin's substring search. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name || chr(31) || email || chr(31) || locker_number || chr(31) || telefono || chr(31) || ref_code || chr(31) || referred_by)`,
      ),
  },
  (table) => [
    // Newest first is ORDER BY created_at DESC, id DESC, which means NULLS FIRST: the index must say the same.
    index('users_newest_first_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('users_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** A column that names a user by their id ('user_id' unless told). */
export const userRef = (name = 'user_id', actions?: { onDelete: 'cascade' | 'set null' }) =>
  text(name).references(() => users.id, actions);

/** design/product.md §3's counters/lockers document. */
export const lockerCounter = pgTable('locker_counter', {
  id: text('id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const outbox = pgTable(
  'outbox',
  {
    id: serialId(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('outbox_pending_idx').on(table.nextAttemptAt).where(sql`sent_at is null`)],
);

export const captcha = pgTable('captcha', {
  id: text('id').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: instant('expires_at').notNull(),
});

export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Counts for the rate limits, shared by every instance on one database. */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: instant('reset_at').notNull(),
});

/** Who did what, when and from where: sign-ins, failed sign-ins, role changes, exports, data changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    at: instant('at').notNull().defaultNow(),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    subjectId: text('subject_id'),
    email: text('email'),
    ip: text('ip').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at.desc()),
    index('audit_log_subject_idx').on(table.subjectId),
  ],
);
