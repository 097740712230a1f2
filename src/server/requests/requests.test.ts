// Customer requests in Miami (issue 31), on every driver: asking with the fee shown before, the refusals (another's
// package, not received, held, twice, 21 packages, different addresses, a bad label), exactly one of two requests
// racing for a package, and a package held by an open request not moved or dispatched (the refusal names it).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { requestMessages } from '../../shared/requests/requests.ts';
import { auditLog, packageRequestItems, packageRequests, packages } from '../db/schema.ts';

const PDF = new Uint8Array(Buffer.from('%PDF-1.4\ntrailer <<>>\n%%EOF\n'));

describe.each(drivers)('customer requests on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'solicitudes-admin@example.com'));
    customer = await signedUpCustomer(server, { name: 'Sara Solicitudes' });
  });
  afterAll(() => server?.close());

  const received = async (count: number, who = customer) => {
    const numbers: number[] = [];
    for (let i = 0; i < count; i++) numbers.push((await receivedPackage(who, admin)).number);
    return numbers;
  };
  const ask = (body: Record<string, unknown>, who = customer) => who.client.post('/api/requests', body);
  const requestCount = async () => (await server.db.select().from(packageRequests)).length;

  it("records a consolidation with the fee accepted, lists it on the package, and 'Cancelar' frees it", async () => {
    const numbers = await received(3);
    const asked = await ask({ kind: 'consolidar', numbers });
    expect(asked.status).toBe(201);
    const { request } = asked.body;
    expect(asked.body.message).toBe(requestMessages.created(request.id));
    expect(request).toMatchObject({
      kind: 'consolidar',
      kindLabel: 'Consolidar',
      state: 'pendiente',
      stateLabel: 'Pendiente',
      feeCents: 500,
      feeCop: 20_000,
    });
    expect(request.packages.map((row: { number: number }) => row.number)).toEqual(numbers);
    const onPackage = await customer.client.get(`/api/requests?paquete=${numbers[1]}`);
    expect(onPackage.body.requests.map((row: { id: number }) => row.id)).toEqual([request.id]);
    const audited = await server.db.select().from(auditLog).where(eq(auditLog.action, 'request_created'));
    expect(audited.at(-1)?.detail).toMatchObject({ requestId: request.id, numbers, feeCents: 500 });
    // Issue 47: the package and 'Mis paquetes' name the open request, by which their screens offer what the server
    // allows ('Podrás pagar cuando la bodega complete la solicitud …').
    expect((await customer.client.get(`/api/packages/${numbers[1]}`)).body).toMatchObject({
      openRequest: request.id,
      dispatchId: null,
    });
    const listed = (await customer.client.get('/api/packages')).body.packages;
    expect(listed.find((row: { number: number }) => row.number === numbers[0])?.openRequest).toBe(request.id);

    // Another customer neither sees nor cancels it.
    const other = await signedUpCustomer(server, { name: 'Otro Cliente' });
    expect((await other.client.get('/api/requests')).body.requests).toEqual([]);
    expect((await other.client.post(`/api/requests/${request.id}/cancel`)).status).toBe(404);

    const cancelled = await customer.client.post(`/api/requests/${request.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.request).toMatchObject({ state: 'cancelada', stateLabel: 'Cancelada' });
    const again = await customer.client.post(`/api/requests/${request.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(requestMessages.notCancellable);
    expect((await customer.client.get(`/api/packages/${numbers[1]}`)).body.openRequest).toBeNull();
    // Its packages are free again: a new request takes them.
    expect(
      (await ask({ kind: 'fotos', numbers: [numbers[0]], note: 'La etiqueta de la caja' })).body.request,
    ).toMatchObject({ feeCents: 200, feeCop: 8_000 });
  });

  it('prices repack, photos and returns a package each, and a return needs a PDF or image label', async () => {
    const numbers = await received(2);
    const repack = await ask({ kind: 'reempacar', numbers, repackOption: 'caja_pequena' });
    expect(repack.status).toBe(201);
    expect(repack.body.request).toMatchObject({
      feeCents: 600,
      feeCop: 24_000,
      repackOption: 'caja_pequena',
    });

    const [back = 0] = await received(1);
    const noLabel = await ask({ kind: 'devolver', numbers: [back] });
    expect(noLabel.status).toBe(400);
    expect(noLabel.body.error).toMatchObject({ field: 'labelFileId', message: requestMessages.label });
    const notPdf = await customer.client.upload(
      '/api/requests/label',
      new TextEncoder().encode('hola'),
      'application/octet-stream',
    );
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.error.message).toBe(requestMessages.labelType);
    // Someone else's label is no label of theirs.
    const other = await signedUpCustomer(server);
    const othersLabel = (await other.client.upload('/api/requests/label', PDF, 'application/pdf')).body
      .fileId;
    expect((await ask({ kind: 'devolver', numbers: [back], labelFileId: othersLabel })).status).toBe(400);
    const label = await customer.client.upload('/api/requests/label', PDF, 'application/pdf');
    expect(label.status).toBe(201);
    const returned = await ask({ kind: 'devolver', numbers: [back], labelFileId: label.body.fileId });
    expect(returned.status).toBe(201);
    expect(returned.body.request).toMatchObject({
      feeCents: 400,
      labelUrl: `/api/files/${label.body.fileId}`,
    });
    // The label is the customer's and the warehouse's to read, downloaded; nobody else's.
    const read = await admin.get(`/api/files/${label.body.fileId}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-disposition')).toMatch(
      /^attachment; filename="guia-devolucion-sin-paquete\.pdf"/,
    );
    expect((await other.client.get(`/api/files/${label.body.fileId}`)).status).toBe(404);
  });

  it("refuses in Spanish, changing nothing: another's package, not received, held, twice, 21, other addresses", async () => {
    const before = await requestCount();
    const other = await signedUpCustomer(server);
    const [foreign = 0] = await received(1, other);
    const [mine = 0, second = 0] = await received(2);
    const notFound = await ask({ kind: 'fotos', numbers: [foreign], note: 'x' });
    expect(notFound.status).toBe(404);
    expect((await ask({ kind: 'consolidar', numbers: [mine, foreign] })).status).toBe(404);

    const prealert = await customer.client.post('/api/packages', {
      guide: 'TBA0009998887',
      content: 'Libro',
      declaredValue: '10',
    });
    const pending = await ask({ kind: 'fotos', numbers: [prealert.body.package.number], note: 'x' });
    expect(pending.status).toBe(409);
    expect(pending.body.error.message).toBe(
      requestMessages.notReceived(prealert.body.package.number, 'Prealertado'),
    );

    expect(
      (
        await admin.post('/api/admin/packages/state', {
          numbers: [second],
          state: 'retenido',
          note: 'Factura',
        })
      ).status,
    ).toBe(200);
    const held = await ask({ kind: 'fotos', numbers: [second], note: 'x' });
    expect(held.status).toBe(409);
    expect(held.body.error.message).toBe(requestMessages.notReceived(second, 'Retenido'));

    const twice = await ask({ kind: 'consolidar', numbers: [mine, mine] });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe(requestMessages.twice);
    const many = await ask({ kind: 'consolidar', numbers: Array.from({ length: 21 }, (_, i) => mine + i) });
    expect(many.status).toBe(400);
    expect(many.body.error.message).toBe(requestMessages.count);
    expect((await ask({ kind: 'consolidar', numbers: [mine] })).body.error.message).toBe(
      requestMessages.consolidateCount,
    );
    expect((await ask({ kind: 'reempacar', numbers: [mine] })).body.error.message).toBe(
      requestMessages.repackOption,
    );
    expect((await ask({ kind: 'fotos', numbers: [mine] })).body.error.message).toBe(
      requestMessages.photosNote,
    );

    const [third = 0] = await received(1);
    await server.db
      .update(packages)
      .set({ deliveryAddress: 'Calle 1 # 2-3, Medellín' })
      .where(eq(packages.number, third));
    const apart = await ask({ kind: 'consolidar', numbers: [mine, third] });
    expect(apart.status).toBe(400);
    expect(apart.body.error.message).toBe('Los paquetes deben ir a la misma dirección.');
    expect(await requestCount()).toBe(before);
  });

  it("erases a deleted account's notes, keeping the request's figures, and its return labels", async () => {
    const leaving = await signedUpCustomer(server, { name: 'Persona Que Se Va' });
    const [number = 0] = await received(1, leaving);
    const label = (await leaving.client.upload('/api/requests/label', PDF, 'application/pdf')).body.fileId;
    const { request } = (
      await ask(
        { kind: 'devolver', numbers: [number], labelFileId: label, note: 'Talla equivocada' },
        leaving,
      )
    ).body;
    // Returned to the store (a final state), the account may go.
    expect((await admin.post(`/api/warehouse/requests/${request.id}/start`)).status).toBe(200);
    const done = await admin.post(`/api/warehouse/requests/${request.id}/complete`, {
      carrier: 'UPS',
      carrierGuide: '1Z1',
    });
    expect(done.status).toBe(200);
    const deleted = await leaving.client.post('/api/me/delete', { password: leaving.form.password });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const [row] = await server.db.select().from(packageRequests).where(eq(packageRequests.id, request.id));
    expect(row).toMatchObject({ note: '', feeCents: 400, kind: 'devolver' });
    expect((await admin.get(`/api/files/${label}`)).status).toBe(404);
  });

  it('keeps exactly one of two requests racing for one package', async () => {
    const [a = 0, b = 0, c = 0] = await received(3);
    const answers = await Promise.all([
      ask({ kind: 'consolidar', numbers: [a, b] }),
      ask({ kind: 'consolidar', numbers: [b, c] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const lost = answers.find((answer) => answer.status === 409);
    const won = answers.find((answer) => answer.status === 201);
    expect(lost?.body.error.message).toBe(
      requestMessages.busy(b, won?.body.request.id, 'consolidar', 'pendiente'),
    );
    const holding = await server.db
      .select()
      .from(packageRequestItems)
      .where(and(eq(packageRequestItems.packageNumber, b), eq(packageRequestItems.open, true)));
    expect(holding).toHaveLength(1);
    const again = await ask({ kind: 'fotos', numbers: [b], note: 'x' });
    expect(again.status).toBe(409);
  });

  it('refuses to move or dispatch a package an open request holds, naming the request', async () => {
    const [held = 0, free = 0] = await received(2);
    const { request } = (await ask({ kind: 'fotos', numbers: [held], note: 'El color' })).body;
    const busy = requestMessages.busy(held, request.id, 'fotos', 'pendiente');
    const moved = await admin.post('/api/admin/packages/state', {
      numbers: [held, free],
      state: 'en_transito',
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.details.refused).toEqual([{ number: held, reason: busy }]);
    const flight = { masterAwb: '123-45678901', airline: 'Avianca Cargo', flightDate: '2026-12-01' };
    const dispatch = await admin.post('/api/admin/dispatches', { ...flight, numbers: [held] });
    expect(dispatch.status).toBe(409);
    expect(dispatch.body.error.details.refused).toEqual([{ number: held, reason: busy }]);
    const [row] = await server.db.select().from(packages).where(eq(packages.number, held));
    expect(row?.state).toBe('recibido');
    // Cancelled, it moves again.
    expect((await customer.client.post(`/api/requests/${request.id}/cancel`)).status).toBe(200);
    expect(
      (await admin.post('/api/admin/packages/state', { numbers: [held], state: 'en_transito' })).status,
    ).toBe(200);
  });
});
