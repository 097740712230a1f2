// Liveness and readiness on every driver: live answers while the process does; ready only while the database
// answers, holds this code's newest migration and no queue has a row due with no worker taking it.
import { isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { getPlain, waitingMail } from '../../../test/support/metrics.ts';
import { startTestServer } from '../../../test/support/server.ts';
import { outbox, paymentEvents } from '../db/schema.ts';
import { QUEUE_STUCK_SECONDS } from './routes.ts';

const json = async (server: Parameters<typeof getPlain>[0], path: string) => {
  const answer = await getPlain(server, path);
  return { status: answer.status, body: JSON.parse(answer.text) };
};

describe.each(drivers)('health on %s', (driver) => {
  it('is live and ready, and keeps /api/health as it was', async () => {
    const server = await startTestServer(driver);
    try {
      expect(await json(server, '/api/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await json(server, '/api/health/ready')).toEqual({
        status: 200,
        body: { status: 'ok', database: true, migrations: true, queues: true, stuck: [] },
      });
      expect(await json(server, '/api/health')).toEqual({
        status: 200,
        body: { status: 'ok', database: true },
      });
      expect(
        (await server.app.request('http://localhost:3000/api/health/ready')).headers.get('cache-control'),
      ).toBe('no-store');
    } finally {
      await server.close();
    }
  });

  it('is not ready while a queue has a row due that no worker takes, nor without the newest migration', async () => {
    const server = await startTestServer(driver);
    try {
      // No worker here any more; a mail has been due for longer than the bound.
      await server.mail.stop();
      await waitingMail(server, { nextAttemptAt: new Date(Date.now() - (QUEUE_STUCK_SECONDS + 60) * 1000) });
      const stuck = await json(server, '/api/health/ready');
      expect(stuck).toEqual({
        status: 503,
        body: { status: 'unavailable', database: true, migrations: true, queues: false, stuck: ['mail'] },
      });
      expect((await json(server, '/api/health/live')).status).toBe(200);
      // A mail due a minute ago is a queue at work, not a stuck one.
      await server.db
        .update(outbox)
        .set({ nextAttemptAt: new Date(Date.now() - 60_000) })
        .where(isNull(outbox.sentAt));
      expect((await json(server, '/api/health/ready')).status).toBe(200);
      // A Wompi event stored long ago and never applied (no worker here: Wompi is off) is a stuck queue too.
      await server.db.insert(paymentEvents).values({
        transactionId: '1234-1-stuck',
        status: 'APPROVED',
        reference: 'CY99999998',
        amountInCents: 8_500_000,
        currency: 'COP',
        via: 'evento',
        outcome: 'recibido',
        receivedAt: new Date(Date.now() - (QUEUE_STUCK_SECONDS + 60) * 1000),
      });
      expect((await json(server, '/api/health/ready')).body).toMatchObject({
        queues: false,
        stuck: ['payments'],
      });
      await server.db.delete(paymentEvents);
      expect((await json(server, '/api/health/ready')).status).toBe(200);

      await server.db.execute(sql`
        delete from drizzle.__drizzle_migrations
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      expect(await json(server, '/api/health/ready')).toMatchObject({
        status: 503,
        body: { status: 'unavailable', database: true, migrations: false },
      });
    } finally {
      await server.close();
    }
  });

  it('is live but not ready once the database is gone', async () => {
    const server = await startTestServer(driver);
    await server.close();
    expect(await json(server, '/api/health/ready')).toEqual({
      status: 503,
      body: { status: 'unavailable', database: false, migrations: false, queues: false, stuck: [] },
    });
    expect((await json(server, '/api/health/live')).status).toBe(200);
  });
});
