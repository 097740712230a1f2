// The SQL of the packages seed: 1,000,000 packages over the users seed's 100,000 customers, with 1–4 events each,
// made by INSERT … SELECT generate_series (both drivers run the same text).
import { sqlArray as list, USERS } from './users-seed.ts';

export const CUSTOMERS = USERS;
export const PACKAGES = 1_000_000;
export const FIRST_NUMBER = 100_001;

// biome-ignore format: a list of names
const STORES = [
  'Amazon', 'eBay', 'Walmart', 'Best Buy', 'Shein', 'Nike', 'Apple', 'Target', 'AliExpress', 'Temu', 'Costco',
  'Adidas', 'Sephora', 'Newegg', 'Zara', 'Carters',
];
// biome-ignore format: a list of names
const CONTENTS = [
  'Ropa', 'Zapatos deportivos', 'Celular', 'Audífonos', 'Libros', 'Juguetes', 'Vitaminas', 'Repuestos de carro',
  'Maquillaje', 'Computador portátil', 'Reloj', 'Perfume', 'Accesorios de celular', 'Ropa de bebé', 'Tenis',
  'Consola de videojuegos', 'Herramientas', 'Suplementos',
];

// Package i (0 … PACKAGES − 1) is number FIRST_NUMBER + i, created i × 31.5 s after a year ago. Its owner: a
// bijection s of i onto 0 … PACKAGES − 1 cuts the packages into groups of 50 slots, one per 5 customers; the first
// customer of group g (n = 5g + 1) takes a = 10 + 7g mod 31 slots (10–40 packages), the other four share the
// rest (2–10 each). The bijection scatters a customer's packages over the year and over the table.
export const HEAVY_COUNT = (g: number) => 10 + ((g * 7) % 31);
const OWNER = `
  select i, s / 50 * 5 + case when s % 50 < 10 + (s / 50 * 7) % 31 then 1
                              else 2 + (s % 50 - 10 - (s / 50 * 7) % 31) % 4 end as n,
    (i * 2654435761) % 4294967291 % 100 as h
  from (select i, (i * 387433) % ${PACKAGES} as s from generate_series(0::bigint, ${PACKAGES - 1}) as i) x`;

// Recent packages are on their way, older ones mostly delivered (some cancelled, returned or never arrived).
const RECENT_4_DAYS = PACKAGES - Math.round((PACKAGES * 4) / 365);
const RECENT_15_DAYS = PACKAGES - Math.round((PACKAGES * 15) / 365);
const STATE = `case
  when i >= ${RECENT_4_DAYS} then case when h < 34 then 'prealertado' when h < 35 then 'sin_identificar'
    when h < 60 then 'recibido' when h < 80 then 'en_transito' when h < 88 then 'en_aduana'
    when h < 95 then 'en_bodega_colombia' else 'en_reparto' end
  when i >= ${RECENT_15_DAYS} then case when h < 5 then 'prealertado' when h < 15 then 'recibido'
    when h < 30 then 'en_transito' when h < 40 then 'en_aduana' when h < 50 then 'en_bodega_colombia'
    when h < 60 then 'en_reparto' when h < 61 then 'retenido' else 'entregado' end
  else case when h < 2 then 'cancelado' when h < 4 then 'devuelto' when h < 5 then 'prealertado'
    else 'entregado' end
end`;

// Unique by construction: UPS '1Z' + 16 hex digits of a bijection of i, USPS 22 digits, Amazon, FedEx, DHL.
const GUIDE = `case
  when i % 10 < 5 then '1Z' || lpad(upper(to_hex((i * 2654435761) % 1099511627776)), 16, '0')
  when i % 10 < 7 then '9400' || lpad(i::text, 18, '0')
  when i % 10 = 7 then 'TBA' || lpad(i::text, 12, '0')
  when i % 10 = 8 then '7' || lpad(i::text, 11, '0')
  else '3' || lpad(i::text, 9, '0') end`;
const CARRIER = `case when i % 10 < 5 then 'ups' when i % 10 < 7 then 'usps' when i % 10 = 7 then 'amazon'
  when i % 10 = 8 then 'fedex' else 'dhl' end`;

/** The states a package in `state` went through, in order: its events are the last 1–4 of them. */
export const HISTORY_FUNCTION = `create function bench_history(state text) returns text[] language sql immutable as $$
  select case state
    when 'sin_identificar' then array['prealertado', 'sin_identificar']
    when 'retenido' then array['prealertado', 'recibido', 'retenido']
    when 'devuelto' then array['prealertado', 'recibido', 'en_transito', 'devuelto']
    when 'cancelado' then array['prealertado', 'cancelado']
    else (array['prealertado', 'recibido', 'en_transito', 'en_aduana', 'en_bodega_colombia', 'en_reparto',
                'entregado'])[1:array_position(array['prealertado', 'recibido', 'en_transito', 'en_aduana',
                'en_bodega_colombia', 'en_reparto', 'entregado'], state)]
  end
$$`;

const RECEIVED = `state not in ('prealertado', 'sin_identificar', 'cancelado')`;

export function packagesInsert(): string {
  return `
    insert into packages (number, user_id, guide, carrier, store, content, declared_value_cents, quantity,
      delivery_address, address_choice, instructions, state, locker_number, weight_lb, length_in, width_in,
      height_in, condition, received_at, created_at, updated_at)
    select ${FIRST_NUMBER} + i, o.id, guide, carrier, (${list(STORES)})[i % ${STORES.length} + 1],
      (${list(CONTENTS)})[i / 7 % ${CONTENTS.length} + 1], 500 + (i * 7919) % 150000,
      case when i % 9 = 0 then 2 + i % 4 else 1 end, o.address, 1,
      case when i % 13 = 0 then 'Dejar en portería' else '' end, state,
      case when ${RECEIVED} then o.locker_number end,
      case when ${RECEIVED} then 0.5 + (i % 300) / 10.0 end,
      case when ${RECEIVED} then 6 + i % 30 end, case when ${RECEIVED} then 4 + i % 20 end,
      case when ${RECEIVED} then 2 + i % 15 end,
      case when ${RECEIVED} then case when i % 50 = 0 then 'Caja golpeada' else 'Buen estado' end end,
      case when ${RECEIVED} then least(created_at + interval '26 hours', now()) end,
      created_at, least(created_at + (cardinality(bench_history(state)) - 1) * interval '26 hours', now())
    from (select i, n, ${STATE} as state, ${GUIDE} as guide, ${CARRIER} as carrier,
            now() - interval '365 days' + i * interval '${(365 * 86_400) / PACKAGES} seconds' as created_at
          from (${OWNER}) w) p
    join bench_owner o on o.n = p.n`;
}

/**
 * Event j (1–4) of every package that has at least j: one statement per j, so that a package's events lie far
 * apart in the table, as events written days apart do, and their ids grow with time.
 */
export function eventsInsert(j: number): string {
  const customer = `h[e] in ('prealertado', 'cancelado')`;
  return `
    insert into package_events (package_number, state, at, actor_id, actor_role, carrier, carrier_guide)
    select number, h[e], least(created_at + (e - 1) * interval '26 hours', now()),
      case when ${customer} then user_id end,
      case when ${customer} then 'customer'
           when h[e] in ('recibido', 'sin_identificar', 'retenido', 'en_transito', 'devuelto') then 'bodega'
           else 'system' end,
      case when h[e] = 'en_transito' then 'Avianca Cargo' else '' end,
      case when h[e] = 'en_transito' then '729-' || lpad((number % 100000000)::text, 8, '0') else '' end
    from (select number, user_id, created_at, h, k, cardinality(h) - k + ${j} as e
          from (select number, user_id, created_at, h, least(1 + number * 3 % 4, cardinality(h)) as k
                from (select number, user_id, created_at, bench_history(state) as h from packages) a) b) c
    where k >= ${j}`;
}
