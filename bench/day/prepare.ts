// What 'A day of traffic' adds to the users seed before the server starts, in SQL: 300 customers, 5 warehouse
// scanners and a second admin with a credential; each customer with packages to browse (in transit, in customs,
// delivered), 'Recibido en Miami' packages the admins dispatch and import, and pre-alerted parcels the scanners
// receive.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../src/server/auth/password.ts';
import * as schema from '../../src/server/db/schema.ts';
import { PASSWORD } from '../support/api.ts';
import { rowsOf, type Storage, withDatabase } from '../support/storage.ts';

export const CUSTOMERS = 300;
export const SCANNERS = 5;
/** Each customer's packages to browse, in these states in turn. */
const BROWSED_EACH = 6;
const BROWSED_STATES = ['en_transito', 'en_aduana', 'entregado'];
/** 'Recibido en Miami', for the admins' dispatches and imports. */
export const POOL = 12_000;
/** Pre-alerted, for the scanners. */
export const PREALERTED = 3_000;
const FIRST = 700_001;
const GUIDE = 'DAYBENCH';

export interface Person {
  email: string;
  lockerNumber: string;
}

export interface DayPrepared {
  customers: Array<Person & { numbers: number[] }>;
  scanners: Person[];
  admin: Person;
  /** The 'Recibido en Miami' pool, by number and guide. */
  pool: Array<{ number: number; guide: string }>;
  /** Pre-alerted parcels: guide and the owner's locker. */
  prealerted: Array<{ guide: string; lockerNumber: string }>;
}

export async function prepare(storage: Storage): Promise<DayPrepared> {
  const browsed = CUSTOMERS * BROWSED_EACH;
  const total = browsed + POOL + PREALERTED;
  const states = `(array[${BROWSED_STATES.map((s) => `'${s}'`).join(',')}])[1 + (k / ${CUSTOMERS}) % ${BROWSED_STATES.length}]`;
  const state = `case when k < ${browsed} then ${states} when k < ${browsed + POOL} then 'recibido' else 'prealertado' end`;
  return withDatabase(storage, async ({ db }) => {
    const people = await db.transaction(async (tx) => {
      const statements = [
        `create temp table day_people on commit drop as
         select row_number() over (order by locker_number::int) - 1 as i, id, email, locker_number,
           direccion1 || ', ' || ciudad1 as address
         from users where role = 'customer' and deleted_at is null order by locker_number::int
         limit ${CUSTOMERS + SCANNERS + 1}`,
        `update users set role = 'bodega' where id in (select id from day_people where i >= ${CUSTOMERS}
           and i < ${CUSTOMERS + SCANNERS})`,
        `update users set role = 'admin' where id in (select id from day_people where i = ${CUSTOMERS + SCANNERS})`,
        `insert into packages (number, user_id, guide, store, content, declared_value_cents, quantity,
           delivery_address, address_choice, state, locker_number, weight_lb, length_in, width_in, height_in,
           condition, received_at, created_at, updated_at)
         select ${FIRST} + k, p.id, '${GUIDE}' || lpad(k::text, 8, '0'), 'Amazon', 'Ropa', 2500 + k % 9000, 1,
           p.address, 1, ${state}, p.locker_number,
           case when k < ${browsed + POOL} then 1.5 + (k % 40) / 10.0 end,
           case when k < ${browsed + POOL} then 10 end, case when k < ${browsed + POOL} then 8 end,
           case when k < ${browsed + POOL} then 4 end, case when k < ${browsed + POOL} then 'bueno' end,
           case when k < ${browsed + POOL} then now() - interval '2 days' end,
           now() - interval '5 days' + k * interval '1 second', now() - interval '1 day'
         from generate_series(0, ${total - 1}) k join day_people p on p.i = k % ${CUSTOMERS}`,
        `insert into package_events (package_number, state, at, actor_role)
         select number, 'prealertado', created_at, 'customer' from packages where number >= ${FIRST} order by number`,
        `insert into package_events (package_number, state, at, actor_role)
         select number, state, updated_at, 'admin' from packages
         where number >= ${FIRST} and state <> 'prealertado' order by number`,
        `select setval('package_number_seq', ${FIRST + total})`,
      ];
      for (const statement of statements) await tx.execute(sql.raw(statement));
      const rows = rowsOf<{ i: number; id: string; email: string; locker_number: string }>(
        await tx.execute(sql.raw('select i, id, email, locker_number from day_people order by i')),
      );
      const password = await hashPassword(PASSWORD);
      await tx.insert(schema.authAccount).values(
        rows.map((row) => ({
          id: `bench-day-${row.id}`,
          accountId: row.id,
          providerId: 'credential',
          userId: row.id,
          password,
        })),
      );
      return rows.map((row) => ({ email: row.email, lockerNumber: row.locker_number }));
    });
    await db.execute(sql.raw('vacuum analyze packages, package_events, users'));
    const number = (k: number) => FIRST + k;
    const guide = (k: number) => `${GUIDE}${String(k).padStart(8, '0')}`;
    return {
      customers: people.slice(0, CUSTOMERS).map((person, c) => ({
        ...person,
        numbers: Array.from({ length: BROWSED_EACH }, (_, j) => number(c + j * CUSTOMERS)),
      })),
      scanners: people.slice(CUSTOMERS, CUSTOMERS + SCANNERS),
      admin: people[CUSTOMERS + SCANNERS] as Person,
      pool: Array.from({ length: POOL }, (_, j) => ({
        number: number(browsed + j),
        guide: guide(browsed + j),
      })),
      prealerted: Array.from({ length: PREALERTED }, (_, j) => ({
        guide: guide(browsed + POOL + j),
        lockerNumber: people[(browsed + POOL + j) % CUSTOMERS]?.lockerNumber ?? '',
      })),
    };
  });
}
