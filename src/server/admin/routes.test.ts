import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import {
  browser,
  registrationForm,
  startTestServer,
  TEST_APP_URL,
  type TestServer,
  verifyEmail,
} from '../../../test/support/server.ts';
import { readSse } from '../../../test/support/sse.ts';
import { messages } from '../../shared/messages.ts';
import { PRIVACY_POLICY_VERSION } from '../../shared/policy.ts';
import type { Database } from '../db/open.ts';
import { auditLog, authUser, users } from '../db/schema.ts';

const ADMIN_EMAIL = 'jefa@example.com';
const PASSWORD = 'Casa#Verde2026x';

let lockerSequence = 50_000;
let refSequence = 0;

interface Fixture {
  name: string;
  email: string;
  telefono?: string;
  refCode?: string;
  referredBy?: string;
  lockerNumber?: string;
  createdAt?: Date;
  deletedAt?: Date;
}

/** Users written straight into the database: fast, and with exactly the fields a search test needs. */
async function insertUsers(db: Database, fixtures: Fixture[]) {
  const rows = fixtures.map((fixture) => {
    const id = randomBytes(16).toString('hex');
    return {
      id,
      name: fixture.name,
      registeredName: fixture.name,
      email: fixture.email,
      cedula: '123456',
      telefono: fixture.telefono ?? '',
      direccion1: 'Calle 1',
      ciudad1: 'Bogotá',
      codigoPostal1: '110111',
      lockerNumber: fixture.lockerNumber ?? String(lockerSequence++),
      officeAddress: 'Oficina',
      // Unique by construction: a random code would collide now and then among thousands.
      refCode: fixture.refCode ?? `R${(refSequence++).toString(36).toUpperCase().padStart(5, '0')}`,
      referredBy: fixture.referredBy ?? '',
      aceptoPolitica: true,
      fechaAceptoPolitica: new Date(),
      politicaVersion: PRIVACY_POLICY_VERSION,
      role: 'customer' as const,
      createdAt: fixture.createdAt ?? new Date(),
      deletedAt: fixture.deletedAt ?? null,
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    await db
      .insert(authUser)
      .values(chunk.map((row) => ({ id: row.id, name: row.name, email: `${row.id}@auth.example.com` })));
    await db.insert(users).values(chunk);
  }
  return rows;
}

async function signedIn(server: TestServer, email: string, extra: Record<string, unknown> = {}) {
  const client = browser(server);
  const form = await registrationForm(client, {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...extra,
  });
  expect((await client.post('/api/register', form)).status).toBe(201);
  await verifyEmail(server, email);
  expect((await client.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  return client;
}

function cookieOf(client: ReturnType<typeof browser>): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

describe.each(logicDrivers)('admin API on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let customer: ReturnType<typeof browser>;

  const list = async (query: string) => {
    const response = await admin.get(`/api/admin/users${query}`);
    expect(response.status).toBe(200);
    return response.body as {
      users: Array<Record<string, any>>;
      total: number;
      page: number;
      pageSize: number;
    };
  };
  const namesFor = async (q: string) =>
    (await list(`?q=${encodeURIComponent(q)}&pageSize=200`)).users.map((user) => user.name).sort();

  beforeAll(async () => {
    server = await startTestServer(driver, { ADMIN_EMAILS: ADMIN_EMAIL });
    admin = await signedIn(server, ADMIN_EMAIL, { name: 'Jefa Admin' });
    customer = await signedIn(server, 'cliente.comun@example.com', { name: 'Cliente Común' });
    await insertUsers(server.db, [
      {
        name: 'Zoe Quintero Álvarez',
        email: 'zq.viajera@example.com',
        lockerNumber: '77001',
        telefono: '+573145550001',
        refCode: 'QX7K2P',
      },
      {
        name: 'Bruno Díaz',
        email: 'Bruno@Correo.test',
        lockerNumber: '77002',
        telefono: '+5215512345678',
        refCode: 'MN4B8Z',
        referredBy: 'QX7K2P',
      },
      { name: 'Fabiola Ríos', email: 'fabiola@example.com', refCode: 'FB1111', referredBy: 'RFQ9WW' },
      { name: 'Promo 100% Real', email: 'promo@example.com' },
      { name: 'Promo 1000 Real', email: 'promo1000@example.com' },
      { name: 'Carla guion_bajo', email: 'carla@example.com' },
      { name: 'Carla guionXbajo', email: 'carlax@example.com' },
      // Its owner deleted their data: the emptied row keeps the locker number and is listed as deleted.
      { name: 'Borrada Persona', email: 'borrada@example.com', deletedAt: new Date() },
    ]);
  });
  afterAll(() => server?.close());

  describe('authorization', () => {
    const paths = ['/api/admin/users', '/api/admin/users.csv', '/api/admin/events'];

    it.each(paths)('%s answers 401 without a session', async (path) => {
      const response = await browser(server).get(path);
      expect(response.status).toBe(401);
      expect(response.body.error).toEqual({ code: 'unauthenticated', message: messages.unauthenticated });
    });

    it.each(paths)('%s answers 403 to a customer', async (path) => {
      const response = await customer.get(path);
      expect(response.status).toBe(403);
      expect(response.body.error).toEqual({ code: 'forbidden', message: messages.forbidden });
    });

    const asAdmin = async (path: string) => {
      const response = await server.app.request(`${TEST_APP_URL}${path}`, {
        headers: { cookie: cookieOf(admin) },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return response;
    };

    it.each([
      ['/api/admin/users', 'application/json'],
      ['/api/admin/users.csv', 'text/csv; charset=utf-8'],
    ])('%s answers 200 to an admin', async (path, type) => {
      const response = await asAdmin(path);
      expect(response.headers.get('content-type')).toContain(type);
      expect((await response.text()).length).toBeGreaterThan(0);
    });

    it('/api/admin/events answers 200 to an admin and opens the stream', async () => {
      const stream = readSse(await asAdmin('/api/admin/events'));
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
      await stream.event('ready');
      await stream.close();
    });
  });

  describe('list', () => {
    it('pages every user newest first, with the public fields only', async () => {
      const page = await list('');
      expect(page).toMatchObject({ page: 1, pageSize: 50 });
      expect(page.total).toBe(10);
      expect(page.users).toHaveLength(10);
      const times = page.users.map((user) => Date.parse(user.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const jefa = page.users.find((user) => user.email === ADMIN_EMAIL);
      expect(jefa).toMatchObject({ name: 'Jefa Admin', role: 'admin', lockerNumber: '1334' });
      for (const hidden of ['searchText', 'consentIp', 'consentUserAgent', 'politicaVersion'])
        expect(jefa).not.toHaveProperty(hidden);
    });

    it.each([
      ['name', 'zOE quINTERO', ['Zoe Quintero Álvarez']],
      ['name with accents', 'ÁLVAREZ', ['Zoe Quintero Álvarez']],
      ['e-mail', 'bruno@CORREO.TEST', ['Bruno Díaz']],
      ['locker', '77001', ['Zoe Quintero Álvarez']],
      ['phone', '5512345678', ['Bruno Díaz']],
      ['phone with its plus', '+57314', ['Zoe Quintero Álvarez']],
      ['referral code', 'mn4B8z', ['Bruno Díaz']],
      ['referred-by', 'rfq9WW', ['Fabiola Ríos']],
      ['referral code and referred-by together', 'qx7k2p', ['Bruno Díaz', 'Zoe Quintero Álvarez']],
      ['trimmed', '   bruno díaz  ', ['Bruno Díaz']],
      ['nothing', 'no-existe-nadie', []],
    ])('searches the %s case-insensitively', async (_field, q, expected) => {
      expect(await namesFor(q)).toEqual(expected);
      const { total } = await list(`?q=${encodeURIComponent(q)}`);
      expect(total).toBe(expected.length);
    });

    it('lists the lockers of users who deleted their data, marked as deleted', async () => {
      const [deleted] = (await list('?q=borrada')).users;
      expect(deleted).toMatchObject({ name: 'Borrada Persona', deletedAt: expect.any(String) });
      expect((await list('?q=bruno')).users[0]?.deletedAt).toBeNull();
    });

    it('matches LIKE wildcards literally', async () => {
      expect(await namesFor('%')).toEqual(['Promo 100% Real']);
      expect(await namesFor('100%')).toEqual(['Promo 100% Real']);
      expect(await namesFor('_')).toEqual(['Carla guion_bajo']);
      expect(await namesFor('guion_bajo')).toEqual(['Carla guion_bajo']);
      expect(await namesFor('\\')).toEqual([]);
      expect(await namesFor('%%')).toEqual([]);
    });

    it('pages a large result with stable order and the right totals', async () => {
      const base = Date.UTC(2024, 0, 1);
      // Groups of four share a createdAt: the id breaks the tie, so no row repeats or goes missing across pages.
      const inserted = await insertUsers(
        server.db,
        Array.from({ length: 120 }, (_, i) => ({
          name: `Lote Paginado ${String(i).padStart(3, '0')}`,
          email: `lote${i}@paginas.test`,
          createdAt: new Date(base + Math.floor(i / 4) * 1000),
        })),
      );
      const pages = [
        await list('?q=lote+paginado&pageSize=50&page=1'),
        await list('?q=LOTE%20PAGINADO&pageSize=50&page=2'),
        await list('?q=lote paginado&pageSize=50&page=3'),
        await list('?q=lote paginado&pageSize=50&page=4'),
      ];
      expect(pages.map((page) => page.users.length)).toEqual([50, 50, 20, 0]);
      expect(pages.map((page) => page.total)).toEqual([120, 120, 120, 120]);
      expect(pages.map((page) => page.page)).toEqual([1, 2, 3, 4]);
      const expected = [...inserted]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .map((row) => row.id);
      expect(pages.flatMap((page) => page.users.map((user) => user.id))).toEqual(expected);
      expect((await list('?q=lote paginado')).users).toHaveLength(50);
      expect((await list('?q=lote paginado&pageSize=200')).users).toHaveLength(120);
      expect((await list('?q=lote paginado&page=&pageSize=')).pageSize).toBe(50);
    });

    it.each([
      ['?pageSize=201', messages.adminPageSizeInvalid],
      ['?pageSize=0', messages.adminPageSizeInvalid],
      ['?pageSize=dos', messages.adminPageSizeInvalid],
      ['?page=0', messages.adminPageInvalid],
      ['?page=1.5', messages.adminPageInvalid],
      ['?page=abc', messages.adminPageInvalid],
      [`?q=${'a'.repeat(101)}`, messages.adminSearchTooLong],
    ])('refuses %s with a Spanish message', async (query, message) => {
      const response = await admin.get(`/api/admin/users${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'invalid', message });
    });
  });

  describe('CSV export', () => {
    const csv = async (query = '') => {
      const response = await server.app.request(`${TEST_APP_URL}/api/admin/users.csv${query}`, {
        headers: { cookie: cookieOf(admin) },
      });
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { response, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
    };

    it('sends the filtered list as UTF-8 with a BOM, a Spanish header and a dated file name', async () => {
      const { response, bytes, text } = await csv('?q=bruno');
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="casilleros-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers.get('content-disposition')).toContain(new Date().toISOString().slice(0, 10));
      const lines = text.slice(1).split('\r\n');
      expect(lines[0]).toBe(
        '"Nombre","Correo","Casillero","Teléfono","Código de referido","Referido por","Fecha de registro"',
      );
      expect(lines).toHaveLength(3);
      expect(lines[2]).toBe('');
      expect(lines[1]).toMatch(
        /^"Bruno Díaz","Bruno@Correo\.test","77002","'\+5215512345678","MN4B8Z","QX7K2P","\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"$/,
      );
    });

    it('quotes, escapes and neutralises formulas', async () => {
      await insertUsers(server.db, [
        { name: '=HYPERLINK("http://malo.test","clic") Fórmula', email: 'formula1@csv.test' },
        { name: '+SUM(A1) Fórmula', email: 'formula2@csv.test' },
        { name: '-2+3 Fórmula', email: 'formula3@csv.test' },
        { name: '@cmd Fórmula', email: 'formula4@csv.test' },
        { name: 'Ana "La Flaca", Ñúñez Fórmula', email: 'formula5@csv.test', referredBy: '' },
        { name: 'Dos\nLíneas Fórmula', email: 'formula6@csv.test' },
      ]);
      const { text } = await csv('?q=f%C3%B3rmula');
      const body = text.slice(1);
      expect(body).toContain('"\'=HYPERLINK(""http://malo.test"",""clic"") Fórmula","formula1@csv.test"');
      expect(body).toContain('"\'+SUM(A1) Fórmula"');
      expect(body).toContain('"\'-2+3 Fórmula"');
      expect(body).toContain('"\'@cmd Fórmula"');
      expect(body).toContain('"Ana ""La Flaca"", Ñúñez Fórmula","formula5@csv.test"');
      expect(body).toContain('"Dos\nLíneas Fórmula"');
      // Six users plus the header; the phone-less users have an empty phone cell.
      expect(body.split('\r\n').filter(Boolean)).toHaveLength(7);
      expect(body).toMatch(/"formula5@csv\.test","\d+","",/);
    });

    it('streams every matching user, across batches, newest first', async () => {
      const base = Date.UTC(2023, 5, 1);
      const inserted = await insertUsers(
        server.db,
        Array.from({ length: 2100 }, (_, i) => ({
          name: `Lote Exportado ${i}`,
          email: `export${i}@csv.test`,
          // Long runs of equal createdAt straddle the batch edges.
          createdAt: new Date(base + Math.floor(i / 300) * 1000),
        })),
      );
      const { text } = await csv('?q=lote exportado');
      const emails = text
        .slice(1)
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split('","')[1]);
      const expected = [...inserted]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .map((row) => row.email);
      expect(emails).toEqual(expected);
      const all = await csv();
      const { total } = await list('');
      expect(all.text.split('\r\n').filter(Boolean)).toHaveLength(total + 1);
    });

    it('records each export in the audit trail', async () => {
      await csv('?q=zoe');
      const entries = await server.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'admin_export'))
        .orderBy(auditLog.id);
      const [jefa] = await server.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
      expect(entries.at(-1)).toMatchObject({ actorId: jefa?.id, email: ADMIN_EMAIL, detail: { q: 'zoe' } });
      // The deleted locker is exported too, emptied: the header and its row.
      expect((await csv('?q=borrada')).text.split('\r\n').filter(Boolean)).toHaveLength(2);
    });

    it('refuses a search that is too long', async () => {
      const response = await admin.get(`/api/admin/users.csv?q=${'x'.repeat(101)}`);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(messages.adminSearchTooLong);
    });
  });
});
