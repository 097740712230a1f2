// Hostile values in every field of a pre-alert, its edit, the list's search and the invoice upload: never a 5xx,
// never a package without its event, never a change to another's package.
import { count, eq, notExists } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileText, hostileValue, payload, rawBody } from '../../../test/support/hostile.ts';
import { properties } from '../../../test/support/properties.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServer,
  type TestServer,
} from '../../../test/support/server.ts';
import { files, packageEvents, packages } from '../db/schema.ts';

const PREALERT_KEYS = ['guide', 'store', 'content', 'declaredValue', 'quantity', 'address', 'instructions'];

describe('fuzzing the packages API', () => {
  let server: TestServer;
  let client: ReturnType<typeof browser>;
  let number: number;
  let sequence = 0;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    client = (await signedUpCustomer(server)).client;
    number = (
      await client.post('/api/packages', { guide: 'TBA000000000001', content: 'Base', declaredValue: '1' })
    ).body.package.number;
  });
  afterAll(() => server?.close());

  /** Every package has its first event, and no half-stored rows exist. */
  async function consistent() {
    const [orphans] = await server.db
      .select({ n: count() })
      .from(packages)
      .where(
        notExists(
          server.db.select().from(packageEvents).where(eq(packageEvents.packageNumber, packages.number)),
        ),
      );
    expect(orphans?.n).toBe(0);
  }

  it('answers hostile pre-alerts, edits and searches with a 4xx or a whole package', async () => {
    const valid = () => ({
      guide: `TBM${String(++sequence).padStart(12, '0')}`,
      content: 'Ropa',
      declaredValue: '10',
    });
    await fc.assert(
      fc.asyncProperty(payload(PREALERT_KEYS), async (body) => {
        const response = await client.post('/api/packages', body);
        expect(response.status, JSON.stringify(body)?.slice(0, 200)).toBeLessThan(500);
      }),
      properties(300),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PREALERT_KEYS), hostileValue, async (key, value) => {
        const response = await client.post('/api/packages', { ...valid(), [key]: value });
        expect(response.status, `${key}=${JSON.stringify(value)?.slice(0, 100)}`).toBeLessThan(500);
        if (response.status === 201) expect(response.body.package.events).toHaveLength(1);
      }),
      properties(300),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PREALERT_KEYS), hostileValue, async (key, value) => {
        const response = await client.patch(`/api/packages/${number}`, { ...valid(), [key]: value });
        expect(response.status).toBeLessThan(500);
      }),
      properties(200),
    );
    await fc.assert(
      fc.asyncProperty(rawBody, async (raw) => {
        const response = await client.send('POST', '/api/packages', raw, {
          'content-type': 'application/json',
        });
        expect(response.status).toBeLessThan(500);
      }),
      properties(100),
    );
    await fc.assert(
      fc.asyncProperty(
        hostileText,
        hostileText,
        fc.oneof(fc.integer(), hostileText),
        async (q, estado, page) => {
          const query = new URLSearchParams({ q: q.slice(0, 2000), estado, page: String(page) });
          const response = await client.get(`/api/packages?${query}`);
          expect(response.status, q).toBeLessThan(500);
        },
      ),
      properties(200),
    );
    await fc.assert(
      fc.asyncProperty(hostileText, async (path) => {
        // Lone surrogates cannot be put in a URL at all: the browser sends U+FFFD instead.
        const wellFormed = path.replace(/[\uD800-\uDFFF]/g, '\uFFFD');
        const response = await client.get(`/api/packages/${encodeURIComponent(wellFormed)}`);
        expect(response.status).toBeLessThan(500);
      }),
      properties(100),
    );
    await consistent();
  });

  it('refuses random bytes as an invoice and stores none', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.constantFrom('application/pdf', 'image/png', 'application/octet-stream'),
        async (bytes, type) => {
          const response = await client.upload(`/api/packages/${number}/invoice`, bytes, type);
          expect(response.status).toBe(400);
        },
      ),
      properties(150),
    );
    const [stored] = await server.db.select({ n: count() }).from(files);
    expect(stored?.n).toBe(0);
  });
});
