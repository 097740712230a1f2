// Queuing notices on every driver: any number of them in one statement (a dispatch of thousands), each stored with
// its template, phone, cleaned parameters and fallback (or none), once per event and template however often queued,
// nothing queued when its parameters do not fit its template; and the JSON lists the move's reads send as one
// parameter.
import { randomUUID } from 'node:crypto';
import { asc, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { signedUpCustomer, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { inJsonList } from '../db/json-list.ts';
import { type NoticeFallback, notices, users } from '../db/schema.ts';
import { type NewNotice, queueNotices } from './queue.ts';

const FALLBACK: NoticeFallback = {
  kind: 'move',
  brandName: 'Casillero',
  appUrl: 'http://localhost:3000',
  state: 'en_transito',
  note: 'Despacho 7 · Avianca Cargo',
  carrier: '',
  carrierGuide: '',
};

describe.each(drivers)('queueNotices on %s', (driver) => {
  let server: TestServer;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer(driver);
    userId = (await signedUpCustomer(server)).record.id;
  });
  afterAll(() => server?.close());

  const stored = (prefix: string) =>
    server.db
      .select()
      .from(notices)
      .where(like(notices.eventKey, `${prefix}%`))
      .orderBy(asc(notices.id));

  it('stores 2,500 notices in order with their parameters and fallback, and each event once', async () => {
    const prefix = `queue:${randomUUID()}:`;
    const list: NewNotice[] = Array.from({ length: 2500 }, (_, i) => ({
      eventKey: `${prefix}${i}`,
      userId,
      packageNumber: null,
      eventId: i % 2 ? i : null,
      template: 'paquete_en_transito',
      toPhone: '573001112233',
      parameters: [
        i === 0 ? ' Ana\n\tMaría ' : 'Ana',
        String(i),
        i === 1 ? '' : `http://localhost:3000/p/${i}`,
      ],
      fallback: i % 3 ? FALLBACK : null,
    }));
    await server.db.transaction((tx) => queueNotices(tx, list));
    const rows = await stored(prefix);
    expect(rows.map((row) => row.eventKey)).toEqual(list.map((notice) => notice.eventKey));
    expect(rows[0]).toMatchObject({
      userId,
      packageNumber: null,
      eventId: null,
      template: 'paquete_en_transito',
      toPhone: '573001112233',
      parameters: ['Ana María', '0', 'http://localhost:3000/p/0'],
      fallback: null,
      state: 'queued',
      attempts: 0,
    });
    expect(rows[1]).toMatchObject({ eventId: 1, parameters: ['Ana', '1', '-'], fallback: FALLBACK });
    expect(rows.filter((row) => row.fallback === null)).toHaveLength(834);

    // The same events again, with a new one: only the new one is stored.
    const again = [...list.slice(0, 10), { ...(list[5] as NewNotice), eventKey: `${prefix}new` }];
    await server.db.transaction((tx) => queueNotices(tx, again));
    expect(await stored(prefix)).toHaveLength(2501);
  });

  it('queues nothing when a notice has the wrong number of parameters', async () => {
    const prefix = `queue:${randomUUID()}:`;
    const good: NewNotice = {
      eventKey: `${prefix}good`,
      userId,
      packageNumber: null,
      eventId: null,
      template: 'paquete_entregado',
      toPhone: '573001112233',
      parameters: ['Ana', '1', 'http://localhost:3000/p/1'],
      fallback: null,
    };
    const bad = { ...good, eventKey: `${prefix}bad`, parameters: ['Ana'] };
    await expect(server.db.transaction((tx) => queueNotices(tx, [good, bad]))).rejects.toThrow(
      'paquete_entregado takes 3 parameters, not 1',
    );
    expect(await stored(prefix)).toEqual([]);
  });

  it('reads a list of any length sent as one JSON parameter, numbers and texts alike', async () => {
    const numbers = Array.from({ length: 3000 }, (_, i) => i * 2);
    const evens = await server.db.execute(
      sql`select count(*)::int as n from generate_series(1, 6000) as g(n) where ${inJsonList(sql`g.n`, numbers)}`,
    );
    expect((evens as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(2999);
    const found = await server.db
      .select({ id: users.id })
      .from(users)
      .where(inJsonList(users.id, [userId, "nadie'); drop table users; --"]));
    expect(found).toEqual([{ id: userId }]);
  });
});
