// Migration 0016 (issue 24) on a database that already has charges: each takes the day of its package's receipt in
// Miami as the day of its TRM (a receipt at 01:30 UTC is still the evening before there), or the day it was computed
// when the package has no receipt time; and every earlier 'Historial' event is a move ('state').
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../db/open.ts';

const folder = mkdtempSync(join(tmpdir(), 'migrations-0015-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The migrations as they were before 0016: the same folder with the journal cut after 0015. */
function migrationsUpTo0015(): string {
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag.startsWith('0016_'));
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

describe('migration 0016: the TRM day of existing charges', () => {
  it("backfills the receipt's day in Miami, or the computation's, and marks old events as moves", async () => {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsUpTo0015() });
      const rate = await client.query<{ id: number }>('select id from rate_settings limit 1');
      const rateId = rate.rows[0]?.id;
      await client.exec(`
        insert into packages (number, guide, state, received_at)
          values (100001, 'TBA000000000001', 'recibido', '2026-11-23T01:30:00Z'),
                 (100002, 'TBA000000000002', 'recibido', null);
        insert into package_events (package_number, state, actor_role) values (100001, 'recibido', 'bodega');
        insert into package_charges (package_number, rate_settings_id, input, chargeable_lb, freight_cents,
            insurance_cents, tariff_cents, vat_cents, credit_used_cents, total_cents, total_cop, computed_at)
          values (100001, ${rateId}, '{}', 1, 250, 0, 0, 0, 0, 250, 1000, '2026-11-25T15:00:00Z'),
                 (100002, ${rateId}, '{}', 1, 250, 0, 0, 0, 0, 250, 1000, '2026-11-20T15:00:00Z');
      `);

      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      const days = await client.query<{ package_number: number; trm_date: string }>(
        "select package_number, to_char(trm_date, 'YYYY-MM-DD') as trm_date from package_charges order by 1",
      );
      expect(days.rows).toEqual([
        { package_number: 100001, trm_date: '2026-11-22' },
        { package_number: 100002, trm_date: '2026-11-20' },
      ]);
      const kinds = await client.query<{ kind: string }>('select kind from package_events');
      expect(kinds.rows).toEqual([{ kind: 'state' }]);
    } finally {
      await client.close();
    }
  });
});
