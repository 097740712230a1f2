// The server's log on PGlite: one JSON line per request with its level, time, id (the caller's X-Request-Id
// when sane, made otherwise, echoed in the answer), route pattern, status, duration and signed-in user; and none of a
// password, a token, a secret, a cookie, a document number, a phone or an address, sent through real requests.
import { describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { deliveryWorld } from '../../../test/support/delivery.ts';
import { METRICS_TOKEN } from '../../../test/support/metrics.ts';
import { deliveredRoute } from '../../../test/support/money.ts';
import { newestMailTo } from '../../../test/support/pqr.ts';
import { signedUpCustomer } from '../../../test/support/server.ts';

const AUTH_SECRET = 'secreto-de-firma-de-prueba-0123456789abcdef';
const CEDULA = '1098765432';
const PHONE = '+573157654321';
const ADDRESS = 'Carrera 43A # 1 Sur-100';
const PASSWORD = 'Ciruela#Azul2026q';

describe.each(logicDrivers)('the request log on %s', (driver) => {
  const world = deliveryWorld(driver, {
    admin: 'log-admin@example.com',
    customer: 'Lina Registro',
    couriers: ['Mario Mensajero'],
    env: { METRICS_TOKEN, AUTH_SECRET },
  });

  it('writes one line per request with its id, route pattern, status, duration and user, and echoes the id', async () => {
    const { server, customer } = world;
    const given = await customer.client.get('/api/packages/999999', { 'x-request-id': 'prueba-123_abc' });
    expect(given.status).toBe(404);
    expect(given.headers.get('x-request-id')).toBe('prueba-123_abc');
    const [line, ...more] = server.log().filter((entry) => entry.reqId === 'prueba-123_abc');
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 'info',
      msg: 'petición',
      method: 'GET',
      route: '/api/packages/:number',
      status: 404,
      userId: customer.record.id,
    });
    expect(typeof line?.ms).toBe('number');
    expect(Date.parse(String(line?.time))).toBeGreaterThan(Date.now() - 60_000);

    // No id, or one that could forge a line: a new one is made, echoed, and written.
    for (const sent of [undefined, 'dos palabras {"level":"fatal"}']) {
      const answer = await customer.client.get('/api/me', sent ? { 'x-request-id': sent } : {});
      const id = answer.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const lines = server.log().filter((entry) => entry.reqId === id);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ route: '/api/me', status: 200, userId: customer.record.id });
    }

    // Signed out: no user; a path no route matches is '*', never the path typed.
    const anonymous = await fetchAnswer(world.server.app, '/api/no-existe/1098765432');
    expect(anonymous.status).toBe(404);
    const [unmatched] = server.log().filter((entry) => entry.reqId === anonymous.id);
    expect(unmatched).toMatchObject({ route: '/api/*', status: 404 });
    expect(unmatched?.userId).toBeUndefined();
  });

  it('never writes a password, token, secret, cookie, document number, phone or address', async () => {
    const { server, admin, customer, courier } = world;
    const person = await signedUpCustomer(server, {
      cedula: CEDULA,
      telefono: PHONE,
      direccion1: ADDRESS,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    await person.client.post('/api/login', { email: person.form.email, password: 'Equivocada#2026x' });
    await person.client.post('/api/password-reset/request', { email: person.form.email });
    const mail = await newestMailTo(server, person.form.email);
    const token = /restablecer-contrasena\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    await person.client.get(`/api/password-reset/check?token=${token}`);
    expect(
      (
        await person.client.post('/api/password-reset', {
          token,
          password: 'Nueva#Clave2026xy',
          confirmPassword: 'Nueva#Clave2026xy',
        })
      ).status,
    ).toBe(200);
    // A receiver's document at the door, and the cash of a delivered route.
    await deliveredRoute(server, admin, customer, courier, ['efectivo']);
    // The metrics' bearer token, and a cookie that names no session.
    await fetchAnswer(server.app, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    await fetchAnswer(server.app, '/api/me', { cookie: 'casillero.session_token=galleta-falsa-123456' });

    const text = server.logText();
    expect(text.split('\n').length).toBeGreaterThan(20);
    expect(text).toContain('"route":"/api/password-reset"');
    const cookies = [...person.client.cookies.values(), ...customer.client.cookies.values()];
    const secrets = [
      PASSWORD,
      'Equivocada#2026x',
      'Nueva#Clave2026xy',
      token,
      METRICS_TOKEN,
      AUTH_SECRET,
      'galleta-falsa-123456',
      ...cookies.map((value) => decodeURIComponent(value).split('.')[0] ?? value),
      CEDULA,
      '1.020.304.050',
      '1020304050',
      '3157654321',
      ADDRESS,
      'Calle 10 # 20-30',
    ];
    for (const secret of secrets) expect(text, `the log holds ${secret}`).not.toContain(secret);
  });
});

/** A signed-out request with `headers`: its status and the id it was given. */
async function fetchAnswer(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  path: string,
  headers: Record<string, string> = {},
) {
  const response = await app.request(`http://localhost:3000${path}`, { headers });
  await response.text();
  return { status: response.status, id: response.headers.get('x-request-id') ?? '' };
}
