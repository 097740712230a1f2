// The admin's changes to charges ('Tarifas'): a new set of rates from a date, and the explicit recomputation of one
// package's charge; each is audited in its own transaction.
import { eq } from 'drizzle-orm';
import type { Charge } from '../../shared/charges/charge.ts';
import { chargeSettledMessage, type RateSettingsValues } from '../../shared/charges/rates-form.ts';
import { recordAudit } from '../audit/audit.ts';
import { settlementOf } from '../collections/settlements.ts';
import type { Database } from '../db/open.ts';
import { packages } from '../db/schema.ts';
import { Conflict, NotFound, PACKAGE_NOT_FOUND } from '../errors.ts';
import { chargePackage } from './package-charge.ts';
import { addRates, type RateRow } from './rates.ts';

/** A new set of rates in force from `effectiveFrom`, audited. */
export function saveRates(
  db: Database,
  effectiveFrom: string,
  settings: RateSettingsValues,
  actorId: string,
  ip: string,
): Promise<RateRow> {
  return db.transaction(async (tx) => {
    const added = await addRates(tx, effectiveFrom, settings, actorId);
    await recordAudit(tx, {
      action: 'rates_changed',
      actorId,
      ip,
      detail: { effectiveFrom, ...settings },
    });
    return added;
  });
}

/** Package `number`'s charge computed again with the rates of the day it was received, audited; NotFound, or
 * Conflict when its money is settled or it has no weight or owner yet. */
export function recomputeCharge(db: Database, number: number, actorId: string, ip: string): Promise<Charge> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(packages).where(eq(packages.number, number)).for('update');
    if (!row) throw new NotFound(PACKAGE_NOT_FOUND);
    // Settled money never changes: the settlement froze this charge (a correction out of 'Entregado' voids it).
    if (await settlementOf(tx, number)) throw new Conflict('settled', chargeSettledMessage);
    const computed = await chargePackage(tx, row, actorId);
    if (!computed)
      throw new Conflict('not_received', 'Este paquete aún no tiene peso ni dueño: no se puede cobrar.');
    await recordAudit(tx, {
      action: 'charge_recomputed',
      actorId,
      subjectId: row.userId,
      ip,
      detail: { packageNumber: number, totalCents: computed.totalCents },
    });
    return computed;
  });
}
