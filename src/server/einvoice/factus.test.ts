// The Factus adapter alone against the stand-in: its pace, its token kept and refreshed, its downloads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FactusStandIn, startFactusStandIn } from '../../../test/support/factus-stand-in.ts';
import { loadConfig } from '../config.ts';
import type { FactusConfig } from './config.ts';
import { factusProvider } from './factus.ts';
import type { DocumentToSend } from './provider.ts';

describe('the Factus adapter', () => {
  let factus: FactusStandIn;
  let config: FactusConfig;
  beforeAll(async () => {
    factus = await startFactusStandIn({ ratePerMinute: 10_000, tokenTtlSeconds: 31 });
    const einvoice = loadConfig(factus.env).einvoice;
    if (!einvoice) throw new Error('invoicing is off');
    config = einvoice.factus;
  });
  afterAll(() => factus?.close());

  const document = (referenceCode: string): DocumentToSend => ({
    referenceCode,
    observation: 'Prueba',
    buyer: {
      documentType: 'NIT',
      documentNumber: '890903938-8',
      name: 'Empresa S.A.S.',
      address: 'Calle 1',
      municipality: 'bogotá',
      email: 'compras@example.com',
    },
    lines: [
      {
        kind: 'seguro',
        description: 'Seguro',
        grossCop: 11_900,
        discountCop: 0,
        baseCop: 10_000,
        vatBasisPoints: 1900,
        vatCop: 1_900,
        excluded: false,
      },
    ],
  });

  it('keeps to the configured rate: 600 a minute is one request every 100 ms', async () => {
    const provider = factusProvider(config, { ratePerMinute: 600 });
    const started = Date.now();
    for (let i = 0; i < 3; i++)
      expect((await provider.issueInvoice(document(`pace-${i}`))).kind).toBe('issued');
    // Token, municipality and three validations: five requests, four gaps of 100 ms at least.
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('refreshes a token about to expire with the refresh_token grant, and sends a NIT with its check digit', async () => {
    const provider = factusProvider(config, { ratePerMinute: 6000 });
    expect((await provider.issueInvoice(document('refresh-1'))).kind).toBe('issued');
    // 31 s tokens are within the 30 s margin after a second: the next sending refreshes first.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await provider.issueInvoice(document('refresh-2'))).kind).toBe('issued');
    const [bill] = factus.billsFor('refresh-2');
    expect(bill?.body.customer).toMatchObject({
      identification: '890903938',
      dv: '8',
      company: 'Empresa S.A.S.',
    });
    expect(factus.requests.filter((r) => r.path === '/oauth/token').length).toBeGreaterThanOrEqual(3);
  });

  it("downloads the issued invoice's PDF and XML, and issues a credit note against it", async () => {
    const provider = factusProvider(config, { ratePerMinute: 6000 });
    const issued = await provider.issueInvoice(document('download-1'));
    if (issued.kind !== 'issued') throw new Error('not issued');
    const pdf = await provider.download(`${issued.prefix}${issued.number}`, 'pdf');
    expect(pdf?.bytes.toString()).toContain('%PDF');
    const xml = await provider.download(`${issued.prefix}${issued.number}`, 'xml');
    expect(xml?.bytes.toString()).toContain(issued.cufe);
    const note = await provider.issueCreditNote({
      ...document('NC-download-1'),
      invoiceProviderId: issued.providerId,
    });
    expect(note).toMatchObject({ kind: 'issued', prefix: 'NC' });
  });

  it('finds a credit note whose answer was lost by its reference_code, with its own CUDE (issue 45 defect 6)', async () => {
    const provider = factusProvider(config, { ratePerMinute: 6000 });
    const issued = await provider.issueInvoice(document('lost-note-1'));
    if (issued.kind !== 'issued') throw new Error('not issued');
    const note = { ...document('NC-lost-note-1'), invoiceProviderId: issued.providerId };
    factus.fail('lost');
    expect((await provider.issueCreditNote(note)).kind).toBe('retry');
    const found = await provider.issueCreditNote(note);
    const [sent] = factus.documents.filter(
      (d) => d.kind === 'credit_note' && d.reference_code === 'NC-lost-note-1',
    );
    expect(found).toMatchObject({
      kind: 'issued',
      prefix: 'NC',
      cufe: sent?.cufe,
      providerId: String(sent?.id),
    });
    expect(found).not.toMatchObject({ cufe: issued.cufe });
  });
});
