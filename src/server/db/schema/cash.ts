// The money after the door (design/delivery.md 'Collections'): a route's cash close, an admin's audited correction of a
// collection, a carrier's imported remittance, and the 'Comprobante de pago' numbers issued with settlements.
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { CollectedMeans, PaymentMeans } from '../../../shared/delivery/door-choices.ts';
import { userRef } from './accounts.ts';
import { identityKey, instant } from './columns.ts';
import { collections, deliveryRoutes } from './delivery.ts';
import { packageRef } from './packages.ts';

/**
 * 'Cierre de caja' of a route: only what the cashier typed ('Efectivo entregado', 'Observación'), who and when. Every
 * other figure of the close (expected, collected by means, differences) is a sum of stored collections, read when
 * shown, so nothing kept apart can drift from them (an admin's correction moves the close's figures with it).
 */
export const cashCloses = pgTable('cash_closes', {
  id: identityKey(),
  routeId: integer('route_id')
    .notNull()
    .unique('cash_closes_route_unique')
    .references(() => deliveryRoutes.id),
  cashDeliveredCop: bigint('cash_delivered_cop', { mode: 'number' }).notNull(),
  note: text('note').notNull().default(''),
  closedBy: userRef('closed_by'),
  closedAt: instant('closed_at').notNull().defaultNow(),
});

/** An admin's correction of a locked collection: what it was, what it became, the note; never a silent overwrite. */
export const collectionCorrections = pgTable(
  'collection_corrections',
  {
    id: identityKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id),
    beforeAmountCop: bigint('before_amount_cop', { mode: 'number' }).notNull(),
    beforeMeans: text('before_means').$type<CollectedMeans>().notNull(),
    beforeReference: text('before_reference').notNull(),
    afterAmountCop: bigint('after_amount_cop', { mode: 'number' }).notNull(),
    afterMeans: text('after_means').$type<PaymentMeans>().notNull(),
    afterReference: text('after_reference').notNull(),
    note: text('note').notNull(),
    correctedBy: userRef('corrected_by'),
    correctedAt: instant('corrected_at').notNull().defaultNow(),
  },
  (table) => [index('collection_corrections_collection_idx').on(table.collectionId)],
);

/** One 'Importar liquidación' that applied at least one row: the file's hash, its rows, what it applied. */
export const remittances = pgTable('remittances', {
  id: identityKey(),
  sha256: text('sha256').notNull(),
  rows: integer('rows').notNull(),
  applied: integer('applied').notNull(),
  appliedCop: bigint('applied_cop', { mode: 'number' }).notNull(),
  importedBy: userRef('imported_by'),
  importedAt: instant('imported_at').notNull().defaultNow(),
});

/** 'Comprobante de pago': its own number from a sequence (the identity), issued with the settlement that has money,
 * one per collection (a package delivered again after a correction gets a new one). */
export const paymentReceipts = pgTable('payment_receipts', {
  number: identityKey('number'),
  packageNumber: packageRef().notNull(),
  collectionId: integer('collection_id')
    .notNull()
    .unique('payment_receipts_collection_unique')
    .references(() => collections.id),
  issuedAt: instant('issued_at').notNull().defaultNow(),
});
