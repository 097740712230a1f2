// The morning reminders, on every driver: from the configured hour in Bogotá, admins get one mail with the PQR due
// within 3 business days and those past due; each PQR once per day, even when two instances run at once.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { signedUpCustomer, startTestServerWithAdmin, type TestServer } from '../../../test/support/server.ts';
import { outbox, pqrReminders, pqrs } from '../db/schema.ts';
import { sendPqrReminders } from './reminders.ts';
import { pqrSettingsOf } from './settings.ts';

const ADMIN = 'pqr-reminders-admin@example.com';
const DESCRIPTION = 'Necesito saber por qué me cobraron dos veces el mismo envío.';

describe.each(drivers)('PQR reminders on %s', (driver) => {
  let server: TestServer;
  const radicados: string[] = [];
  beforeAll(async () => {
    ({ server } = await startTestServerWithAdmin(driver, ADMIN));
    const customer = await signedUpCustomer(server);
    for (const due of ['2026-11-20', '2026-12-03', '2026-12-20']) {
      const filed = await customer.client.post('/api/pqr', { type: 'queja', description: DESCRIPTION });
      radicados.push(filed.body.radicado);
      await server.db.update(pqrs).set({ runningDue: due }).where(eq(pqrs.radicado, filed.body.radicado));
    }
  });
  afterAll(() => server?.close());

  const mailsToAdmin = () => server.db.select().from(outbox).where(eq(outbox.toAddress, ADMIN));

  it('mails the due-soon and overdue PQR once per day, whichever instance runs first', async () => {
    const settings = pqrSettingsOf(server.config);
    const before = (await mailsToAdmin()).length;
    // 06:00 in Bogotá: before the reminder hour (7).
    expect(await sendPqrReminders(server.db, settings, new Date('2026-12-01T11:00:00Z'))).toBe(0);
    // 08:00 on Tuesday 1 Dec: one overdue, one due Thursday 3 Dec (2 business days); 20 Dec is far.
    const morning = new Date('2026-12-01T13:00:00Z');
    expect(await sendPqrReminders(server.db, settings, morning)).toBe(2);
    const mails = (await mailsToAdmin()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('CasilleroYa: 2 PQR por responder (1 vencidas)');
    expect(mails[0]?.text).toContain(`${radicados[0]} · Queja`);
    expect(mails[0]?.text).toContain('(Vencida)');
    expect(mails[0]?.text).toContain(`${radicados[1]} · Queja`);
    expect(mails[0]?.text).toContain('(2 días hábiles)');
    expect(mails[0]?.text).not.toContain(radicados[2]);
    expect(mails[0]?.text).toContain('silencio administrativo positivo');

    // Later the same day, and two instances at once: nothing more.
    const later = new Date('2026-12-01T20:00:00Z');
    expect(await sendPqrReminders(server.db, settings, later)).toBe(0);
    expect((await mailsToAdmin()).length).toBe(before + 1);

    // The next morning, two instances at once: the two PQR are reminded once between them.
    const next = new Date('2026-12-02T12:30:00Z');
    const counts = await Promise.all([
      sendPqrReminders(server.db, settings, next),
      sendPqrReminders(server.db, settings, next),
    ]);
    expect(counts[0] + counts[1]).toBe(2);
    expect((await mailsToAdmin()).length).toBe(before + 2);
    const keys = await server.db
      .select()
      .from(pqrReminders)
      .where(inArray(pqrReminders.day, ['2026-12-01', '2026-12-02']));
    expect(keys).toHaveLength(4);
  });

  it('stops reminding a PQR once it is answered', async () => {
    const settings = pqrSettingsOf(server.config);
    await server.db.update(pqrs).set({ state: 'respondida' }).where(inArray(pqrs.radicado, radicados));
    expect(await sendPqrReminders(server.db, settings, new Date('2026-12-03T13:00:00Z'))).toBe(0);
  });
});
