// The electronic invoice's routes: the customer's 'Datos de facturación' (GET/POST /me/facturacion) and the admins'
// 'Facturas electrónicas' (GET /admin/facturas, POST /admin/facturas/:id/reintentar).
import { type Context, Hono } from 'hono';
import { renderSVG } from 'uqr';
import { z } from 'zod';
import { isoDayInColombia } from '../../shared/dates.ts';
import type * as Api from '../../shared/einvoice/api-types.ts';
import { billingDataSchema, billingMessages } from '../../shared/einvoice/billing-data.ts';
import { invoiceMessages } from '../../shared/einvoice/labels.ts';
import { type InvoiceTaxes, invoiceTaxSchema, taxLabel, taxMessages } from '../../shared/einvoice/taxes.ts';
import { auditActor, requireCaller, type SessionEnv } from '../auth/session.ts';
import { partOfParam } from '../collections/balance.ts';
import { csvFile } from '../csv.ts';
import { Invalid, NotFound } from '../errors.ts';
import { clientIp, type RouteDeps, readBody } from '../http.ts';
import type { Viewer } from '../packages/queries.ts';
import { adminInvoices, INVOICES_CSV_COLUMNS, retryInvoice } from './admin.ts';
import { billingDataView, saveBillingData } from './billing-data.ts';
import { customerInvoice, INVOICE_NOT_FOUND, issuedNumber } from './customer.ts';
import { factusProvider } from './factus.ts';
import { addInvoiceTax, invoiceTaxes } from './taxes.ts';

export function einvoiceRoutes({ db, auth, config }: RouteDeps) {
  const routes = new Hono<SessionEnv>();
  const signedIn = requireCaller(auth, db);

  routes.get('/me/facturacion', signedIn, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json((await billingDataView(db, c.get('caller').userId)) satisfies Api.BillingDataView);
  });

  routes.post('/me/facturacion', signedIn, async (c) => {
    const userId = c.get('caller').userId;
    const body = await readBody(c, billingDataSchema);
    await saveBillingData(db, userId, body, clientIp(c, config.trustProxy));
    return c.json({
      message: billingMessages.saved,
      data: await billingDataView(db, userId),
    } satisfies Api.BillingDataSaved);
  });

  const admin = requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production });
  // The provider's copy of the PDF and XML, through a client of this route file's own (its token kept apart).
  const provider = config.einvoice
    ? factusProvider(config.einvoice.factus, {
        ratePerMinute: config.einvoice.ratePerMinute,
        timeoutMs: config.einvoice.timeoutMs,
      })
    : null;
  const viewerOf = (c: Context<SessionEnv>): Viewer => {
    const record = c.get('caller').record;
    return record.role === 'admin' ? { kind: 'staff' } : { kind: 'customer', userId: record.id };
  };
  const packageNumberOf = (c: Context) => {
    const number = Number(c.req.param('number'));
    if (!Number.isSafeInteger(number)) throw new NotFound(INVOICE_NOT_FOUND, 'invoice_not_found');
    return number;
  };

  const partOf = (c: Context) => partOfParam(c.req.query('parte'));

  routes.get('/packages/:number/factura', signedIn, async (c) => {
    c.header('cache-control', 'no-store');
    const invoice = await customerInvoice(db, packageNumberOf(c), viewerOf(c), provider !== null, partOf(c));
    return c.json(invoice satisfies Api.CustomerInvoice);
  });

  // The invoice's QR (DIAN's lookup of its CUFE) drawn in SVG here, from the URL the provider gave (uqr, ADR 0018).
  routes.get('/packages/:number/factura.qr.svg', signedIn, async (c) => {
    const { invoice } = await customerInvoice(
      db,
      packageNumberOf(c),
      viewerOf(c),
      provider !== null,
      partOf(c),
    );
    if (!invoice?.qrUrl) throw new NotFound(INVOICE_NOT_FOUND, 'invoice_not_found');
    c.header('content-type', 'image/svg+xml');
    c.header('cache-control', 'private, max-age=3600');
    return c.body(renderSVG(invoice.qrUrl, { ecc: 'M' }));
  });

  for (const format of ['pdf', 'xml'] as const)
    routes.get(`/packages/:number/factura.${format}`, signedIn, async (c) => {
      const fullNumber = await issuedNumber(db, packageNumberOf(c), viewerOf(c), partOf(c));
      const file = provider ? await provider.download(fullNumber, format) : null;
      if (!file)
        throw new NotFound(
          'El proveedor no entregó el archivo: intenta de nuevo en un momento.',
          'file_unavailable',
        );
      c.header('content-type', format === 'pdf' ? 'application/pdf' : 'application/xml');
      c.header('content-disposition', `attachment; filename="factura-${fullNumber}.${format}"`);
      c.header('cache-control', 'no-store');
      return c.body(new Uint8Array(file.bytes));
    });

  const stateQuery = z.enum(['pending', 'issued', 'refused', 'cancelled']).nullable().catch(null);

  routes.get('/admin/facturas', admin, async (c) => {
    const state = stateQuery.parse(c.req.query('estado') ?? null);
    return c.json((await adminInvoices(db, state, config.einvoice !== null)) satisfies Api.AdminInvoices);
  });

  routes.get('/admin/facturas.csv', admin, async (c) => {
    const state = stateQuery.parse(c.req.query('estado') ?? null);
    const listed = await adminInvoices(db, state, config.einvoice !== null, 100_000);
    return csvFile(c, `facturas-${state ?? 'todas'}.csv`, INVOICES_CSV_COLUMNS, listed.invoices);
  });

  routes.get('/admin/facturas/impuestos', admin, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json((await invoiceTaxes(db)) satisfies InvoiceTaxes);
  });

  routes.post('/admin/facturas/impuestos', admin, async (c) => {
    const body = await readBody(c, invoiceTaxSchema);
    if (body.effectiveFrom < isoDayInColombia(new Date()))
      throw new Invalid('invalid', taxMessages.past, { field: 'effectiveFrom' });
    const { vatPercent: vatBasisPoints, ...rest } = body;
    await addInvoiceTax(db, { ...rest, vatBasisPoints }, auditActor(c, config.trustProxy));
    return c.json(
      { message: taxMessages.saved(taxLabel(body.kind), body.effectiveFrom) } satisfies Api.InvoiceTaxSaved,
      201,
    );
  });

  routes.post('/admin/facturas/:id/reintentar', admin, async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id)) throw new NotFound(invoiceMessages.notFound, 'invoice_not_found');
    await retryInvoice(db, id, auditActor(c, config.trustProxy));
    return c.json({ message: invoiceMessages.retried } satisfies Api.InvoiceRetried);
  });

  return routes;
}
