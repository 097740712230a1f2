// The inbox's pages and totals on every driver: a deep page (its numbers from the due-day index, then its rows) is
// the next 50 by due day; a search's short first page is its own total, a long one is counted up to the cap.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, openTestDatabase } from '../../../test/support/database.ts';
import { INBOX_PAGE_SIZE, inboxQuerySchema } from '../../shared/pqr/forms.ts';
import { loadConfig } from '../config.ts';
import type { OpenDatabase } from '../db/open.ts';
import { inboxPage } from './inbox.ts';
import { pqrSettingsOf } from './settings.ts';

const COUNT = 130;
const settings = pqrSettingsOf(loadConfig({}));
const NOW = new Date('2026-11-23T15:00:00Z');
const ask = (db: OpenDatabase['db'], params: Record<string, string>) =>
  inboxPage(db, settings, inboxQuerySchema.parse(params), NOW);

describe.each(drivers)('PQR inbox pages on %s', (driver) => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    // Numbers 1…130, due days going backwards every 2 numbers: the order by due day is not the order of numbers.
    await database.db.execute(
      sql.raw(`
      insert into pqrs (number, radicado, type, state, name, id_number, email, description, channel, due_date,
                        running_due)
      select n, 'PQR-2026-' || lpad(n::text, 6, '0'), 'reclamo',
        (array['radicada','cerrada'])[n % 2 + 1],
        case when n % 10 = 0 then 'Ana Gómez' else 'Luis López' end,
        (7000000 + n)::text, 'c' || n || '@example.com', 'Descripción', 'correo',
        to_char(date '2027-01-01' - (n / 2), 'YYYY-MM-DD'), to_char(date '2027-01-01' - (n / 2), 'YYYY-MM-DD')
      from generate_series(1, ${COUNT}) as n`),
    );
  });
  afterAll(() => database?.close());

  it('gives each page the next rows by due day, then number', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => ask(database.db, { page: String(page) })));
    const radicados = pages.flatMap((page) => page.rows.map((row) => row.radicado));
    const expected = Array.from({ length: COUNT }, (_, i) => i + 1)
      .sort((a, b) => Math.floor(a / 2) - Math.floor(b / 2) || b - a)
      .reverse()
      .map((n) => `PQR-2026-${String(n).padStart(6, '0')}`);
    expect(pages.map((page) => page.rows.length)).toEqual([INBOX_PAGE_SIZE, INBOX_PAGE_SIZE, 30]);
    expect(radicados).toEqual(expected);
    expect(pages.map((page) => page.total)).toEqual([COUNT, COUNT, COUNT]);
    const closed = await ask(database.db, { state: 'cerrada', page: '2' });
    expect(closed.rows.map((row) => row.state)).toEqual(Array(15).fill('cerrada'));
    expect(closed.total).toBe(65);
  });

  it('totals a search from its short first page, and counts a long one', async () => {
    const few = await ask(database.db, { q: 'gómez' });
    expect(few.rows).toHaveLength(13);
    expect(few.total).toBe(13);
    const many = await ask(database.db, { q: 'lópez' });
    expect(many.rows).toHaveLength(INBOX_PAGE_SIZE);
    expect(many.total).toBe(117);
    expect((await ask(database.db, { q: 'lópez', page: '3' })).rows).toHaveLength(17);
    expect((await ask(database.db, { q: 'nadie' })).total).toBe(0);
  });
});
