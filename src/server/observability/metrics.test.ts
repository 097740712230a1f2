// /metrics on every driver: behind METRICS_TOKEN (unset: 404), Prometheus' text with the requests by route pattern
// and status of this instance alone (two instances count their own), its failures by kind, the queues, and the
// business' gauges (packages by state, open PQR past due or due today, cash not closed), read at most once a minute.
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { deliveryWorld } from '../../../test/support/delivery.ts';
import {
  getPlain as get,
  METRICS_TOKEN,
  scrape,
  seriesValue,
  waitingMail,
} from '../../../test/support/metrics.ts';
import { deliveredRoute } from '../../../test/support/money.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import { filePqr } from '../../../test/support/pqr.ts';
import { signedUpCustomer, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { bogotaDay } from '../../shared/pqr/business-days.ts';
import { deliveryRoutes, pqrs } from '../db/schema.ts';

describe.each(drivers)('/metrics on %s', (driver) => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it('answers 404 without METRICS_TOKEN, 401 without its bearer, and the text with it', async () => {
    const plain = await startTestServer(driver);
    servers.push(plain);
    expect((await get(plain, '/metrics')).status).toBe(404);
    expect((await get(plain, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(404);

    const guarded = await startTestServer(driver, { METRICS_TOKEN });
    servers.push(guarded);
    expect((await get(guarded, '/metrics')).status).toBe(401);
    expect(
      (await get(guarded, '/metrics', { authorization: 'Bearer otro-token-cualquiera-0123456789' })).status,
    ).toBe(401);
    const answer = await get(guarded, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.text).toContain('# TYPE casillero_http_requests_total counter');
    expect(answer.text).toContain('process_cpu_user_seconds_total');
  });

  it('counts each instance its own requests by route pattern and status, and its own failures', async () => {
    const a = await startTestServer(driver, { METRICS_TOKEN });
    // B's mail cannot leave (nothing listens on port 1): each attempt is a failure of kind mail.
    const b = await startTestServer(driver, { METRICS_TOKEN, SMTP_URL: 'smtp://127.0.0.1:1' });
    servers.push(a, b);
    for (let i = 0; i < 3; i++) expect((await get(a, '/api/health/live')).status).toBe(200);
    expect((await get(b, '/api/health/live')).status).toBe(200);
    const customer = await signedUpCustomer(a);
    expect((await customer.client.get('/api/packages/123456')).status).toBe(404);
    await signedUpCustomer(b);
    await b.mail.deliverDue();

    const live = 'casillero_http_requests_total{method="GET",route="/api/health/live",status="200"}';
    const [textA, textB] = [await scrape(a), await scrape(b)];
    expect(seriesValue(textA, live)).toBe(3);
    expect(seriesValue(textB, live)).toBe(1);
    expect(
      seriesValue(
        textA,
        'casillero_http_request_duration_seconds_count{method="GET",route="/api/health/live",status="200"}',
      ),
    ).toBe(3);
    expect(
      seriesValue(
        textA,
        'casillero_http_requests_total{method="GET",route="/api/packages/:number",status="404"}',
      ),
    ).toBe(1);
    expect(
      seriesValue(
        textB,
        'casillero_http_requests_total{method="GET",route="/api/packages/:number",status="404"}',
      ),
    ).toBeUndefined();
    expect(textA).not.toContain('123456');
    expect(seriesValue(textB, 'casillero_failures_total{kind="mail"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(textA, 'casillero_failures_total{kind="mail"}')).toBeUndefined();
    // The scrape counts too, once read.
    expect(
      seriesValue(
        await scrape(a),
        'casillero_http_requests_total{method="GET",route="/metrics",status="200"}',
      ),
    ).toBe(1);
    if (driver === 'postgres') expect(textA).toMatch(/casillero_db_pool_connections\{state="total"\} \d+/);
  });

  it("reads the business' gauges at most once a minute by default, the queues at every scrape", async () => {
    const server = await startTestServer(driver, { METRICS_TOKEN });
    servers.push(server);
    await server.mail.stop();
    const first = await scrape(server);
    expect(seriesValue(first, 'casillero_pqr_open_due{when="past_due"}')).toBe(0);
    const depth = seriesValue(first, 'casillero_queue_depth{queue="mail"}') ?? 0;

    const customer = await signedUpCustomer(server);
    const late = await filePqr(customer);
    const yesterday = bogotaDay(new Date(Date.now() - 86_400_000));
    await server.db.update(pqrs).set({ runningDue: yesterday }).where(eq(pqrs.radicado, late));
    await waitingMail(server, { createdAt: new Date() });

    const second = await scrape(server);
    expect(seriesValue(second, 'casillero_queue_depth{queue="mail"}')).toBeGreaterThan(depth);
    expect(seriesValue(second, 'casillero_pqr_open_due{when="past_due"}')).toBe(0);
  });

  describe('the gauges read at the scrape', () => {
    const world = deliveryWorld(driver, {
      admin: 'metricas-admin@example.com',
      customer: 'Pilar Medida',
      couriers: ['Tomás Mensajero'],
      // Read at every scrape, so each change below shows at the next one.
      env: { METRICS_TOKEN, METRICS_BUSINESS_SECONDS: '0' },
    });

    it('give the queues, the packages by state, the PQR due, and the cash not closed', async () => {
      const { server, admin, customer, courier } = world;
      // The mail worker stopped, a mail queued ten minutes ago waits.
      await server.mail.stop();
      await waitingMail(server, { createdAt: new Date(Date.now() - 600_000) });
      await receivedPackage(customer, admin);
      const late = await filePqr(customer);
      const today = await filePqr(customer);
      const yesterday = bogotaDay(new Date(Date.now() - 86_400_000));
      await server.db.update(pqrs).set({ runningDue: yesterday }).where(eq(pqrs.radicado, late));
      await server.db
        .update(pqrs)
        .set({ runningDue: bogotaDay(new Date()) })
        .where(eq(pqrs.radicado, today));
      const route = await deliveredRoute(server, admin, customer, courier, ['efectivo']);

      let text = await scrape(server);
      expect(seriesValue(text, 'casillero_queue_depth{queue="mail"}')).toBeGreaterThanOrEqual(1);
      expect(seriesValue(text, 'casillero_queue_oldest_age_seconds{queue="mail"}')).toBeGreaterThanOrEqual(
        600,
      );
      expect(seriesValue(text, 'casillero_queue_depth{queue="whatsapp"}')).toBe(0);
      expect(seriesValue(text, 'casillero_packages{state="recibido"}')).toBe(1);
      expect(seriesValue(text, 'casillero_packages{state="en_transito"}')).toBe(0);
      // Final states only grow: not counted.
      expect(seriesValue(text, 'casillero_packages{state="entregado"}')).toBeUndefined();
      expect(seriesValue(text, 'casillero_pqr_open_due{when="past_due"}')).toBe(1);
      expect(seriesValue(text, 'casillero_pqr_open_due{when="today"}')).toBe(1);
      expect(seriesValue(text, 'casillero_cash_unclosed_routes{day="today"}')).toBe(1);
      expect(seriesValue(text, 'casillero_cash_unclosed_cop{day="today"}')).toBe(route.toPay[0]);
      expect(seriesValue(text, 'casillero_cash_unclosed_routes{day="earlier"}')).toBe(0);
      expect(seriesValue(text, 'casillero_database_up')).toBe(1);

      // The same route a day later, still not closed: a close missing at the end of a day.
      await server.db
        .update(deliveryRoutes)
        .set({ date: sql`(${deliveryRoutes.date}::date - 1)::text` })
        .where(eq(deliveryRoutes.id, route.id));
      text = await scrape(server);
      expect(seriesValue(text, 'casillero_cash_unclosed_routes{day="earlier"}')).toBe(1);
      expect(seriesValue(text, 'casillero_cash_unclosed_routes{day="today"}')).toBe(0);
    });
  });
});
