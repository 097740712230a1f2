// PQR for server tests: a customer's filing through the API, paths by radicado, and the newest mail to an address.
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../../src/server/db/schema.ts';
import { type browser, type signedUpCustomer, TEST_CAPTCHA, type TestServer } from './server.ts';

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

/** A visitor's filing (POST /api/pqr/visitante) with a fresh captcha typed right, as the form sends it. */
export async function fileAsVisitor(
  client: ReturnType<typeof browser>,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  const captcha = await client.get<{ id: string }>('/api/captcha', headers);
  return client.post(
    '/api/pqr/visitante',
    { captchaId: captcha.body.id, captcha: TEST_CAPTCHA, ...body },
    headers,
  );
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
