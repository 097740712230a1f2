// Requests in Miami (design/requests.md): the customers' requests and the packages they hold, the fee lines of a
// package's charge and their frozen copy in a settlement.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ChargeLineKind } from '../../../shared/charges/charge-lines.ts';
import type { RepackOption, RequestKind, RequestState } from '../../../shared/requests/kinds.ts';
import { userRef } from './accounts.ts';
import { rateSettings } from './charges.ts';
import { identityKey, instant, serialId } from './columns.ts';
import { packageRef } from './packages.ts';
import { settlements } from './settlements.ts';

/**
 * A line of a package's charge beyond its freight, insurance and taxes: one fee, stored in integer cents (and the
 * pesos at the TRM of its rates) with the rate it used. 'Valor a pagar' is the charge's total plus the sum of the
 * lines not annulled. A line is never deleted: an annulment (a consolidation, a refused request) marks it.
 */
export const packageChargeLines = pgTable(
  'package_charge_lines',
  {
    id: serialId(),
    packageNumber: packageRef().notNull(),
    kind: text('kind').$type<ChargeLineKind>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    amountCop: bigint('amount_cop', { mode: 'number' }).notNull(),
    /** The rates row it took, the unit rate (cents) and the units (packages or days). */
    rateSettingsId: integer('rate_settings_id')
      .notNull()
      .references(() => rateSettings.id),
    rateCents: integer('rate_cents').notNull(),
    quantity: integer('quantity').notNull().default(1),
    trmHundredths: integer('trm_hundredths').notNull(),
    /** The customer's request it came from (none for storage). */
    requestId: integer('request_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
    createdBy: text('created_by'),
    annulledAt: instant('annulled_at'),
    annulledBy: text('annulled_by'),
    annulNote: text('annul_note').notNull().default(''),
  },
  (table) => [
    index('package_charge_lines_open_idx').on(table.packageNumber).where(sql`annulled_at is null`),
    index('package_charge_lines_request_idx').on(table.requestId),
  ],
);

/** The lines of a package's charge as they stood when it was settled, frozen with the settlement. */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: serialId(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id),
    chargeLineId: bigint('charge_line_id', { mode: 'number' })
      .notNull()
      .references(() => packageChargeLines.id),
    kind: text('kind').$type<ChargeLineKind>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    amountCop: bigint('amount_cop', { mode: 'number' }).notNull(),
    rateCents: integer('rate_cents').notNull(),
    quantity: integer('quantity').notNull(),
    requestId: integer('request_id'),
  },
  (table) => [index('settlement_lines_settlement_idx').on(table.settlementId)],
);

/**
 * 'Solicitudes': what a customer asked the warehouse to do with packages waiting in Miami, with the fee they
 * accepted ('Confirmar solicitud') and the rates row it came from; the fee becomes a charge line on completion.
 */
export const packageRequests = pgTable(
  'package_requests',
  {
    id: identityKey(),
    kind: text('kind').$type<RequestKind>().notNull(),
    userId: userRef().notNull(),
    state: text('state').$type<RequestState>().notNull().default('pendiente'),
    repackOption: text('repack_option').$type<RepackOption>(),
    note: text('note').notNull().default(''),
    /** The store's prepaid return label (a file of the customer's), for 'Devolver a la tienda'. */
    labelFileId: text('label_file_id'),
    feeCents: integer('fee_cents').notNull(),
    feeCop: bigint('fee_cop', { mode: 'number' }).notNull(),
    rateSettingsId: integer('rate_settings_id')
      .notNull()
      .references(() => rateSettings.id),
    /** The warehouse's 'Motivo' of a refusal. */
    reason: text('reason').notNull().default(''),
    resultPackageNumber: packageRef('result_package_number'),
    createdAt: instant('created_at').notNull().defaultNow(),
    startedAt: instant('started_at'),
    startedBy: text('started_by'),
    finishedAt: instant('finished_at'),
    finishedBy: text('finished_by'),
  },
  (table) => [
    index('package_requests_user_idx').on(table.userId),
    index('package_requests_open_idx')
      .on(table.createdAt, table.id)
      .where(sql`state in ('pendiente', 'en_proceso')`),
  ],
);

/**
 * The packages of a request. `open` while the request is 'Pendiente' or 'En proceso': the partial unique index lets
 * a package be in one open request only, so two requests racing for it keep exactly one.
 */
export const packageRequestItems = pgTable(
  'package_request_items',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => packageRequests.id),
    packageNumber: packageRef().notNull(),
    open: boolean('open').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.packageNumber] }),
    uniqueIndex('package_request_items_open_unique').on(table.packageNumber).where(sql`open`),
    index('package_request_items_package_idx').on(table.packageNumber),
  ],
);
