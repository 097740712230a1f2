// 'Despachos': received packages grouped for one flight. A package is in at most one dispatch (the refusal names
// which); packages are added and removed while the dispatch is open; its states ('En tránsito', 'En aduana',
// 'En bodega Colombia') move all its packages in one transaction, one event each.
import { and, asc, count, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import { dispatchLabel, isNextDispatchStep } from '../../shared/packages/dispatch-flow.ts';
import type { DispatchState } from '../../shared/packages/operations.ts';
import { STATE_LABELS } from '../../shared/packages/states.ts';
import type { Database, Transaction } from '../db/open.ts';
import { dispatches, dispatchPackages, packages, users } from '../db/schema.ts';
import { Conflict, DISPATCH_NOT_FOUND, NotFound, type Refusal, Refused } from '../errors.ts';
import { type Actor, changeStates, type MailSettings } from '../packages/state-change.ts';
import { waitingRefusals } from '../requests/instructions.ts';
import { openRequestRefusals } from '../requests/requests.ts';

type DispatchRow = typeof dispatches.$inferSelect;

export { dispatchLabel };

/** A new dispatch for a flight, with the received packages of `numbers` (all or a Refused); its id. */
export async function createDispatch(
  db: Database,
  flight: { masterAwb: string; airline: string; flightDate: string; numbers: number[] },
  createdBy: string | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { masterAwb, airline, flightDate, numbers } = flight;
    const [row] = await tx
      .insert(dispatches)
      .values({ masterAwb, airline, flightDate, createdBy })
      .returning({ id: dispatches.id });
    if (!row) throw new Error('insert returned nothing');
    if (numbers.length > 0) await addToDispatch(tx, row.id, numbers);
    return row.id;
  });
}

async function lockedDispatch(tx: Transaction, id: number): Promise<DispatchRow> {
  const [row] = await tx.select().from(dispatches).where(eq(dispatches.id, id)).for('update');
  if (!row) throw new NotFound(DISPATCH_NOT_FOUND);
  return row;
}

/** The dispatch, locked, while packages may still be added or removed; else a 409 that says it left. */
async function lockedOpenDispatch(tx: Transaction, id: number): Promise<DispatchRow> {
  const dispatch = await lockedDispatch(tx, id);
  if (dispatch.state !== 'abierto')
    throw new Conflict(
      'dispatch_closed',
      'El despacho ya salió: no se le pueden agregar ni quitar paquetes.',
    );
  return dispatch;
}

/** Adds received packages to an open dispatch; a Refused lists every refusal (not received, already in another). */
export async function addToDispatch(db: Database, id: number, numbers: number[]): Promise<void> {
  return db.transaction(async (tx) => {
    await lockedOpenDispatch(tx, id);
    const wanted = [...new Set(numbers)];
    const rows = await tx
      .select({ number: packages.number, state: packages.state, dispatchId: dispatchPackages.dispatchId })
      .from(packages)
      .leftJoin(dispatchPackages, eq(dispatchPackages.packageNumber, packages.number))
      .where(inArray(packages.number, wanted))
      .for('update', { of: packages });
    const found = new Map(rows.map((row) => [row.number, row]));
    const refused: Refusal[] = [];
    for (const number of wanted) {
      const row = found.get(number);
      if (!row) refused.push({ number, reason: `No existe el paquete ${number}.` });
      else if (row.dispatchId !== null && row.dispatchId !== id)
        refused.push({ number, reason: `El paquete ${number} ya está en el despacho ${row.dispatchId}.` });
      else if (row.state !== 'recibido')
        refused.push({
          number,
          reason: `El paquete ${number} está en «${STATE_LABELS[row.state]}»: solo se despachan paquetes recibidos en Miami.`,
        });
    }
    refused.push(...(await openRequestRefusals(tx, wanted)), ...(await waitingRefusals(tx, wanted)));
    if (refused.length > 0) throw new Refused(refused);
    const fresh = wanted.filter((number) => found.get(number)?.dispatchId === null);
    for (let i = 0; i < fresh.length; i += 1000)
      await tx
        .insert(dispatchPackages)
        .values(fresh.slice(i, i + 1000).map((packageNumber) => ({ packageNumber, dispatchId: id })));
    await tx.update(dispatches).set({ updatedAt: new Date() }).where(eq(dispatches.id, id));
  });
}

export async function removeFromDispatch(db: Database, id: number, numbers: number[]) {
  return db.transaction(async (tx) => {
    await lockedOpenDispatch(tx, id);
    await tx
      .delete(dispatchPackages)
      .where(and(eq(dispatchPackages.dispatchId, id), inArray(dispatchPackages.packageNumber, numbers)));
  });
}

/** Moves the dispatch and all its packages to `to`, all or nothing (a Refused); how many packages moved. */
export async function moveDispatch(
  db: Database,
  id: number,
  to: DispatchState,
  actor: Actor,
  mail: MailSettings,
): Promise<number> {
  return db.transaction(async (tx) => {
    const dispatch = await lockedDispatch(tx, id);
    if (!isNextDispatchStep(dispatch.state, to))
      throw new Conflict(
        'invalid_move',
        `Un despacho en «${dispatchLabel(dispatch.state)}» no puede pasar a «${dispatchLabel(to)}».`,
      );
    const members = await tx
      .select({ number: dispatchPackages.packageNumber })
      .from(dispatchPackages)
      .where(eq(dispatchPackages.dispatchId, id));
    if (members.length === 0) throw new Conflict('empty', 'El despacho no tiene paquetes.');
    const { changed, refused } = await changeStates(
      tx,
      members.map((member) => member.number),
      to,
      actor,
      mail,
      { note: `Despacho ${id} · ${dispatch.airline} · guía master ${dispatch.masterAwb}` },
    );
    if (refused.length > 0) throw new Refused(refused);
    await tx.update(dispatches).set({ state: to, updatedAt: new Date() }).where(eq(dispatches.id, id));
    return changed.length;
  });
}

const totals = {
  pieces: sql<number>`coalesce(sum(${packages.quantity}), 0)::int`,
  packages: count(packages.number),
  pounds: sql<number>`coalesce(sum(ceil(${packages.weightLb})), 0)::int`,
  declaredValueCents: sql<number>`coalesce(${sum(packages.declaredValueCents)}, 0)::bigint`,
};

export async function listDispatches(db: Database) {
  const rows = await db
    .select({ dispatch: dispatches, ...totals })
    .from(dispatches)
    .leftJoin(dispatchPackages, eq(dispatchPackages.dispatchId, dispatches.id))
    .leftJoin(packages, eq(packages.number, dispatchPackages.packageNumber))
    .groupBy(dispatches.id)
    .orderBy(desc(dispatches.id))
    .limit(200);
  return rows.map(({ dispatch, ...sums }) => ({ ...dispatchJson(dispatch), ...sumsJson(sums) }));
}

/** One dispatch with its packages (for the screen and the manifest). */
export async function dispatchDetail(db: Database, id: number) {
  const [dispatch] = await db.select().from(dispatches).where(eq(dispatches.id, id));
  if (!dispatch) return null;
  const rows = await db
    .select({
      number: packages.number,
      guide: packages.guide,
      state: packages.state,
      content: packages.content,
      quantity: packages.quantity,
      weightLb: packages.weightLb,
      declaredValueCents: packages.declaredValueCents,
      deliveryAddress: packages.deliveryAddress,
      lockerNumber: packages.lockerNumber,
      location: packages.location,
      name: users.name,
      telefono: users.telefono,
    })
    .from(dispatchPackages)
    .innerJoin(packages, eq(packages.number, dispatchPackages.packageNumber))
    .leftJoin(users, eq(users.id, packages.userId))
    .where(eq(dispatchPackages.dispatchId, id))
    .orderBy(asc(packages.number));
  const pieces = rows.reduce((total, row) => total + row.quantity, 0);
  const pounds = rows.reduce((total, row) => total + Math.ceil(Number(row.weightLb ?? 0)), 0);
  const declaredValueCents = rows.reduce((total, row) => total + row.declaredValueCents, 0);
  return {
    ...dispatchJson(dispatch),
    packages: rows.map((row) => ({ ...row, weightLb: row.weightLb === null ? null : Number(row.weightLb) })),
    totals: { packages: rows.length, pieces, pounds, declaredValueCents },
  };
}

function dispatchJson(row: DispatchRow) {
  return {
    id: row.id,
    masterAwb: row.masterAwb,
    airline: row.airline,
    flightDate: row.flightDate,
    state: row.state,
    stateLabel: dispatchLabel(row.state),
    createdAt: row.createdAt.toISOString(),
  };
}

function sumsJson(sums: { pieces: number; packages: number; pounds: number; declaredValueCents: number }) {
  return {
    totals: {
      packages: Number(sums.packages),
      pieces: Number(sums.pieces),
      pounds: Number(sums.pounds),
      declaredValueCents: Number(sums.declaredValueCents),
    },
  };
}
