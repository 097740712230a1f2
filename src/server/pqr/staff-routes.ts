// The staff's PQR API (design/pqr.md 'Answering', admins): the inbox, the report and its CSV, a PQR's screen,
// 'Responder', internal notes, 'Cambiar estado', 'Decisión', the attachments. Endpoints: src/shared/pqr/api-types.ts.
import { type Context, Hono } from 'hono';
import type * as Api from '../../shared/pqr/api-types.ts';
import {
  answerSchema,
  decisionSchema,
  inboxQuerySchema,
  noteSchema,
  pqrMessages,
  reportQuerySchema,
  stateChangeSchema,
} from '../../shared/pqr/forms.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import { csvFile } from '../csv.ts';
import type { Transaction } from '../db/open.ts';
import { NotFound } from '../errors.ts';
import { clientIp, type RouteDeps, readBody } from '../http.ts';
import { addNote, answerPqr, changePqrState, onLockedPqr } from './actions.ts';
import { readAttachment } from './attachments.ts';
import { decideIndemnity } from './decision.ts';
import { expedientePdf } from './expediente.ts';
import { radicadoParam, readPqrQuery, sendAttachment } from './http.ts';
import { inboxPage } from './inbox.ts';
import { findPqr, type PqrRow } from './records.ts';
import { pqrReport, REPORT_CSV_COLUMNS, reportLines } from './report.ts';
import { pqrSettingsOf } from './settings.ts';
import { staffDetail } from './staff-detail.ts';

const STAFF = { kind: 'staff' } as const;
const notFound = () => new NotFound(pqrMessages.notFound);

export function pqrStaffRoutes({ db, auth, config }: RouteDeps) {
  const routes = new Hono<SessionEnv>();
  const settings = pqrSettingsOf(config);
  routes.use('*', requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production }));
  const staffOf = (c: Context<SessionEnv>) => c.get('caller').record;

  /** One action on the locked PQR, answered with the PQR as it now is and what happened. */
  async function act(c: Context<SessionEnv>, action: (tx: Transaction, row: PqrRow) => Promise<string>) {
    const show = (tx: Transaction, row: PqrRow) => staffDetail(tx, row, settings);
    const changed = await onLockedPqr(db, radicadoParam(c), STAFF, action, show);
    return c.json(changed satisfies Api.PqrStaffChanged);
  }

  routes.get('/', async (c) => {
    c.header('cache-control', 'no-store');
    const query = readPqrQuery(c, inboxQuerySchema);
    return c.json((await inboxPage(db, settings, query)) satisfies Api.PqrInbox);
  });

  routes.get('/reporte', async (c) => {
    c.header('cache-control', 'no-store');
    const range = readPqrQuery(c, reportQuerySchema);
    return c.json((await pqrReport(db, settings, range)) satisfies Api.PqrReport);
  });

  routes.get('/reporte.csv', async (c) => {
    const range = readPqrQuery(c, reportQuerySchema);
    const report = await pqrReport(db, settings, range);
    return csvFile(c, `pqr-${range.from}-a-${range.to}.csv`, REPORT_CSV_COLUMNS, reportLines(report));
  });

  routes.get('/:radicado', async (c) => {
    const row = await findPqr(db, radicadoParam(c), STAFF);
    if (!row) throw notFound();
    c.header('cache-control', 'no-store');
    return c.json((await staffDetail(db, row, settings)) satisfies Api.PqrStaffDetail);
  });

  routes.post('/:radicado/respuesta', async (c) => {
    const form = await readBody(c, answerSchema);
    return act(c, (tx, row) => answerPqr(tx, settings, row, staffOf(c), form));
  });

  routes.post('/:radicado/notas', async (c) => {
    const form = await readBody(c, noteSchema);
    return act(c, (tx, row) => addNote(tx, row, staffOf(c), form.text));
  });

  routes.post('/:radicado/estado', async (c) => {
    const form = await readBody(c, stateChangeSchema);
    return act(c, (tx, row) => changePqrState(tx, row, staffOf(c), form.to, form.note));
  });

  routes.post('/:radicado/decision', async (c) => {
    const form = await readBody(c, decisionSchema);
    const ip = clientIp(c, config.trustProxy);
    return act(c, (tx, row) => decideIndemnity(tx, settings, row, staffOf(c), form, ip));
  });

  routes.get('/:radicado/adjuntos/:id', async (c) => {
    const row = await findPqr(db, radicadoParam(c), STAFF);
    const file = row && (await readAttachment(db, row.number, c.req.param('id') ?? ''));
    if (!row || !file) throw new NotFound('No encontramos ese archivo.');
    return sendAttachment(c, file, `adjunto-${row.radicado}`);
  });

  routes.get('/:radicado/expediente.pdf', async (c) => {
    const row = await findPqr(db, radicadoParam(c), STAFF);
    if (!row) throw notFound();
    const pdf = await expedientePdf(db, row, settings);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="expediente-${row.radicado}.pdf"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
  });

  return routes;
}
