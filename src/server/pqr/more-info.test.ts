// 'Añadir información' (issue 37), on PGlite: the filer of a PQR that awaits an answer adds text, a file or
// both, which the staff read in the thread under the customer's name, with the state and due day unchanged; a
// visitor does it by their mailed link; nothing is added once it is answered, when empty, to another's PQR, or with
// a forged link. The staff read the customer's package moves under the customer's name, never 'Tú'.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  customerPqrPath,
  fileAsVisitor,
  filePqr,
  newestMailTo,
  staffPqrPath,
} from '../../../test/support/pqr.ts';
import {
  browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { pqrMessages } from '../../shared/pqr/forms.ts';
import { pqrEvents, pqrs } from '../db/schema.ts';

type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;
const MORE = 'Olvidé decir que la caja llegó mojada por un lado.';
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

describe.each(logicDrivers)("'Añadir información' to a PQR on %s", (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let customer: Customer;
  let other: Customer;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'pqr-more-admin@example.com'));
    customer = await signedUpCustomer(server, { name: 'Marta Añade' });
    other = await signedUpCustomer(server);
  });
  afterAll(() => server?.close());

  const eventsOf = async (radicado: string) => {
    const [row] = await server.db.select().from(pqrs).where(eq(pqrs.radicado, radicado));
    return server.db
      .select()
      .from(pqrEvents)
      .where(eq(pqrEvents.pqrNumber, row?.number ?? 0));
  };

  it('adds text and a photo to an open PQR; the staff read it under the customer’s name, state and due day kept', async () => {
    const pkg = await receivedPackage(customer, admin);
    const radicado = await filePqr(customer, { packageNumber: pkg.number });
    const before = (await admin.get(staffPqrPath(radicado))).body;
    const upload = await customer.client.upload('/api/pqr/adjuntos', await png(), 'image/png', 'POST');
    expect(upload.status).toBe(201);
    const added = await customer.client.post(`${customerPqrPath(radicado)}/informacion`, {
      text: MORE,
      attachments: [upload.body.id],
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(pqrMessages.moreInfoAdded(radicado));
    expect(added.body.pqr.events.at(-1)).toMatchObject({ kind: 'informacion', actor: 'Tú', text: MORE });

    const staff = (await admin.get(staffPqrPath(radicado))).body;
    expect(staff.events.at(-1)).toMatchObject({ kind: 'informacion', actor: 'Marta Añade', text: MORE });
    expect(staff.events.at(-1).attachments).toEqual([expect.objectContaining({ mime: 'image/png' })]);
    expect(staff).toMatchObject({ state: before.state, dueDate: before.dueDate });
    // The package's history as the staff read it names the customer, never 'Tú'.
    const prealerted = staff.package.events.find((event: { state: string }) => event.state === 'prealertado');
    expect(prealerted.actor).toBe('Marta Añade');

    // A file alone is enough.
    const second = await customer.client.upload('/api/pqr/adjuntos', await png(), 'image/png', 'POST');
    const fileOnly = await customer.client.post(`${customerPqrPath(radicado)}/informacion`, {
      attachments: [second.body.id],
    });
    expect(fileOnly.status).toBe(201);
  });

  it('refuses an empty addition, another’s PQR and an answered one, adding nothing', async () => {
    const radicado = await filePqr(customer);
    const count = (await eventsOf(radicado)).length;
    const empty = await customer.client.post(`${customerPqrPath(radicado)}/informacion`, { text: '  ' });
    expect(empty).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', field: 'text', message: pqrMessages.moreInfo } },
    });
    const theirs = await other.client.post(`${customerPqrPath(radicado)}/informacion`, { text: MORE });
    expect(theirs.status).toBe(404);
    const answered = await admin.post(`${staffPqrPath(radicado)}/respuesta`, { text: 'Ya lo revisamos.' });
    expect(answered.status).toBe(200);
    const late = await customer.client.post(`${customerPqrPath(radicado)}/informacion`, { text: MORE });
    expect(late).toMatchObject({
      status: 409,
      body: { error: { code: 'not_open', message: pqrMessages.moreInfoClosed } },
    });
    expect(await eventsOf(radicado)).toHaveLength(count + 1);
  });

  it('lets a visitor add information by their link alone', async () => {
    const visitor = browser(server);
    const filed = await fileAsVisitor(visitor, {
      type: 'peticion',
      name: 'Nora Visitante',
      idNumber: 'PA123456',
      email: 'nora-info@example.com',
      description: 'Quiero saber cuánto cuesta traer una bicicleta desde Miami.',
    });
    expect(filed.status).toBe(201);
    const mail = await newestMailTo(server, 'nora-info@example.com');
    const key = /clave=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    const path = `/api/pqr/seguimiento/${encodeURIComponent(filed.body.radicado)}/informacion`;
    expect((await visitor.post(`${path}?clave=otra`, { text: MORE })).status).toBe(404);
    const added = await visitor.post(`${path}?clave=${key}`, { text: MORE });
    expect(added.status).toBe(201);
    const staff = (await admin.get(staffPqrPath(filed.body.radicado))).body;
    expect(staff.events.at(-1)).toMatchObject({ kind: 'informacion', actor: 'Nora Visitante', text: MORE });
  });
});
