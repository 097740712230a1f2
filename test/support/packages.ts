// Packages for server tests: pre-alerted by a customer and received by staff through the real API.
import { expect } from 'vitest';
import type { browser, signedUpCustomer } from './server.ts';

type Client = ReturnType<typeof browser>;
type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;

let sequence = 0;
/**
 * A new Amazon-style guide for every call, unique across the test run. The sequence starts with a 9, so no guide
 * holds a package number (100001…) where the clock's digits meet it: a search by number must not find a guide.
 */
export const newTestGuide = (prefix = 'TBA') =>
  `${prefix}${String(Date.now() % 1e6).padStart(6, '0')}9${String(++sequence).padStart(5, '0')}`;

/** Pre-alerts a package for `customer` and has `staff` receive it with its locker; returns its number. */
export async function receivedPackage(
  customer: Customer,
  staff: Client,
  fields: { value?: string; weight?: string; content?: string } = {},
): Promise<{ number: number; guide: string }> {
  const guide = newTestGuide();
  const saved = await customer.client.post('/api/packages', {
    guide,
    content: fields.content ?? 'Ropa',
    declaredValue: fields.value ?? '50',
  });
  expect(saved.status).toBe(201);
  const receipt = await staff.post('/api/warehouse/receipts', {
    guide,
    lockerNumber: customer.record.lockerNumber,
    weightLb: fields.weight ?? '2.5',
  });
  expect(receipt.status).toBe(201);
  return { number: saved.body.package.number as number, guide };
}

/** A package of `customer` received in Miami and moved on by `admin` to 'En bodega Colombia', ready for a route. */
export async function packageInColombia(
  customer: Customer,
  admin: Client,
): Promise<{ number: number; guide: string }> {
  const pkg = await receivedPackage(customer, admin);
  for (const state of ['en_transito', 'en_bodega_colombia'])
    expect((await admin.post('/api/admin/packages/state', { numbers: [pkg.number], state })).status).toBe(
      200,
    );
  return pkg;
}
