// The operations API for admins: the 'Paquetes' board and its CSV, 'Cambiar estado' for the selection (all or
// nothing, with the reason of every refusal), and 'Importar estados' from a carrier's CSV.
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { stream } from 'hono/streaming';
import { formatDateTime } from '../../shared/dates.ts';
import { bulkChangeSchema, MAX_IMPORT_BYTES, operationsMessages } from '../../shared/packages/operations.ts';
import { type PackageState, STATE_LABELS } from '../../shared/packages/states.ts';
import { clean } from '../../shared/schemas.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Auth } from '../auth/auth.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Config } from '../config.ts';
import { CSV_BOM, csvLine } from '../csv.ts';
import type { Database } from '../db/open.ts';
import { ApiError, clientIp, errorResponse, readBody } from '../http.ts';
import { BOARD_PAGE_SIZE, boardCount, boardPage, boardRowJson } from './board.ts';
import { importStates } from './import.ts';
import { readListQuery } from './list-query.ts';
import { type Actor, changeStates, type MailSettings } from './state-change.ts';

const CSV_HEADER = [
  'Paquete',
  'Guía',
  'Casillero',
  'Cliente',
  'Estado',
  'Peso (lb)',
  'Valor declarado (USD)',
  'Recibido',
  'Días en bodega',
];

export interface BoardRoutesDeps {
  db: Database;
  auth: Auth;
  config: Config;
  onMailQueued: () => void;
}

export function boardRoutes({ db, auth, config, onMailQueued }: BoardRoutesDeps) {
  const routes = new Hono<SessionEnv>();
  const admin = requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production });
  const mail: MailSettings = { brandName: config.brandName, appUrl: config.appUrl };
  const actorOf = (c: Context<SessionEnv>): Actor => ({ id: c.get('caller').record.id, role: 'admin' });

  function boardQuery(c: Context) {
    const { q, state, page } = readListQuery(c);
    return { filter: { q, state }, page };
  }

  routes.get('/admin/packages', admin, async (c) => {
    const { filter, page } = boardQuery(c);
    const [rows, count] = await Promise.all([boardPage(db, filter, page), boardCount(db, filter)]);
    c.header('cache-control', 'no-store');
    return c.json({ packages: rows.map(boardRowJson), ...count, page, pageSize: BOARD_PAGE_SIZE });
  });

  // Streamed page by page (keyset), so the whole list is never held in memory.
  routes.get('/admin/packages/csv', admin, async (c) => {
    const { filter } = boardQuery(c);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', 'attachment; filename="paquetes.csv"');
    c.header('cache-control', 'no-store');
    return stream(c, async (out) => {
      await out.write(CSV_BOM + csvLine(CSV_HEADER));
      let after: { createdAt: Date; number: number } | undefined;
      for (;;) {
        const rows = await boardPage(db, filter, 1, after);
        for (const row of rows)
          await out.write(
            csvLine([
              row.number,
              row.guide,
              row.lockerNumber,
              row.customerName,
              STATE_LABELS[row.state] ?? row.state,
              row.weightLb,
              (row.declaredValueCents / 100).toFixed(2),
              row.receivedAt ? formatDateTime(row.receivedAt) : '',
              row.daysInWarehouse,
            ]),
          );
        const last = rows.at(-1);
        if (!last || rows.length < BOARD_PAGE_SIZE) break;
        after = { createdAt: last.createdAt, number: last.number };
      }
    });
  });

  routes.post('/admin/packages/state', admin, async (c) => {
    const form = await readBody(c, bulkChangeSchema);
    const to = form.state as PackageState;
    const note =
      to === 'entregado' ? `Recibido por: ${form.receivedBy}${form.note ? `. ${form.note}` : ''}` : form.note;
    const actor = actorOf(c);
    const result = await db.transaction(async (tx) => {
      const outcome = await changeStates(tx, form.numbers, to, actor, mail, {
        note,
        carrier: form.carrier,
        carrierGuide: form.carrierGuide,
        correction: form.correction,
      });
      if (outcome.refused.length === 0 && form.correction)
        await recordAudit(tx, {
          action: 'package_state_corrected',
          actorId: actor.id,
          ip: clientIp(c, config.trustProxy),
          detail: { numbers: form.numbers, state: to, note },
        });
      return outcome;
    });
    if (result.refused.length > 0)
      return c.json(
        {
          error: {
            code: 'refused',
            message: operationsMessages.refused(result.refused.length),
            refused: result.refused,
          },
        },
        409,
      );
    onMailQueued();
    return c.json({
      changed: result.changed.length,
      message: operationsMessages.changed(result.changed.length, STATE_LABELS[to]),
    });
  });

  routes.post(
    '/admin/packages/import',
    bodyLimit({
      maxSize: MAX_IMPORT_BYTES,
      onError: (c) => errorResponse(c, new ApiError(413, 'invalid_file', operationsMessages.importNotCsv)),
    }),
    admin,
    async (c) => {
      const type = (c.req.header('content-type') ?? '').toLowerCase();
      if (!/^(text\/csv|application\/vnd\.ms-excel|application\/octet-stream)\b/.test(type))
        throw new ApiError(415, 'unsupported_media_type', operationsMessages.importNotCsv);
      // Control characters (NUL above all, which PostgreSQL text refuses) leave the file before it is read.
      const text = clean(new TextDecoder('utf-8', { fatal: false }).decode(await c.req.arrayBuffer()));
      const result = await importStates(db, text, actorOf(c), mail);
      if (result.applied.length > 0) onMailQueued();
      return c.json(result);
    },
  );

  return routes;
}
