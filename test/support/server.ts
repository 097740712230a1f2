// Builds the whole server in-process on a test database, and a small HTTP client with a cookie jar that talks to
// it through app.request() as a browser on APP_URL would.
import { desc, eq } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config.ts';
import type { OpenDatabase } from '../../src/server/db/open.ts';
import { outbox, users } from '../../src/server/db/schema.ts';
import { type Server, startServer } from '../../src/server/start.ts';
import { capturedLog, capturedLogText } from './console.ts';
import { type Driver, openTestDatabase } from './database.ts';

export const TEST_APP_URL = 'http://localhost:3000';
export const TEST_CAPTCHA = 'ABCDE';

/**
 * The one way a test starts the server: on a fresh test database of `driver`, or on a database the test opened
 * itself (openDatabaseIn: a PGlite folder or PostgreSQL database a command-line tool also reads). The server closes
 * the database on close().
 */
export async function startTestServer(
  on: Driver | OpenDatabase,
  env: Record<string, string> = {},
  options: Pick<
    Parameters<typeof startServer>[1] & object,
    'failAfterLockerNumber' | 'clientDir' | 'renderScreen' | 'invoicePollMs' | 'paymentPollMs'
  > = {},
) {
  // Rate limits are off unless a test turns them on: most tests make many requests from one address.
  const config = loadConfig({
    APP_URL: TEST_APP_URL,
    CAPTCHA_TEST_ANSWER: TEST_CAPTCHA,
    RATE_LIMITS: 'off',
    ...env,
  });
  const database = typeof on === 'string' ? await openTestDatabase(on) : on;
  // Without SMTP the mails are printed (the development mailbox): kept here, off the test's output.
  const mailbox: string[] = [];
  const from = capturedLogText().length;
  const server = await startServer(config, {
    database,
    mailPollMs: 60_000,
    // Tests send the due invoices themselves (server.invoices.deliverDue()).
    invoicePollMs: 60_000,
    printMail: (text) => mailbox.push(text),
    ...options,
  });
  return {
    ...server,
    config,
    db: database.db,
    mailbox,
    /** The log's lines (parsed) since this server started; other servers of the file write there too. */
    log: () => capturedLog(from),
    /** The same lines as written, to search for text that must never be there. */
    logText: () => capturedLogText(from).join(''),
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A browser-like client: keeps cookies, sends Origin, reads JSON. */
export function browser(server: {
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
}) {
  const cookies = new Map<string, string>();
  async function send<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await server.app.request(`${TEST_APP_URL}${path}`, {
      method,
      headers: {
        origin: TEST_APP_URL,
        ...(body === undefined || body instanceof Uint8Array ? {} : { 'content-type': 'application/json' }),
        ...(cookies.size
          ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...headers,
      },
      body:
        body === undefined || typeof body === 'string'
          ? body
          : body instanceof Uint8Array
            ? new Blob([new Uint8Array(body)])
            : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return {
      status: response.status,
      headers: response.headers,
      body: parsed as T,
    } satisfies TestResponse<T>;
  }
  return {
    cookies,
    get: <T = any>(path: string, headers?: Record<string, string>) =>
      send<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      send<T>('POST', path, body ?? {}, headers),
    patch: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      send<T>('PATCH', path, body ?? {}, headers),
    /** Sends `bytes` as the raw body with `type` as its content type (a file upload). */
    upload: <T = any>(path: string, bytes: Uint8Array, type: string, method = 'PUT') =>
      send<T>(method, path, bytes, { 'content-type': type }),
    send,
  };
}

let sequence = 0;
/** A complete, valid registration form; every call gets a new e-mail. */
export async function registrationForm(
  client: ReturnType<typeof browser>,
  overrides: Record<string, unknown> = {},
) {
  const captcha = await client.get<{ id: string }>('/api/captcha');
  sequence++;
  return {
    name: 'Ana María Pérez',
    cedula: '1020304050',
    email: `cliente${sequence}-${Date.now()}@example.com`,
    password: 'Casa#Verde2026x',
    confirmPassword: 'Casa#Verde2026x',
    telefono: '+573001234567',
    direccion1: 'Calle 10 # 20-30',
    ciudad1: 'Medellín',
    codigoPostal1: '050021',
    direccion2: '',
    ciudad2: '',
    codigoPostal2: '',
    captchaId: captcha.body.id,
    captcha: TEST_CAPTCHA,
    aceptoPolitica: true,
    ...overrides,
  };
}

/** Registers through the API and signs in: the form, the signed-in client and the users row. */
export async function signedUpCustomer(
  server: Pick<TestServer, 'app' | 'db'>,
  overrides: Record<string, unknown> = {},
) {
  const client = browser(server);
  const form = await registrationForm(client, overrides);
  const registered = await client.post('/api/register', form);
  if (registered.status !== 201) throw new Error(`Registration failed: ${JSON.stringify(registered.body)}`);
  const signedIn = await client.post('/api/login', { email: form.email, password: form.password });
  if (signedIn.status !== 200) throw new Error(`Sign-in failed: ${JSON.stringify(signedIn.body)}`);
  const [record] = await server.db.select().from(users).where(eq(users.email, form.email));
  if (!record) throw new Error('no users row');
  return { form, client, record };
}

/** A signed-up customer whose role is then set to `role` (a courier, the warehouse), signed in. */
export async function signedUpWithRole(
  server: Pick<TestServer, 'app' | 'db'>,
  role: (typeof users.$inferSelect)['role'],
  overrides: Record<string, unknown> = {},
) {
  const person = await signedUpCustomer(server, overrides);
  await server.db.update(users).set({ role }).where(eq(users.id, person.record.id));
  return { ...person, record: { ...person.record, role } };
}

/** Opens the newest verification link mailed to `email`, as the person would (POST /api/verify-email). */
export async function verifyEmail(server: Pick<Server, 'app' | 'database'>, email: string): Promise<void> {
  const mails = await server.database.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(eq(outbox.toAddress, email.trim().toLowerCase()))
    .orderBy(desc(outbox.id));
  const token = mails
    .map((mail) => /verificar-correo\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
    .find(Boolean);
  if (!token) throw new Error(`No verification mail for ${email}`);
  const response = await browser(server).post('/api/verify-email', { token });
  if (response.status !== 200) throw new Error(`Verification failed for ${email}: ${response.status}`);
}

/** A test server with one signed-in, verified admin (ADMIN_EMAILS): the setting of most operations tests. */
export async function startTestServerWithAdmin(
  driver: Driver,
  adminEmail: string,
  env: Record<string, string> = {},
  options: Parameters<typeof startTestServer>[2] = {},
) {
  const server = await startTestServer(driver, { ADMIN_EMAILS: adminEmail, ...env }, options);
  const admin = (await signedUpCustomer(server, { email: adminEmail })).client;
  await verifyEmail(server, adminEmail);
  return { server, admin };
}
