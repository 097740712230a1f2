// Issue 30 item 9 on PGlite: an answer is notified when its mail is sent, not when it is queued. While the
// mail cannot be sent (here the SMTP server refuses every connection) the answer is not notified: the review term has
// not started, the report does not count it answered, the 'Expediente' says so and staff see why. Once the mail is
// sent, that time is its notification.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { customerPqrPath, filePqr, newestMailTo, staffPqrPath } from '../../../test/support/pqr.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { pqrMessages } from '../../shared/pqr/forms.ts';
import { outbox, pqrs } from '../db/schema.ts';

describe.each(logicDrivers)('PQR answer notification on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    // Port 1 on this machine: every delivery fails at once with ECONNREFUSED.
    ({ server, admin } = await startTestServerWithAdmin(driver, 'pqr-notified-admin@example.com', {
      SMTP_URL: 'smtp://127.0.0.1:1',
    }));
  });
  afterAll(() => server?.close());

  it('is not notified while its mail fails, and staff see why; notified when the mail is sent', async () => {
    const customer = await signedUpCustomer(server, { name: 'Sofía Notificada' });
    const radicado = await filePqr(customer);
    const answered = await admin.post(`${staffPqrPath(radicado)}/respuesta`, {
      text: 'Encontramos tu paquete en la portería.',
    });
    expect(answered.status).toBe(200);
    await server.mail.deliverDue();
    const mail = await newestMailTo(server, customer.record.email);
    expect(mail).toMatchObject({ sentAt: null, attempts: 1 });
    expect(mail.lastError).toMatch(/ECONNREFUSED/);

    const thread = await customer.client.get(customerPqrPath(radicado));
    expect(thread.body.events.at(-1)).toMatchObject({ kind: 'respuesta', notifiedAt: null });
    expect(thread.body.answeredAt).toBeNull();
    expect(thread.body.review).toMatchObject({ open: false, closesOn: null });
    const review = await customer.client.post(`${customerPqrPath(radicado)}/reposicion`, {
      text: 'No estoy de acuerdo con la respuesta que me dieron.',
    });
    expect(review.status).toBe(409);
    expect(review.body.error.message).toBe(pqrMessages.reviewNotAnswered);
    const detail = await admin.get(staffPqrPath(radicado));
    expect(detail.body.unsentAnswers).toEqual([
      {
        eventId: detail.body.events.at(-1).id,
        at: detail.body.events.at(-1).at,
        message: pqrMessages.answerUnsent(1, mail.lastError),
      },
    ]);
    const [row] = await server.db.select().from(pqrs).where(eq(pqrs.radicado, radicado));
    expect(row?.firstAnsweredAt).toBeNull();

    // The mail goes out (as the worker records a delivery): that moment is the notification, set once.
    const sentAt = new Date(Date.now() - 60_000);
    await server.db.update(outbox).set({ sentAt }).where(eq(outbox.id, mail.id));
    const notified = await customer.client.get(customerPqrPath(radicado));
    expect(notified.body.events.at(-1).notifiedAt).toBe(sentAt.toISOString());
    expect(notified.body.review.open).toBe(true);
    expect((await admin.get(staffPqrPath(radicado))).body.unsentAnswers).toEqual([]);
    const [after] = await server.db.select().from(pqrs).where(eq(pqrs.radicado, radicado));
    expect(after?.firstAnsweredAt?.toISOString()).toBe(sentAt.toISOString());
    await server.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, mail.id));
    const again = await customer.client.get(customerPqrPath(radicado));
    expect(again.body.events.at(-1).notifiedAt).toBe(sentAt.toISOString());
  });
});
