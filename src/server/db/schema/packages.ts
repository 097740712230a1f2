// The packages (design/packages.md): each parcel with its current state, its history, its files, and the dispatches
// that group them for a flight.
import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ActorRole } from '../../../shared/accounts/roles.ts';
import type { PackageEventKind } from '../../../shared/packages/api-types.ts';
import type { DispatchStatus } from '../../../shared/packages/dispatch-flow.ts';
import type { Carrier } from '../../../shared/packages/guides.ts';
import type { PackageState } from '../../../shared/packages/states.ts';
import { userRef } from './accounts.ts';
import { identityKey, instant, serialId, timestamps } from './columns.ts';

/** What a stored file is (files.kind); src/server/files/store.ts keeps them. */
export type FileKind = 'invoice' | 'photo' | 'thumbnail' | 'delivery' | 'pqr' | 'return_label';

/** Package numbers ('Número de paquete') start at 100001 (design/packages.md). */
export const packageNumberSeq = pgSequence('package_number_seq', { startWith: 100001 });

/** design/packages.md 'The package and its states': one row per parcel, its current state beside its history. */
export const packages = pgTable(
  'packages',
  {
    number: integer('number').primaryKey().default(sql`nextval('package_number_seq')`),
    /** Null while the warehouse has not identified whose it is ('Sin identificar'). */
    userId: userRef(),
    /** Normalised (src/shared/packages/guides.ts); unique among packages that are not cancelled. */
    guide: text('guide').notNull(),
    carrier: text('carrier').$type<Carrier>(),
    store: text('store').notNull().default(''),
    content: text('content').notNull().default(''),
    declaredValueCents: integer('declared_value_cents').notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
    /** Copied from the customer's address 1 or 2 when pre-alerted, so a later correction does not move it. */
    deliveryAddress: text('delivery_address').notNull().default(''),
    addressChoice: integer('address_choice').notNull().default(1),
    instructions: text('instructions').notNull().default(''),
    state: text('state').$type<PackageState>().notNull(),
    /** While 'Retenido': the state it was held in, where a release returns it, and why. */
    heldFrom: text('held_from').$type<PackageState>(),
    holdReason: text('hold_reason'),
    // Filled by the warehouse on receipt.
    lockerNumber: text('locker_number'),
    /** 'Ubicación': the shelf in the Miami warehouse (design/requests.md), upper case; null when not given. */
    location: text('location'),
    /** The customer's 'Despachar' of a package waiting for their instructions. */
    releasedAt: instant('released_at'),
    weightLb: numeric('weight_lb', { precision: 7, scale: 2 }),
    lengthIn: numeric('length_in', { precision: 6, scale: 1 }),
    widthIn: numeric('width_in', { precision: 6, scale: 1 }),
    heightIn: numeric('height_in', { precision: 6, scale: 1 }),
    condition: text('condition'),
    /** The warehouse's 'Notas' on receipt. */
    warehouseNotes: text('warehouse_notes').notNull().default(''),
    receivedAt: instant('received_at'),
    receivedBy: text('received_by'),
    /** When the 'free storage ends soon' reminder was mailed: once per package. */
    storageReminderAt: instant('storage_reminder_at'),
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
    // The operations board ('Paquetes'): newest first, with or without a state filter, and its search. Migration
    // 0028 adds INCLUDE (user_id) to packages_state_newest_idx: a name within a state is filtered in the index.
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

/** A column that names a package by its number ('package_number' unless told). */
export const packageRef = (name = 'package_number') => integer(name).references(() => packages.number);

/** Every change of a package's state, written in the same transaction as the state: the 'Historial'. */
export const packageEvents = pgTable(
  'package_events',
  {
    id: serialId(),
    packageNumber: packageRef().notNull(),
    state: text('state').$type<PackageState>().notNull(),
    at: instant('at').notNull().defaultNow(),
    actorId: text('actor_id'),
    /** 'customer', 'bodega', 'admin' or 'system': what the customer's history shows instead of a name. */
    actorRole: text('actor_role').$type<ActorRole>().notNull(),
    note: text('note').notNull().default(''),
    carrier: text('carrier').notNull().default(''),
    carrierGuide: text('carrier_guide').notNull().default(''),
    /** 'state' for a move (the state it moved to), 'invoice' when the customer attached an invoice to a held package. */
    kind: text('kind').$type<PackageEventKind>().notNull().default('state'),
  },
  (table) => [index('package_events_package_idx').on(table.packageNumber, table.id.desc().nullsFirst())],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Invoices and photos: their bytes in the database, or in an S3 bucket when FILES_S3_* is set (ADR 0015). */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    /** The customer the file belongs to; null for a photo of a package nobody has claimed yet. */
    ownerId: userRef('owner_id'),
    packageNumber: packageRef(),
    kind: text('kind').$type<FileKind>().notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** The bytes, while the file lives in the database; null once it lives in the bucket (key `files/<id>`). */
    bytes: bytea('bytes'),
    /** SHA-256 of the bytes (hex): the migration and the restore check an object against it. */
    sha256: text('sha256'),
    /** A photo's small version, when it has one. */
    thumbnailOf: text('thumbnail_of'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('files_package_idx').on(table.packageNumber)],
);

/** 'Despachos': received packages grouped for one flight (design/packages.md 'Operations'). */
export const dispatches = pgTable('dispatches', {
  id: identityKey(),
  /** 'Guía master': the master air waybill. */
  masterAwb: text('master_awb').notNull(),
  airline: text('airline').notNull(),
  flightDate: text('flight_date').notNull(),
  /** 'abierto' while packages may be added or removed, then the state its packages moved to. */
  state: text('state').$type<DispatchStatus>().notNull().default('abierto'),
  createdBy: text('created_by'),
  ...timestamps,
});

/** A package belongs to at most one dispatch: the primary key says so. */
export const dispatchPackages = pgTable(
  'dispatch_packages',
  {
    packageNumber: packageRef().primaryKey(),
    dispatchId: integer('dispatch_id')
      .notNull()
      .references(() => dispatches.id),
    addedAt: instant('added_at').notNull().defaultNow(),
  },
  (table) => [index('dispatch_packages_dispatch_idx').on(table.dispatchId)],
);
