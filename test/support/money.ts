// Money for server tests (issue 20): a package a national carrier delivered (its collection recorded when staff set
// 'Entregado'), a route delivered at the door, a remittance CSV upload, and the stored 'Valor a pagar'.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { packageCharges } from '../../src/server/db/schema.ts';
import { deliveryBody, startedRoute } from './delivery.ts';
import { newTestGuide, packageInColombia } from './packages.ts';
import type { browser, signedUpCustomer, TestServer } from './server.ts';

type Client = ReturnType<typeof browser>;
type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;

/** The stored 'Valor a pagar' of package `number`, whole pesos (0 without a charge). */
export async function storedValueToPay(server: Pick<TestServer, 'db'>, number: number): Promise<number> {
  const [charge] = await server.db
    .select({ cop: packageCharges.totalCop })
    .from(packageCharges)
    .where(eq(packageCharges.packageNumber, number));
  return charge?.cop ?? 0;
}

/** A package of `customer` sent with `carrier` ('En reparto' with its guide) and set 'Entregado' by `admin`. */
export async function carrierDelivered(
  server: Pick<TestServer, 'db'>,
  admin: Client,
  customer: Customer,
  carrier = 'Servientrega',
): Promise<{ number: number; guide: string; carrierGuide: string; toPay: number }> {
  const pkg = await packageInColombia(customer, admin);
  const carrierGuide = newTestGuide('SV');
  const out = await admin.post('/api/admin/packages/state', {
    numbers: [pkg.number],
    state: 'en_reparto',
    carrier,
    carrierGuide,
  });
  expect(out.status).toBe(200);
  const delivered = await admin.post('/api/admin/packages/state', {
    numbers: [pkg.number],
    state: 'entregado',
    receivedBy: 'Portería',
  });
  expect(delivered.status).toBe(200);
  return { ...pkg, carrierGuide, toPay: await storedValueToPay(server, pkg.number) };
}

/** A started route of `count` stops, each delivered by the courier with `means[i]` (cash when missing). */
export async function deliveredRoute(
  server: Pick<TestServer, 'db'>,
  admin: Client,
  customer: Customer,
  courier: { client: Client; record: { id: string } },
  means: Array<'efectivo' | 'nequi' | 'daviplata' | 'transferencia' | 'datafono'>,
): Promise<{ id: number; numbers: number[]; toPay: number[] }> {
  const route = await startedRoute(admin, customer, courier.record.id, means.length);
  const toPay: number[] = [];
  for (const [index, number] of route.numbers.entries()) {
    const value = await storedValueToPay(server, number);
    toPay.push(value);
    const kind = means[index] ?? 'efectivo';
    const body = deliveryBody(value, { means: kind, reference: kind === 'efectivo' ? '' : `REF${index}` });
    expect((await courier.client.post(`/api/delivery/stops/${number}/deliver`, body)).status).toBe(200);
  }
  return { ...route, toPay };
}

/** Uploads `text` as a remittance CSV. */
export const uploadRemittance = (client: Client, text: string | Uint8Array, type = 'text/csv') =>
  client.upload(
    '/api/admin/recaudos/remittances',
    typeof text === 'string' ? new TextEncoder().encode(text) : text,
    type,
    'POST',
  );
