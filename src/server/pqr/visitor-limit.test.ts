// A visitor filing 50 PQR in a minute is stopped like a registration burst: per address and per e-mail, with the
// Spanish 429 and Retry-After; and a visitor's uploads are limited per address too. On every driver.
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { browser, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { pqrs } from '../db/schema.ts';
import { LIMITS } from '../security/rate-limit.ts';

const form = (email: string) => ({
  type: 'queja',
  name: 'Visitante Insistente',
  idNumber: '10203040',
  email,
  description: 'Una queja más de las muchas que voy a enviar en un minuto.',
});

describe.each(drivers)('PQR visitor limits on %s', (driver) => {
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
          await visitor.post('/api/pqr/visitante', form(`rafaga${i}@example.com`), {
            'x-forwarded-for': '10.9.0.1',
          })
        ).status,
      );
    const ipLimit = LIMITS.pqrVisitor.ip?.limit ?? 0;
    expect(statuses.filter((status) => status === 201)).toHaveLength(ipLimit);
    expect(statuses.slice(ipLimit).every((status) => status === 429)).toBe(true);
    const blocked = await visitor.post('/api/pqr/visitante', form('otra@example.com'), {
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
          await visitor.post('/api/pqr/visitante', form('misma@example.com'), {
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

  it('limits a visitor’s uploads per address', async () => {
    const visitor = browser(server);
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const limit = LIMITS.pqrUpload.ip?.limit ?? 0;
    const upload = () =>
      visitor.send('POST', '/api/pqr/adjuntos', png, {
        'content-type': 'image/png',
        'x-forwarded-for': '10.7.0.1',
      });
    for (let i = 0; i < limit; i++) expect((await upload()).status).toBe(201);
    expect((await upload()).status).toBe(429);
  });
});
