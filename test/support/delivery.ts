// Routes and door actions for server tests: the world they start from (an admin, a customer, couriers), a started
// route of today for a courier, and the bodies of 'Entregar' and 'No entregado' as the phone sends them (a key per
// action, the phone's time).
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { isoDayInColombia } from '../../src/shared/dates.ts';
import type { Driver } from './database.ts';
import { packageInColombia } from './packages.ts';
import {
  type browser,
  signedUpCustomer,
  signedUpWithRole,
  startTestServerWithAdmin,
  type TestServer,
} from './server.ts';

type Client = ReturnType<typeof browser>;
type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;
type Courier = Awaited<ReturnType<typeof signedUpWithRole>>;

/** The delivery and money tests' world; its fields are filled in by deliveryWorld's beforeAll. */
export interface DeliveryWorld {
  server: TestServer;
  admin: Client;
  customer: Customer;
  /** The couriers ('reparto'), in the order named. */
  couriers: Courier[];
  /** The first of `couriers`. */
  courier: Courier;
}

/**
 * A server on `driver` with a signed-in admin (`admin`, its e-mail; `env` added to the config), a signed-in customer
 * named `customer` and a signed-in courier per name in `couriers`, started before the block's tests and closed after
 * them. Read the fields inside the tests (they are empty until the block's beforeAll has run).
 */
export function deliveryWorld(
  driver: Driver,
  people: {
    admin: string;
    customer: string;
    couriers?: string[];
    env?: Record<string, string>;
    /** The server's options (startTestServer's third argument). */
    options?: Parameters<typeof startTestServerWithAdmin>[3];
  },
): DeliveryWorld {
  const world = {} as DeliveryWorld;
  beforeAll(async () => {
    const { server, admin } = await startTestServerWithAdmin(
      driver,
      people.admin,
      people.env,
      people.options,
    );
    const customer = await signedUpCustomer(server, { name: people.customer });
    const couriers: Courier[] = [];
    for (const name of people.couriers ?? [])
      couriers.push(await signedUpWithRole(server, 'reparto', { name }));
    Object.assign(world, { server, admin, customer, couriers, courier: couriers[0] });
  });
  afterAll(() => world.server?.close());
  return world;
}

/** A route of today for `courierId` with `count` packages of `customer`, started ('En curso'). */
export async function startedRoute(
  admin: Client,
  customer: Customer,
  courierId: string,
  count = 2,
): Promise<{ id: number; numbers: number[] }> {
  const numbers: number[] = [];
  for (let i = 0; i < count; i++) numbers.push((await packageInColombia(customer, admin)).number);
  const date = isoDayInColombia(new Date());
  const created = await admin.post('/api/admin/delivery/routes', { date, courierId, zone: 'Bogotá norte' });
  expect(created.status).toBe(201);
  const id = created.body.route.id as number;
  expect(
    (await admin.post(`/api/admin/delivery/routes/${id}/stops`, { packages: numbers.map(String) })).status,
  ).toBe(200);
  expect((await admin.post(`/api/admin/delivery/routes/${id}/start`)).status).toBe(200);
  return { id, numbers };
}

/** A stop's 'Valor a pagar' as the courier reads it. */
export async function valueToPay(courier: Client, number: number): Promise<number> {
  const stop = await courier.get(`/api/delivery/stops/${number}`);
  expect(stop.status).toBe(200);
  return stop.body.stop.valueToPayCop ?? 0;
}

/** A valid 'Entregar' body, cash by default, with a new key. */
export function deliveryBody(collectedCop: number, overrides: Record<string, unknown> = {}) {
  return {
    key: randomUUID(),
    at: new Date().toISOString(),
    receivedBy: 'Marta Gómez',
    document: '1.020.304.050',
    relation: 'familiar',
    collectedCop,
    means: 'efectivo',
    reference: '',
    ...overrides,
  };
}

/** A valid 'No entregado' body with a new key. */
export function attemptBody(overrides: Record<string, unknown> = {}) {
  return { key: randomUUID(), at: new Date().toISOString(), reason: 'no_habia_nadie', ...overrides };
}

/** A small real photo as the phone sends it. */
export async function photoDataUrl(): Promise<string> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}
