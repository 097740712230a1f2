// The rows of a raw SQL statement (what Drizzle's builder cannot say: an upsert's arithmetic, a sequence's next
// value), checked by a zod schema instead of cast: both drivers answer `{ rows }`, and a row of another shape is
// an error here rather than a wrong value further on.
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from './open.ts';

export async function rawRows<Row extends z.ZodType>(
  db: Database | Transaction,
  query: SQL,
  row: Row,
): Promise<Array<z.infer<Row>>> {
  const result: unknown = await db.execute(query);
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  return z.array(row).parse(rows);
}
