// The operations API for admins: the 'Paquetes' board and its CSV, 'Cambiar estado' for the selection (all or
// nothing, with the reason of every refusal), and 'Importar estados' from a carrier's CSV.
import { type Context, Hono } from 'hono';
import type * as Api from '../../shared/operations/api-types.ts';
import {
  bulkChangeSchema,
  type ImportResult,
  MAX_IMPORT_BYTES,
  operationsMessages,
} from '../../shared/packages/operations.ts';
import { isPackageState, STATE_LABELS } from '../../shared/packages/states.ts';
import { clean } from '../../shared/schemas.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import { csvStream } from '../csv.ts';
import { Invalid } from '../errors.ts';
import { clientIp, type RouteDeps, readBody, uploadedBytes, uploadLimit } from '../http.ts';
import {
  BOARD_CSV_COLUMNS,
  BOARD_PAGE_SIZE,
  boardCount,
  boardCsvRows,
  boardPage,
  boardRowJson,
} from './board.ts';
import { changeSelection } from './bulk-change.ts';
import { importStates } from './import.ts';
import { readListQuery } from './list-query.ts';
import { type Actor, mailSettingsOf } from './state-change.ts';

/** What browsers and spreadsheet programs call a CSV file. */
const CSV_TYPES = /^(text\/csv|application\/vnd\.ms-excel|application\/octet-stream)\b/;

export interface BoardRoutesDeps extends RouteDeps {}

export function boardRoutes({ db, auth, config }: BoardRoutesDeps) {
  const routes = new Hono<SessionEnv>();
  const admin = requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production });
  const mail = mailSettingsOf(config);
  const actorOf = (c: Context<SessionEnv>): Actor => ({ id: c.get('caller').record.id, role: 'admin' });

  function boardQuery(c: Context) {
    const { q, state, page } = readListQuery(c);
    return { filter: { q, state }, page };
  }

  routes.get('/admin/packages', admin, async (c) => {
    const { filter, page } = boardQuery(c);
    const [rows, count] = await Promise.all([boardPage(db, filter, page), boardCount(db, filter)]);
    c.header('cache-control', 'no-store');
    return c.json({
      packages: rows.map(boardRowJson),
      ...count,
      page,
      pageSize: BOARD_PAGE_SIZE,
    } satisfies Api.BoardPage);
  });

  routes.get('/admin/packages/csv', admin, (c) =>
    csvStream(c, 'paquetes.csv', BOARD_CSV_COLUMNS, boardCsvRows(db, boardQuery(c).filter)),
  );

  routes.post('/admin/packages/state', admin, async (c) => {
    const form = await readBody(c, bulkChangeSchema);
    // The schema checked it already; this tells the compiler.
    if (!isPackageState(form.state))
      throw new Invalid('invalid', operationsMessages.state, { field: 'state' });
    const to = form.state;
    const changed = await changeSelection(db, form, to, actorOf(c), mail, clientIp(c, config.trustProxy));
    return c.json({
      changed: changed.length,
      message: operationsMessages.changed(changed.length, STATE_LABELS[to]),
    } satisfies Api.StatesChanged);
  });

  routes.post(
    '/admin/packages/import',
    uploadLimit(MAX_IMPORT_BYTES, operationsMessages.importNotCsv),
    admin,
    async (c) => {
      const bytes = await uploadedBytes(c, operationsMessages.importNotCsv, (type) => CSV_TYPES.test(type));
      // Control characters (NUL above all, which PostgreSQL text refuses) leave the file before it is read.
      const text = clean(new TextDecoder('utf-8', { fatal: false }).decode(bytes));
      const result = await importStates(db, text, actorOf(c), mail);
      return c.json(result satisfies ImportResult);
    },
  );

  return routes;
}
