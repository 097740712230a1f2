// Answering PQR through the staff API, on PGlite: the inbox by due date with its filters, search and 'Vencida',
// 'Responder' (mailed with the right-to-review sentence, its notification time kept), internal notes the customer
// never sees, the allowed state moves, the customer's review within 5 business days (and refused after, with the
// day it closed), and 'Enviada a la SIC' only after an appealed review.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import {
  customerPqrPath,
  fileAsVisitor,
  newestMailTo,
  PQR_DESCRIPTION,
  staffPqrPath,
} from '../../../test/support/pqr.ts';
import {
  browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { formatCalendarDay } from '../../shared/dates.ts';
import { businessCalendar } from '../../shared/pqr/business-days.ts';
import { pqrEvents, pqrs } from '../db/schema.ts';

type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;
const DESCRIPTION = PQR_DESCRIPTION;
const RIGHTS =
  'Contra esta decisión procede el recurso de reposición ante CasilleroYa S.A.S. y, en subsidio, el de apelación ante la Superintendencia de Industria y Comercio, dentro de los 5 días hábiles siguientes a su notificación.';

describe.each(logicDrivers)('PQR answering on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let customer: Customer;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'pqr-answer-admin@example.com'));
    customer = await signedUpCustomer(server, { name: 'Lucía Fernández' });
  });
  afterAll(() => server?.close());

  async function file(fields: Record<string, unknown> = {}) {
    const filed = await customer.client.post('/api/pqr', {
      type: 'reclamo',
      description: DESCRIPTION,
      ...fields,
    });
    expect(filed.status).toBe(201);
    return filed.body.radicado as string;
  }
  const _staffPath = (radicado: string) => `/api/admin/pqr/${encodeURIComponent(radicado)}`;
  const _customerPath = (radicado: string) => `/api/pqr/${encodeURIComponent(radicado)}`;
  async function answer(
    radicado: string,
    text = 'Revisamos tu caso y encontramos el paquete en la portería.',
  ) {
    const answered = await admin.post(`${staffPqrPath(radicado)}/respuesta`, { text });
    expect(answered.status).toBe(200);
    // Notified when its mail is sent: the worker sends what is due now.
    await server.mail.deliverDue();
    return answered.body;
  }

  it('is for admins only', async () => {
    expect((await customer.client.get('/api/admin/pqr')).status).toBe(403);
  });

  it('lists the inbox by due date, with filters, search, days left and Vencida', async () => {
    const early = await file();
    const late = await file({ type: 'peticion' });
    await server.db.update(pqrs).set({ runningDue: '2020-01-02' }).where(eq(pqrs.radicado, early));
    const inbox = await admin.get('/api/admin/pqr?state=abiertas');
    expect(inbox.status).toBe(200);
    const radicados = inbox.body.rows.map((row: { radicado: string }) => row.radicado);
    expect(radicados.indexOf(early)).toBeLessThan(radicados.indexOf(late));
    const first = inbox.body.rows.find((row: { radicado: string }) => row.radicado === early);
    expect(first).toMatchObject({ overdue: true, customerName: 'Lucía Fernández', stateLabel: 'Radicada' });
    expect(first.businessDaysLeft).toBeLessThan(0);
    const second = inbox.body.rows.find((row: { radicado: string }) => row.radicado === late);
    expect(second).toMatchObject({ overdue: false, businessDaysLeft: 15, dueSoon: false });
    expect(inbox.body.overdueMeaning).toMatch(/silencio administrativo positivo/);
    expect(inbox.body.capped).toBe(false);

    const overdue = await admin.get('/api/admin/pqr?state=vencida');
    expect(overdue.body.rows.map((row: { radicado: string }) => row.radicado)).toEqual([early]);
    const peticiones = await admin.get('/api/admin/pqr?type=peticion');
    expect(peticiones.body.rows.every((row: { type: string }) => row.type === 'peticion')).toBe(true);
    const byRadicado = await admin.get(`/api/admin/pqr?q=${encodeURIComponent(late)}`);
    expect(byRadicado.body.rows.map((row: { radicado: string }) => row.radicado)).toEqual([late]);
    const byName = await admin.get('/api/admin/pqr?q=fernández');
    expect(byName.body.total).toBeGreaterThanOrEqual(2);
    expect((await admin.get('/api/admin/pqr?page=0')).status).toBe(400);
    expect((await admin.get('/api/admin/pqr?state=perdida')).status).toBe(400);
  });

  it('answers: mails the answer with the right to a review, keeps the notification time, moves to Respondida', async () => {
    const radicado = await file();
    const changed = await answer(radicado, 'Tu reclamo procede: <b>te devolvemos</b> el flete.');
    expect(changed.message).toBe(`Enviamos la respuesta de ${radicado} al cliente.`);
    expect(changed.pqr.state).toBe('respondida');
    const event = changed.pqr.events.at(-1);
    expect(event.text.endsWith(RIGHTS)).toBe(true);
    const mail = await newestMailTo(server, customer.record.email);
    expect(mail?.text).toContain(RIGHTS);
    expect(mail?.html).toContain('&#60;b&#62;te devolvemos&#60;/b&#62;');
    // Notified when the mail was sent, not when it was queued.
    expect(mail.sentAt).not.toBeNull();
    const thread = await customer.client.get(customerPqrPath(radicado));
    expect(thread.body.events.at(-1).notifiedAt).toBe(mail.sentAt?.toISOString());
    expect(thread.body.answeredAt).toBe(mail.sentAt?.toISOString());
    expect((await admin.get(staffPqrPath(radicado))).body.unsentAnswers).toEqual([]);
    expect(thread.body.events.at(-1).actor).toBe('Servicio al cliente');
    expect(thread.body.review.open).toBe(true);
    // Answered already: a second 'Responder' is refused until a review comes.
    const again = await admin.post(`${staffPqrPath(radicado)}/respuesta`, { text: 'Otra' });
    expect(again.status).toBe(409);
  });

  it('keeps internal notes from the customer', async () => {
    const radicado = await file();
    const noted = await admin.post(`${staffPqrPath(radicado)}/notas`, {
      text: 'Llamar a la portería del edificio.',
    });
    expect(noted.status).toBe(200);
    expect(noted.body.message).toBe('Nota interna guardada. El cliente no la ve.');
    expect(noted.body.pqr.events.some((event: { kind: string }) => event.kind === 'nota')).toBe(true);
    const thread = await customer.client.get(customerPqrPath(radicado));
    expect(JSON.stringify(thread.body)).not.toContain('portería del edificio');
  });

  it('allows only the listed state moves', async () => {
    const radicado = await file();
    const moved = await admin.post(`${staffPqrPath(radicado)}/estado`, { to: 'en_tramite' });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Estado cambiado a «En trámite».');
    const refused = await admin.post(`${staffPqrPath(radicado)}/estado`, { to: 'cerrada' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('No se puede pasar de «En trámite» a «Cerrada».');
    await answer(radicado);
    const sic = await admin.post(`${staffPqrPath(radicado)}/estado`, { to: 'enviada_sic' });
    expect(sic.status).toBe(409);
    expect(sic.body.error.message).toMatch(/Apelación/);
    const closed = await admin.post(`${staffPqrPath(radicado)}/estado`, { to: 'cerrada' });
    expect(closed.body.pqr.state).toBe('cerrada');
    const events = await server.db.select().from(pqrEvents).where(eq(pqrEvents.actorRole, 'staff'));
    expect(events.every((stored) => stored.actorId !== null)).toBe(true);
  });

  it('takes a review with Apelación within 5 business days; after the review’s answer, the SIC', async () => {
    const radicado = await file();
    await answer(radicado);
    const review = await customer.client.post(`${customerPqrPath(radicado)}/reposicion`, {
      text: 'No estoy de acuerdo: el portero dice que nunca recibió nada.',
      appeal: true,
    });
    expect(review.status).toBe(201);
    expect(review.body.message).toMatch(
      new RegExp(`^Recibimos tu recurso de reposición sobre ${radicado}\\.`),
    );
    expect(review.body.pqr.state).toBe('en_reposicion');
    expect(review.body.pqr.dueDate).toBe(businessCalendar().addBusinessDays(new Date(), 15));
    const detail = await admin.get(staffPqrPath(radicado));
    expect(detail.body.events.at(-1)).toMatchObject({ kind: 'reposicion', appeal: true });
    const twice = await customer.client.post(`${customerPqrPath(radicado)}/reposicion`, {
      text: DESCRIPTION,
    });
    expect(twice.status).toBe(409);
    await answer(radicado, 'Confirmamos nuestra decisión.');
    const sic = await admin.post(`${staffPqrPath(radicado)}/estado`, { to: 'enviada_sic' });
    expect(sic.status).toBe(200);
    expect(sic.body.pqr.stateLabel).toBe('Enviada a la SIC');
  });

  it('refuses a review after 5 business days, with the day it closed', async () => {
    const radicado = await file();
    await answer(radicado);
    const notifiedAt = new Date(Date.now() - 30 * 86_400_000);
    const [row] = await server.db.select().from(pqrs).where(eq(pqrs.radicado, radicado));
    await server.db
      .update(pqrEvents)
      .set({ notifiedAt })
      .where(and(eq(pqrEvents.pqrNumber, row?.number ?? 0), eq(pqrEvents.kind, 'respuesta')));
    const closedOn = businessCalendar().addBusinessDays(notifiedAt, 5);
    const late = await customer.client.post(`${customerPqrPath(radicado)}/reposicion`, { text: DESCRIPTION });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(
      `El plazo para pedir la revisión de esta respuesta venció el ${formatCalendarDay(closedOn)}. Puedes radicar una nueva PQR.`,
    );
    const thread = await customer.client.get(customerPqrPath(radicado));
    expect(thread.body.review).toMatchObject({ open: false, closesOn: closedOn });
  });
  it('lets a visitor follow the answer and file a review by their link alone', async () => {
    const visitor = browser(server);
    const filed = await fileAsVisitor(visitor, {
      type: 'queja',
      name: 'Nora Visitante',
      idNumber: 'PA123456',
      email: 'nora-visitante@example.com',
      description: 'El mensajero fue grosero al entregar el paquete de mi vecina.',
    });
    expect(filed.status).toBe(201);
    await answer(filed.body.radicado, 'Hablamos con el mensajero y te pedimos disculpas.');
    const mail = await newestMailTo(server, 'nora-visitante@example.com');
    expect(mail?.text).toContain(RIGHTS);
    const key = /clave=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const path = `/api/pqr/seguimiento/${encodeURIComponent(filed.body.radicado)}`;
    const thread = await visitor.get(`${path}?clave=${key}`);
    expect(thread.body.review.open).toBe(true);
    const forged = await visitor.post(`${path}/reposicion?clave=otra`, { text: DESCRIPTION });
    expect(forged.status).toBe(404);
    const review = await visitor.post(`${path}/reposicion?clave=${key}`, {
      text: DESCRIPTION,
      appeal: false,
    });
    expect(review.status).toBe(201);
    expect(review.body.pqr.events.at(-1)).toMatchObject({ kind: 'reposicion', actor: 'Tú', appeal: false });
    const received = await newestMailTo(server, 'nora-visitante@example.com');
    expect(received?.text).toContain(
      'puedes pedir que tu caso pase a la Superintendencia de Industria y Comercio',
    );
  });
});
