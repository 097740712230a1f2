// 'Cierre de caja' as staff read it: a route's money before the close (live sums) and after it (the cashier's count
// beside the same sums, which an admin's correction moves). The close itself is written by delivery/close.ts.
import { and, eq } from 'drizzle-orm';
import type { CashCloseRecord, RouteCash } from '../../shared/collections/api-types.ts';
import { closeFigures } from '../../shared/collections/forms.ts';
import { deliveryMessages } from '../../shared/delivery/route-forms.ts';
import { cashCloses, collections, deliveryRoutes, users } from '../db/schema.ts';
import { NotFound } from '../errors.ts';
import { collectionEntries, type Reader, routeMoney } from './sums.ts';

/** Route `routeId`'s stored close with its figures, or null before 'Cerrar ruta'. */
export async function cashCloseRecord(db: Reader, routeId: number): Promise<CashCloseRecord | null> {
  const [row] = await db
    .select({ close: cashCloses, closedByName: users.name })
    .from(cashCloses)
    .leftJoin(users, eq(users.id, cashCloses.closedBy))
    .where(eq(cashCloses.routeId, routeId));
  if (!row) return null;
  const money = await routeMoney(db, routeId);
  const { close } = row;
  return {
    id: close.id,
    routeId,
    ...closeFigures(money, close.cashDeliveredCop),
    cashDeliveredCop: close.cashDeliveredCop,
    note: close.note,
    closedAt: close.closedAt.toISOString(),
    closedByName: row.closedByName ?? '',
    byMeans: money.byMeans,
    delivered: money.delivered,
  };
}

/** GET /api/admin/delivery/routes/:id/cash */
export async function routeCash(db: Reader, routeId: number): Promise<RouteCash> {
  const [route] = await db
    .select({ state: deliveryRoutes.state })
    .from(deliveryRoutes)
    .where(eq(deliveryRoutes.id, routeId));
  if (!route) throw new NotFound(deliveryMessages.routeNotFound, 'route_not_found');
  const money = await routeMoney(db, routeId);
  const close = await cashCloseRecord(db, routeId);
  const cashCollected = money.byMeans.find((row) => row.means === 'efectivo')?.amountCop ?? 0;
  return {
    routeId,
    locked: route.state === 'cerrada',
    figures: closeFigures(money, close?.cashDeliveredCop ?? cashCollected),
    byMeans: money.byMeans,
    delivered: money.delivered,
    collections: await collectionEntries(
      db,
      and(eq(collections.routeId, routeId), eq(collections.source, 'route')) ??
        eq(collections.routeId, routeId),
    ),
    close,
  };
}
