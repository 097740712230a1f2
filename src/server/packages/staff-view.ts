// The staff's view of one package (/admin/paquetes/:number): the package as its page shows it to staff (the whole
// 'Documento' and the courier of its proof of delivery), its owner, every move with the name of who made it, and its
// charge with the inputs and rates it was computed from, so a figure can be explained line by line.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type ChargeSettings, chargeFigures, poundsOf } from '../../shared/charges/charge.ts';
import type * as Api from '../../shared/operations/api-types.ts';
import { lineSums, openLinesOf, shownLine } from '../charges/charge-lines.ts';
import { storedCharge } from '../charges/package-charge.ts';
import type { Database } from '../db/open.ts';
import { packageEvents, packages, rateSettings, users } from '../db/schema.ts';
import { NotFound, PACKAGE_NOT_FOUND } from '../errors.ts';
import { staffPayments } from '../payments/staff-list.ts';
import { packageDetail } from './detail.ts';
import { findVisiblePackage } from './queries.ts';

const STAFF = { kind: 'staff' } as const;

/** Who made a move, as staff read it (the customer's own page says 'Tú' instead of 'Cliente'). */
const ROLE_LABELS: Record<string, string> = {
  customer: 'Cliente',
  bodega: 'Bodega',
  admin: 'Administración',
  reparto: 'Mensajero',
  system: 'Sistema',
};

const whole = z.number().int().nonnegative();
/** The inputs stored with a charge (src/server/charges/package-charge.ts `chargePackage`). */
const storedInput = z.object({
  weightHundredthsLb: whole,
  measuresTenthsIn: z.tuple([whole, whole, whole]).nullable(),
  declaredValueCents: whole,
  creditCents: whole.optional(),
  rates: z.object({
    pricePerLbCents: whole,
    minWeightLb: whole,
    volumetricDivisor: z.number().int().positive(),
    insuranceBasisPoints: whole,
    trmHundredths: whole,
    freeStorageDays: whole,
    referralCreditCents: whole,
    taxFreeThresholdCents: whole,
    tariffBasisPoints: whole,
    vatBasisPoints: whole,
  }) satisfies z.ZodType<ChargeSettings>,
});

async function chargeBasis(db: Database, number: number): Promise<Api.StaffChargeBasis | null> {
  const charge = await storedCharge(db, number);
  if (!charge) return null;
  const parsed = storedInput.safeParse(charge.input);
  // A charge whose stored inputs cannot be read is not shown as if it could be explained.
  if (!parsed.success) return null;
  const input = parsed.data;
  const [rates] = await db
    .select({ effectiveFrom: rateSettings.effectiveFrom })
    .from(rateSettings)
    .where(eq(rateSettings.id, charge.rateSettingsId));
  const [computedBy] = charge.computedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, charge.computedBy))
    : [];
  const lines = (await openLinesOf(db, [number])).get(number) ?? [];
  const added = lineSums(lines);
  const measures = input.measuresTenthsIn;
  const pounds = poundsOf(input, input.rates);
  return {
    weightLb: input.weightHundredthsLb / 100,
    measuresIn: measures && [measures[0] / 10, measures[1] / 10, measures[2] / 10],
    declaredValueCents: input.declaredValueCents,
    creditAvailableCents: input.creditCents ?? 0,
    rates: input.rates,
    ratesFrom: rates?.effectiveFrom.toISOString() ?? null,
    // The pounds as the charge weighed them (its own arithmetic, not a copy of it).
    actualLb: pounds.actualLb,
    volumetricLb: pounds.volumetricLb,
    ...chargeFigures(charge),
    lines: lines.map(shownLine),
    totalCents: charge.totalCents + added.cents,
    totalCop: charge.totalCop + added.cop,
    computedAt: charge.computedAt.toISOString(),
    computedBy: computedBy?.name ?? null,
  };
}

/** The staff's view of package `number`; NotFound when there is none. */
export async function staffPackageView(db: Database, number: number): Promise<Api.StaffPackage> {
  const row = await findVisiblePackage(db, number, STAFF);
  if (!row) throw new NotFound(PACKAGE_NOT_FOUND);
  const detail = await packageDetail(db, row, STAFF);
  const actors = await db
    .select({ id: packageEvents.id, role: packageEvents.actorRole, name: users.name })
    .from(packageEvents)
    .leftJoin(users, eq(users.id, packageEvents.actorId))
    .where(eq(packageEvents.packageNumber, number));
  const actorOf = new Map(actors.map((actor) => [actor.id, actor]));
  const [owner] = row.userId
    ? await db
        .select({
          name: users.name,
          email: users.email,
          lockerNumber: users.lockerNumber,
          telefono: users.telefono,
        })
        .from(users)
        .where(eq(users.id, row.userId))
    : [];
  return {
    package: detail,
    owner: owner ?? null,
    events: detail.events.map((event) => {
      const actor = actorOf.get(event.id);
      return {
        ...event,
        actor: ROLE_LABELS[actor?.role ?? 'system'] ?? 'Sistema',
        actorName: actor?.name ?? null,
      };
    }),
    charge: await chargeBasis(db, number),
    payments: await staffPayments(db, { packageNumber: number }, 20),
  };
}

/**
 * The key the staff's view of package `number` listens under: its owner's, or, for a package with no owner yet
 * (unidentified at the warehouse), its own number, which nothing notifies (the view is read again on reconnect).
 * NotFound when there is none.
 */
export async function watchedKeyOf(db: Database, number: number): Promise<string> {
  const [row] = await db.select({ owner: packages.userId }).from(packages).where(eq(packages.number, number));
  if (!row) throw new NotFound(PACKAGE_NOT_FOUND);
  return row.owner ?? `package:${number}`;
}
