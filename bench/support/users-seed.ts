// The admin-search benchmark's users, seeded in bulk with SQL before the server starts (the packages, warehouse
// and operations benchmarks seed their packages over them): 100,000 customers with Spanish names, e-mails,
// phones of CO/VE/MX, unique lockers and referral codes.
import { sql } from 'drizzle-orm';
import { type Storage, withDatabase } from './storage.ts';

export const USERS = 100_000;
export const FIRST_LOCKER = 1334;

// biome-ignore format: a list of names
const FIRST_NAMES = [
  'María', 'José', 'Juan', 'Luis', 'Carlos', 'Ana', 'Sofía', 'Valentina', 'Andrés', 'Camila',
  'Diego', 'Isabella', 'Sebastián', 'Lucía', 'Mateo', 'Daniela', 'Santiago', 'Gabriela', 'Alejandro', 'Paula',
  'Jorge', 'Natalia', 'Fernando', 'Mariana', 'Ricardo', 'Laura', 'Julián', 'Catalina', 'Miguel', 'Verónica',
  'Óscar', 'Ángela', 'Héctor', 'Adriana', 'Raúl', 'Mónica', 'Iván', 'Patricia', 'Nicolás', 'Juliana',
];
// biome-ignore format: a list of names
const LAST_NAMES = [
  'García', 'Rodríguez', 'Martínez', 'López', 'González', 'Pérez', 'Sánchez', 'Ramírez', 'Torres', 'Flores',
  'Rivera', 'Gómez', 'Díaz', 'Cruz', 'Morales', 'Reyes', 'Gutiérrez', 'Ortiz', 'Ramos', 'Castillo',
  'Jiménez', 'Vargas', 'Romero', 'Herrera', 'Medina', 'Aguilar', 'Castro', 'Muñoz', 'Rojas', 'Mendoza',
  'Ruiz', 'Álvarez', 'Suárez', 'Peña', 'Ospina', 'Cárdenas', 'Restrepo', 'Zapata', 'Londoño', 'Quintero',
];
const CITIES = ['Bogotá', 'Medellín', 'Cali', 'Barranquilla', 'Caracas', 'Lima', 'Quito', 'Guadalajara'];
const DOMAINS = ['gmail.com', 'hotmail.com', 'yahoo.com', 'outlook.com', 'gmail.com', 'icloud.com'];

/** The referral code of seeded user n: a bijection of n onto 6 base-36 characters, so codes never repeat. */
export function refCode(n: number): string {
  let x = (BigInt(n) * 1_000_003n + 60_466_176n) % 2_176_782_336n;
  let code = '';
  for (let k = 0; k < 6; k++) {
    code = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.charAt(Number(x % 36n)) + code;
    x /= 36n;
  }
  return code;
}

// Seeded user n, as the SQL below makes it (both lists have 40 entries: every first/last name pair occurs).
export const firstName = (n: number) => FIRST_NAMES[n % 40] as string;
export const lastName = (n: number) => LAST_NAMES[Math.floor(n / 40) % 40] as string;
const plain = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
export const emailStart = (n: number) => `${plain(firstName(n))}.${plain(lastName(n))}`;

/** A SQL array literal of the given words (none has a quote). */
export const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;
const ascii = (column: string) => `translate(lower(${column}), 'áéíóúñüÁÉÍÓÚÑ', 'aeiounuaeioun')`;

/** The seed, as plain SQL both drivers run. Users n = 1 … USERS, locker 1333 + n, created over the past year. */
function seedStatements(): string[] {
  const person = `
    select n,
      bench_code(n) as code,
      (${sqlArray(FIRST_NAMES)})[n % 40 + 1] as first,
      (${sqlArray(LAST_NAMES)})[(n / 40) % 40 + 1] as last1,
      (${sqlArray(LAST_NAMES)})[(n / 1600 + n) % 40 + 1] as last2
    from generate_series(1, ${USERS}) as n`;
  return [
    `create function bench_code(n bigint) returns text language sql immutable as $$
       select string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
                                ((x / power(36, k)::bigint) % 36)::int + 1, 1), '' order by k desc)
       from (select (n * 1000003 + 60466176) % 2176782336 as x) s, generate_series(0, 5) as k
     $$`,
    // Built once after the rows are in, as the migration defines it: much faster than row by row.
    'drop index users_search_trgm_idx',
    `insert into auth_user (id, name, email, email_verified, created_at, updated_at)
     select code || substr(md5(n::text), 1, 26), first || ' ' || last1 || ' ' || last2,
       ${ascii('first')} || '.' || ${ascii('last1')} || n || '@' || (${sqlArray(DOMAINS)})[n % ${DOMAINS.length} + 1],
       n % 4 <> 0, now() - interval '365 days' + n * interval '315 seconds',
       now() - interval '365 days' + n * interval '315 seconds'
     from (${person}) p`,
    `insert into users (id, name, registered_name, email, cedula, telefono, direccion1, ciudad1, codigo_postal1,
       locker_number, office_address, ref_code, referred_by, acepto_politica, fecha_acepto_politica,
       politica_version, consent_ip, role, created_at)
     select u.id, u.name, u.name, u.email, (10000000 + n * 37)::text,
       case when n % 10 = 0 then ''
            when n % 10 = 1 then '+58412' || lpad(((n * 7919) % 10000000)::text, 7, '0')
            when n % 10 = 2 then '+52155' || lpad(((n * 7919) % 100000000)::text, 8, '0')
            else '+573' || lpad((n % 25)::text, 2, '0') || lpad(((n * 7919) % 10000000)::text, 7, '0') end,
       'Calle ' || (n % 120 + 1) || ' # ' || (n % 90 + 1) || '-' || (n % 99 + 1),
       (${sqlArray(CITIES)})[n % ${CITIES.length} + 1], lpad(((n * 31) % 999999)::text, 6, '0'),
       (${FIRST_LOCKER - 1} + n)::text, '3750 W 16th Ave, Suite 114' || chr(10) || 'Hialeah, FL 33012' || chr(10) || 'USA',
       code, case when n % 3 = 0 and n > 30 then bench_code(n / 7) else '' end,
       true, u.created_at, '2026-11-22', '127.0.0.1', 'customer', u.created_at
     from (${person}) p join auth_user u on u.id = p.code || substr(md5(n::text), 1, 26)`,
    'create index users_search_trgm_idx on users using gin (search_text gin_trgm_ops)',
    `insert into locker_counter (id, last_number) values ('lockers', ${FIRST_LOCKER - 1 + USERS})
     on conflict (id) do update set last_number = excluded.last_number`,
    'drop function bench_code(bigint)',
    'analyze',
  ];
}

/** Migrates the fresh storage (as the server would) and seeds it; closes it so the server can open it. */
export async function seedUsers(storage: Storage): Promise<number> {
  const started = performance.now();
  await withDatabase(storage, async (database) => {
    for (const statement of seedStatements()) await database.db.execute(sql.raw(statement));
  });
  return (performance.now() - started) / 1000;
}
