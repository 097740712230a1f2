// What the operations benchmark adds to the packages seed before the server starts: 15,500 packages 'Recibido en
// Miami' (500 of them each of one customer given a credential, 5,000 to dispatch, 10,000 to import), and the board's
// searches.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../src/server/auth/password.ts';
import * as schema from '../../src/server/db/schema.ts';
import { PASSWORD } from '../support/api.ts';
import { CUSTOMERS, FIRST_NUMBER, PACKAGES } from '../support/packages-seed.ts';
import { rowsOf, type Storage, withDatabase } from '../support/storage.ts';

export const LIVE_CUSTOMERS = 500;
export const DISPATCH_SIZE = 5000;
export const IMPORT_ROWS = 10_000;
export const EXTRA = LIVE_CUSTOMERS + DISPATCH_SIZE + IMPORT_ROWS;
const GUIDE_PREFIX = 'BENCHREC';

export interface LivePackage {
  number: number;
  email: string;
}

export interface Prepared {
  first: number;
  live: LivePackage[];
  dispatch: number[];
  importGuides: string[];
  searches: Search[];
}

export interface Search {
  label: string;
  query: Record<string, string>;
  /** Part of the budget's p95 (the brief's kinds); a two-letter term is reported apart. */
  budgeted: boolean;
}

/**
 * 15,500 packages 'Recibido en Miami' (pre-alerted three days ago, received today) with their two events, numbered
 * after the seed's and newest: the first 500 belong to 500 customers (every 200th, none of the packages benchmark's
 * signed-in ones) who get a credential; 5,000 are for the dispatch, 10,000 for the import. Then VACUUM ANALYZE.
 */
export async function prepare(storage: Storage): Promise<Prepared> {
  return withDatabase(storage, async ({ db }): Promise<Prepared> => {
    const first = FIRST_NUMBER + PACKAGES;
    const step = CUSTOMERS / LIVE_CUSTOMERS;
    const owner = `case when i < ${LIVE_CUSTOMERS} then i * ${step} + 3 else 1 + (i * 7919) % ${CUSTOMERS} end`;
    const live = await db.transaction(async (tx) => {
      const statements = [
        `create temp table bench_extra_owner on commit drop as
         select row_number() over (order by locker_number::int) as n, id, email, locker_number,
           direccion1 || ', ' || ciudad1 as address
         from users where role = 'customer'`,
        'create unique index on bench_extra_owner (n)',
        `insert into packages (number, user_id, guide, store, content, declared_value_cents, quantity,
           delivery_address, address_choice, state, locker_number, weight_lb, length_in, width_in, height_in,
           condition, received_at, received_by, created_at, updated_at)
         select ${first} + i, o.id, '${GUIDE_PREFIX}' || lpad(i::text, 8, '0'), 'Amazon', 'Ropa',
           1500 + (i * 7919) % 30000, 1, o.address, 1, 'recibido', o.locker_number, 0.5 + (i % 300) / 10.0,
           6 + i % 30, 4 + i % 20, 2 + i % 15, 'bueno', now() - interval '20 hours' + i * interval '4 seconds', null,
           now() - interval '3 days' + i * interval '4 seconds', now() - interval '20 hours' + i * interval '4 seconds'
         from generate_series(0, ${EXTRA - 1}) as i join bench_extra_owner o on o.n = ${owner}`,
        `insert into package_events (package_number, state, at, actor_id, actor_role)
         select number, 'prealertado', created_at, user_id, 'customer' from packages where number >= ${first}
         order by number`,
        `insert into package_events (package_number, state, at, actor_id, actor_role)
         select number, 'recibido', received_at, null, 'bodega' from packages where number >= ${first}
         order by number`,
        `select setval('package_number_seq', ${first + EXTRA - 1})`,
      ];
      for (const statement of statements) await tx.execute(sql.raw(statement));
      const owners = rowsOf<{ number: number; id: string; email: string }>(
        await tx.execute(
          sql.raw(`select p.number, u.id, u.email from packages p join users u on u.id = p.user_id
                   where p.number < ${first + LIVE_CUSTOMERS} and p.number >= ${first} order by p.number`),
        ),
      );
      const password = await hashPassword(PASSWORD);
      await tx.insert(schema.authAccount).values(
        owners.map((o) => ({
          id: `bench-live-${o.id}`,
          accountId: o.id,
          providerId: 'credential',
          userId: o.id,
          password,
        })),
      );
      return owners.map((o) => ({ number: Number(o.number), email: o.email }));
    });
    if (live.length !== LIVE_CUSTOMERS)
      throw new Error(`expected ${LIVE_CUSTOMERS} live owners, got ${live.length}`);
    await db.execute(sql.raw('vacuum analyze packages, package_events'));
    const sample = rowsOf<{ number: number; guide: string; locker: string | null }>(
      await db.execute(
        sql.raw(`select number, guide, locker_number as locker from packages
                 where number in (${FIRST_NUMBER + 314_150}, ${FIRST_NUMBER + 314_156}, ${first + 7})
                 order by number`),
      ),
    );
    const [ups, usps, ownLocker] = sample;
    if (!ups || !usps || !ownLocker?.locker) throw new Error('board sample not found');
    const numbers = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => first + from + i);
    return {
      first,
      live,
      dispatch: numbers(LIVE_CUSTOMERS, DISPATCH_SIZE),
      importGuides: Array.from(
        { length: IMPORT_ROWS },
        (_, i) => `${GUIDE_PREFIX}${String(LIVE_CUSTOMERS + DISPATCH_SIZE + i).padStart(8, '0')}`,
      ),
      searches: [
        { label: 'package number', query: { q: String(FIRST_NUMBER + 543_210) }, budgeted: true },
        { label: 'part of a UPS guide', query: { q: ups.guide.slice(6, 14) }, budgeted: true },
        { label: 'end of a USPS guide', query: { q: usps.guide.slice(-10) }, budgeted: true },
        { label: 'locker number', query: { q: ownLocker.locker }, budgeted: true },
        { label: 'a surname (≈5% of customers)', query: { q: 'quintero' }, budgeted: true },
        { label: 'first name + surname', query: { q: 'María Rodríguez' }, budgeted: true },
        { label: 'part of a name', query: { q: 'londo' }, budgeted: true },
        {
          label: 'surname + estado=en_transito',
          query: { q: 'quintero', estado: 'en_transito' },
          budgeted: true,
        },
        { label: 'estado=recibido', query: { estado: 'recibido' }, budgeted: true },
        { label: 'estado=en_aduana', query: { estado: 'en_aduana' }, budgeted: true },
        { label: 'estado=sin_identificar', query: { estado: 'sin_identificar' }, budgeted: true },
        { label: 'estado=entregado', query: { estado: 'entregado' }, budgeted: true },
        { label: 'no search', query: {}, budgeted: true },
        { label: 'no search, page 5', query: { page: '5' }, budgeted: true },
        { label: 'two letters (typing on)', query: { q: 'ez' }, budgeted: false },
      ],
    };
  });
}
