// Long lists as one parameter: `column = any($1::integer[])` where Drizzle's inArray binds a parameter per value,
// and rows inserted from one array per column (unnest) where .values() binds one per cell. At a dispatch's 5,000
// packages the parameters alone cost PostgreSQL and the driver seconds (docs/PERFORMANCE.md 'Requests in Miami':
// 5,000 storage lines took 1.9 s as .values(), 0.25 s from arrays, on a busy machine).
import { type AnyColumn, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './open.ts';

/** `column` is one of `values` (integers), in one parameter whatever their number. */
export const anyInteger = (column: AnyColumn | SQL, values: readonly number[]): SQL =>
  sql`${column} = any(${sql.param(values)}::integer[])`;

/**
 * Inserts `rows` into `table` in one statement of one array parameter per column, whatever their number. Every
 * row names the same columns (those left out take their defaults); instants travel in ISO text.
 */
export async function insertRows<Table extends PgTable>(
  db: Database | Transaction,
  table: Table,
  rows: ReadonlyArray<Partial<Table['$inferInsert']>>,
): Promise<void> {
  const records: ReadonlyArray<Readonly<Record<string, unknown>>> = rows;
  const [first] = records;
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((key) => key in columns);
  const names: SQL[] = [];
  const arrays: SQL[] = [];
  for (const key of keys) {
    const column = columns[key];
    if (!column) continue;
    const values = records.map((row) => {
      const value = row[key];
      return value instanceof Date ? value.toISOString() : (value ?? null);
    });
    names.push(sql`${sql.identifier(column.name)}`);
    arrays.push(sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`);
  }
  await db.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`,
  );
}
