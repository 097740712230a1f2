// 'Liquidación': the one record of what a package's money was when it was settled (at the door, by a carrier, and
// later online). Written once in the transaction that settles it, with the charge's lines and 'Valor a pagar' as
// they stood and what was paid; never rewritten. Every screen, CSV, close and receipt reads the amount due from
// here, so a later change of rates or a recomputed charge cannot move a settled figure. A correction that takes the
// package out of 'Entregado' voids it (audited) and a new delivery settles it again, as a new row.
// A package has at most two in force: its charge ('charge'), and the 'Saldo pendiente' ('balance') of the lines
// stored after the charge was paid online (a storage fee when it left in a dispatch), paid online or at the door.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CollectionSource } from '../../../shared/collections/forms.ts';
import { userRef } from './accounts.ts';
import { chargeBreakdown } from './charges.ts';
import { identityKey, instant } from './columns.ts';
import { collections, deliveries, deliveryRoutes } from './delivery.ts';
import { packageRef } from './packages.ts';

/** What a settlement settles: the package's charge, or its 'Saldo pendiente' (lines stored after it was paid). */
export type SettlementPart = 'charge' | 'balance';

export const settlements = pgTable(
  'settlements',
  {
    id: identityKey(),
    packageNumber: packageRef().notNull(),
    source: text('source').$type<CollectionSource>().notNull(),
    part: text('part').$type<SettlementPart>().notNull().default('charge'),
    routeId: integer('route_id').references(() => deliveryRoutes.id),
    courierId: userRef('courier_id'),
    deliveryId: integer('delivery_id').references(() => deliveries.id),
    /** Its money, when there was any to collect or something was collected. */
    collectionId: integer('collection_id').references(() => collections.id),
    /** The charge's lines as they stood (integer cents of USD; 0 without a charge). */
    ...chargeBreakdown,
    /** 'Valor a pagar' in USD cents and in whole pesos, frozen. */
    dueCents: integer('due_cents').notNull(),
    dueCop: bigint('due_cop', { mode: 'number' }).notNull(),
    /** What was paid when it was settled, in whole pesos (the collection holds later audited corrections). */
    paidCop: bigint('paid_cop', { mode: 'number' }).notNull(),
    afterClose: boolean('after_close').notNull().default(false),
    settledAt: instant('settled_at').notNull(),
    settledBy: text('settled_by'),
    voidedAt: instant('voided_at'),
    voidedBy: text('voided_by'),
    voidNote: text('void_note').notNull().default(''),
  },
  (table) => [
    uniqueIndex('settlements_package_unique')
      .on(table.packageNumber, table.part)
      .where(sql`voided_at is null`),
    index('settlements_package_idx').on(table.packageNumber),
    index('settlements_route_idx').on(table.routeId),
  ],
);

/** An admin's settling of a collection synced after its route's close: the cash counted for it, once. */
export const lateCashCounts = pgTable('late_cash_counts', {
  id: identityKey(),
  collectionId: integer('collection_id')
    .notNull()
    .unique('late_cash_counts_collection_unique')
    .references(() => collections.id),
  countedCop: bigint('counted_cop', { mode: 'number' }).notNull(),
  note: text('note').notNull().default(''),
  countedBy: userRef('counted_by'),
  countedAt: instant('counted_at').notNull().defaultNow(),
});
