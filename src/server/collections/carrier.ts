// A national carrier's collection ('recaudo', DELIVERY.md 'Routes' and 'Collections'): when staff set 'Entregado' on
// a package that went out with a carrier ('En reparto' with 'Transportadora'), the carrier charged its 'Valor a
// pagar' at the door, so a collection of source 'carrier' is written in that same transaction: a package is never
// 'Entregado' with its collection missing unless its value to pay is zero. The carrier's remittance marks it
// received later ('Importar liquidación'). A courier's delivery writes its own collection (delivery/deliver.ts).
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { normalizeGuide } from '../../shared/packages/guides.ts';
import type { Transaction } from '../db/open.ts';
import { collections, deliveryRoutes, packageCharges, packageEvents, routeStops } from '../db/schema.ts';

const CHUNK = 1000;

/**
 * Writes the collections of `numbers`, just moved to 'Entregado' by staff: those with a 'Valor a pagar' and no
 * collection yet. A package still on an open route of ours is the courier's money (route and courier, cash); any
 * other is its carrier's, named by its last 'En reparto' event. Set-based: a few statements per thousand.
 */
export async function recordStaffDeliveryCollections(
  tx: Transaction,
  numbers: number[],
  recordedBy: string | null,
): Promise<void> {
  for (let start = 0; start < numbers.length; start += CHUNK) {
    const part = numbers.slice(start, start + CHUNK);
    const owed = await tx
      .select({ number: packageCharges.packageNumber, toPay: packageCharges.totalCop })
      .from(packageCharges)
      .leftJoin(collections, eq(collections.packageNumber, packageCharges.packageNumber))
      .where(
        and(
          inArray(packageCharges.packageNumber, part),
          sql`${packageCharges.totalCop} > 0`,
          isNull(collections.id),
        ),
      );
    if (owed.length === 0) continue;
    const owedNumbers = owed.map((row) => row.number);
    const onRoute = new Map(
      (
        await tx
          .select({
            number: routeStops.packageNumber,
            routeId: routeStops.routeId,
            courierId: deliveryRoutes.courierId,
          })
          .from(routeStops)
          .innerJoin(deliveryRoutes, eq(deliveryRoutes.id, routeStops.routeId))
          .where(and(inArray(routeStops.packageNumber, owedNumbers), eq(routeStops.open, true)))
      ).map((row) => [row.number, row]),
    );
    const carriers = new Map(
      (
        await tx
          .selectDistinctOn([packageEvents.packageNumber], {
            number: packageEvents.packageNumber,
            carrier: packageEvents.carrier,
            carrierGuide: packageEvents.carrierGuide,
          })
          .from(packageEvents)
          .where(
            and(inArray(packageEvents.packageNumber, owedNumbers), eq(packageEvents.state, 'en_reparto')),
          )
          .orderBy(packageEvents.packageNumber, desc(packageEvents.id))
      ).map((row) => [row.number, row]),
    );
    const now = new Date();
    await tx
      .insert(collections)
      .values(
        owed.map(({ number, toPay }) => {
          const stop = onRoute.get(number);
          const carrier = carriers.get(number);
          return {
            packageNumber: number,
            routeId: stop?.routeId ?? null,
            courierId: stop?.courierId ?? null,
            amountCop: toPay,
            toPayCop: toPay,
            means: 'efectivo' as const,
            collectedAt: now,
            recordedBy,
            source: stop ? ('route' as const) : ('carrier' as const),
            carrier: stop ? '' : carrier?.carrier || 'Transportadora',
            carrierGuide: stop ? '' : normalizeGuide(carrier?.carrierGuide ?? ''),
          };
        }),
      )
      .onConflictDoNothing();
  }
}
