// The last mile (design/delivery.md 'Routes', 'Proof of delivery', 'Collections'): a courier's route for one day and
// its stops in order, the deliveries with their proof, the money each collected, and the failed attempts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CollectionSource } from '../../../shared/collections/forms.ts';
import type {
  CollectedMeans,
  FailureReason,
  Novelty,
  Relation,
} from '../../../shared/delivery/door-choices.ts';
import type { RouteState } from '../../../shared/delivery/route-forms.ts';
import { userRef } from './accounts.ts';
import { remittances } from './cash.ts';
import { identityKey, instant, timestamps } from './columns.ts';
import { packageRef } from './packages.ts';

/** 'Rutas de reparto': one courier's deliveries for one day ('Fecha', 'Mensajero', 'Zona'). */
export const deliveryRoutes = pgTable(
  'delivery_routes',
  {
    id: identityKey(),
    /** The calendar day it runs, 'YYYY-MM-DD'. */
    date: text('date').notNull(),
    courierId: userRef('courier_id').notNull(),
    zone: text('zone').notNull(),
    state: text('state').$type<RouteState>().notNull().default('en_preparacion'),
    createdBy: text('created_by'),
    ...timestamps,
  },
  (table) => [
    index('delivery_routes_date_idx').on(table.date),
    index('delivery_routes_courier_date_idx').on(table.courierId, table.date),
  ],
);

/**
 * A route's stops. `open` is true until the route closes: the partial unique index lets a package sit in at most
 * one open route, whatever two staff members do at the same moment, while closed routes keep their history.
 */
export const routeStops = pgTable(
  'route_stops',
  {
    routeId: integer('route_id')
      .notNull()
      .references(() => deliveryRoutes.id),
    packageNumber: packageRef().notNull(),
    position: integer('position').notNull(),
    open: boolean('open').notNull().default(true),
    addedAt: instant('added_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.routeId, table.packageNumber] }),
    uniqueIndex('route_stops_open_package_unique').on(table.packageNumber).where(sql`open`),
    index('route_stops_route_position_idx').on(table.routeId, table.position),
  ],
);

/**
 * What every door action records: the phone's key (unique per table, so a queued action sent twice is stored once),
 * the stop (package and route), the courier, when the courier confirmed it on the phone and when the server stored it.
 */
const doorAction = () => ({
  id: identityKey(),
  key: text('key').notNull(),
  packageNumber: packageRef().notNull(),
  routeId: integer('route_id')
    .notNull()
    .references(() => deliveryRoutes.id),
  courierId: userRef('courier_id').notNull(),
  at: instant('at').notNull(),
  recordedAt: instant('recorded_at').notNull().defaultNow(),
});

/**
 * Proof of delivery ('Entregar'): who received the package, their ID, the photos, the phone's time and the server's,
 * and where the phone was if the courier allowed it. One per package; `key` is the phone's key of the action, so a
 * queued delivery sent twice is stored once.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    ...doorAction(),
    receivedBy: text('received_by').notNull(),
    document: text('document').notNull(),
    relation: text('relation').$type<Relation>().notNull(),
    novelty: text('novelty').$type<Novelty>().notNull().default('sin_novedad'),
    photoId: text('photo_id'),
    noveltyPhotoId: text('novelty_photo_id'),
    note: text('note').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy: doublePrecision('accuracy'),
    /** Synced after its route's 'Cerrar ruta' though made on the phone before it ('Registrada después del cierre'). */
    afterClose: boolean('after_close').notNull().default(false),
    /** An admin's correction took the package out of 'Entregado': the proof stays, no longer in force. */
    voidedAt: instant('voided_at'),
  },
  (table) => [
    uniqueIndex('deliveries_key_unique').on(table.key),
    uniqueIndex('deliveries_package_unique').on(table.packageNumber).where(sql`voided_at is null`),
    index('deliveries_route_idx').on(table.routeId),
  ],
);

/**
 * 'Recaudos': the money of a delivery, in whole pesos, one per delivery with money. A cash close (issue 20) sums them
 * by route and means; `routeId`/`courierId` are null for a carrier's collection ('recaudo' of a national carrier).
 */
export const collections = pgTable(
  'collections',
  {
    id: identityKey(),
    deliveryId: integer('delivery_id').references(() => deliveries.id),
    packageNumber: packageRef().notNull(),
    routeId: integer('route_id').references(() => deliveryRoutes.id),
    courierId: userRef('courier_id'),
    /** 'Valor cobrado' in whole pesos. */
    amountCop: bigint('amount_cop', { mode: 'number' }).notNull(),
    /** The charge's 'Valor a pagar' in whole pesos when it was collected (0 without a charge), written with it so
     * 'Recaudos' sums it without reading the charges. */
    toPayCop: bigint('to_pay_cop', { mode: 'number' }).notNull(),
    means: text('means').$type<CollectedMeans>().notNull(),
    reference: text('reference').notNull().default(''),
    collectedAt: instant('collected_at').notNull(),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
    /** Who recorded it (the courier, or staff for a carrier's). */
    recordedBy: text('recorded_by'),
    /** A courier's route, or a national carrier's 'recaudo' (issue 20). */
    source: text('source').$type<CollectionSource>().notNull().default('route'),
    /** Its settlement's part: the charge, or the 'Saldo pendiente' (schema/settlements.ts). */
    part: text('part').$type<'charge' | 'balance'>().notNull().default('charge'),
    /** A carrier's collection: the carrier and its guide, from the package's 'En reparto' event. */
    carrier: text('carrier').notNull().default(''),
    carrierGuide: text('carrier_guide').notNull().default(''),
    /** A carrier's collection marked received by 'Importar liquidación': which import, when, the carrier's date. */
    remittanceId: integer('remittance_id').references(() => remittances.id),
    remittedAt: instant('remitted_at'),
    remittedOn: text('remitted_on'),
    /** Synced after its route's close ('Registrada después del cierre'): out of the close, for an admin to settle. */
    afterClose: boolean('after_close').notNull().default(false),
    /** Voided with its settlement when an admin's correction took the package out of 'Entregado' (audited); a
     * voided collection counts in no sum (the day sums' triggers skip it). */
    voidedAt: instant('voided_at'),
  },
  (table) => [
    index('collections_source_collected_idx').on(table.source, table.collectedAt),
    index('collections_carrier_guide_idx').on(table.carrierGuide),
    index('collections_unremitted_idx')
      .on(table.carrier, table.collectedAt)
      .where(sql`source = 'carrier' and remitted_at is null`),
    uniqueIndex('collections_delivery_unique').on(table.deliveryId),
    uniqueIndex('collections_package_unique')
      .on(table.packageNumber, table.part)
      .where(sql`voided_at is null`),
    index('collections_route_means_idx').on(table.routeId, table.means),
    index('collections_courier_collected_idx').on(table.courierId, table.collectedAt),
    index('collections_collected_idx').on(table.collectedAt),
  ],
);

/**
 * The collections summed per Colombia day, source, route, courier, carrier, means and whether a carrier remitted
 * them, so 'Recaudos' reads a few rows a day instead of every collection. Only statement triggers on `collections`
 * write it (migration 0016), in the transaction of each write, whoever writes: it always equals the grouped sum of
 * the stored collections (src/server/collections/day-sums.test.ts), holds no group whose count is 0, and a restore
 * rebuilds it as it inserts the collections. `routeId` is 0 and `courierId` '' for a carrier's.
 */
export const collectionDaySums = pgTable(
  'collection_day_sums',
  {
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').$type<CollectionSource>().notNull(),
    routeId: integer('route_id').notNull(),
    courierId: text('courier_id').notNull(),
    carrier: text('carrier').notNull(),
    means: text('means').$type<CollectedMeans>().notNull(),
    remitted: boolean('remitted').notNull(),
    count: integer('count').notNull(),
    amountCop: bigint('amount_cop', { mode: 'number' }).notNull(),
    toPayCop: bigint('to_pay_cop', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      name: 'collection_day_sums_pk',
      columns: [
        table.day,
        table.source,
        table.routeId,
        table.courierId,
        table.carrier,
        table.means,
        table.remitted,
      ],
    }),
    index('collection_day_sums_route_idx').on(table.routeId).where(sql`source = 'route'`),
    index('collection_day_sums_unremitted_idx')
      .on(table.carrier, table.day)
      .where(sql`source = 'carrier' and not remitted`),
  ],
);

/** 'No entregado': a failed attempt with its reason, one per package per route; `key` as in deliveries. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    ...doorAction(),
    reason: text('reason').$type<FailureReason>().notNull(),
    note: text('note').notNull().default(''),
    photoId: text('photo_id'),
  },
  (table) => [
    uniqueIndex('delivery_attempts_key_unique').on(table.key),
    uniqueIndex('delivery_attempts_route_package_unique').on(table.routeId, table.packageNumber),
    index('delivery_attempts_package_idx').on(table.packageNumber),
  ],
);
