// The dispatches API for admins (/admin/despachos): list, create from a selection, one dispatch with its totals,
// add and remove packages while open, move it (and all its packages) along its flight, and its manifest CSV.
import { type Context, Hono } from 'hono';
import {
  dispatchPackagesSchema,
  dispatchSchema,
  dispatchStateSchema,
  operationsMessages,
} from '../../shared/packages/operations.ts';
import type { Auth } from '../auth/auth.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Config } from '../config.ts';
import { CSV_BOM, csvLine } from '../csv.ts';
import type { Database } from '../db/open.ts';
import { dispatches } from '../db/schema.ts';
import { ApiError, readBody } from '../http.ts';
import { pathNumber } from '../packages/list-query.ts';
import type { Actor, Refusal } from '../packages/state-change.ts';
import {
  addToDispatch,
  dispatchDetail,
  dispatchLabel,
  listDispatches,
  moveDispatch,
  removeFromDispatch,
} from './dispatches.ts';

/** Thrown inside a transaction to roll it back and answer with the list of refusals. */
class Refused extends Error {
  constructor(readonly refused: Refusal[]) {
    super('refused');
  }
}

const MANIFEST_HEADER = [
  'Paquete',
  'Guía',
  'Consignatario',
  'Dirección',
  'Teléfono',
  'Contenido',
  'Piezas',
  'Peso (lb)',
  'Valor declarado (USD)',
];

export function dispatchRoutes({
  db,
  auth,
  config,
  onMailQueued,
}: {
  db: Database;
  auth: Auth;
  config: Config;
  onMailQueued: () => void;
}) {
  const routes = new Hono<SessionEnv>();
  const admin = requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production });
  const mail = { brandName: config.brandName, appUrl: config.appUrl };
  const actorOf = (c: Context<SessionEnv>): Actor => ({ id: c.get('caller').record.id, role: 'admin' });
  const idOf = (c: Context) => pathNumber(c, 'id', 'No encontramos ese despacho.');
  const refusedResponse = (c: Context, refused: Refusal[]) =>
    c.json({ error: { code: 'refused', message: operationsMessages.refused(refused.length), refused } }, 409);

  /** Runs `work` in a transaction; a Refused rolls everything back and answers 409 with the list. */
  async function allOrNothing(c: Context, work: Parameters<Database['transaction']>[0]) {
    try {
      await db.transaction(work);
      return null;
    } catch (error) {
      if (error instanceof Refused) return refusedResponse(c, error.refused);
      throw error;
    }
  }

  routes.get('/admin/dispatches', admin, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ dispatches: await listDispatches(db) });
  });

  routes.post('/admin/dispatches', admin, async (c) => {
    const form = await readBody(c, dispatchSchema);
    let id = 0;
    const refused = await allOrNothing(c, async (tx) => {
      const [row] = await tx
        .insert(dispatches)
        .values({
          masterAwb: form.masterAwb,
          airline: form.airline,
          flightDate: form.flightDate,
          createdBy: actorOf(c).id,
        })
        .returning({ id: dispatches.id });
      id = row?.id ?? 0;
      if (form.numbers.length > 0) {
        const problems = await addToDispatch(tx, id, form.numbers);
        if (problems.length > 0) throw new Refused(problems);
      }
    });
    if (refused) return refused;
    return c.json({ dispatch: await dispatchDetail(db, id), message: `Despacho ${id} creado.` }, 201);
  });

  routes.get('/admin/dispatches/:id', admin, async (c) => {
    const detail = await dispatchDetail(db, idOf(c));
    if (!detail) throw new ApiError(404, 'not_found', 'No encontramos ese despacho.');
    c.header('cache-control', 'no-store');
    return c.json(detail);
  });

  routes.post('/admin/dispatches/:id/packages', admin, async (c) => {
    const { numbers } = await readBody(c, dispatchPackagesSchema);
    const id = idOf(c);
    const refused = await allOrNothing(c, async (tx) => {
      const problems = await addToDispatch(tx, id, numbers);
      if (problems.length > 0) throw new Refused(problems);
    });
    return (
      refused ??
      c.json({ dispatch: await dispatchDetail(db, id), message: 'Paquetes agregados al despacho.' })
    );
  });

  routes.post('/admin/dispatches/:id/packages/remove', admin, async (c) => {
    const { numbers } = await readBody(c, dispatchPackagesSchema);
    const id = idOf(c);
    await db.transaction((tx) => removeFromDispatch(tx, id, numbers));
    return c.json({ dispatch: await dispatchDetail(db, id), message: 'Paquetes quitados del despacho.' });
  });

  routes.post('/admin/dispatches/:id/state', admin, async (c) => {
    const { state } = await readBody(c, dispatchStateSchema);
    const id = idOf(c);
    let moved = 0;
    const refused = await allOrNothing(c, async (tx) => {
      const result = await moveDispatch(tx, id, state, actorOf(c), mail);
      if (result.refused.length > 0) throw new Refused(result.refused);
      moved = result.moved;
    });
    if (refused) return refused;
    onMailQueued();
    return c.json({
      dispatch: await dispatchDetail(db, id),
      message: `Despacho ${id}: ${operationsMessages.changed(moved, dispatchLabel(state))}`,
    });
  });

  routes.get('/admin/dispatches/:id/manifest', admin, async (c) => {
    const detail = await dispatchDetail(db, idOf(c));
    if (!detail) throw new ApiError(404, 'not_found', 'No encontramos ese despacho.');
    const lines = detail.packages.map((row) =>
      csvLine([
        row.number,
        row.guide,
        row.name,
        row.deliveryAddress,
        row.telefono,
        row.content,
        row.quantity,
        row.weightLb === null ? '' : Math.ceil(row.weightLb),
        (row.declaredValueCents / 100).toFixed(2),
      ]),
    );
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="manifiesto-despacho-${detail.id}.csv"`);
    c.header('cache-control', 'no-store');
    return c.body(CSV_BOM + csvLine(MANIFEST_HEADER) + lines.join(''));
  });

  return routes;
}
