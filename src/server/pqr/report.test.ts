// The PQR report for a range of filing days, on PGlite: by tipo and state, answered on time or late, overdue,
// the average business days to answer, and the same as CSV.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { pqrs } from '../db/schema.ts';

const DESCRIPTION = 'Me cobraron un valor distinto al que mostraba la calculadora.';

describe.each(logicDrivers)('PQR report on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'pqr-report-admin@example.com'));
    const customer = await signedUpCustomer(server);
    // Filed Tuesday 2 Dec 2025 (due 24 Dec): answered on 5 Dec (3 business days), on 29 Dec (late), never.
    const rows = [
      { type: 'queja', answeredAt: '2025-12-05T15:00:00Z' },
      { type: 'reclamo', answeredAt: '2025-12-29T15:00:00Z' },
      { type: 'reclamo', answeredAt: null },
    ];
    for (const row of rows) {
      const filed = await customer.client.post('/api/pqr', { type: row.type, description: DESCRIPTION });
      await server.db
        .update(pqrs)
        .set({
          filedAt: new Date('2025-12-02T15:00:00Z'),
          dueDate: '2025-12-24',
          runningDue: '2025-12-24',
          firstAnsweredAt: row.answeredAt ? new Date(row.answeredAt) : null,
          state: row.answeredAt ? 'respondida' : 'radicada',
        })
        .where(eq(pqrs.radicado, filed.body.radicado));
    }
    // Outside the range: filed on 3 Dec in Bogotá (00:30 on 4 Dec UTC is 19:30 on 3 Dec).
    const outside = await customer.client.post('/api/pqr', { type: 'peticion', description: DESCRIPTION });
    await server.db
      .update(pqrs)
      .set({ filedAt: new Date('2025-12-04T00:30:00Z') })
      .where(eq(pqrs.radicado, outside.body.radicado));
  });
  afterAll(() => server?.close());

  it('counts by tipo and state, on time, late and overdue, and averages business days to answer', async () => {
    const report = await admin.get('/api/admin/pqr/reporte?from=2025-12-01&to=2025-12-02');
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      from: '2025-12-01',
      to: '2025-12-02',
      total: 3,
      answeredOnTime: 1,
      answeredLate: 1,
      overdue: 1,
    });
    // 5 Dec: 3 business days; 29 Dec: 17 (8 and 25 Dec skipped) → 10.
    expect(report.body.averageBusinessDaysToAnswer).toBe(10);
    const byType = Object.fromEntries(
      report.body.byType.map((entry: { label: string; count: number }) => [entry.label, entry.count]),
    );
    expect(byType).toMatchObject({ Queja: 1, Reclamo: 2, Petición: 0, 'Solicitud de indemnización': 0 });
    const byState = Object.fromEntries(
      report.body.byState.map((entry: { label: string; count: number }) => [entry.label, entry.count]),
    );
    expect(byState).toMatchObject({ Respondida: 2, Radicada: 1 });
    const withNext = await admin.get('/api/admin/pqr/reporte?from=2025-12-02&to=2025-12-03');
    expect(withNext.body.total).toBe(4);
  });

  it('downloads the same as CSV and refuses a backwards range', async () => {
    const csv = await admin.get('/api/admin/pqr/reporte.csv?from=2025-12-01&to=2025-12-02');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="pqr-2025-12-01-a-2025-12-02.csv"',
    );
    expect(csv.body).toContain('"Oportunidad","Respondidas a tiempo","1"');
    expect(csv.body).toContain('"Por tipo","Reclamo","2"');
    expect(csv.body).toContain('"Oportunidad","Promedio de días hábiles para responder","10"');
    const backwards = await admin.get('/api/admin/pqr/reporte?from=2026-12-05&to=2026-12-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.message).toBe('La fecha final debe ser igual o posterior a la inicial.');
  });
});
