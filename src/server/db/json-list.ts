// A list of values sent to PostgreSQL as one JSON parameter, however long: a dispatch's ten thousand packages would
// otherwise be ten statements of a thousand parameters, each slow for the query builder to assemble.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** SQL's `column in (…)` over `values`, read from one JSON parameter. */
export function inJsonList(column: SQLWrapper, values: ReadonlyArray<string> | ReadonlyArray<number>): SQL {
  const json = JSON.stringify(values);
  return typeof values[0] === 'number'
    ? sql`${column} in (select (jsonb_array_elements_text(${json}::jsonb))::int)`
    : sql`${column} in (select jsonb_array_elements_text(${json}::jsonb))`;
}
