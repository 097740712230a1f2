// Credit notes and voided sales against the Factus stand-in (issue 45 defect 6), on every driver: a credit note whose
// answer was lost is found by its reference, never retried forever; the invoice of a sale voided before it was
// issued is cancelled and needs no credit note; 'Reintentar' never invoices a voided sale; a sale voided while its
// invoice is at Factus gets its credit note once the invoice is issued.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { type FactusStandIn, startFactusStandIn } from '../../../test/support/factus-stand-in.ts';
import { carrierDelivered } from '../../../test/support/money.ts';
import { signedUpCustomer, startTestServerWithAdmin, type TestServer } from '../../../test/support/server.ts';
import { invoiceMessages } from '../../shared/einvoice/labels.ts';
import { einvoices, settlements, users } from '../db/schema.ts';
import { factusProvider } from './factus.ts';
import { startInvoiceWorker } from './outbox.ts';

describe.each(drivers)('credit notes and voided sales on %s', (driver) => {
  let factus: FactusStandIn;
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof startTestServerWithAdmin>>['admin'];
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    factus = await startFactusStandIn({ ratePerMinute: 10_000 });
    const started = await startTestServerWithAdmin(driver, 'notas-credito-admin@example.com', {
      ...factus.env,
      EINVOICE_RATE_PER_MINUTE: '6000',
      EINVOICE_TIMEOUT_SECONDS: '1',
    });
    ({ server, admin } = started);
    customer = await signedUpCustomer(server, { name: 'Nora Nota', cedula: '1030405060' });
  });
  afterAll(async () => {
    await server?.close();
    await factus?.close();
  });

  const db = () => server.db;
  const deliverDue = () => server.invoices?.deliverDue() ?? Promise.resolve(0);
  const dueNow = () =>
    db()
      .update(einvoices)
      .set({ nextAttemptAt: new Date(0) });
  const documentOf = async (number: number, kind: 'invoice' | 'credit_note') =>
    (
      await db()
        .select()
        .from(einvoices)
        .where(and(eq(einvoices.packageNumber, number), eq(einvoices.kind, kind)))
    )[0];
  const settledPackage = async (who = customer) => (await carrierDelivered(server, admin, who)).number;
  /** An admin's correction out of 'Entregado': the settlement is voided. */
  const voidSale = async (number: number) =>
    expect(
      (
        await admin.post('/api/admin/packages/state', {
          numbers: [number],
          state: 'en_bodega_colombia',
          correction: true,
          note: 'No se entregó: vuelve a bodega.',
        })
      ).status,
    ).toBe(200);
  const undocumented = async (name: string) => {
    const who = await signedUpCustomer(server, { name });
    await db().update(users).set({ cedula: '' }).where(eq(users.id, who.record.id));
    return who;
  };

  it('finds a credit note whose answer was lost by its reference: issued once, never retried forever', async () => {
    const number = await settledPackage();
    await deliverDue();
    await voidSale(number);
    factus.fail('lost');
    await deliverDue();
    expect((await documentOf(number, 'credit_note'))?.state).toBe('pending');
    await dueNow();
    await deliverDue();
    const note = await documentOf(number, 'credit_note');
    const sent = factus.documents.filter(
      (d) => d.kind === 'credit_note' && d.reference_code === `NC-${note?.settlementId}`,
    );
    expect(sent).toHaveLength(1);
    expect(note).toMatchObject({ state: 'issued', prefix: 'NC', providerId: String(sent[0]?.id) });
    expect(`NC${note?.number}`).toBe(sent[0]?.number);
    // The note's own code (CUDE), not the CUFE of the invoice it annuls.
    expect(note?.cufe).toBe(sent[0]?.cufe);
    expect(note?.cufe).not.toBe((await documentOf(number, 'invoice'))?.cufe);
  });

  it('cancels, never sends, the invoice of a sale voided before it was issued, and needs no credit note', async () => {
    const refused = await settledPackage(await undocumented('Sin Cédula Anulada'));
    await deliverDue();
    expect((await documentOf(refused, 'invoice'))?.state).toBe('refused');
    const unsent = await settledPackage();
    await voidSale(refused);
    await voidSale(unsent);
    await deliverDue();
    for (const number of [refused, unsent]) {
      const invoice = await documentOf(number, 'invoice');
      expect(invoice?.state).toBe('cancelled');
      expect(invoice?.lastError).toBe(invoiceMessages.cancelled);
      expect(await documentOf(number, 'credit_note')).toBeUndefined();
      expect(factus.billsFor(String(invoice?.settlementId))).toEqual([]);
    }
    // The customer sees no invoice of a sale that was never invoiced; 'Facturas electrónicas' counts it apart.
    expect((await customer.client.get(`/api/packages/${unsent}/factura`)).status).toBe(404);
    const listed = await admin.get('/api/admin/facturas?estado=cancelled');
    expect(listed.body.invoices.map((row: { packageNumber: number }) => row.packageNumber)).toEqual(
      expect.arrayContaining([refused, unsent]),
    );
    expect(listed.body.counts.cancelled).toBeGreaterThanOrEqual(2);
  });

  it('cancels a credit note waiting for an invoice that ended refused, with that invoice', async () => {
    const number = await settledPackage(await undocumented('Sin Cédula En Vuelo'));
    // Its invoice went out once and its answer never came: the void cannot know whether it was issued.
    await db()
      .update(einvoices)
      .set({ attempts: 1, lastError: 'Factus sin respuesta' })
      .where(eq(einvoices.packageNumber, number));
    await voidSale(number);
    expect((await documentOf(number, 'credit_note'))?.state).toBe('pending');
    await deliverDue();
    expect((await documentOf(number, 'invoice'))?.state).toBe('cancelled');
    expect(await documentOf(number, 'credit_note')).toMatchObject({
      state: 'cancelled',
      lastError: invoiceMessages.cancelled,
    });
  });

  it("'Reintentar' refuses, in Spanish, the invoice of a voided sale and leaves it as it was", async () => {
    const number = await settledPackage(await undocumented('Sin Cédula Reintento'));
    await deliverDue();
    const invoice = await documentOf(number, 'invoice');
    expect(invoice?.state).toBe('refused');
    // A sale voided with its invoice left refused (as before this rule).
    await db()
      .update(settlements)
      .set({ voidedAt: new Date(), voidNote: 'Corrección' })
      .where(eq(settlements.id, invoice?.settlementId ?? 0));
    const retried = await admin.post(`/api/admin/facturas/${invoice?.id}/reintentar`, {});
    expect(retried.status).toBe(409);
    expect(retried.body.error).toMatchObject({
      code: 'invoice_sale_voided',
      message: invoiceMessages.saleVoided,
    });
    expect((await documentOf(number, 'invoice'))?.state).toBe('refused');
  });

  it('gives a sale voided while its invoice was at Factus its credit note once the invoice is issued', async () => {
    const number = await settledPackage();
    const config = server.config.einvoice;
    if (!config) throw new Error('invoicing is off');
    const factusApi = factusProvider(config.factus, { ratePerMinute: 6000, timeoutMs: 1000 });
    // The void commits while this worker's invoice is on its way to Factus.
    const racing = startInvoiceWorker({
      db: db(),
      provider: {
        ...factusApi,
        async issueInvoice(document) {
          if (document.observation.includes(`#${number},`)) await voidSale(number);
          return factusApi.issueInvoice(document);
        },
      },
      from: null,
      pollMs: 60_000,
      log: () => {},
    });
    await racing.deliverDue();
    await racing.stop();
    expect((await documentOf(number, 'invoice'))?.state).toBe('issued');
    await deliverDue();
    const note = await documentOf(number, 'credit_note');
    expect(note?.state).toBe('issued');
    expect(factus.billsFor(String(note?.settlementId))).toHaveLength(1);
  });
});
