// The dispatches API for admins (/admin/despachos): list, create from a selection, one dispatch with its totals,
// add and remove packages while open, move it (and all its packages) along its flight, and its manifest CSV.
// A refused selection throws Refused inside the transaction: nothing is written and the answer lists why.
import { type Context, Hono } from 'hono';
import type * as Api from '../../shared/operations/api-types.ts';
import {
  dispatchPackagesSchema,
  dispatchSchema,
  dispatchStateSchema,
  operationsMessages,
} from '../../shared/packages/operations.ts';
import type { Auth } from '../auth/auth.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Config } from '../config.ts';
import { type CsvColumns, csvFile } from '../csv.ts';
import type { Database } from '../db/open.ts';
import { DISPATCH_NOT_FOUND, NotFound } from '../errors.ts';
import { readBody } from '../http.ts';
import { dispatchIdParam } from '../packages/list-query.ts';
import { type Actor, mailSettingsOf } from '../packages/state-change.ts';
import {
  addToDispatch,
  createDispatch,
  dispatchDetail,
  dispatchLabel,
  listDispatches,
  moveDispatch,
  removeFromDispatch,
} from './dispatches.ts';

type ManifestRow = NonNullable<Awaited<ReturnType<typeof dispatchDetail>>>['packages'][number];

const MANIFEST_COLUMNS: CsvColumns<ManifestRow> = [
  ['Paquete', (row) => row.number],
  ['Guía', (row) => row.guide],
  ['Consignatario', (row) => row.name],
  ['Dirección', (row) => row.deliveryAddress],
  ['Teléfono', (row) => row.telefono],
  ['Contenido', (row) => row.content],
  ['Piezas', (row) => row.quantity],
  ['Peso (lb)', (row) => (row.weightLb === null ? '' : Math.ceil(row.weightLb))],
  ['Valor declarado (USD)', (row) => (row.declaredValueCents / 100).toFixed(2)],
];

export function dispatchRoutes({ db, auth, config }: { db: Database; auth: Auth; config: Config }) {
  const routes = new Hono<SessionEnv>();
  const admin = requireCaller(auth, db, { role: 'admin', verifiedEmail: config.production });
  const mail = mailSettingsOf(config);
  const actorOf = (c: Context<SessionEnv>): Actor => ({ id: c.get('caller').record.id, role: 'admin' });

  async function foundDispatch(id: number) {
    const detail = await dispatchDetail(db, id);
    if (!detail) throw new NotFound(DISPATCH_NOT_FOUND);
    return detail;
  }

  /** The answer of every change to a dispatch: the dispatch as it now is, and what to say. */
  const dispatchChanged = async (id: number, message: string): Promise<Api.DispatchChanged> => ({
    dispatch: await foundDispatch(id),
    message,
  });

  routes.get('/admin/dispatches', admin, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ dispatches: await listDispatches(db) } satisfies Api.DispatchList);
  });

  routes.post('/admin/dispatches', admin, async (c) => {
    const form = await readBody(c, dispatchSchema);
    const id = await createDispatch(db, form, actorOf(c).id);
    return c.json(await dispatchChanged(id, `Despacho ${id} creado.`), 201);
  });

  routes.get('/admin/dispatches/:id', admin, async (c) => {
    const detail = await foundDispatch(dispatchIdParam(c));
    c.header('cache-control', 'no-store');
    return c.json(detail satisfies Api.DispatchDetail);
  });

  routes.post('/admin/dispatches/:id/packages', admin, async (c) => {
    const { numbers } = await readBody(c, dispatchPackagesSchema);
    const id = dispatchIdParam(c);
    await addToDispatch(db, id, numbers);
    return c.json(await dispatchChanged(id, 'Paquetes agregados al despacho.'));
  });

  routes.post('/admin/dispatches/:id/packages/remove', admin, async (c) => {
    const { numbers } = await readBody(c, dispatchPackagesSchema);
    const id = dispatchIdParam(c);
    await removeFromDispatch(db, id, numbers);
    return c.json(await dispatchChanged(id, 'Paquetes quitados del despacho.'));
  });

  routes.post('/admin/dispatches/:id/state', admin, async (c) => {
    const { state } = await readBody(c, dispatchStateSchema);
    const id = dispatchIdParam(c);
    const moved = await moveDispatch(db, id, state, actorOf(c), mail);
    return c.json(
      await dispatchChanged(id, `Despacho ${id}: ${operationsMessages.changed(moved, dispatchLabel(state))}`),
    );
  });

  routes.get('/admin/dispatches/:id/manifest', admin, async (c) => {
    const detail = await foundDispatch(dispatchIdParam(c));
    return csvFile(c, `manifiesto-despacho-${detail.id}.csv`, MANIFEST_COLUMNS, detail.packages);
  });

  return routes;
}
