// A national carrier's collection ('recaudo', design/delivery.md 'Routes' and 'Collections'): when staff set
// 'Entregado' on a package that went out with a carrier ('En reparto' with 'Transportadora'), the carrier charged its
// 'Valor a pagar' at the door, so the package is settled in that same transaction with a collection of source
// 'carrier': a package is never 'Entregado' with its collection missing unless its value to pay is zero. The carrier's
// remittance marks it received later ('Importar liquidación'). A package on a route of ours is its courier's to
// deliver: staff's 'Entregado' on it is refused, naming the route (a courier's delivery settles itself,
// delivery/deliver.ts).
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { normalizeGuide } from '../../shared/packages/guides.ts';
import type { Transaction } from '../db/open.ts';
import { deliveryRoutes, packageEvents, routeStops, users } from '../db/schema.ts';
import type { Refusal } from '../errors.ts';
import { settledWithBalance } from './balance.ts';
import { settlePackages } from './settlements.ts';

const CHUNK = 1000;

/** The packages of `numbers` on a route not closed yet, each refused with the route that holds it. */
export async function onOpenRoutes(tx: Transaction, numbers: number[]): Promise<Refusal[]> {
  if (numbers.length === 0) return [];
  const rows = await tx
    .select({
      number: routeStops.packageNumber,
      routeId: deliveryRoutes.id,
      date: deliveryRoutes.date,
      courierName: users.name,
    })
    .from(routeStops)
    .innerJoin(deliveryRoutes, eq(deliveryRoutes.id, routeStops.routeId))
    .innerJoin(users, eq(users.id, deliveryRoutes.courierId))
    .where(
      and(
        inArray(routeStops.packageNumber, numbers),
        eq(routeStops.open, true),
        ne(deliveryRoutes.state, 'cerrada'),
      ),
    );
  return rows.map((row) => ({
    number: row.number,
    reason: `El paquete ${row.number} está en la ruta ${row.routeId} de ${row.courierName} (${row.date}): lo entrega el mensajero desde «Mi ruta», o quítalo de la ruta antes.`,
  }));
}

/** Settles `numbers`, just moved to 'Entregado' by staff, as their carriers' collections (named by each package's
 * last 'En reparto' event). Set-based: a few statements per thousand. */
export async function settleCarrierDeliveries(
  tx: Transaction,
  numbers: number[],
  recordedBy: string | null,
): Promise<void> {
  const now = new Date();
  for (let start = 0; start < numbers.length; start += CHUNK) {
    const chunk = numbers.slice(start, start + CHUNK);
    const carriers = new Map(
      (
        await tx
          .selectDistinctOn([packageEvents.packageNumber], {
            number: packageEvents.packageNumber,
            carrier: packageEvents.carrier,
            carrierGuide: packageEvents.carrierGuide,
          })
          .from(packageEvents)
          .where(and(inArray(packageEvents.packageNumber, chunk), eq(packageEvents.state, 'en_reparto')))
          .orderBy(packageEvents.packageNumber, desc(packageEvents.id))
      ).map((row) => [row.number, row]),
    );
    // A package paid online owes the carrier only its 'Saldo pendiente' (balance.ts): nothing more when none is left.
    const paid = await settledWithBalance(tx, chunk);
    await settlePackages(
      tx,
      chunk.flatMap((number) => {
        const settled = paid.get(number);
        if (settled && settled.balance.cop <= 0) return [];
        return {
          number,
          source: 'carrier' as const,
          routeId: null,
          courierId: null,
          deliveryId: null,
          at: now,
          paid: null,
          carrier: carriers.get(number)?.carrier || 'Transportadora',
          carrierGuide: normalizeGuide(carriers.get(number)?.carrierGuide ?? ''),
          part: settled ? ('balance' as const) : ('charge' as const),
        };
      }),
      recordedBy,
    );
  }
}
