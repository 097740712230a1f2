// The money benchmark's data, set-based in SQL before the server opens the database: 30 days of 5,000 deliveries a
// day for one customer, 4,000 on 20 couriers' routes of 200 stops (closed, except today's, which the benchmark
// closes) and 1,000 by national carriers (remitted for the days older than 20, so 20,000 wait for a remittance).
// Every delivered package has its charge, its delivery (routes) and its collection.
import { sql } from 'drizzle-orm';
import { rowsOf, type Storage, withDatabase } from './storage.ts';

export const DAYS = 30;
export const ROUTES_PER_DAY = 20;
export const STOPS_PER_ROUTE = 200;
export const CARRIER_PER_DAY = 1000;
export const UNREMITTED_DAYS = 20;
const CARRIERS = ['Servientrega', 'Coordinadora', 'Interrapidísimo'];

export interface MoneySeed {
  /** Today's routes, 'En curso', with 'Efectivo entregado' each needs to close without a difference. */
  openRoutes: Array<{ id: number; cashCop: number }>;
  /** The carriers' collections not yet remitted: the CSV's rows. */
  unremitted: Array<{ guide: string; amountCop: number }>;
  collections: number;
}

/** Seeds `storage` for couriers `courierIds` and customer `customerId`; `today` is Colombia's 'YYYY-MM-DD'. */
export async function seedMoney(
  storage: Storage,
  customerId: string,
  courierIds: string[],
  today: string,
): Promise<MoneySeed> {
  return withDatabase(storage, async ({ db }) => {
    const couriers = sql.raw(`array[${courierIds.map((id) => `'${id.replace(/'/g, "''")}'`).join(',')}]`);
    const carriers = sql.raw(`array[${CARRIERS.map((name) => `'${name}'`).join(',')}]`);
    const days = sql`generate_series((${today}::date - ${DAYS - 1}::int)::timestamp, ${today}::date::timestamp, interval '1 day')`;
    await db.execute(sql`insert into delivery_routes (date, courier_id, zone, state)
      select to_char(d, 'YYYY-MM-DD'), (${couriers})[1 + r % ${courierIds.length}], 'Bench ' || r,
        case when d::date < ${today}::date then 'cerrada' else 'en_curso' end
      from ${days} d, generate_series(1, ${ROUTES_PER_DAY}) r`);
    await db.execute(sql`insert into packages (user_id, guide, state, content)
      select ${customerId}, 'MB' || r.id || 'S' || s, 'entregado', 'Ropa'
      from delivery_routes r, generate_series(1, ${STOPS_PER_ROUTE}) s`);
    await db.execute(sql`insert into packages (user_id, guide, state, content)
      select ${customerId}, 'MC' || to_char(d, 'YYYYMMDD') || 'N' || g, 'entregado', 'Ropa'
      from ${days} d, generate_series(1, ${CARRIER_PER_DAY}) g`);
    await db.execute(sql`insert into package_charges (package_number, rate_settings_id, input, chargeable_lb,
        freight_cents, insurance_cents, tariff_cents, vat_cents, credit_used_cents, total_cents, total_cop)
      select number, 1, '{}'::jsonb, 3, 750, 100, 0, 0, 0, 850, 30000 + (number % 9) * 1000
      from packages where guide like 'MB%' or guide like 'MC%'`);
    await db.execute(sql`insert into route_stops (route_id, package_number, position, open)
      select split_part(substr(p.guide, 3), 'S', 1)::int, p.number, split_part(p.guide, 'S', 2)::int,
        r.state <> 'cerrada'
      from packages p join delivery_routes r on r.id = split_part(substr(p.guide, 3), 'S', 1)::int
      where p.guide like 'MB%'`);
    await db.execute(sql`insert into deliveries (key, package_number, route_id, courier_id, at, received_by, document,
        relation)
      select 'bench-' || s.package_number, s.package_number, r.id, r.courier_id,
        (r.date || ' 14:00:00+00')::timestamptz + s.position * interval '2 minutes', 'Carlos Gómez', '79123456',
        'titular'
      from route_stops s join delivery_routes r on r.id = s.route_id`);
    await db.execute(sql`insert into collections (delivery_id, package_number, route_id, courier_id, amount_cop, to_pay_cop,
        means, reference, collected_at, recorded_by, source)
      select d.id, d.package_number, d.route_id, d.courier_id, c.total_cop, c.total_cop,
        case when d.package_number % 3 = 0 then 'nequi' else 'efectivo' end,
        case when d.package_number % 3 = 0 then 'NQ' || d.package_number else '' end, d.at, d.courier_id, 'route'
      from deliveries d join package_charges c on c.package_number = d.package_number`);
    await db.execute(sql`insert into collections (package_number, amount_cop, to_pay_cop, means, collected_at, source,
        carrier, carrier_guide, remitted_at, remitted_on)
      select p.number, c.total_cop, c.total_cop, 'efectivo',
        (substr(p.guide, 3, 8)::date + interval '17 hours') + split_part(p.guide, 'N', 2)::int * interval '1 second',
        'carrier', (${carriers})[1 + p.number % ${CARRIERS.length}], 'SV' || p.number,
        case when substr(p.guide, 3, 8)::date <= ${today}::date - ${UNREMITTED_DAYS}::int then now() end,
        case when substr(p.guide, 3, 8)::date <= ${today}::date - ${UNREMITTED_DAYS}::int then ${today} end
      from packages p join package_charges c on c.package_number = p.number
      where p.guide like 'MC%'`);
    await db.execute(sql`analyze`);
    const openRoutes = rowsOf<{ id: number; cash: string }>(
      await db.execute(sql`select r.id, coalesce(sum(c.amount_cop) filter (where c.means = 'efectivo'), 0) as cash
        from delivery_routes r left join collections c on c.route_id = r.id
        where r.state = 'en_curso' group by r.id order by r.id`),
    ).map((row) => ({ id: row.id, cashCop: Number(row.cash) }));
    const unremitted = rowsOf<{ guide: string; amount: string }>(
      await db.execute(sql`select carrier_guide as guide, amount_cop as amount from collections
        where source = 'carrier' and remitted_at is null order by id`),
    ).map((row) => ({ guide: row.guide, amountCop: Number(row.amount) }));
    const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from collections`));
    return { openRoutes, unremitted, collections: count?.n ?? 0 };
  });
}
