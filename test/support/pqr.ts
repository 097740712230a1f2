// PQR for server tests: a customer's filing through the API, paths by radicado, and the newest mail to an address.
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../../src/server/db/schema.ts';
import type { signedUpCustomer, TestServer } from './server.ts';

type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;

export const PQR_DESCRIPTION = 'El paquete aparece entregado pero nunca llegó a mi casa, revisen por favor.';

/** Files a PQR for `customer` ('Reclamo' unless `fields` say otherwise); returns its radicado. */
export async function filePqr(customer: Customer, fields: Record<string, unknown> = {}): Promise<string> {
  const filed = await customer.client.post('/api/pqr', {
    type: 'reclamo',
    description: PQR_DESCRIPTION,
    ...fields,
  });
  expect(filed.status).toBe(201);
  return filed.body.radicado as string;
}

export const staffPqrPath = (radicado: string) => `/api/admin/pqr/${encodeURIComponent(radicado)}`;
export const customerPqrPath = (radicado: string) => `/api/pqr/${encodeURIComponent(radicado)}`;

/** The newest mail queued to `email`. */
export async function newestMailTo(server: Pick<TestServer, 'db'>, email: string) {
  const [mail] = await server.db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}
