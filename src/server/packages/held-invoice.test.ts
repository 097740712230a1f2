// Issue 24 'Holds fixed in the app', on PGlite: a held package ('Retenido') takes its owner's invoice with the
// rules of design/packages.md 'Files'; its 'Historial' says 'Factura adjuntada' (to the customer and to staff) and its
// state does not move; anyone else gets 404, a wrong file is refused and changes nothing; a package neither pre-alerted
// nor held takes none. And the charge says the TRM it used with its day, and the threshold its taxes come from; the
// declared value is read with a decimal comma or point.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import {
  browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';
import { isoDayInMiami } from '../../shared/dates.ts';
import type { PackageDetail, PackageList, PrealertSaved } from '../../shared/packages/api-types.ts';
import { prealertMessages } from '../../shared/packages/prealert.ts';
import { files, outbox, packageEvents, packages } from '../db/schema.ts';
import { changeState } from './state-change.ts';

const ADMIN_EMAIL = 'retenido-admin@example.com';
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
let sequence = 0;
const newGuide = () => `TBA${String(700_000_000_000 + ++sequence)}`;

describe.each(logicDrivers)('a held package takes its invoice on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  const mail = { brandName: 'CasilleroYa', appUrl: 'http://localhost:3000' };
  const staff = { id: null, role: 'admin' as const };
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, ADMIN_EMAIL));
  });
  afterAll(() => server?.close());

  /** A customer's package, received (with its charge) and then held with `reason`. */
  async function heldPackage(declaredValue = '49.99', reason = 'Falta la factura') {
    const customer = await signedUpCustomer(server);
    const created = await customer.client.post('/api/packages', {
      guide: newGuide(),
      content: 'Audífonos',
      declaredValue,
    });
    expect(created.status).toBe(201);
    const number: number = created.body.package.number;
    const receipt = await admin.post('/api/warehouse/receipts', {
      guide: created.body.package.guide,
      lockerNumber: customer.record.lockerNumber,
      weightLb: '4',
    });
    expect(receipt.status).toBe(201);
    await server.db.transaction((tx) => changeState(tx, number, 'retenido', staff, mail, { note: reason }));
    return { ...customer, number };
  }
  const stateOf = async (number: number) =>
    (await server.db.select().from(packages).where(eq(packages.number, number)))[0];
  const invoicesOf = async (number: number) =>
    (await server.db.select().from(files).where(eq(files.packageNumber, number))).filter(
      (file) => file.kind === 'invoice',
    );
  const eventsOf = (number: number) =>
    server.db.select().from(packageEvents).where(eq(packageEvents.packageNumber, number));

  it("stores the owner's invoice, writes 'Factura adjuntada' in the history and leaves the hold as it was", async () => {
    const { client, number, record } = await heldPackage();
    // The hold's mail says what the app now lets the customer do.
    const mails = await server.db.select().from(outbox).where(eq(outbox.toAddress, record.email));
    expect(mails.find((mail) => mail.subject.endsWith('está retenido'))?.text).toContain(
      'Si te pedimos la factura, adjúntala en la página del paquete («Ver mi paquete»)',
    );
    const before = await stateOf(number);
    const eventsBefore = (await eventsOf(number)).length;
    // 'Mis paquetes' says it needs the customer, with its number to link to.
    const list = await client.get<PackageList>('/api/packages');
    expect(list.body.attention).toEqual({ count: 1, number });
    expect(list.body.packages[0]?.toPay).toEqual({ cents: expect.any(Number), cop: expect.any(Number) });

    const response = await client.upload<PrealertSaved>(
      `/api/packages/${number}/invoice`,
      pdf(),
      'application/pdf',
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(prealertMessages.invoiceForHold);
    const saved = response.body.package;
    expect(saved.state).toBe('retenido');
    expect(saved.files.filter((file) => file.kind === 'invoice')).toHaveLength(1);
    const [newest] = saved.events;
    expect(newest).toMatchObject({
      kind: 'invoice',
      state: 'retenido',
      actor: 'Tú',
      note: 'Factura adjuntada',
      notice: null,
    });

    // The state, the reason and where a release returns are untouched; one event more, nothing else.
    const after = await stateOf(number);
    expect(after).toMatchObject({
      state: 'retenido',
      heldFrom: before?.heldFrom,
      holdReason: 'Falta la factura',
    });
    expect(after?.heldFrom).toBe('recibido');
    expect(await eventsOf(number)).toHaveLength(eventsBefore + 1);
    expect(await invoicesOf(number)).toHaveLength(1);

    // Staff read the same line in the package's history.
    const asStaff = await admin.get<PackageDetail>(`/api/packages/${number}`);
    expect(asStaff.body.events[0]).toMatchObject({ kind: 'invoice', note: 'Factura adjuntada' });

    // A second invoice replaces the first, and says so again.
    const again = await client.upload<PrealertSaved>(
      `/api/packages/${number}/invoice`,
      pdf(),
      'application/pdf',
    );
    expect(again.status).toBe(200);
    expect(await invoicesOf(number)).toHaveLength(1);
    expect(again.body.package.events.filter((event) => event.kind === 'invoice')).toHaveLength(2);

    // The release still returns it to where it was held.
    const released = await server.db.transaction((tx) => changeState(tx, number, 'recibido', staff, mail));
    expect(released.state).toBe('recibido');
  });

  it('counts several held packages for the attention line, with no single number to link to', async () => {
    const { client, number } = await heldPackage();
    const second = await client.post('/api/packages', {
      guide: newGuide(),
      content: 'Reloj',
      declaredValue: '30',
    });
    expect(second.status).toBe(201);
    expect((await client.get<PackageList>('/api/packages')).body.attention).toEqual({ count: 1, number });
    const received = await admin.post('/api/warehouse/receipts', {
      guide: second.body.package.guide,
      lockerNumber: (await client.get('/api/me')).body.lockerNumber,
      weightLb: '1',
    });
    expect(received.status).toBe(201);
    const other: number = second.body.package.number;
    await server.db.transaction((tx) =>
      changeState(tx, other, 'retenido', staff, mail, { note: 'Revisión' }),
    );
    const list = (await client.get<PackageList>('/api/packages?estado=retenido')).body;
    expect(list.attention).toEqual({ count: 2, number: null });
    expect(list.packages.map((pkg) => pkg.number).sort()).toEqual([number, other].sort());
  });

  it('answers 404 to anyone but the owner, and stores nothing', async () => {
    const { number } = await heldPackage();
    const stranger = await signedUpCustomer(server);
    const answer = await stranger.client.upload(`/api/packages/${number}/invoice`, pdf(), 'application/pdf');
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({ code: 'not_found', message: 'No encontramos ese paquete.' });
    const anonymous = await browser(server).upload(
      `/api/packages/${number}/invoice`,
      pdf(),
      'application/pdf',
    );
    expect(anonymous.status).toBe(401);
    expect(await invoicesOf(number)).toHaveLength(0);
    expect((await eventsOf(number)).some((event) => event.kind === 'invoice')).toBe(false);
  });

  it('refuses a file that is not a PDF, JPG, PNG or WebP with the message of design/packages.md, changing nothing', async () => {
    const { client, number } = await heldPackage();
    const eventsBefore = (await eventsOf(number)).length;
    for (const [bytes, type] of [
      [svg, 'image/svg+xml'],
      [Buffer.from('<!doctype html><p>hola</p>'), 'application/pdf'],
      [Buffer.alloc(0), 'application/pdf'],
    ] as const) {
      const answer = await client.upload(`/api/packages/${number}/invoice`, bytes, type);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe('La factura debe ser PDF, JPG, PNG o WebP de hasta 10 MB.');
    }
    expect(await invoicesOf(number)).toHaveLength(0);
    expect(await eventsOf(number)).toHaveLength(eventsBefore);
    expect((await stateOf(number))?.state).toBe('retenido');
  });

  it('takes no invoice once the package is neither pre-alerted nor held', async () => {
    const { client, number } = await heldPackage();
    await server.db.transaction((tx) => changeState(tx, number, 'recibido', staff, mail));
    const late = await client.upload(`/api/packages/${number}/invoice`, pdf(), 'application/pdf');
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'not_editable', message: prealertMessages.notEditable });
    expect(await invoicesOf(number)).toHaveLength(0);
  });

  it("keeps a pre-alert's invoice as before: stored, with no history line", async () => {
    const { client } = await signedUpCustomer(server);
    const created = await client.post('/api/packages', {
      guide: newGuide(),
      content: 'Libro',
      declaredValue: '10',
    });
    const number: number = created.body.package.number;
    const answer = await client.upload<PrealertSaved>(
      `/api/packages/${number}/invoice`,
      pdf(),
      'application/pdf',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(prealertMessages.invoiceSaved);
    expect(answer.body.package.events.map((event) => event.kind)).toEqual(['state']);
  });

  it("takes 'Valor declarado (USD)' with a decimal comma or point, and refuses the US grouping", async () => {
    const { client } = await signedUpCustomer(server);
    for (const [typed, cents] of [
      ['49,99', 4999],
      ['49.99', 4999],
      ['1.234,56', 123_456],
    ] as const) {
      const saved = await client.post('/api/packages', {
        guide: newGuide(),
        content: 'Libro',
        declaredValue: typed,
      });
      expect(saved.status, typed).toBe(201);
      expect(saved.body.package.declaredValueCents, typed).toBe(cents);
    }
    const refused = await client.post('/api/packages', {
      guide: newGuide(),
      content: 'Libro',
      declaredValue: '1,234.56',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      field: 'declaredValue',
      message: prealertMessages.valueInvalid,
    });
  });

  it('tells the charge its TRM with the day it was taken, and the tax threshold of its rates', async () => {
    const { client, number } = await heldPackage('250');
    const detail = (await client.get<PackageDetail>(`/api/packages/${number}`)).body;
    const received = await stateOf(number);
    expect(detail.charge).toMatchObject({
      trmHundredths: 400_000,
      taxFreeThresholdCents: 20_000,
      trmDate: isoDayInMiami(received?.receivedAt ?? new Date()),
    });
    expect(detail.charge?.taxesCents).toBeGreaterThan(0);
  });
});
