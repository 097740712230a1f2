import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/support/database.ts';
import { browser, registrationForm, startTestServer, type TestServer } from '../../../test/support/server.ts';
import { messages } from '../../shared/messages.ts';
import { outbox, users } from '../db/schema.ts';

describe.each(drivers)('registration on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver, { ADMIN_EMAILS: 'jefa@example.com' });
  });
  afterAll(() => server?.close());

  it('creates the account and the users record with every field, starting at locker 1334', async () => {
    const client = browser(server);
    const form = await registrationForm(client, { email: 'Primera@Example.com ' });
    const response = await client.post('/api/register', form);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(messages.registered);
    const [record] = await server.db.select().from(users).where(eq(users.email, 'primera@example.com'));
    expect(record).toMatchObject({
      name: 'Ana María Pérez',
      registeredName: 'Ana María Pérez',
      cedula: '1020304050',
      telefono: '+573001234567',
      direccion1: 'Calle 10 # 20-30',
      ciudad1: 'Medellín',
      codigoPostal1: '050021',
      lockerNumber: '1334',
      officeAddress: server.config.officeAddress,
      referredBy: '',
      aceptoPolitica: true,
      role: 'customer',
    });
    expect(record?.refCode).toBe(record?.id.slice(0, 6).toUpperCase());
    expect(record?.fechaAceptoPolitica).toBeInstanceOf(Date);
    const mails = await server.db.select().from(outbox).where(eq(outbox.toAddress, 'primera@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/\/verificar-correo\?token=/);
  });
});
