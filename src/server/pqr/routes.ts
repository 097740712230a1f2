// The PQR API of customers and visitors (design/pqr.md 'What a customer files'): attachments, filing, the list, one
// PQR's thread, 'Añadir información' while it awaits an answer, and the 'Recurso de reposición'; a visitor follows
// theirs by the mailed link. Another's radicado, package or file answers 404. Endpoints: src/shared/pqr/api-types.ts.
import { type Context, Hono } from 'hono';
import type * as Api from '../../shared/pqr/api-types.ts';
import {
  ATTACHMENT_MAX_BYTES,
  customerFilingSchema,
  moreInfoSchema,
  pqrMessages,
  reviewSchema,
  visitorFilingSchema,
} from '../../shared/pqr/forms.ts';
import { readCaller, requireCaller, type SessionEnv } from '../auth/session.ts';
import { requireCaptcha } from '../captcha/captcha.ts';
import type { Transaction } from '../db/open.ts';
import { NotFound } from '../errors.ts';
import { clientIp, type RouteDeps, readBody, uploadedBytes, uploadLimit } from '../http.ts';
import type { RateLimiter } from '../security/rate-limit.ts';
import { addInformation, fileReview, onLockedPqr } from './actions.ts';
import { readAttachment, saveUpload } from './attachments.ts';
import { fileForCustomer, fileForVisitor } from './filing.ts';
import { radicadoParam, sendAttachment } from './http.ts';
import { customerList } from './lists.ts';
import { basePath, findPqr, type PqrRow, type PqrViewer, threadOf } from './records.ts';
import { pqrSettingsOf } from './settings.ts';

export interface PqrRoutesDeps extends RouteDeps {
  limiter: RateLimiter;
}

const notFound = () => new NotFound(pqrMessages.notFound);

export function pqrRoutes({ db, auth, config, limiter }: PqrRoutesDeps) {
  const routes = new Hono<SessionEnv>();
  const settings = pqrSettingsOf(config);
  const signedIn = requireCaller(auth, db);
  const ipOf = (c: Context) => clientIp(c, config.trustProxy);
  const customerOf = (c: Context<SessionEnv>): PqrViewer => ({
    kind: 'customer',
    userId: c.get('caller').record.id,
  });
  const visitorOf = (c: Context): PqrViewer => ({
    kind: 'visitor',
    key: (c.req.query('clave') ?? '').slice(0, 100),
  });

  async function thread(c: Context, viewer: PqrViewer) {
    const row = await findPqr(db, radicadoParam(c), viewer);
    if (!row) throw notFound();
    c.header('cache-control', 'no-store');
    return c.json(
      (await threadOf(db, row, viewer, settings, basePath(row.radicado, viewer))) satisfies Api.PqrThread,
    );
  }

  /** One of the filer's steps on their locked PQR, answered with the thread as it now is. */
  async function filerStep(
    c: Context,
    viewer: PqrViewer,
    step: (tx: Transaction, row: PqrRow) => Promise<string>,
  ) {
    const show = (tx: Transaction, row: PqrRow) =>
      threadOf(tx, row, viewer, settings, basePath(row.radicado, viewer));
    const changed = await onLockedPqr(db, radicadoParam(c), viewer, step, show);
    return c.json(changed satisfies Api.PqrChanged, 201);
  }

  async function review(c: Context, viewer: PqrViewer, userId: string | null) {
    const form = await readBody(c, reviewSchema);
    return filerStep(c, viewer, (tx, row) => fileReview(tx, settings, row, form, { userId }));
  }

  async function moreInfo(c: Context, viewer: PqrViewer, userId: string | null) {
    const form = await readBody(c, moreInfoSchema);
    return filerStep(c, viewer, (tx, row) => addInformation(tx, row, form, { userId }));
  }

  async function attachment(c: Context, viewer: PqrViewer) {
    const row = await findPqr(db, radicadoParam(c), viewer);
    const file = row && (await readAttachment(db, row.number, c.req.param('id') ?? ''));
    if (!row || !file) throw new NotFound('No encontramos ese archivo.');
    return sendAttachment(c, file, `adjunto-${row.radicado}`);
  }

  // The file itself as the body; uploads are rate-limited: a visitor's by address, a signed-in person's by account.
  routes.post(
    '/pqr/adjuntos',
    uploadLimit(ATTACHMENT_MAX_BYTES, pqrMessages.attachmentInvalid),
    async (c) => {
      const caller = await readCaller(c, auth, db);
      const uploaderId = caller?.record?.id ?? null;
      if (uploaderId) await limiter.check('pqrUploadAccount', { ip: ipOf(c), account: uploaderId });
      else await limiter.check('pqrUpload', { ip: ipOf(c) });
      const bytes = Buffer.from(await uploadedBytes(c, pqrMessages.attachmentInvalid));
      return c.json((await saveUpload(db, bytes, uploaderId)) satisfies Api.PqrUpload, 201);
    },
  );

  // A visitor's filing starts a legal clock and mails an unverified address: the captcha first (spent on every try).
  routes.post('/pqr/visitante', async (c) => {
    const form = await readBody(c, visitorFilingSchema);
    await limiter.check('pqrVisitor', { ip: ipOf(c), email: form.email });
    await requireCaptcha(db, form.captchaId, form.captcha);
    return c.json((await fileForVisitor(db, settings, form)) satisfies Api.PqrFiled, 201);
  });

  routes.get('/pqr/seguimiento/:radicado', (c) => thread(c, visitorOf(c)));
  routes.post('/pqr/seguimiento/:radicado/reposicion', (c) => review(c, visitorOf(c), null));
  routes.post('/pqr/seguimiento/:radicado/informacion', (c) => moreInfo(c, visitorOf(c), null));
  routes.get('/pqr/seguimiento/:radicado/adjuntos/:id', (c) => attachment(c, visitorOf(c)));

  routes.get('/pqr', signedIn, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json((await customerList(db, settings, c.get('caller').record)) satisfies Api.PqrList);
  });

  routes.post('/pqr', signedIn, async (c) => {
    const form = await readBody(c, customerFilingSchema);
    return c.json(
      (await fileForCustomer(db, settings, c.get('caller').record, form)) satisfies Api.PqrFiled,
      201,
    );
  });

  routes.get('/pqr/:radicado', signedIn, (c) => thread(c, customerOf(c)));
  routes.post('/pqr/:radicado/reposicion', signedIn, (c) =>
    review(c, customerOf(c), c.get('caller').record.id),
  );
  routes.post('/pqr/:radicado/informacion', signedIn, (c) =>
    moreInfo(c, customerOf(c), c.get('caller').record.id),
  );
  routes.get('/pqr/:radicado/adjuntos/:id', signedIn, (c) => attachment(c, customerOf(c)));

  return routes;
}
