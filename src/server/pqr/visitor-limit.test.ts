// A visitor filing 50 PQR in a minute is stopped like a registration burst: per address (an IPv6 one by its /64)
// and per e-mail, with the Spanish 429 and Retry-After; a visitor's uploads are limited per address, a signed-in
// person's per account. On PGlite.
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { fileAsVisitor } from '../../../test/support/pqr.ts';
import { browser, signedUpCustomer, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { pqrs } from '../db/schema.ts';
import { LIMITS } from '../security/rate-limit.ts';

const form = (email: string) => ({
  type: 'queja',
  name: 'Visitante Insistente',
  idNumber: '10203040',
  email,
  description: 'Una queja más de las muchas que voy a enviar en un minuto.',
});

describe.each(logicDrivers)('PQR visitor limits on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, { RATE_LIMITS: 'on', TRUST_PROXY: 'true' });
  });
  afterAll(() => server?.close());

  it('stops 50 filings in a minute from one address, and 50 with one e-mail from many', async () => {
    const visitor = browser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push(
        (
          await fileAsVisitor(visitor, form(`rafaga${i}@example.com`), {
            'x-forwarded-for': '10.9.0.1',
          })
        ).status,
      );
    const ipLimit = LIMITS.pqrVisitor.ip?.limit ?? 0;
    expect(statuses.filter((status) => status === 201)).toHaveLength(ipLimit);
    expect(statuses.slice(ipLimit).every((status) => status === 429)).toBe(true);
    const blocked = await fileAsVisitor(visitor, form('otra@example.com'), {
      'x-forwarded-for': '10.9.0.1',
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.error.message).toMatch(
      /^Demasiados intentos\. Inténtalo de nuevo en \d+ (minutos|segundos)\.$/,
    );

    const emailLimit = LIMITS.pqrVisitor.email?.limit ?? 0;
    const same: number[] = [];
    for (let i = 0; i < 10; i++)
      same.push(
        (
          await fileAsVisitor(visitor, form('misma@example.com'), {
            'x-forwarded-for': `10.8.0.${i}`,
          })
        ).status,
      );
    expect(same.filter((status) => status === 201)).toHaveLength(emailLimit);
    const [stored] = await server.db
      .select({ n: count() })
      .from(pqrs)
      .where(eq(pqrs.email, 'misma@example.com'));
    expect(stored?.n).toBe(emailLimit);
  });

  it('counts an IPv6 visitor by their /64: changing the rest of the address does not pass the limit', async () => {
    const visitor = browser(server);
    const limit = LIMITS.pqrVisitor.ip?.limit ?? 0;
    const from = (i: number) => ({ 'x-forwarded-for': `2001:db8:77:1:${i.toString(16)}::${i + 1}` });
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++)
      statuses.push((await fileAsVisitor(visitor, form(`seis${i}@example.com`), from(i))).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(limit);
    expect(statuses.at(-1)).toBe(429);
    const otherNetwork = await fileAsVisitor(visitor, form('seis-otra@example.com'), {
      'x-forwarded-for': '2001:db8:77:2::1',
    });
    expect(otherNetwork.status).toBe(201);
  });

  const png = () =>
    sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();

  it('limits a visitor’s uploads per address', async () => {
    const visitor = browser(server);
    const bytes = await png();
    const limit = LIMITS.pqrUpload.ip?.limit ?? 0;
    const upload = () =>
      visitor.send('POST', '/api/pqr/adjuntos', bytes, {
        'content-type': 'image/png',
        'x-forwarded-for': '10.7.0.1',
      });
    for (let i = 0; i < limit; i++) expect((await upload()).status).toBe(201);
    expect((await upload()).status).toBe(429);
  });

  it('limits a signed-in person’s uploads per account, from any address', async () => {
    const customer = await signedUpCustomer(server);
    const bytes = await png();
    const limit = LIMITS.pqrUploadAccount.account?.limit ?? 0;
    const upload = (i: number) =>
      customer.client.send('POST', '/api/pqr/adjuntos', bytes, {
        'content-type': 'image/png',
        'x-forwarded-for': `10.6.${Math.floor(i / 200)}.${i % 200}`,
      });
    for (let i = 0; i < limit; i++) expect((await upload(i)).status).toBe(201);
    expect((await upload(limit)).status).toBe(429);
  });
});
