// The admin area's API under /api/admin (SPEC.md §2 Admin screen, §6; DESIGN.md decision 3): the paged, searchable
// list of lockers, its CSV export, the live stream of registrations and role changes (role-route.ts). Every route
// needs a session with role admin: 401 without one, 403 for a customer or bodega.
import { and, desc, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { firstIssueMessage } from '../../shared/schemas.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Auth } from '../auth/auth.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Database, OpenDatabase } from '../db/open.ts';
import { users } from '../db/schema.ts';
import { ApiError, clientIp } from '../http.ts';
import { publicRecord } from '../lockers/routes.ts';
import { formatCursor, newestCursor } from './event-cursor.ts';
import { adminEventHub, adminEventStream } from './events.ts';
import { registerRoleRoute } from './role-route.ts';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;
const MAX_SEARCH_LENGTH = 100;
/** A search's total is exact up to this many matches, then reported as "more than". */
export const TOTAL_CAP = 1_000;
/** Rows per database round trip while the CSV streams out: the whole list is never held in memory. */
const CSV_BATCH = 1000;

const searchField = z
  .string()
  // Control characters cannot be typed, and U+001F separates the fields inside search_text.
  .transform((q) => q.replace(/\p{Cc}/gu, '').trim())
  .pipe(z.string().max(MAX_SEARCH_LENGTH, messages.adminSearchTooLong))
  .default('');

const listQuerySchema = z.object({
  q: searchField,
  page: z.coerce
    .number({ error: messages.adminPageInvalid })
    .int(messages.adminPageInvalid)
    .min(1, messages.adminPageInvalid)
    .max(1_000_000, messages.adminPageInvalid)
    .default(1),
  pageSize: z.coerce
    .number({ error: messages.adminPageSizeInvalid })
    .int(messages.adminPageSizeInvalid)
    .min(1, messages.adminPageSizeInvalid)
    .max(MAX_PAGE_SIZE, messages.adminPageSizeInvalid)
    .default(DEFAULT_PAGE_SIZE),
});

const csvQuerySchema = z.object({ q: searchField });

function readQuery<S extends z.ZodType>(query: Record<string, string>, schema: S): z.output<S> {
  // An empty parameter (?page=) means "not given".
  const given = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
  const result = schema.safeParse(given);
  if (!result.success) throw new ApiError(400, 'invalid', firstIssueMessage(result.error));
  return result.data;
}

/**
 * Case-insensitive substring on name, e-mail, locker, phone, referral code and referred-by, in the form the
 * pg_trgm GIN index on search_text serves. LIKE's own wildcards typed by the admin match literally.
 */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const escaped = q.replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`${users.searchText} like '%' || lower(${escaped}) || '%'`;
}

/**
 * The lockers the admin sees: every users record, deleted ones included (emptied, with deletedAt set, so the
 * admin sees the number as taken by a deleted account: Ley 1581 deletion, issue 8).
 */
export function listCondition(q: string): SQL | undefined {
  return searchCondition(q);
}

const newestFirst = [desc(users.createdAt), desc(users.id)];

const CSV_HEADER = [
  'Nombre',
  'Correo',
  'Casillero',
  'Teléfono',
  'Código de referido',
  'Referido por',
  'Fecha de registro',
];

/**
 * One CSV cell: always quoted, quotes doubled; a cell a spreadsheet would run as a formula (= + - @, or a leading
 * tab or carriage return) gets a leading apostrophe, so it shows as text (OWASP "CSV injection").
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function csvRow(values: string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

type CsvUser = Pick<
  typeof users.$inferSelect,
  'name' | 'email' | 'lockerNumber' | 'telefono' | 'refCode' | 'referredBy' | 'createdAt' | 'id'
> & { exactCreatedAt: string };

export interface AdminRoutesDeps {
  db: Database;
  auth: Auth;
  config: Config;
  /** The instance's database, whose LISTEN feeds the event stream. */
  database: OpenDatabase;
}

export function adminRoutes({ db, auth, config, database }: AdminRoutesDeps) {
  const routes = new Hono<SessionEnv>();
  routes.use(requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production }));
  routes.use(async (c, next) => {
    await next();
    // Personal data: never kept by a browser or a shared cache.
    c.res.headers.set('cache-control', 'no-store');
  });

  routes.get('/users', async (c) => {
    const { q, page, pageSize } = readQuery(c.req.query(), listQuerySchema);
    const where = listCondition(q);
    // Read before the page, so a registration committed in between reaches the page through the stream.
    const cursor = await newestCursor(db);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(...newestFirst)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      countUsers(q),
    ]);
    return c.json({
      users: rows.map(publicRecord),
      total: total.count,
      totalIsCapped: total.capped,
      page,
      pageSize,
      cursor: formatCursor(cursor),
    });
  });

  /**
   * Every locker when there is no search. A search counts its matches up to TOTAL_CAP: counting every match of a
   * one-letter term reads the whole table (≈50–80 ms at 100,000 users on PostgreSQL), and past a thousand the
   * number tells the admin nothing more than "refine the search".
   */
  async function countUsers(q: string): Promise<{ count: number; capped: boolean }> {
    if (!q) {
      const [all] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
      return { count: Number(all?.count ?? 0), capped: false };
    }
    const matches = db
      .select({ one: sql`1` })
      .from(users)
      .where(listCondition(q))
      .limit(TOTAL_CAP + 1)
      .as('matches');
    const [found] = await db.select({ count: sql<number>`count(*)::int` }).from(matches);
    const count = Number(found?.count ?? 0);
    return count > TOTAL_CAP ? { count: TOTAL_CAP, capped: true } : { count, capped: false };
  }

  routes.get('/users.csv', async (c) => {
    const { q } = readQuery(c.req.query(), csvQuerySchema);
    const where = listCondition(q);
    const batch = (after?: CsvUser) =>
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          lockerNumber: users.lockerNumber,
          telefono: users.telefono,
          refCode: users.refCode,
          referredBy: users.referredBy,
          createdAt: users.createdAt,
          // The exact stored value (microseconds), so the next batch starts precisely after this row.
          exactCreatedAt: sql<string>`${users.createdAt}::text`,
        })
        .from(users)
        .where(
          and(
            where,
            after
              ? sql`(${users.createdAt}, ${users.id}) < (${after.exactCreatedAt}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(...newestFirst)
        .limit(CSV_BATCH);
    // The first batch is read before the answer starts, so a failing database still gets a proper error.
    let rows = await batch();
    const caller = c.get('caller');
    await recordAudit(db, {
      action: 'admin_export',
      actorId: caller.userId,
      email: caller.record.email,
      ip: clientIp(c, config.trustProxy),
      detail: { q },
    });
    const day = new Date().toISOString().slice(0, 10);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="casilleros-${day}.csv"`);
    return stream(
      c,
      async (out) => {
        // The byte order mark makes spreadsheet programs read the file as UTF-8 (accents).
        await out.write(`\uFEFF${csvRow(CSV_HEADER)}`);
        while (rows.length > 0 && !out.aborted) {
          await out.write(
            rows
              .map((row) =>
                csvRow([
                  row.name,
                  row.email,
                  row.lockerNumber,
                  row.telefono,
                  row.refCode,
                  row.referredBy,
                  row.createdAt.toISOString(),
                ]),
              )
              .join(''),
          );
          const last = rows[rows.length - 1];
          rows = rows.length < CSV_BATCH ? [] : await batch(last);
        }
      },
      async (error) => console.error('admin csv:', error),
    );
  });

  registerRoleRoute(routes, { db, config });

  routes.get('/events', (c) =>
    adminEventStream(c, adminEventHub(database), { verifiedEmail: config.production }),
  );

  return routes;
}
