// What the warehouse benchmark needs from the packages seed before the server starts: its bodega user, the
// other signed-in customers' lockers, and the guides it looks up.
import { eq, inArray, sql } from 'drizzle-orm';
import * as schema from '../../src/server/db/schema.ts';
import type { Customer, Seeded } from '../support/packages-seed.ts';
import { rowsOf, type Storage, withDatabase } from '../support/storage.ts';

/** Guides looked up of each kind (pre-alerted, received, unknown), after WARM_UP_LOOKUPS others. */
export const LOOKUPS_EACH = 200;
export const WARM_UP_LOOKUPS = 30;

export type Kind = 'prealertado' | 'recibido' | 'desconocido';
export const KINDS: Kind[] = ['prealertado', 'recibido', 'desconocido'];
export const KIND_LABELS: Record<Kind, string> = {
  prealertado: 'pre-alerted',
  recibido: 'already received',
  desconocido: 'unknown',
};

export interface Prepared {
  bodega: Customer;
  /** The other signed-in customers, with their locker numbers. */
  customers: (Customer & { lockerNumber: string })[];
  guides: Record<Kind, string[]>;
}

/**
 * Before the server starts: one seeded customer becomes the warehouse's bodega user; guides of pre-alerted and of
 * received packages, spread over the table; unknown guides in the carriers' shapes (none of them seeded).
 */
export async function prepare(storage: Storage, seeded: Seeded): Promise<Prepared> {
  return withDatabase(storage, async ({ db }) => {
    const bodega = seeded.customers.at(-1) as Customer;
    const others = seeded.customers.slice(0, -1);
    await db.update(schema.users).set({ role: 'bodega' }).where(eq(schema.users.id, bodega.id));
    const lockers = await db
      .select({ id: schema.users.id, lockerNumber: schema.users.lockerNumber })
      .from(schema.users)
      .where(
        inArray(
          schema.users.id,
          others.map((c) => c.id),
        ),
      );
    const lockerOf = new Map(lockers.map((row) => [row.id, row.lockerNumber]));
    const sample = async (where: string, modulo: number) =>
      rowsOf<{ guide: string }>(
        await db.execute(
          sql.raw(
            `select guide from packages where ${where} and number % ${modulo} = 0 order by number limit ${LOOKUPS_EACH + WARM_UP_LOOKUPS}`,
          ),
        ),
      ).map((row) => row.guide);
    const unknown = Array.from({ length: LOOKUPS_EACH + WARM_UP_LOOKUPS }, (_, i) => {
      const n = String(i * 7919 + 17);
      // UPS with letters no seeded guide has ('K', 'N', 'O', 'U', 'W' are not hex digits), USPS, FedEx, DHL.
      return [
        `1ZUNKNOWN${n.padStart(9, '0')}`,
        `9405${n.padStart(18, '0')}`,
        `8${n.padStart(11, '0')}`,
        `5${n.padStart(9, '0')}`,
      ][i % 4] as string;
    });
    return {
      bodega,
      customers: others.map((c) => ({ ...c, lockerNumber: lockerOf.get(c.id) ?? '' })),
      guides: {
        prealertado: await sample(`state = 'prealertado'`, 61),
        recibido: await sample(`state not in ('prealertado', 'cancelado')`, 4001),
        desconocido: unknown,
      },
    };
  });
}
