// Filing a PQR through the API, on PGlite: a customer's about their own package with a photo, the radicado
// and due date, the acknowledgement mail (HTML typed in the text arrives as text), the list and the thread; a
// visitor's by their link; and the refusals: a bad description, a file that is not what it says, another's package
// or PQR (404).
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { newTestGuide } from '../../../test/support/packages.ts';
import { fileAsVisitor, newestMailTo } from '../../../test/support/pqr.ts';
import {
  browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { messages } from '../../shared/messages.ts';
import { bogotaDay, businessCalendar } from '../../shared/pqr/business-days.ts';
import { pqrMessages } from '../../shared/pqr/forms.ts';
import { outbox, pqrs } from '../db/schema.ts';

type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;

const DESCRIPTION = 'Mi paquete llegó con la caja rota y falta uno de los productos que compré.';

async function ownPackage(customer: Customer): Promise<number> {
  const saved = await customer.client.post('/api/packages', {
    guide: newTestGuide(),
    content: 'Audífonos',
    declaredValue: '80',
  });
  expect(saved.status).toBe(201);
  return saved.body.package.number;
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();

describe.each(logicDrivers)('PQR filing on %s', (driver) => {
  let server: TestServer;
  let customer: Customer;
  let other: Customer;
  beforeAll(async () => {
    ({ server } = await startTestServerWithAdmin(driver, 'pqr-filing-admin@example.com'));
    customer = await signedUpCustomer(server);
    other = await signedUpCustomer(server);
  });
  afterAll(() => server?.close());

  it('files a Reclamo about the customer’s package with a photo: radicado, due date, mail, list and thread', async () => {
    const number = await ownPackage(customer);
    const upload = await customer.client.upload('/api/pqr/adjuntos', await png(), 'image/png', 'POST');
    expect(upload.status).toBe(201);
    expect(upload.body.mime).toBe('image/png');
    const filed = await customer.client.post('/api/pqr', {
      type: 'reclamo',
      packageNumber: number,
      description: DESCRIPTION,
      attachments: [upload.body.id],
    });
    expect(filed.status).toBe(201);
    const year = bogotaDay(new Date()).slice(0, 4);
    expect(filed.body.radicado).toMatch(new RegExp(`^PQR-${year}-\\d{6}$`));
    const expectedDue = businessCalendar().addBusinessDays(new Date(), 15);
    expect(filed.body.dueDate).toBe(expectedDue);
    expect(filed.body.message).toMatch(
      new RegExp(
        `^Radicamos tu reclamo con el número ${filed.body.radicado}\\. Te responderemos a más tardar el .+\\.$`,
      ),
    );

    const mail = await newestMailTo(server, customer.record.email);
    expect(mail.text).toContain(filed.body.message);
    expect(mail.subject).toContain(filed.body.radicado);

    const list = await customer.client.get('/api/pqr');
    expect(list.status).toBe(200);
    expect(list.body.email).toBe(customer.record.email);
    expect(list.body.pqrs[0]).toMatchObject({
      radicado: filed.body.radicado,
      state: 'radicada',
      stateLabel: 'Radicada',
      typeLabel: 'Reclamo',
      packageNumber: number,
      overdue: false,
      answeredAt: null,
    });

    const thread = await customer.client.get(`/api/pqr/${encodeURIComponent(filed.body.radicado)}`);
    expect(thread.status).toBe(200);
    expect(thread.body.description).toBe(DESCRIPTION);
    expect(thread.body.events).toHaveLength(1);
    expect(thread.body.events[0]).toMatchObject({ kind: 'radicada', actor: 'Tú', text: DESCRIPTION });
    const [attachment] = thread.body.events[0].attachments;
    expect(attachment).toMatchObject({ mime: 'image/png', name: 'adjunto-1.png' });
    const download = await customer.client.get(attachment.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');

    // The stored filing time and due date are the ones answered.
    const [row] = await server.db.select().from(pqrs).where(eq(pqrs.radicado, filed.body.radicado));
    expect(row?.dueDate).toBe(expectedDue);
    expect(row?.idNumber).toBe(customer.record.cedula);
  });

  it('gives radicados from a sequence: unique and increasing', async () => {
    const first = await customer.client.post('/api/pqr', { type: 'peticion', description: DESCRIPTION });
    const second = await customer.client.post('/api/pqr', { type: 'queja', description: DESCRIPTION });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const numberOf = (radicado: string) => Number(radicado.slice(-6));
    expect(numberOf(second.body.radicado)).toBe(numberOf(first.body.radicado) + 1);
  });

  it('shows HTML typed in the description as text, in the mail and the thread', async () => {
    const description = '<script>alert("x")</script> <b>Mi caja</b> llegó abierta y sin el producto.';
    const filed = await customer.client.post('/api/pqr', { type: 'queja', description });
    expect(filed.status).toBe(201);
    const mail = await newestMailTo(server, customer.record.email);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Mi caja</b>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.text).toContain(description);
    const thread = await customer.client.get(`/api/pqr/${encodeURIComponent(filed.body.radicado)}`);
    expect(thread.body.description).toBe(description);
  });

  it('refuses an empty or a 10,000-character description, and an indemnización without package', async () => {
    const empty = await customer.client.post('/api/pqr', { type: 'reclamo', description: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({
      field: 'description',
      message: 'Escribe la descripción: entre 20 y 5.000 caracteres.',
    });
    const long = await customer.client.post('/api/pqr', { type: 'reclamo', description: 'a'.repeat(10_000) });
    expect(long.status).toBe(400);
    expect(long.body.error.field).toBe('description');
    const noPackage = await customer.client.post('/api/pqr', {
      type: 'indemnizacion',
      description: DESCRIPTION,
      noGuide: true,
    });
    expect(noPackage.status).toBe(400);
    expect(noPackage.body.error.message).toBe(
      'Elige el paquete: es obligatorio para una solicitud de indemnización.',
    );
  });

  it('refuses a file that is not what it says', async () => {
    const fake = Buffer.from('<html><script>alert(1)</script></html>');
    const upload = await customer.client.upload('/api/pqr/adjuntos', fake, 'image/png', 'POST');
    expect(upload.status).toBe(400);
    expect(upload.body.error.message).toBe(
      'El archivo no es un PDF, JPG, PNG o WebP válido de hasta 10 MB. Adjunta otro.',
    );
    const truncated = (await png()).subarray(0, 30);
    expect((await customer.client.upload('/api/pqr/adjuntos', truncated, 'image/png', 'POST')).status).toBe(
      400,
    );
  });

  it('answers 404 for another customer’s package, PQR or attachment, and refuses their upload', async () => {
    const theirs = await ownPackage(other);
    const filed = await customer.client.post('/api/pqr', {
      type: 'reclamo',
      packageNumber: theirs,
      description: DESCRIPTION,
    });
    expect(filed.status).toBe(404);
    expect(filed.body.error.message).toBe('No encontramos ese paquete.');

    const upload = await other.client.upload('/api/pqr/adjuntos', await png(), 'image/png', 'POST');
    const mine = await customer.client.post('/api/pqr', {
      type: 'queja',
      description: DESCRIPTION,
      attachments: [upload.body.id],
    });
    expect(mine.status).toBe(400);
    expect(mine.body.error.field).toBe('attachments');

    const otherFiled = await other.client.post('/api/pqr', {
      type: 'queja',
      description: DESCRIPTION,
      attachments: [upload.body.id],
    });
    expect(otherFiled.status).toBe(201);
    const path = `/api/pqr/${encodeURIComponent(otherFiled.body.radicado)}`;
    expect((await customer.client.get(path)).status).toBe(404);
    expect((await customer.client.get(`${path}/adjuntos/${upload.body.id}`)).status).toBe(404);
    expect((await customer.client.post(`${path}/reposicion`, { text: DESCRIPTION })).status).toBe(404);
    const list = await customer.client.get('/api/pqr');
    expect(list.body.pqrs.map((pqr: { radicado: string }) => pqr.radicado)).not.toContain(
      otherFiled.body.radicado,
    );
    // Without a session: 401.
    expect((await browser(server).get(path)).status).toBe(401);
  });

  it('takes a visitor’s PQR, followed by the link in their mail and by nobody else', async () => {
    const visitor = browser(server);
    const visit = {
      type: 'peticion',
      name: 'Carlos Visitante',
      idNumber: '79.555.123',
      email: 'Visitante@Example.com',
      description: 'Quiero saber si ustedes entregan en Pasto y cuánto tardan.',
    };
    // The captcha of /register: without it, or mistyped, nothing is filed and nothing is mailed.
    const mailsBefore = (await server.db.select().from(outbox)).length;
    const bare = await visitor.post('/api/pqr/visitante', visit);
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatchObject({ field: 'captcha', message: messages.required('Captcha') });
    const mistyped = await fileAsVisitor(visitor, { ...visit, captcha: 'MAL00' });
    expect(mistyped.status).toBe(400);
    expect(mistyped.body.error).toMatchObject({ field: 'captcha', message: messages.captchaMismatch });
    expect(await server.db.select().from(pqrs).where(eq(pqrs.email, 'visitante@example.com'))).toEqual([]);
    expect((await server.db.select().from(outbox)).length).toBe(mailsBefore);

    const filed = await fileAsVisitor(visitor, visit);
    expect(filed.status).toBe(201);
    const mail = await newestMailTo(server, 'visitante@example.com');
    expect(mail.text).toContain(filed.body.message);
    // Nobody verified that address: nothing the visitor typed is mailed to it, not even their name.
    expect(mail.text).toContain(pqrMessages.visitorTextNotMailed);
    for (const typed of ['Quiero saber si ustedes entregan', 'Carlos', 'Visitante,'])
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(typed);
    const link = /\/pqr\?radicado=([^&\s]+)&clave=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const [, radicado = '', key = ''] = link ?? [];
    expect(decodeURIComponent(radicado)).toBe(filed.body.radicado);
    const path = `/api/pqr/seguimiento/${radicado}`;
    const thread = await visitor.get(`${path}?clave=${key}`);
    expect(thread.status).toBe(200);
    expect(thread.body.events[0].actor).toBe('Tú');
    expect((await visitor.get(`${path}?clave=otra-clave-cualquiera`)).status).toBe(404);
    expect((await visitor.get(path)).status).toBe(404);
    expect((await customer.client.get(`/api/pqr/${radicado}`)).status).toBe(404);
    const [row] = await server.db.select().from(pqrs).where(eq(pqrs.radicado, filed.body.radicado));
    expect(row).toMatchObject({ userId: null, name: 'Carlos Visitante', idNumber: '79555123' });
  });
});
