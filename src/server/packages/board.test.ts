// The operations board through the API, on every driver: search and filter, CSV export, 'Cambiar estado' for a
// selection (all or nothing, with the fields each state needs) and 'Importar estados' from a CSV.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { receivedPackage } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  signedUpWithRole,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { auditLog, outbox, packageEvents, packages } from '../db/schema.ts';

const ADMIN_EMAIL = 'operaciones-admin@example.com';

describe.each(drivers)('the operations board on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, ADMIN_EMAIL));
  });
  afterAll(() => server?.close());

  const stateOf = async (numbers: number[]) =>
    (
      await server.db
        .select({ number: packages.number, state: packages.state })
        .from(packages)
        .where(inArray(packages.number, numbers))
    ).map((r) => r.state);
  const packageMails = async (email: string) =>
    (await server.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(outbox.id)).filter(
      (m) => m.subject.includes('paquete'),
    );

  it('answers 403 to customers and couriers on every operations route', async () => {
    for (const { client } of [await signedUpCustomer(server), await signedUpWithRole(server, 'reparto')])
      for (const response of [
        await client.get('/api/admin/packages'),
        await client.get('/api/admin/packages/csv'),
        await client.post('/api/admin/packages/state', { numbers: [100001], state: 'en_transito' }),
        await client.upload('/api/admin/packages/import', Buffer.from('guia,estado\n'), 'text/csv', 'POST'),
        await client.post('/api/admin/packages/100001/charge', {}),
        await client.get('/api/admin/dispatches'),
        await client.post('/api/admin/dispatches', {
          masterAwb: '1',
          airline: 'x',
          flightDate: '2026-12-01',
        }),
        await client.get('/api/admin/rates'),
        await client.get('/api/admin/users'),
        await client.get('/api/admin/users.csv'),
        await client.get('/api/admin/events'),
        await client.get('/api/admin/audit'),
      ])
        expect(response.status).toBe(403);
  });

  it('searches by package number, guide, locker and name, filters by state, and pages', async () => {
    const customer = await signedUpCustomer(server, { name: 'Zoila Vaca Búsqueda' });
    const first = await receivedPackage(customer, admin);
    const second = await receivedPackage(customer, admin);
    const byName = await admin.get('/api/admin/packages?q=zoila%20vaca');
    expect(byName.status).toBe(200);
    expect(byName.body.packages.map((p: { number: number }) => p.number)).toEqual([
      second.number,
      first.number,
    ]);
    expect(byName.body.packages[0]).toMatchObject({
      guide: second.guide,
      lockerNumber: customer.record.lockerNumber,
      customerName: 'Zoila Vaca Búsqueda',
      state: 'recibido',
      weightLb: 2.5,
      daysInWarehouse: 0,
    });
    expect(
      (await admin.get(`/api/admin/packages?q=${first.number}`)).body.packages.map(
        (p: { number: number }) => p.number,
      ),
    ).toEqual([first.number]);
    expect(
      (await admin.get(`/api/admin/packages?q=${first.guide.slice(-8).toLowerCase()}`)).body.packages.map(
        (p: { number: number }) => p.number,
      ),
    ).toEqual([first.number]);
    expect((await admin.get(`/api/admin/packages?q=${customer.record.lockerNumber}`)).body.total).toBe(2);
    expect((await admin.get(`/api/admin/packages?q=zoila&estado=entregado`)).body.total).toBe(0);
    expect((await admin.get('/api/admin/packages?estado=perdido')).status).toBe(400);
    expect((await admin.get('/api/admin/packages?q=zoila%00vaca')).status).toBe(200);
    const all = await admin.get('/api/admin/packages');
    expect(all.body.pageSize).toBe(50);
  });

  it('exports the filtered list as CSV with formulas neutralised', async () => {
    const customer = await signedUpCustomer(server, { name: '=HYPERLINK("http://x","y")' });
    const { number } = await receivedPackage(customer, admin);
    const response = await server.app.request(`http://localhost:3000/api/admin/packages/csv?q=${number}`, {
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await response.arrayBuffer());
    // The BOM makes Excel read UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('"Paquete","Guía","Casillero","Cliente","Estado"')).toBe(true);
    expect(text).toContain(`"${number}"`);
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(text).toContain('"Recibido en Miami"');
  });

  it('changes the state of a selection all or nothing, asking what each state needs', async () => {
    const customer = await signedUpCustomer(server);
    const a = await receivedPackage(customer, admin);
    const b = await receivedPackage(customer, admin);
    const held = await admin.post('/api/admin/packages/state', {
      numbers: [a.number, b.number],
      state: 'retenido',
    });
    expect(held.body.error.message).toBe('Escribe el motivo.');
    const ok = await admin.post('/api/admin/packages/state', {
      numbers: [a.number, b.number],
      state: 'retenido',
      note: 'Revisión de aduana',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('2 paquetes pasaron a «Retenido».');
    const holdMail = (await packageMails(customer.record.email)).at(-1);
    expect(holdMail?.text).toContain('Motivo: Revisión de aduana.');

    // One refused move stops the whole selection and says why.
    await admin.post('/api/admin/packages/state', { numbers: [b.number], state: 'recibido' });
    const mixed = await admin.post('/api/admin/packages/state', {
      numbers: [a.number, b.number],
      state: 'en_transito',
    });
    expect(mixed.status).toBe(409);
    expect(mixed.body.error.details.refused).toEqual([
      {
        number: a.number,
        reason: 'Un paquete retenido solo puede volver a «Recibido en Miami» o pasar a «Devuelto».',
      },
    ]);
    expect(await stateOf([a.number, b.number])).toEqual(['retenido', 'recibido']);

    expect(
      (await admin.post('/api/admin/packages/state', { numbers: [b.number], state: 'entregado' })).body.error
        .message,
    ).toBe('Escribe quién recibió el paquete.');
    expect(
      (
        await admin.post('/api/admin/packages/state', {
          numbers: [b.number],
          state: 'en_reparto',
          carrier: 'Servientrega',
        })
      ).body.error.message,
    ).toBe('Escribe la transportadora y la guía de la transportadora.');
    expect(
      (await admin.post('/api/admin/packages/state', { numbers: [99_999_999_999], state: 'en_transito' }))
        .status,
    ).toBe(400);
    expect(
      (await admin.post('/api/admin/packages/state', { numbers: [], state: 'en_transito' })).body.error
        .message,
    ).toBe('Selecciona entre 1 y 5.000 paquetes.');
    const tooMany = await admin.post('/api/admin/packages/state', {
      numbers: Array.from({ length: 100_000 }, (_, i) => i + 1),
      state: 'en_transito',
    });
    expect([400, 413]).toContain(tooMany.status);
  });

  it('delivers with carrier and receiver, mails them, and lets an admin correct a final state with a note', async () => {
    const customer = await signedUpCustomer(server);
    const { number } = await receivedPackage(customer, admin, { value: '100', weight: '4' });
    for (const state of ['en_transito', 'en_aduana', 'en_bodega_colombia'])
      expect((await admin.post('/api/admin/packages/state', { numbers: [number], state })).status).toBe(200);
    expect(
      (
        await admin.post('/api/admin/packages/state', {
          numbers: [number],
          state: 'en_reparto',
          carrier: 'Servientrega',
          carrierGuide: 'SV-123',
        })
      ).status,
    ).toBe(200);
    const onTheWay = (await packageMails(customer.record.email)).at(-1);
    expect(onTheWay?.text).toContain('Transportadora: Servientrega. Guía de la transportadora: SV-123.');
    expect(onTheWay?.text).toContain('Valor a pagar: US$ 12,00');
    expect(
      (
        await admin.post('/api/admin/packages/state', {
          numbers: [number],
          state: 'entregado',
          receivedBy: 'Portería',
        })
      ).status,
    ).toBe(200);
    const events = await server.db
      .select()
      .from(packageEvents)
      .where(eq(packageEvents.packageNumber, number));
    expect(events.find((e) => e.state === 'en_reparto')).toMatchObject({
      carrier: 'Servientrega',
      carrierGuide: 'SV-123',
    });
    expect(events.find((e) => e.state === 'entregado')?.note).toBe('Recibido por: Portería');

    expect(
      (
        await admin.post('/api/admin/packages/state', {
          numbers: [number],
          state: 'en_reparto',
          carrier: 'x',
          carrierGuide: 'y',
        })
      ).status,
    ).toBe(409);
    const noNote = await admin.post('/api/admin/packages/state', {
      numbers: [number],
      state: 'en_bodega_colombia',
      correction: true,
    });
    expect(noNote.body.error.message).toBe('Una corrección necesita una nota que explique el error.');
    const corrected = await admin.post('/api/admin/packages/state', {
      numbers: [number],
      state: 'en_bodega_colombia',
      correction: true,
      note: 'Se marcó entregado por error',
    });
    expect(corrected.status).toBe(200);
    expect(await stateOf([number])).toEqual(['en_bodega_colombia']);
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'package_state_corrected'));
    expect(audit.at(-1)?.detail).toMatchObject({ numbers: [number], note: 'Se marcó entregado por error' });
  });

  it('never leaves events and state apart when two admins change one package at once', async () => {
    const customer = await signedUpCustomer(server);
    const { number } = await receivedPackage(customer, admin);
    const answers = await Promise.all([
      admin.post('/api/admin/packages/state', { numbers: [number], state: 'en_transito' }),
      admin.post('/api/admin/packages/state', { numbers: [number], state: 'retenido', note: 'x' }),
    ]);
    // Either order is right (a hold after the departure, or a departure refused after the hold); never half.
    const applied = answers.filter((a) => a.status === 200).length;
    expect(applied).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const events = await server.db
      .select()
      .from(packageEvents)
      .where(eq(packageEvents.packageNumber, number))
      .orderBy(packageEvents.id);
    expect(events.at(-1)?.state).toBe((await stateOf([number]))[0]);
    expect(events).toHaveLength(2 + applied);
  });

  it('imports states from a CSV: applies what can move, lists what cannot, stores formula cells as text', async () => {
    const customer = await signedUpCustomer(server);
    const a = await receivedPackage(customer, admin);
    const b = await receivedPackage(customer, admin);
    const csv = [
      'guia,estado,nota,transportadora,guia_transportadora',
      `${a.guide.toLowerCase()},En tránsito,=cmd|' /C calc'!A0,,`,
      `${b.guide},entregado,Portería,,`,
      'NOEXISTE123,en_transito,,,',
      `${a.guide},retenido,otra,,`,
      `${b.guide},volando,,,`,
    ].join('\r\n');
    const result = await admin.upload('/api/admin/packages/import', Buffer.from(csv), 'text/csv', 'POST');
    expect(result.status).toBe(200);
    expect(result.body.applied).toEqual([
      { line: 2, guide: a.guide, number: a.number, state: 'En tránsito' },
    ]);
    expect(result.body.refused.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [3, 'Un paquete en «Recibido en Miami» no puede pasar a «Entregado».'],
      [4, 'No hay un paquete con esa guía.'],
      [5, 'La guía se repite en el archivo: solo se aplica su primera fila.'],
      [6, 'La guía se repite en el archivo: solo se aplica su primera fila.'],
    ]);
    expect(result.body.message).toBe('Filas aplicadas: 1. Filas rechazadas: 4.');
    // NUL bytes in a file never reach PostgreSQL.
    const nul = await admin.upload(
      '/api/admin/packages/import',
      Buffer.from(`guia,estado,nota\nX\u0000Y123456,en_transito,a\u0000b\n`),
      'text/csv',
      'POST',
    );
    expect(nul.status).toBe(200);
    expect(nul.body.refused).toEqual([
      { line: 2, guide: 'XY123456', reason: 'No hay un paquete con esa guía.' },
    ]);
    const [event] = await server.db
      .select()
      .from(packageEvents)
      .where(eq(packageEvents.packageNumber, a.number))
      .orderBy(packageEvents.id)
      .then((rows) => rows.slice(-1));
    expect(event?.note).toBe("=cmd|' /C calc'!A0");
  });

  it('refuses a file that is not such a CSV, whole', async () => {
    const customer = await signedUpCustomer(server);
    const { number, guide } = await receivedPackage(customer, admin);
    const refusals = [
      [Buffer.from(`numero,estado\n${guide},en_transito\n`), 'text/csv', 400],
      [Buffer.from('"guia,estado\n"unterminated'), 'text/csv', 400],
      [Buffer.from('guia,estado\n'), 'text/csv', 400],
      [Buffer.from(`guia,estado\n${`${guide},en_transito\n`.repeat(10_001)}`), 'text/csv', 400],
      [Buffer.alloc(5 * 1024 * 1024 + 1, 0x41), 'text/csv', 413],
      [Buffer.from(`guia,estado\n${guide},en_transito\n`), 'text/plain', 415],
    ] as const;
    for (const [bytes, type, status] of refusals) {
      const response = await admin.upload('/api/admin/packages/import', bytes, type, 'POST');
      expect(response.status).toBe(status);
      expect(response.body.error.message).toMatch(
        /^El archivo debe ser un CSV con las columnas guia, estado/,
      );
    }
    expect(await stateOf([number])).toEqual(['recibido']);
  });

  it('pages a common name newest first and says "más de 1.000" past the cap; two letters look up numbers only', async () => {
    const customer = await signedUpCustomer(server, { name: 'Quintina Muchopaquete' });
    await server.db.execute(sql`
      insert into packages (user_id, guide, state, created_at)
      select ${customer.record.id}, 'QM' || lpad(n::text, 10, '0'), 'recibido', now() - make_interval(mins => n)
      from generate_series(1, 1005) as n`);
    const first = await admin.get('/api/admin/packages?q=muchopaquete');
    expect(first.body).toMatchObject({ total: 1000, capped: true });
    const guides = first.body.packages.map((p: { guide: string }) => p.guide);
    expect(guides[0]).toBe('QM0000000001');
    expect(guides).toHaveLength(50);
    const second = await admin.get('/api/admin/packages?q=muchopaquete&page=2');
    expect(second.body.packages[0].guide).toBe('QM0000000051');
    const filtered = await admin.get('/api/admin/packages?q=muchopaquete&estado=recibido&page=3');
    expect(filtered.body.packages[0].guide).toBe('QM0000000101');
    // 'qm' is too short for the name and guide indexes: it names no package number or locker.
    expect((await admin.get('/api/admin/packages?q=qm')).body.total).toBe(0);
  });
});
