// The last mile (DELIVERY.md 'Routes'): a courier's route for one day and its stops in order.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RouteState } from '../../../shared/delivery/route-forms.ts';
import { users } from './accounts.ts';
import { packages } from './packages.ts';

/** 'Rutas de reparto': one courier's deliveries for one day ('Fecha', 'Mensajero', 'Zona'). */
export const deliveryRoutes = pgTable(
  'delivery_routes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1 }),
    /** The calendar day it runs, 'YYYY-MM-DD'. */
    date: text('date').notNull(),
    courierId: text('courier_id')
      .notNull()
      .references(() => users.id),
    zone: text('zone').notNull(),
    state: text('state').$type<RouteState>().notNull().default('en_preparacion'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    packageNumber: integer('package_number')
      .notNull()
      .references(() => packages.number),
    position: integer('position').notNull(),
    open: boolean('open').notNull().default(true),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.routeId, table.packageNumber] }),
    uniqueIndex('route_stops_open_package_unique').on(table.packageNumber).where(sql`open`),
    index('route_stops_route_position_idx').on(table.routeId, table.position),
  ],
);
