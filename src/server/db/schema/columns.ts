// Columns that several tables share.
import { bigserial, integer, timestamp } from 'drizzle-orm/pg-core';

/** A moment in time: every timestamp of the schema keeps its time zone (timestamptz). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** An `id` from a bigserial, read as a number. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** An `id` (or another key) that PostgreSQL numbers from 1: an identity column. */
export const identityKey = (name = 'id') =>
  integer(name).primaryKey().generatedByDefaultAsIdentity({ startWith: 1 });

export const timestamps = {
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
};
