// The one Drizzle schema for both drivers: better-auth's tables (auth_*), the users record of SPEC.md §3, the
// locker counter, the mail outbox, captchas, settings, and the packages with their events and files.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('auth_verification_identifier_idx').on(table.identifier)],
);

/** SPEC.md §3's users document, one row per account, with the same field names in TypeScript. */
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
    officeAddress: text('office_address').notNull(),
    refCode: text('ref_code').notNull().unique(),
    referredBy: text('referred_by').notNull().default(''),
    aceptoPolitica: boolean('acepto_politica').notNull(),
    fechaAceptoPolitica: timestamp('fecha_acepto_politica', { withTimezone: true }).notNull(),
    politicaVersion: text('politica_version').notNull(),
    consentIp: text('consent_ip').notNull().default(''),
    consentUserAgent: text('consent_user_agent').notNull().default(''),
    role: text('role').notNull().default('customer'),
    /** Set when the person deleted their data: the row stays, emptied, so the locker number is never reused. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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

/** SPEC.md §3's counters/lockers document. */
export const lockerCounter = pgTable('locker_counter', {
  id: text('id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_pending_idx').on(table.nextAttemptAt).where(sql`sent_at is null`)],
);

export const captcha = pgTable('captcha', {
  id: text('id').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Counts for the rate limits, shared by every instance on one database. */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Who did what, when and from where: sign-ins, failed sign-ins, role changes, exports, data changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
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

/** Package numbers ('Número de paquete') start at 100001 (PACKAGES.md). */
export const packageNumberSeq = pgSequence('package_number_seq', { startWith: 100001 });

/** PACKAGES.md 'The package and its states': one row per parcel, its current state beside its history. */
export const packages = pgTable(
  'packages',
  {
    number: integer('number').primaryKey().default(sql`nextval('package_number_seq')`),
    /** Null while the warehouse has not identified whose it is ('Sin identificar'). */
    userId: text('user_id').references(() => users.id),
    /** Normalised (src/shared/packages/guides.ts); unique among packages that are not cancelled. */
    guide: text('guide').notNull(),
    carrier: text('carrier'),
    store: text('store').notNull().default(''),
    content: text('content').notNull().default(''),
    declaredValueCents: integer('declared_value_cents').notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
    /** Copied from the customer's address 1 or 2 when pre-alerted, so a later correction does not move it. */
    deliveryAddress: text('delivery_address').notNull().default(''),
    addressChoice: integer('address_choice').notNull().default(1),
    instructions: text('instructions').notNull().default(''),
    state: text('state').notNull(),
    /** While 'Retenido': the state it was held in, where a release returns it, and why. */
    heldFrom: text('held_from'),
    holdReason: text('hold_reason'),
    // Filled by the warehouse on receipt.
    lockerNumber: text('locker_number'),
    weightLb: numeric('weight_lb', { precision: 7, scale: 2 }),
    lengthIn: numeric('length_in', { precision: 6, scale: 1 }),
    widthIn: numeric('width_in', { precision: 6, scale: 1 }),
    heightIn: numeric('height_in', { precision: 6, scale: 1 }),
    condition: text('condition'),
    /** The warehouse's 'Notas' on receipt. */
    warehouseNotes: text('warehouse_notes').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: text('received_by'),
    /** When the 'free storage ends soon' reminder was mailed: once per package. */
    storageReminderAt: timestamp('storage_reminder_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('packages_guide_unique').on(table.guide).where(sql`state <> 'cancelado'`),
    // 'Mis paquetes': a customer's packages newest first, and their counts per state. Migration 0007 adds
    // INCLUDE (state), which Drizzle cannot declare, so the counts are index-only scans of the same index.
    index('packages_user_newest_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.number.desc().nullsFirst(),
    ),
    // 'Recibidos hoy'; the 'Sin identificar' queue and the board's state filter use packages_state_newest_idx.
    index('packages_received_at_idx').on(table.receivedAt),
    // The operations board ('Paquetes'): newest first, with or without a state filter, and its search.
    index('packages_newest_idx').on(table.createdAt.desc().nullsFirst(), table.number.desc().nullsFirst()),
    index('packages_state_newest_idx').on(
      table.state,
      table.createdAt.desc().nullsFirst(),
      table.number.desc().nullsFirst(),
    ),
    index('packages_locker_idx').on(table.lockerNumber),
    index('packages_guide_trgm_idx').using('gin', sql`${table.guide} gin_trgm_ops`),
  ],
);

/** Every change of a package's state, written in the same transaction as the state: the 'Historial'. */
export const packageEvents = pgTable(
  'package_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packageNumber: integer('package_number')
      .notNull()
      .references(() => packages.number),
    state: text('state').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    /** 'customer', 'bodega', 'admin' or 'system': what the customer's history shows instead of a name. */
    actorRole: text('actor_role').notNull(),
    note: text('note').notNull().default(''),
    carrier: text('carrier').notNull().default(''),
    carrierGuide: text('carrier_guide').notNull().default(''),
  },
  (table) => [index('package_events_package_idx').on(table.packageNumber, table.id.desc().nullsFirst())],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Invoices and photos, in the database so that one backup keeps everything (PACKAGES.md 'Files'). */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    /** The customer the file belongs to; null for a photo of a package nobody has claimed yet. */
    ownerId: text('owner_id').references(() => users.id),
    packageNumber: integer('package_number').references(() => packages.number),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    /** A photo's small version, when it has one. */
    thumbnailOf: text('thumbnail_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('files_package_idx').on(table.packageNumber)],
);

/**
 * 'Tarifas' (PACKAGES.md 'Charges'): a rate table with validity, never one mutable row. The rates in force at a
 * moment are the row with the latest `effective_from` not after it; a change adds a row and keeps the earlier ones.
 */
export const rateSettings = pgTable(
  'rate_settings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    pricePerLbCents: integer('price_per_lb_cents').notNull(),
    minWeightLb: integer('min_weight_lb').notNull(),
    volumetricDivisor: integer('volumetric_divisor').notNull(),
    insuranceBasisPoints: integer('insurance_basis_points').notNull(),
    trmHundredths: integer('trm_hundredths').notNull(),
    freeStorageDays: integer('free_storage_days').notNull(),
    referralCreditCents: integer('referral_credit_cents').notNull(),
    taxFreeThresholdCents: integer('tax_free_threshold_cents').notNull(),
    tariffBasisPoints: integer('tariff_basis_points').notNull(),
    vatBasisPoints: integer('vat_basis_points').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rate_settings_effective_idx').on(
      table.effectiveFrom.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** The charge of a package, computed on receipt with the rates of that day and never rewritten by a rate change. */
export const packageCharges = pgTable('package_charges', {
  packageNumber: integer('package_number')
    .primaryKey()
    .references(() => packages.number),
  rateSettingsId: integer('rate_settings_id').notNull(),
  /** What it was computed from: the inputs and the rates, so the figure can be explained and reproduced. */
  input: jsonb('input').$type<Record<string, unknown>>().notNull(),
  chargeableLb: integer('chargeable_lb').notNull(),
  freightCents: integer('freight_cents').notNull(),
  insuranceCents: integer('insurance_cents').notNull(),
  tariffCents: integer('tariff_cents').notNull(),
  vatCents: integer('vat_cents').notNull(),
  creditUsedCents: integer('credit_used_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  // Pesos can pass 2^31 with extreme (allowed) rates: a bigint, never an overflow.
  totalCop: bigint('total_cop', { mode: 'number' }).notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  computedBy: text('computed_by'),
});

/**
 * Referral credit as a ledger: 'earned' once per referred person (their first delivered package), 'used' by a
 * charge, 'adjusted' when an admin recomputes one. The balance is the sum; rows are only ever added, and the unique
 * indexes make earning twice, or a first use on one package twice, impossible.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    /** Positive when earned, negative when used. */
    amountCents: integer('amount_cents').notNull(),
    referredUserId: text('referred_user_id'),
    packageNumber: integer('package_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_ledger_user_idx').on(table.userId),
    uniqueIndex('credit_ledger_earned_once').on(table.referredUserId).where(sql`kind = 'earned'`),
    uniqueIndex('credit_ledger_used_once').on(table.packageNumber).where(sql`kind = 'used'`),
  ],
);

/** 'Despachos': received packages grouped for one flight (PACKAGES.md 'Operations'). */
export const dispatches = pgTable('dispatches', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1 }),
  /** 'Guía master': the master air waybill. */
  masterAwb: text('master_awb').notNull(),
  airline: text('airline').notNull(),
  flightDate: text('flight_date').notNull(),
  /** 'abierto' while packages may be added or removed, then the state its packages moved to. */
  state: text('state').notNull().default('abierto'),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A package belongs to at most one dispatch: the primary key says so. */
export const dispatchPackages = pgTable(
  'dispatch_packages',
  {
    packageNumber: integer('package_number')
      .primaryKey()
      .references(() => packages.number),
    dispatchId: integer('dispatch_id')
      .notNull()
      .references(() => dispatches.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dispatch_packages_dispatch_idx').on(table.dispatchId)],
);
