// The customer's packages (PACKAGES.md 'Pre-alert' and 'Customer screens'): pre-alert one, list them, read one with
// its history, edit, attach an invoice or cancel while it is 'Prealertado'. A package that is not the caller's is
// a 404, never a 403, so numbers cannot be probed.
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deliveryAddresses } from '../../shared/address.ts';
import { recognizeCarrier } from '../../shared/packages/guides.ts';
import { type Prealert, prealertMessages, prealertSchema } from '../../shared/packages/prealert.ts';
import { customerMayEdit } from '../../shared/packages/states.ts';
import type { Auth } from '../auth/auth.ts';
import { isStaff, requireCaller, type SessionEnv, type UserRecord } from '../auth/session.ts';
import type { Config } from '../config.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, OpenDatabase, Transaction } from '../db/open.ts';
import { packages } from '../db/schema.ts';
import { checkInvoice, INVOICE_MAX_BYTES } from '../files/invoice-check.ts';
import { deletePackageFiles, saveFile } from '../files/store.ts';
import { ApiError, errorResponse, readBody } from '../http.ts';
import { pathNumber, readListQuery } from './list-query.ts';
import { packageEventStream, packageLiveHub } from './live.ts';
import { findVisiblePackage, listCustomerPackages, packageDetail, type Viewer } from './queries.ts';
import { type Actor, changeState, recordEvent } from './state-change.ts';

const NOT_FOUND = 'No encontramos ese paquete.';
const notFound = () => new ApiError(404, 'not_found', NOT_FOUND);

export interface PackageRoutesDeps {
  db: Database;
  /** The instance's database, whose LISTEN feeds the live stream. */
  database: OpenDatabase;
  auth: Auth;
  config: Config;
  onMailQueued: () => void;
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
  const mailSettings = { brandName: config.brandName, appUrl: config.appUrl };

  /** The columns a pre-alert sets, from the form and the customer's own addresses. */
  function prealertColumns(record: UserRecord, form: Prealert) {
    const address = deliveryAddresses(record)[form.address - 1];
    if (!address) throw new ApiError(400, 'invalid', prealertMessages.addressInvalid);
    return {
      guide: form.guide,
      carrier: recognizeCarrier(form.guide),
      store: form.store,
      content: form.content,
      declaredValueCents: form.declaredValue,
      quantity: form.quantity,
      deliveryAddress: address,
      addressChoice: form.address,
      instructions: form.instructions,
    };
  }

  /** Runs `work`, turning a taken guide into the message that names no one. */
  async function guardGuide<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'packages_guide_unique'))
        throw new ApiError(409, 'guide_taken', prealertMessages.guideTaken);
      throw error;
    }
  }

  /** The caller's own package, locked, still 'Prealertado'; else 404 or 409. */
  async function editablePackage(tx: Transaction, c: Context<SessionEnv>) {
    const row = await findVisiblePackage(
      tx,
      pathNumber(c, 'number', NOT_FOUND),
      { kind: 'customer', userId: recordOf(c).id },
      { forUpdate: true },
    );
    if (!row) throw notFound();
    if (!customerMayEdit(row.state)) throw new ApiError(409, 'not_editable', prealertMessages.notEditable);
    return row;
  }

  // Before '/packages/:number', which would take 'events' for a number.
  routes.get('/packages/events', signedIn, (c) => packageEventStream(c, packageLiveHub(database)));

  routes.get('/packages', signedIn, async (c) => {
    const query = readListQuery(c);
    c.header('cache-control', 'no-store');
    return c.json(await listCustomerPackages(db, recordOf(c).id, query));
  });

  routes.post('/packages', signedIn, async (c) => {
    const record = recordOf(c);
    const form = await readBody(c, prealertSchema);
    const columns = prealertColumns(record, form);
    const created = await guardGuide(() =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(packages)
          .values({ ...columns, userId: record.id, state: 'prealertado' })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        await recordEvent(tx, row.number, 'prealertado', actorOf(c));
        return packageDetail(tx, row, viewerOf(c));
      }),
    );
    return c.json({ package: created, message: prealertMessages.saved, warning: created.warning }, 201);
  });

  routes.get('/packages/:number', signedIn, async (c) => {
    const viewer = viewerOf(c);
    const row = await findVisiblePackage(db, pathNumber(c, 'number', NOT_FOUND), viewer);
    if (!row) throw notFound();
    c.header('cache-control', 'no-store');
    return c.json(await packageDetail(db, row, viewer));
  });

  routes.patch('/packages/:number', signedIn, async (c) => {
    const form = await readBody(c, prealertSchema);
    const columns = prealertColumns(recordOf(c), form);
    const updated = await guardGuide(() =>
      db.transaction(async (tx) => {
        const row = await editablePackage(tx, c);
        const [saved] = await tx
          .update(packages)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(packages.number, row.number))
          .returning();
        return packageDetail(tx, saved ?? row, viewerOf(c));
      }),
    );
    return c.json({ package: updated, message: prealertMessages.updated, warning: updated.warning });
  });

  routes.post('/packages/:number/cancel', signedIn, async (c) => {
    const detail = await db.transaction(async (tx) => {
      const row = await editablePackage(tx, c);
      const cancelled = await changeState(tx, row.number, 'cancelado', actorOf(c), mailSettings);
      return packageDetail(tx, cancelled, viewerOf(c));
    });
    return c.json({ package: detail, message: prealertMessages.cancelled, warning: null });
  });

  // The invoice travels as the request body itself (not a form): its type is sniffed from the bytes.
  routes.put(
    '/packages/:number/invoice',
    bodyLimit({
      maxSize: INVOICE_MAX_BYTES,
      onError: (c) => errorResponse(c, new ApiError(413, 'invalid_file', prealertMessages.invoiceInvalid)),
    }),
    signedIn,
    async (c) => {
      // Types a cross-site form can send are refused: only a script of ours, with a preflight, can upload.
      const type = (c.req.header('content-type') ?? '').toLowerCase();
      if (!type || /^(multipart\/form-data|application\/x-www-form-urlencoded|text\/plain)\b/.test(type))
        throw new ApiError(415, 'unsupported_media_type', prealertMessages.invoiceInvalid);
      const bytes = Buffer.from(await c.req.arrayBuffer());
      const mime = await checkInvoice(bytes);
      if (!mime) throw new ApiError(400, 'invalid_file', prealertMessages.invoiceInvalid);
      const detail = await db.transaction(async (tx) => {
        const row = await editablePackage(tx, c);
        await deletePackageFiles(tx, row.number, 'invoice');
        await saveFile(tx, { ownerId: row.userId, packageNumber: row.number, kind: 'invoice', mime, bytes });
        await tx.update(packages).set({ updatedAt: new Date() }).where(eq(packages.number, row.number));
        return packageDetail(tx, row, viewerOf(c));
      });
      return c.json({ package: detail, message: prealertMessages.invoiceSaved, warning: detail.warning });
    },
  );

  return routes;
}
