// 'Cerrar ruta', the packages' side (design/delivery.md 'Routes', 'The courier's screen'): at the end of the day every
// stop closes, every package still 'En reparto' goes back to 'En bodega Colombia' with its attempts counted in its
// 'Historial', and the route is 'Cerrada'; after that the courier can record nothing more on it. Packages whose
// failed attempts reached DELIVERY_MAX_ATTEMPTS are flagged on /admin/reparto for a decision.
// The money side (issue 20, 'Cierre de caja'): in the same transaction, with the route row locked (the door's actions
// share-lock it, so a delivery either lands before the close and is counted, or after it and is refused), the
// cashier's 'Efectivo entregado' is compared with the sums of the stored collections; any difference needs
// 'Observación'; the close is stored and audited, and the route's collections are locked with it.
import { and, desc, eq, gte, inArray, notExists, sql } from 'drizzle-orm';
import {
  type CashClose,
  closeFigures,
  collectionMessages,
  hasDifference,
} from '../../shared/collections/forms.ts';
import type { FlaggedPackage } from '../../shared/delivery/api-types.ts';
import { FAILURE_REASON_LABELS, type FailureReason } from '../../shared/delivery/door-choices.ts';
import { deliveryMessages, ROUTE_STATE_LABELS } from '../../shared/delivery/route-forms.ts';
import { recordAudit } from '../audit/audit.ts';
import { routeMoney } from '../collections/sums.ts';
import type { Database } from '../db/open.ts';
import { cashCloses, deliveryAttempts, deliveryRoutes, packages, routeStops, users } from '../db/schema.ts';
import { Conflict, Invalid, NotFound, Refused } from '../errors.ts';
import { type Actor, changeStates, type EventDetails, type MailSettings } from '../packages/state-change.ts';
import { notifyRouteChange } from './live.ts';

/**
 * Closes route `id` (which must be 'En curso') with its cash count, all or nothing: how many packages went back to
 * the warehouse, and whether the close had a difference.
 */
export async function closeRoute(
  db: Database,
  id: number,
  actor: Actor,
  mail: MailSettings,
  options: { maxAttempts: number; ip?: string; cash: CashClose },
): Promise<{ back: number; differenceCop: number }> {
  return db.transaction(async (tx) => {
    const [route] = await tx.select().from(deliveryRoutes).where(eq(deliveryRoutes.id, id)).for('update');
    if (!route) throw new NotFound(deliveryMessages.routeNotFound, 'route_not_found');
    if (route.state !== 'en_curso')
      throw new Conflict(
        'route_not_in_course',
        deliveryMessages.notClosable(ROUTE_STATE_LABELS[route.state]),
      );
    const money = await routeMoney(tx, id);
    const figures = closeFigures(money, options.cash.cashDeliveredCop);
    if (hasDifference(figures) && options.cash.note === '')
      throw new Invalid('observation_required', collectionMessages.observation, { field: 'note' });
    const stops = await tx
      .select({ number: packages.number, state: packages.state })
      .from(routeStops)
      .innerJoin(packages, eq(packages.number, routeStops.packageNumber))
      .where(eq(routeStops.routeId, id));
    await tx.update(routeStops).set({ open: false }).where(eq(routeStops.routeId, id));
    const out = stops.filter((stop) => stop.state === 'en_reparto').map((stop) => stop.number);
    if (out.length > 0) {
      const attempts = await tx
        .select({
          number: deliveryAttempts.packageNumber,
          total: sql<number>`count(*)::int`,
          reason: sql<FailureReason | null>`max(${deliveryAttempts.reason}) filter (where ${deliveryAttempts.routeId} = ${id})`,
        })
        .from(deliveryAttempts)
        .where(inArray(deliveryAttempts.packageNumber, out))
        .groupBy(deliveryAttempts.packageNumber);
      const perPackage = new Map<number, EventDetails>();
      for (const row of attempts)
        if (row.reason)
          perPackage.set(row.number, {
            note: deliveryMessages.backWithAttempt(
              row.total,
              options.maxAttempts,
              FAILURE_REASON_LABELS[row.reason],
            ),
          });
      const { refused } = await changeStates(tx, out, 'en_bodega_colombia', actor, mail, {
        note: deliveryMessages.backWithoutAttempt,
        perPackage,
      });
      if (refused.length > 0) throw new Refused(refused);
    }
    await tx
      .update(deliveryRoutes)
      .set({ state: 'cerrada', updatedAt: new Date() })
      .where(eq(deliveryRoutes.id, id));
    await tx.insert(cashCloses).values({
      routeId: id,
      cashDeliveredCop: options.cash.cashDeliveredCop,
      note: options.cash.note,
      closedBy: actor.id,
    });
    await recordAudit(tx, {
      action: 'route_closed',
      actorId: actor.id,
      subjectId: route.courierId,
      ip: options.ip,
      detail: {
        routeId: id,
        date: route.date,
        stops: stops.length,
        back: out.length,
        delivered: money.delivered,
        ...figures,
        cashDeliveredCop: options.cash.cashDeliveredCop,
        byMeans: Object.fromEntries(money.byMeans.map((row) => [row.means, row.amountCop])),
        note: options.cash.note,
      },
    });
    await notifyRouteChange(tx, id);
    return { back: out.length, differenceCop: figures.differenceCop };
  });
}

/** Packages 'En bodega Colombia', in no open route, whose failed attempts reached `maxAttempts`: newest first. */
export async function flaggedPackages(db: Database, maxAttempts: number): Promise<FlaggedPackage[]> {
  const attempts = sql<number>`count(*)::int`;
  const lastAt = sql<Date>`max(${deliveryAttempts.at})`;
  const rows = await db
    .select({
      number: packages.number,
      guide: packages.guide,
      customerName: users.name,
      address: packages.deliveryAddress,
      attempts,
      lastReason: sql<FailureReason>`(array_agg(${deliveryAttempts.reason} order by ${deliveryAttempts.at} desc))[1]`,
      lastAttemptAt: sql<string>`max(${deliveryAttempts.at})`,
    })
    .from(deliveryAttempts)
    .innerJoin(packages, eq(packages.number, deliveryAttempts.packageNumber))
    .leftJoin(users, eq(users.id, packages.userId))
    .where(
      and(
        eq(packages.state, 'en_bodega_colombia'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(routeStops)
            .where(and(eq(routeStops.packageNumber, packages.number), eq(routeStops.open, true))),
        ),
      ),
    )
    .groupBy(packages.number, users.name)
    .having(gte(attempts, maxAttempts))
    .orderBy(desc(lastAt));
  return rows.map(({ lastReason, lastAttemptAt, customerName, ...row }) => ({
    ...row,
    customerName: customerName ?? '',
    lastReasonLabel: FAILURE_REASON_LABELS[lastReason],
    lastAttemptAt: new Date(lastAttemptAt).toISOString(),
  }));
}
