// The money API (issue 20; endpoints listed in src/shared/collections/api-types.ts): 'Recaudos' and its CSV, an
// admin's correction of a locked collection, the settling of a delivery synced after its route's close and 'Importar
// liquidación' (admins only), and the customer's 'Comprobante de pago' in JSON and PDF (the owner and admins; anyone
// else 404). 'Cerrar ruta' with its cash count
// lives with the routes (src/server/delivery/routes.ts).

import { type Context, Hono } from 'hono';
import type * as Api from '../../shared/collections/api-types.ts';
import {
  cashCloseSchema,
  collectionCorrectionSchema,
  collectionMessages,
  MAX_REMITTANCE_BYTES,
  recaudosQuerySchema,
} from '../../shared/collections/forms.ts';
import { isoDayInColombia } from '../../shared/dates.ts';
import { auditActor, requireCaller, type SessionEnv } from '../auth/session.ts';
import { csvStream } from '../csv.ts';
import { Invalid, NotFound } from '../errors.ts';
import { ApiError, bodySizeLimit, type RouteDeps, readBody, uploadedBytes } from '../http.ts';
import { packageNumberParam } from '../packages/list-query.ts';
import type { Viewer } from '../packages/queries.ts';
import { partOfParam } from './balance.ts';
import { correctCollection } from './corrections.ts';
import { lateDeliveriesWaiting, settleLateDelivery } from './late.ts';
import { recaudos } from './recaudos.ts';
import { RECAUDOS_CSV_COLUMNS, recaudosCsv } from './recaudos-csv.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { paymentReceipt } from './receipts.ts';
import { remittanceText } from './remittance-file.ts';
import { importRemittance } from './remittances.ts';
import { collectionEntry } from './sums.ts';

const CSV_TYPES = /^(text\/csv|text\/plain|application\/vnd\.ms-excel|application\/octet-stream)\b/;
const DAY_MS = 86_400_000;

/** The query's range ('desde', 'hasta'), the last 7 days to today by default; a bad one is a 400 on its field. */
function rangeOf(c: Context) {
  const today = isoDayInColombia(new Date());
  const weekAgo = isoDayInColombia(new Date(Date.parse(`${today}T12:00:00Z`) - 6 * DAY_MS));
  const parsed = recaudosQuerySchema.safeParse({
    desde: c.req.query('desde') ?? weekAgo,
    hasta: c.req.query('hasta') ?? today,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Invalid('invalid_range', issue?.message ?? collectionMessages.range, {
      field: String(issue?.path[0] ?? 'desde'),
    });
  }
  return parsed.data;
}

function collectionIdParam(c: Context): number {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new NotFound(collectionMessages.collectionNotFound, 'collection_not_found');
  return id;
}

export function collectionRoutes({ db, auth, config }: RouteDeps) {
  const routes = new Hono<SessionEnv>();
  const admin = requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production });
  const signedIn = requireCaller(auth, db);
  // A receipt is its owner's and the admins' (the warehouse and couriers see only their own, if any).
  const viewerOf = (c: Context<SessionEnv>): Viewer => {
    const record = c.get('caller').record;
    return record.role === 'admin' ? { kind: 'staff' } : { kind: 'customer', userId: record.id };
  };
  const company = {
    companyName: config.companyName,
    companyNit: config.companyNit,
    companyAddress: config.companyAddress,
  };

  routes.get('/admin/recaudos', admin, async (c) => {
    const { desde, hasta } = rangeOf(c);
    c.header('cache-control', 'no-store');
    return c.json((await recaudos(db, desde, hasta)) satisfies Api.Recaudos);
  });

  routes.get('/admin/recaudos.csv', admin, (c) => {
    const { desde, hasta } = rangeOf(c);
    const { batches, total } = recaudosCsv(db, desde, hasta);
    return csvStream(c, `recaudos-${desde}-${hasta}.csv`, RECAUDOS_CSV_COLUMNS, batches, total);
  });

  routes.post('/admin/recaudos/collections/:id/corrections', admin, async (c) => {
    const id = collectionIdParam(c);
    const form = await readBody(c, collectionCorrectionSchema);
    const actor = auditActor(c, config.trustProxy);
    const number = await correctCollection(db, id, form, actor);
    const collection = await collectionEntry(db, id);
    return c.json({
      collection,
      message: collectionMessages.corrected(number),
    } satisfies Api.CollectionCorrected);
  });

  routes.get('/admin/recaudos/late', admin, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ deliveries: await lateDeliveriesWaiting(db) } satisfies Api.LateDeliveries);
  });

  routes.post('/admin/recaudos/collections/:id/late-count', admin, async (c) => {
    const id = collectionIdParam(c);
    const count = await readBody(c, cashCloseSchema);
    const actor = auditActor(c, config.trustProxy);
    const number = await settleLateDelivery(db, id, count, actor);
    const collection = await collectionEntry(db, id);
    return c.json({
      collection,
      message: collectionMessages.lateSettled(number),
    } satisfies Api.LateDeliverySettled);
  });

  routes.post(
    '/admin/recaudos/remittances',
    bodySizeLimit(
      MAX_REMITTANCE_BYTES,
      () => new ApiError(400, 'remittance_too_large', collectionMessages.remittanceTooLarge),
    ),
    admin,
    async (c) => {
      const bytes = await uploadedBytes(c, collectionMessages.remittanceNotCsv, (type) =>
        CSV_TYPES.test(type),
      );
      const actor = auditActor(c, config.trustProxy);
      const result = await importRemittance(db, remittanceText(bytes), actor);
      return c.json(result satisfies Api.RemittanceImported);
    },
  );

  /** The receipt asked for: the package's charge's, or its balance's with `?parte=saldo`. */
  const receiptAsked = (c: Context<SessionEnv>) =>
    paymentReceipt(db, packageNumberParam(c), viewerOf(c), company, partOfParam(c.req.query('parte')));

  routes.get('/packages/:number/receipt', signedIn, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json((await receiptAsked(c)) satisfies Api.PaymentReceipt);
  });

  routes.get('/packages/:number/receipt.pdf', signedIn, async (c) => {
    const receipt = await receiptAsked(c);
    const pdf = await receiptPdf(receipt);
    c.header('content-type', 'application/pdf');
    c.header('content-disposition', `attachment; filename="comprobante-${receipt.receiptCode}.pdf"`);
    c.header('cache-control', 'no-store');
    return c.body(new Uint8Array(pdf));
  });

  return routes;
}
