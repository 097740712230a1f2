// The customer's packages API: 'Mis paquetes', one package's page and its live stream, and the pre-alert (create,
// edit, cancel, invoice); staff read any package's page through the same route.
import { type Context, Hono } from 'hono';
import type * as Api from '../../shared/packages/api-types.ts';
import { prealertMessages, prealertSchema } from '../../shared/packages/prealert.ts';
import { isStaff, requireCaller, type SessionEnv } from '../auth/session.ts';
import type { OpenDatabase } from '../db/open.ts';
import { NotFound, PACKAGE_NOT_FOUND } from '../errors.ts';
import { INVOICE_MAX_BYTES } from '../files/invoice-check.ts';
import { storeFile } from '../files/store.ts';
import { uploadedDocument } from '../files/uploaded-document.ts';
import { type RouteDeps, readBody, uploadLimit } from '../http.ts';
import { packageDetail } from './detail.ts';
import { packageNumberParam, readListQuery } from './list-query.ts';
import { packageEventStream } from './live.ts';
import {
  attachInvoice,
  cancelPrealert,
  checkInvoiceable,
  createPrealert,
  editablePackage,
  guardGuide,
  prealertColumns,
  updatePrealert,
} from './prealerts.ts';
import { findVisiblePackage, listCustomerPackages, type Viewer } from './queries.ts';
import { type Actor, mailSettingsOf } from './state-change.ts';

const notFound = () => new NotFound(PACKAGE_NOT_FOUND);

/** The answer of every change to a pre-alert: the package as it now is, what to say, and its warning if any. */
const prealertSaved = (
  pkg: Api.PackageDetail,
  message: string,
  warning = pkg.warning,
): Api.PrealertSaved => ({
  package: pkg,
  message,
  warning,
});

export interface PackageRoutesDeps extends RouteDeps {
  /** The instance's database, whose LISTEN feeds the live stream. */
  database: OpenDatabase;
}

export function packageRoutes({ db, database, auth, config }: PackageRoutesDeps) {
  const routes = new Hono<SessionEnv>();
  const signedIn = requireCaller(auth, db);
  const recordOf = (c: Context<SessionEnv>) => c.get('caller').record;
  const viewerOf = (c: Context<SessionEnv>): Viewer => {
    const record = recordOf(c);
    return isStaff(record.role) ? { kind: 'staff' } : { kind: 'customer', userId: record.id };
  };
  const actorOf = (c: Context<SessionEnv>): Actor => ({ id: recordOf(c).id, role: 'customer' });
  const mailSettings = mailSettingsOf(config);

  // Before '/packages/:number', which would take 'events' for a number.
  routes.get('/packages/events', signedIn, (c) => packageEventStream(c, database));

  routes.get('/packages', signedIn, async (c) => {
    const query = readListQuery(c);
    c.header('cache-control', 'no-store');
    return c.json((await listCustomerPackages(db, recordOf(c).id, query)) satisfies Api.PackageList);
  });

  routes.post('/packages', signedIn, async (c) => {
    const columns = prealertColumns(recordOf(c), await readBody(c, prealertSchema));
    const created = await guardGuide(db, async (tx) => {
      const row = await createPrealert(tx, recordOf(c).id, columns, actorOf(c));
      return packageDetail(tx, row, viewerOf(c));
    });
    return c.json(prealertSaved(created, prealertMessages.saved), 201);
  });

  routes.get('/packages/:number', signedIn, async (c) => {
    const viewer = viewerOf(c);
    const row = await findVisiblePackage(db, packageNumberParam(c), viewer);
    if (!row) throw notFound();
    c.header('cache-control', 'no-store');
    return c.json((await packageDetail(db, row, viewer)) satisfies Api.PackageDetail);
  });

  routes.patch('/packages/:number', signedIn, async (c) => {
    const columns = prealertColumns(recordOf(c), await readBody(c, prealertSchema));
    const updated = await guardGuide(db, async (tx) => {
      const row = await editablePackage(tx, recordOf(c).id, packageNumberParam(c));
      return packageDetail(tx, await updatePrealert(tx, row, columns), viewerOf(c));
    });
    return c.json(prealertSaved(updated, prealertMessages.updated));
  });

  routes.post('/packages/:number/cancel', signedIn, async (c) => {
    const number = packageNumberParam(c);
    const detail = await cancelPrealert(db, recordOf(c).id, number, actorOf(c), mailSettings, viewerOf(c));
    return c.json(prealertSaved(detail, prealertMessages.cancelled, null));
  });

  // The invoice travels as the request body itself (not a form): its type is sniffed from the bytes. A pre-alert
  // takes it as part of the pre-alert; a held package ('Retenido') takes it to be released, and its 'Historial'
  // says it arrived, without moving its state.
  routes.put(
    '/packages/:number/invoice',
    uploadLimit(INVOICE_MAX_BYTES, prealertMessages.invoiceInvalid),
    signedIn,
    async (c) => {
      const { bytes, mime } = await uploadedDocument(c, prealertMessages.invoiceInvalid);
      // Checked first, so a refused upload stores nothing; then the object, outside any transaction (ADR 0015);
      // then the row in a short transaction that checks again under the package's lock.
      const [userId, number] = [recordOf(c).id, packageNumberParam(c)];
      await checkInvoiceable(db, userId, number);
      const invoice = await storeFile({ ownerId: null, packageNumber: null, kind: 'invoice', mime, bytes });
      const { detail, held } = await attachInvoice(db, userId, number, invoice, actorOf(c), viewerOf(c));
      const message = held ? prealertMessages.invoiceForHold : prealertMessages.invoiceSaved;
      return c.json(prealertSaved(detail, message) satisfies Api.PrealertSaved);
    },
  );

  return routes;
}
