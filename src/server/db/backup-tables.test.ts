// A backup that forgets a table loses its rows on restore without a word: every table of the schema is either backed
// up or named here with the reason it is left out.
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { BACKED_UP_TABLES } from './backup.ts';
import * as schema from './schema.ts';

/** Short-lived rows that a restored app rebuilds by itself. */
const LEFT_OUT: Record<string, string> = {
  captcha: 'a captcha lives for minutes',
  rate_limit: 'counters of the last minutes',
  notice_rate: "the WhatsApp pace's next free slot, recreated on the first send",
  collection_day_sums:
    "the collections' day sums, rebuilt by their triggers as a restore inserts the collections",
};

describe('backups', () => {
  it('carry every table of the schema but the short-lived ones', () => {
    const all = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableName(table));
    const backedUp = BACKED_UP_TABLES.map((table) => getTableName(table));
    const missing = all.filter((name) => !backedUp.includes(name) && !(name in LEFT_OUT));
    expect(missing).toEqual([]);
    expect(new Set(backedUp).size).toBe(backedUp.length);
  });
});
