// Collections written straight into the database, for the property test of 'Recaudos' and the money bench: a package
// with its charge ('Valor a pagar') and its collection, on a route of a courier or with a national carrier.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/open.ts';
import {
  collections,
  deliveryRoutes,
  packageCharges,
  packages,
  rateSettings,
} from '../../src/server/db/schema.ts';
import type { PaymentMeans } from '../../src/shared/delivery/door-choices.ts';

export interface SeedCollection {
  source: 'route' | 'carrier';
  /** A route's id (source 'route'). */
  routeId: number | null;
  courierId: string | null;
  carrier: string;
  toPayCop: number;
  amountCop: number;
  means: PaymentMeans;
  collectedAt: Date;
  remitted: boolean;
}

let guideSequence = 0;

/** A route of `courierId` for `date`, in `state`. */
export async function seedRoute(
  db: Database,
  courierId: string,
  date: string,
  state: 'en_curso' | 'cerrada',
): Promise<number> {
  const [row] = await db
    .insert(deliveryRoutes)
    .values({ date, courierId, zone: 'Semilla', state })
    .returning({ id: deliveryRoutes.id });
  if (!row) throw new Error('no route');
  return row.id;
}

/** Packages 'Entregado' of `ownerId`, each with its charge and its collection; their numbers. */
export async function seedCollections(
  db: Database,
  ownerId: string,
  items: SeedCollection[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const [rates] = await db.select({ id: rateSettings.id }).from(rateSettings).limit(1);
  const numbers: number[] = [];
  for (let start = 0; start < items.length; start += 1000) {
    const part = items.slice(start, start + 1000);
    const created = await db
      .insert(packages)
      .values(
        part.map(() => ({
          userId: ownerId,
          guide: `SEED${process.pid}X${Date.now()}X${++guideSequence}`,
          state: 'entregado' as const,
        })),
      )
      .returning({ number: packages.number });
    const partNumbers = created.map((row) => row.number);
    numbers.push(...partNumbers);
    await db.insert(packageCharges).values(
      part.map((item, index) => ({
        packageNumber: partNumbers[index] ?? 0,
        rateSettingsId: rates?.id ?? 1,
        input: {},
        chargeableLb: 1,
        freightCents: 0,
        insuranceCents: 0,
        tariffCents: 0,
        vatCents: 0,
        creditUsedCents: 0,
        totalCents: Math.round(item.toPayCop / 40),
        totalCop: item.toPayCop,
      })),
    );
    await db.insert(collections).values(
      part.map((item, index) => ({
        packageNumber: partNumbers[index] ?? 0,
        routeId: item.routeId,
        courierId: item.courierId,
        amountCop: item.amountCop,
        toPayCop: item.toPayCop,
        means: item.means,
        collectedAt: item.collectedAt,
        source: item.source,
        carrier: item.carrier,
        carrierGuide: item.source === 'carrier' ? `CG${partNumbers[index]}` : '',
        remittedAt: item.remitted ? item.collectedAt : null,
        remittedOn: item.remitted ? '2026-01-01' : null,
      })),
    );
  }
  await db.execute(sql`analyze collections`);
  return numbers;
}

/** One collection as a property test draws it: on a route of courier 0 or 1 (open or closed) or with a carrier. */
export interface DrawnCollection {
  onRoute: boolean;
  courier: number;
  closed: boolean;
  carrier: string;
  toPayCop: number;
  /** Collected minus to pay (never below zero collected). */
  delta: number;
  means: PaymentMeans;
  /** Days and minutes after `base`. */
  day: number;
  minute: number;
  remitted: boolean;
}

const DAY_MS = 86_400_000;

/**
 * Seeds `drawn` for `ownerId`, `base` (ms) being their day 0: one route on `routeDate` per courier and state,
 * created as first needed. Returns the collections as seeded, their package numbers, and each route's state.
 */
export async function seedDrawn(
  db: Database,
  ownerId: string,
  courierIds: string[],
  at: { base: number; routeDate: string },
  drawn: DrawnCollection[],
) {
  const routes = new Map<string, number>();
  const routeStates = new Map<number, 'en_curso' | 'cerrada'>();
  const items: SeedCollection[] = [];
  for (const each of drawn) {
    const courier = courierIds[each.courier] ?? '';
    let routeId: number | null = null;
    if (each.onRoute) {
      const key = `${courier}:${each.closed}`;
      routeId = routes.get(key) ?? null;
      if (routeId === null) {
        const state = each.closed ? 'cerrada' : 'en_curso';
        routeId = await seedRoute(db, courier, at.routeDate, state);
        routes.set(key, routeId);
        routeStates.set(routeId, state);
      }
    }
    items.push({
      source: each.onRoute ? 'route' : 'carrier',
      routeId,
      courierId: each.onRoute ? courier : null,
      carrier: each.onRoute ? '' : each.carrier,
      toPayCop: each.toPayCop,
      amountCop: Math.max(0, each.toPayCop + each.delta),
      means: each.onRoute ? each.means : 'efectivo',
      collectedAt: new Date(at.base + each.day * DAY_MS + each.minute * 60_000),
      remitted: !each.onRoute && each.remitted,
    });
  }
  const numbers = await seedCollections(db, ownerId, items);
  return { items, numbers, routeStates };
}
