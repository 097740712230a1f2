// The PQR and the person's rights, on every driver: their PQR (thread without internal notes) in 'Mis datos'
// export; an account's deletion keeps the PQR with name, ID and radicado and says so; and a backup restored into
// an empty database keeps every PQR, and the next radicado comes after them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, openTestDatabase } from '../../../test/support/database.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { createBackup, restoreBackup } from '../db/backup.ts';
import { outbox, pqrEvents, pqrs } from '../db/schema.ts';
import { PQR_KEPT_ON_DELETION } from './privacy.ts';

const DESCRIPTION = 'Quiero saber qué datos míos tienen y por qué me llegan correos.';

describe.each(drivers)('PQR privacy on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'pqr-privacy-admin@example.com'));
  });
  afterAll(() => server?.close());

  it('exports the customer’s PQR with their thread, never the internal notes', async () => {
    const customer = await signedUpCustomer(server);
    const filed = await customer.client.post('/api/pqr', { type: 'peticion', description: DESCRIPTION });
    const path = `/api/admin/pqr/${encodeURIComponent(filed.body.radicado)}`;
    await admin.post(`${path}/notas`, { text: 'Nota que el cliente no ve' });
    await admin.post(`${path}/respuesta`, { text: 'Tenemos tu nombre, cédula, correo y direcciones.' });
    const exported = await customer.client.get('/api/me/export');
    expect(exported.status).toBe(200);
    const data = typeof exported.body === 'string' ? JSON.parse(exported.body) : exported.body;
    expect(data.pqr).toHaveLength(1);
    expect(data.pqr[0]).toMatchObject({
      radicado: filed.body.radicado,
      tipo: 'Petición',
      descripcion: DESCRIPTION,
    });
    expect(data.pqr[0].actuaciones.map((event: { tipo: string }) => event.tipo)).toEqual([
      'radicada',
      'respuesta',
    ]);
    expect(JSON.stringify(data)).not.toContain('Nota que el cliente no ve');
  });

  it('keeps the PQR with name, ID and radicado when the account is deleted, and says so', async () => {
    const customer = await signedUpCustomer(server, { name: 'Rosa Borrada' });
    const filed = await customer.client.post('/api/pqr', { type: 'queja', description: DESCRIPTION });
    const deleted = await customer.client.post('/api/me/delete', { password: customer.form.password });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message.endsWith(PQR_KEPT_ON_DELETION)).toBe(true);
    const [row] = await server.db.select().from(pqrs).where(eq(pqrs.radicado, filed.body.radicado));
    expect(row).toMatchObject({
      radicado: filed.body.radicado,
      name: 'Rosa Borrada',
      idNumber: customer.record.cedula,
      email: '',
      description: DESCRIPTION,
    });
    const detail = await admin.get(`/api/admin/pqr/${encodeURIComponent(filed.body.radicado)}`);
    expect(detail.body.customer).toMatchObject({ name: 'Rosa Borrada', deleted: true, email: '' });
    // An answer is still recorded; there is no address left to mail it to.
    const before = await server.db.select().from(outbox);
    const answered = await admin.post(`/api/admin/pqr/${encodeURIComponent(filed.body.radicado)}/respuesta`, {
      text: 'Respuesta registrada.',
    });
    expect(answered.status).toBe(200);
    expect((await server.db.select().from(outbox)).length).toBe(before.length);
    // A customer without PQR is not told about them.
    const plain = await signedUpCustomer(server);
    const plainDeleted = await plain.client.post('/api/me/delete', { password: plain.form.password });
    expect(plainDeleted.body.message).not.toContain('PQR');
  });

  it('backs up and restores every PQR; the next radicado follows the restored ones', async () => {
    const customer = await signedUpCustomer(server);
    const filed = await customer.client.post('/api/pqr', { type: 'reclamo', description: DESCRIPTION });
    const backup = await createBackup(server.db);
    const target = await startTestServer(await openTestDatabase(driver));
    try {
      const counts = await restoreBackup(target.db, backup);
      expect(counts.pqrs).toBeGreaterThanOrEqual(3);
      expect(counts.pqr_events).toBe((await server.db.select().from(pqrEvents)).length);
      const [restored] = await target.db.select().from(pqrs).where(eq(pqrs.radicado, filed.body.radicado));
      expect(restored?.description).toBe(DESCRIPTION);
      const highest = Math.max(
        ...(await target.db.select({ n: pqrs.number }).from(pqrs)).map((row) => row.n),
      );
      const again = await signedUpCustomer(target);
      const next = await again.client.post('/api/pqr', { type: 'queja', description: DESCRIPTION });
      expect(Number(next.body.radicado.slice(-6))).toBe(highest + 1);
    } finally {
      await target.close();
    }
  });
});
