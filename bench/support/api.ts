// The API calls benchmarks make as a browser would: registration, the admin's verified account, sign-in, a
// pre-alert, and timed JSON requests that fail on an unexpected status.
import { ADMIN_EMAIL, type BenchServer, CAPTCHA } from './server.ts';

export const PASSWORD = 'Clave#Segura2026';

export function registrationForm(email: string, captchaId: string) {
  return {
    name: 'Carlos Gómez',
    cedula: '79123456',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    telefono: '+573101234567',
    direccion1: 'Calle 45 # 12-30',
    ciudad1: 'Bogotá',
    codigoPostal1: '110111',
    captchaId,
    captcha: CAPTCHA,
    aceptoPolitica: true,
  };
}

export interface Registered {
  lockerNumber: string;
  /** Milliseconds of the POST /api/register alone. */
  registerMs: number;
  /** Epoch milliseconds when the register response arrived. */
  answeredAt: number;
}

/** GET /api/captcha then POST /api/register, as the page does. */
export async function register(url: string, email: string): Promise<Registered> {
  const captchaResponse = await fetch(`${url}/api/captcha`);
  if (!captchaResponse.ok) throw new Error(`captcha: ${captchaResponse.status}`);
  const { id } = (await captchaResponse.json()) as { id: string };
  const started = performance.now();
  const response = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(registrationForm(email, id)),
  });
  const body = (await response.json()) as { lockerNumber?: string };
  const registerMs = performance.now() - started;
  if (response.status !== 201 || !body.lockerNumber)
    throw new Error(`register ${email}: ${response.status} ${JSON.stringify(body)}`);
  return { lockerNumber: body.lockerNumber, registerMs, answeredAt: Date.now() };
}

/**
 * Registers the benchmark's admin and opens the verification link the server printed (no SMTP here): an
 * ADMIN_EMAILS account reaches the admin area only with a verified e-mail. Returns the admin's session cookie.
 */
export async function registerAdmin(server: BenchServer): Promise<string> {
  await register(server.url, ADMIN_EMAIL);
  const deadline = Date.now() + 10_000;
  let token: string | undefined;
  while (!token) {
    const printed = server
      .output()
      .split('[correo] Para: ')
      .filter((mail) => mail.startsWith(`${ADMIN_EMAIL} |`));
    token = /verificar-correo\?token=([A-Za-z0-9_-]+)/.exec(printed.at(-1) ?? '')?.[1];
    if (!token && Date.now() > deadline) throw new Error('the admin verification mail was not printed');
    if (!token) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const verified = await fetch(`${server.url}/api/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ token }),
  });
  if (verified.status !== 200) throw new Error(`verify admin: ${verified.status}`);
  return (await login(server.url, ADMIN_EMAIL)).cookie;
}

/** POST /api/login; returns the session cookie and the request's milliseconds. */
export async function login(url: string, email: string, password = PASSWORD) {
  const started = performance.now();
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  const loginMs = performance.now() - started;
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, loginMs };
}

/** One request timed at the client until its JSON body is read; throws unless it answered `expected`. */
export async function timed(url: string, init: RequestInit, expected: number) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body: unknown = await response.json();
  const elapsed = performance.now() - started;
  if (response.status !== expected)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return { elapsed, body };
}

/** GET `path` with a session cookie, timed; throws unless it answered 200. */
export function timedGet(server: BenchServer, cookie: string, path: string) {
  return timed(`${server.url}${path}`, { headers: { cookie } }, 200);
}

/** POST `body` to `path` with a session cookie, as the app's pages send it (JSON, or a CSV text), timed. */
export function timedPost(
  server: BenchServer,
  cookie: string,
  path: string,
  body: unknown,
  expected: number,
  contentType = 'application/json',
) {
  return timed(
    `${server.url}${path}`,
    {
      method: 'POST',
      headers: { cookie, 'content-type': contentType, origin: server.url },
      body: contentType === 'application/json' ? JSON.stringify(body) : (body as RequestInit['body']),
    },
    expected,
  );
}

/** Guides no seeded package has, each new: `prefix` (UPS-shaped, with letters no hex digit is) and a count. */
export function guideMaker(prefix: string): () => string {
  let made = 0;
  return () => `${prefix}${String(++made).padStart(13, '0')}`;
}

/** A customer's pre-alert through POST /api/packages, as the 'Pre-alertar' form sends it; resolves to its time. */
export async function prealert(
  server: BenchServer,
  cookie: string,
  parcel: { guide: string; content: string; declaredValue: string },
): Promise<number> {
  const { guide, content, declaredValue } = parcel;
  const form = { guide, store: 'Amazon', content, declaredValue, quantity: 1, address: 1, instructions: '' };
  return (await timedPost(server, cookie, '/api/packages', form, 201)).elapsed;
}
