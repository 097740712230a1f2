// The invoice outbox against the Factus stand-in (issue 33 items 3 and 'Bad input and safety'), on every driver:
// issued with number, CUFE and QR; refusals kept with DIAN's codes; 429, 500, no answer and a lost answer retried
// without doubling; a token that expires mid-batch renewed; two workers on one database sending each settlement
// once; the sale never undone; credentials never in the log.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import {
  type FactusStandIn,
  STAND_IN_CREDENTIALS,
  startFactusStandIn,
} from '../../../test/support/factus-stand-in.ts';
import { carrierDelivered } from '../../../test/support/money.ts';
import { signedUpCustomer, startTestServerWithAdmin, type TestServer } from '../../../test/support/server.ts';
import { billingMessages } from '../../shared/einvoice/billing-data.ts';
import { billingData, einvoices, settlements, users } from '../db/schema.ts';
import { factusProvider } from './factus.ts';
import { claimDueInvoices, startInvoiceWorker } from './outbox.ts';

describe.each(drivers)('the invoice outbox on %s', (driver) => {
  let factus: FactusStandIn;
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof startTestServerWithAdmin>>['admin'];
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    factus = await startFactusStandIn({ ratePerMinute: 10_000 });
    const started = await startTestServerWithAdmin(driver, 'facturas-outbox-admin@example.com', {
      ...factus.env,
      EINVOICE_RATE_PER_MINUTE: '6000',
      EINVOICE_TIMEOUT_SECONDS: '1',
    });
    server = started.server;
    admin = started.admin;
    customer = await signedUpCustomer(server, { name: 'Daniela Compradora', cedula: '1020304050' });
  });
  afterAll(async () => {
    await server?.close();
    await factus?.close();
  });
  beforeEach(() => factus.setRatePerMinute(10_000));

  const db = () => server.db;
  const deliverDue = () => server.invoices?.deliverDue() ?? Promise.resolve(0);
  const invoiceOf = async (number: number) =>
    (await db().select().from(einvoices).where(eq(einvoices.packageNumber, number)))[0];
  const settledPackage = async (who = customer) => (await carrierDelivered(server, admin, who)).number;
  const dueNow = () =>
    db()
      .update(einvoices)
      .set({ nextAttemptAt: new Date(0) });

  it("issues a settled package's invoice with its number, CUFE and QR, reference_code = the settlement", async () => {
    const number = await settledPackage();
    expect(await deliverDue()).toBeGreaterThanOrEqual(1);
    const invoice = await invoiceOf(number);
    expect(invoice).toMatchObject({ state: 'issued', prefix: 'SETP', refusals: [] });
    expect(invoice?.cufe).toMatch(/^[0-9a-f]{96}$/);
    expect(invoice?.qrUrl).toContain(invoice?.cufe);
    const [sent] = factus.billsFor(String(invoice?.settlementId));
    expect(sent?.number).toBe(`SETP${invoice?.number}`);
    expect(sent?.body.customer).toMatchObject({
      identification: '1020304050',
      identification_document_id: '3',
      names: 'Daniela Compradora',
    });
    expect(sent?.body.items[0]).toMatchObject({ name: 'Flete internacional', is_excluded: 1 });
  });

  it('refuses, before Factus, a customer with no document and a NIT with a wrong check digit; the sale stands', async () => {
    const nobody = await signedUpCustomer(server, { name: 'Sin Cédula' });
    await db().update(users).set({ cedula: '' }).where(eq(users.id, nobody.record.id));
    const company = await signedUpCustomer(server, { name: 'Empresa Mal DV' });
    await db().insert(billingData).values({
      userId: company.record.id,
      documentType: 'NIT',
      documentNumber: '890903938-5',
      name: 'Empresa S.A.S.',
      address: 'Calle 1',
      municipality: 'Medellín',
    });
    const [undocumented, wrongNit] = [await settledPackage(nobody), await settledPackage(company)];
    const before = factus.requests.filter((r) => r.path === '/v1/bills/validate').length;
    await deliverDue();
    expect(factus.requests.filter((r) => r.path === '/v1/bills/validate').length).toBe(before);
    expect(await invoiceOf(undocumented)).toMatchObject({
      state: 'refused',
      refusals: [
        {
          code: 'datos_cliente',
          message: `Datos de facturación del cliente: ${billingMessages.documentMissing}`,
        },
      ],
    });
    expect((await invoiceOf(wrongNit))?.refusals[0]?.message).toContain(billingMessages.nitCheckDigit);
    const [settled] = await db().select().from(settlements).where(eq(settlements.packageNumber, wrongNit));
    expect(settled?.voidedAt).toBeNull();
  });

  it("keeps DIAN's refusal (422) with its rule code, and an unknown municipality as Factus's refusal", async () => {
    const number = await settledPackage();
    factus.fail('dian422');
    await deliverDue();
    expect(await invoiceOf(number)).toMatchObject({
      state: 'refused',
      refusals: [{ code: 'FAJ43b', message: expect.stringContaining('no coincide con el RUT') }],
    });
    const far = await signedUpCustomer(server, { name: 'Lejos', ciudad1: 'Macondo' });
    const farNumber = await settledPackage(far);
    await deliverDue();
    expect((await invoiceOf(farNumber))?.refusals[0]).toMatchObject({ code: 'municipality_id' });
  });

  it('waits after a 429, a 500 and no answer at all, then issues each once', async () => {
    const numbers = [await settledPackage(), await settledPackage(), await settledPackage()];
    factus.fail('error500', 'silent', 'throttle');
    await deliverDue();
    const states = await Promise.all(numbers.map(invoiceOf));
    const reasons = states.map((row) => row?.lastError ?? '');
    expect(reasons).toEqual(
      expect.arrayContaining(['Factus respondió 500', 'Factus sin respuesta', 'Factus respondió 429']),
    );
    for (const row of states) expect(row?.state).toBe('pending');
    const throttled = states.find((row) => row?.lastError === 'Factus respondió 429');
    expect(+(throttled?.nextAttemptAt ?? 0)).toBeGreaterThan(Date.now());
    await dueNow();
    await deliverDue();
    for (const number of numbers) {
      const row = await invoiceOf(number);
      expect(row?.state).toBe('issued');
      expect(factus.billsFor(String(row?.settlementId))).toHaveLength(1);
    }
  }, 30_000);

  it('never issues twice when the answer was lost after Factus issued: the retry finds it by reference', async () => {
    const number = await settledPackage();
    factus.fail('lost');
    await deliverDue();
    expect((await invoiceOf(number))?.state).toBe('pending');
    await dueNow();
    await deliverDue();
    const row = await invoiceOf(number);
    expect(row?.state).toBe('issued');
    const bills = factus.billsFor(String(row?.settlementId));
    expect(bills).toHaveLength(1);
    expect(`SETP${row?.number}`).toBe(bills[0]?.number);
  });

  it('renews a token that expires in the middle of a batch, without losing an invoice', async () => {
    const numbers = [await settledPackage(), await settledPackage(), await settledPackage()];
    const tokensBefore = factus.requests.filter((r) => r.path === '/oauth/token').length;
    factus.fail('error500');
    await deliverDue();
    await dueNow();
    // The second request of the batch finds every token expired: a 401, a new token, the same request again.
    factus.fail('expire');
    await deliverDue();
    for (const number of numbers) expect((await invoiceOf(number))?.state).toBe('issued');
    expect(factus.requests.filter((r) => r.path === '/oauth/token').length).toBeGreaterThan(tokensBefore);
  });

  it('lets two workers on one database send each settlement exactly once', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 6; i++) numbers.push(await settledPackage());
    const config = server.config.einvoice;
    if (!config) throw new Error('invoicing is off');
    const second = startInvoiceWorker({
      db: db(),
      provider: factusProvider(config.factus, { ratePerMinute: 6000, timeoutMs: 1000 }),
      from: null,
      pollMs: 60_000,
      log: () => {},
    });
    const [one, two] = await Promise.all([deliverDue(), second.deliverDue()]);
    await second.stop();
    expect(one + two).toBe(6);
    for (const number of numbers) {
      const row = await invoiceOf(number);
      expect(row?.state).toBe('issued');
      expect(factus.billsFor(String(row?.settlementId))).toHaveLength(1);
    }
  });

  it("shows the refused invoice on 'Facturas electrónicas' and 'Reintentar' issues it once the data are fixed", async () => {
    const nobody = await signedUpCustomer(server, { name: 'Cliente Por Corregir' });
    await db().update(users).set({ cedula: '' }).where(eq(users.id, nobody.record.id));
    const number = await settledPackage(nobody);
    await deliverDue();
    const listed = await admin.get('/api/admin/facturas?estado=refused');
    expect(listed.status).toBe(200);
    expect(listed.body.enabled).toBe(true);
    const row = listed.body.invoices.find(
      (invoice: { packageNumber: number }) => invoice.packageNumber === number,
    );
    expect(row).toMatchObject({ state: 'refused', customerName: 'Cliente Por Corregir' });
    expect(row.refusals[0].message).toContain(billingMessages.documentMissing);
    expect(listed.body.counts.refused).toBeGreaterThanOrEqual(1);
    // The customer fixes 'Datos de facturación'; the admin retries; the outbox issues it.
    const fixed = await nobody.client.post('/api/me/facturacion', {
      documentType: 'CC',
      documentNumber: '79123456',
      name: 'Cliente Por Corregir',
      address: 'Carrera 50 # 10-20',
      municipality: 'Cali',
    });
    expect(fixed.status).toBe(200);
    expect((await nobody.client.get('/api/admin/facturas')).status).toBe(403);
    expect((await nobody.client.post(`/api/admin/facturas/${row.id}/reintentar`, {})).status).toBe(403);
    const retried = await admin.post(`/api/admin/facturas/${row.id}/reintentar`, {});
    expect(retried.status).toBe(200);
    await deliverDue();
    expect(await invoiceOf(number)).toMatchObject({ state: 'issued', refusals: [] });
    const again = await admin.post(`/api/admin/facturas/${row.id}/reintentar`, {});
    expect(again.status).toBe(409);
    expect((await admin.post('/api/admin/facturas/999999/reintentar', {})).status).toBe(404);
    const csv = await admin.get('/api/admin/facturas.csv?estado=issued');
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('"Emitida"');
    expect(String(csv.body)).toContain(String((await invoiceOf(number))?.cufe));
    expect((await nobody.client.get('/api/admin/facturas.csv')).status).toBe(403);
  });

  it('shows the customer their invoice with CUFE, customs apart, PDF and XML; another customer gets 404', async () => {
    const number = await settledPackage();
    const before = await customer.client.get(`/api/packages/${number}/factura`);
    expect(before.body).toMatchObject({ state: 'pending', invoice: null, downloads: false });
    await deliverDue();
    const seen = await customer.client.get(`/api/packages/${number}/factura`);
    expect(seen.status).toBe(200);
    const row = await invoiceOf(number);
    expect(seen.body).toMatchObject({
      state: 'issued',
      invoice: { fullNumber: `SETP${row?.number}`, cufe: row?.cufe, qrUrl: row?.qrUrl },
      customsCop: row?.customsCop,
      downloads: true,
    });
    expect(seen.body.lines[0]).toMatchObject({ description: 'Flete internacional', excluded: true });
    const pdf = await customer.client.get(`/api/packages/${number}/factura.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    // Its QR drawn as SVG, for the owner only.
    const qr = await customer.client.get(`/api/packages/${number}/factura.qr.svg`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/svg+xml');
    expect(String(qr.body)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const held = await customer.client.get('/api/me/data');
    expect(held.body.facturas).toContainEqual(
      expect.objectContaining({ paquete: number, documento: 'factura', estado: 'issued', cufe: row?.cufe }),
    );
    expect(held.body.datosFacturacion).toBeNull();
    const stranger = await signedUpCustomer(server, { name: 'Otra Persona' });
    expect((await stranger.client.get(`/api/packages/${number}/factura`)).status).toBe(404);
    expect((await stranger.client.get(`/api/packages/${number}/factura.xml`)).status).toBe(404);
    expect((await stranger.client.get(`/api/packages/${number}/factura.qr.svg`)).status).toBe(404);
  });

  it("issues a 'Nota crédito' against the invoice of an annulled settlement, once", async () => {
    const number = await settledPackage();
    await deliverDue();
    const corrected = await admin.post('/api/admin/packages/state', {
      numbers: [number],
      state: 'en_bodega_colombia',
      correction: true,
      note: 'No se entregó: vuelve a bodega.',
    });
    expect(corrected.status).toBe(200);
    await deliverDue();
    const rows = await db().select().from(einvoices).where(eq(einvoices.packageNumber, number));
    const note = rows.find((row) => row.kind === 'credit_note');
    expect(note).toMatchObject({ state: 'issued', prefix: 'NC' });
    const sent = factus.documents.filter(
      (d) => d.kind === 'credit_note' && d.reference_code === `NC-${note?.settlementId}`,
    );
    expect(sent).toHaveLength(1);
    const invoice = rows.find((row) => row.kind === 'invoice');
    expect(sent[0]?.body.bill_id).toBe(Number(invoice?.providerId));
    const seen = await customer.client.get(`/api/packages/${number}/factura`);
    expect(seen.body.creditNote).toMatchObject({ fullNumber: `NC${note?.number}` });
  });

  it('leaves unsent the settlements before EINVOICE_FROM', async () => {
    const number = await settledPackage();
    expect(await claimDueInvoices(db(), 10, new Date(Date.now() + 86_400_000))).toEqual([]);
    expect((await invoiceOf(number))?.attempts).toBe(0);
    await deliverDue();
    expect((await invoiceOf(number))?.state).toBe('issued');
  });

  it('never writes a credential or a token to the log', async () => {
    const text = server.logText();
    for (const secret of [STAND_IN_CREDENTIALS.clientSecret, STAND_IN_CREDENTIALS.password])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/Bearer [0-9a-f]{20}/);
    expect(JSON.stringify(server.config)).not.toContain(STAND_IN_CREDENTIALS.password);
  });
});
